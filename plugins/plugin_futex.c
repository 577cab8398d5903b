// SPDX-License-Identifier: LGPL-2.1
/* syscalls:sys_enter_futex decoded by operation, e.g.
 *   op=FUTEX_WAIT|FUTEX_PRIVATE_FLAG uaddr=0x7ffd1234 val=0x00000000 utime=0x00000000 */
#include "event-parse.h"
#include "plugin_export.h"

#define FUTEX_PRIVATE_FLAG	128
#define FUTEX_CLOCK_REALTIME	256
#define FUTEX_CMD_MASK		(~(FUTEX_PRIVATE_FLAG | FUTEX_CLOCK_REALTIME))

/* Which arguments an operation uses, and how each is shown (NULL: unused). */
struct futex_op_layout {
	const char *name;
	const char *val;
	const char *utime; /* the timeout, or val2 for the requeue family */
	const char *uaddr2;
	const char *val3;
};

#define HEX_VAL   " val=0x%08llx"
#define DEC_VAL   " val=%llu"
#define TIMEOUT   " utime=0x%08llx"
#define VAL2      " val2=%llu"
#define UADDR2    " uaddr2=0x%08llx"
#define VAL3      " val3=0x%08llx"

static const struct futex_op_layout futex_ops[] = {
	{ "FUTEX_WAIT",            HEX_VAL, TIMEOUT, NULL,   NULL },
	{ "FUTEX_WAKE",            DEC_VAL, NULL,    NULL,   NULL },
	{ "FUTEX_FD",              DEC_VAL, NULL,    NULL,   NULL },
	{ "FUTEX_REQUEUE",         DEC_VAL, VAL2,    UADDR2, NULL },
	{ "FUTEX_CMP_REQUEUE",     DEC_VAL, VAL2,    UADDR2, VAL3 },
	{ "FUTEX_WAKE_OP",         DEC_VAL, VAL2,    UADDR2, VAL3 },
	{ "FUTEX_LOCK_PI",         NULL,    TIMEOUT, NULL,   NULL },
	{ "FUTEX_UNLOCK_PI",       NULL,    NULL,    NULL,   NULL },
	{ "FUTEX_TRYLOCK_PI",      NULL,    NULL,    NULL,   NULL },
	{ "FUTEX_WAIT_BITSET",     HEX_VAL, TIMEOUT, NULL,   VAL3 },
	{ "FUTEX_WAKE_BITSET",     DEC_VAL, NULL,    NULL,   VAL3 },
	{ "FUTEX_WAIT_REQUEUE_PI", HEX_VAL, TIMEOUT, UADDR2, VAL3 },
	{ "FUTEX_CMP_REQUEUE_PI",  DEC_VAL, VAL2,    UADDR2, VAL3 },
};
#define NR_FUTEX_OPS (sizeof(futex_ops) / sizeof(futex_ops[0]))

static void print_if_used(struct trace_seq *s, const char *fmt, unsigned long long v)
{
	if (fmt)
		trace_seq_printf(s, fmt, v);
}

/* Returns 1 (the default output follows) when a field is missing or the
 * operation is unknown. */
static int futex_handler(struct trace_seq *s, struct tep_record *record,
			 struct tep_event *event, void *context)
{
	static const char *const names[] = { "uaddr", "op", "val", "utime", "uaddr2", "val3" };
	unsigned long long v[6];
	const struct futex_op_layout *layout;
	unsigned long long cmd;

	for (int i = 0; i < 6; i++)
		if (tep_get_field_val(s, event, names[i], record, &v[i], 1))
			return 1;
	cmd = v[1] & FUTEX_CMD_MASK;
	if (cmd >= NR_FUTEX_OPS)
		return 1;
	layout = &futex_ops[cmd];

	trace_seq_printf(s, "op=%s", layout->name);
	if (v[1] & FUTEX_PRIVATE_FLAG)
		trace_seq_puts(s, "|FUTEX_PRIVATE_FLAG");
	if (v[1] & FUTEX_CLOCK_REALTIME)
		trace_seq_puts(s, "|FUTEX_CLOCK_REALTIME");
	trace_seq_printf(s, " uaddr=0x%08llx", v[0]);
	print_if_used(s, layout->val, v[2]);
	print_if_used(s, layout->utime, v[3]);
	print_if_used(s, layout->uaddr2, v[4]);
	print_if_used(s, layout->val3, v[5]);
	return 0;
}

PLUGIN_EXPORT int tep_plugin_loader(struct tep_handle *tep)
{
	tep_register_event_handler(tep, -1, "syscalls", "sys_enter_futex", futex_handler, NULL);
	return 0;
}

PLUGIN_EXPORT void tep_plugin_unloader(struct tep_handle *tep)
{
	tep_unregister_event_handler(tep, -1, "syscalls", "sys_enter_futex", futex_handler, NULL);
}
