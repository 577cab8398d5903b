// SPDX-License-Identifier: LGPL-2.1
/* sched:sched_switch and sched:sched_wakeup{,_new}, e.g.
 *   bash:1234 [120] S ==> swapper/0:0 [120]
 *   kworker/0:1:42 [120] success=1 CPU:000
 * Comms seen here are registered with the handle (later COMM output uses them). */
#include <stdlib.h>
#include <string.h>

#include "event-parse.h"
#include "plugin_export.h"
#include "plugin_text.h"

/* Task-state letters by bit, when the event's print format does not say. */
static const char default_states[] = "SDTtXZPI";

/* Finds the FIELD argument in `arg`, looking through operators; inside an
 * operator only an argument bound to `field` counts. */
static struct tep_print_arg_field *field_arg_in(struct tep_format_field *field,
						struct tep_print_arg *arg)
{
	struct tep_print_arg_field *found;

	if (!arg)
		return NULL;
	if (arg->type == TEP_PRINT_FIELD)
		return &arg->field;
	if (arg->type != TEP_PRINT_OP)
		return NULL;
	found = field_arg_in(field, arg->op.left);
	if (found && found->field == field)
		return found;
	found = field_arg_in(field, arg->op.right);
	if (found && found->field == field)
		return found;
	return NULL;
}

/* The symbols of the __print_flags() that shows `field`, e.g. in
 *   REC->prev_state & (...) ? __print_flags(REC->prev_state & (...), "|",
 *       { 0x00000001, "S" }, { 0x00000002, "D" }, ...) : "R" */
static struct tep_print_flag_sym *state_flags_in(struct tep_format_field *field,
						 struct tep_print_arg *arg)
{
	for (int depth = 0; arg && depth < 64; depth++) {
		if (arg->type == TEP_PRINT_OP) {
			struct tep_print_flag_sym *sym = state_flags_in(field, arg->op.left);
			if (sym)
				return sym;
			arg = arg->op.right;
			continue;
		}
		if (arg->type == TEP_PRINT_FLAGS && field_arg_in(field, arg->flags.field))
			return arg->flags.flags;
		return NULL;
	}
	return NULL;
}

/* Letters by bit for `field`, worked out once per field. */
static const char *state_letters(struct tep_format_field *field)
{
	static _Thread_local struct tep_format_field *cached_field;
	static _Thread_local const char *cached;
	static _Thread_local char from_format[33];
	struct tep_print_flag_sym *sym = NULL;

	if (cached && cached_field == field)
		return cached;
	for (struct tep_print_arg *arg = field->event->print_fmt.args; arg && !sym; arg = arg->next)
		sym = state_flags_in(field, arg);
	cached_field = field;
	if (!sym)
		return cached = default_states;
	memset(from_format, 0, sizeof(from_format));
	for (; sym; sym = sym->next) {
		unsigned long value = strtoul(sym->value, NULL, 0);
		int bit;

		if (!value)
			continue;
		bit = __builtin_ctzl(value);
		if (bit < 32)
			from_format[bit] = sym->str[0];
	}
	return cached = from_format;
}

/* Whether the record holds all of `field` (upstream reads it regardless). */
static int record_has(const struct tep_record *record, const struct tep_format_field *field)
{
	return field->offset >= 0 && field->size >= 0 &&
	       (long long)field->offset + field->size <= record->size;
}

static void write_state(struct trace_seq *s, struct tep_format_field *field,
			struct tep_record *record)
{
	const char *letters = state_letters(field);
	unsigned long long state = 0;
	char text[2 * 32 + 1];  /* up to 32 letters and their '|' */
	int len = 0;

	if (record_has(record, field))
		tep_read_number_field(field, record->data, &state);
	for (int i = 0; letters[i]; i++) {
		/* an int mask, sign-extended as upstream's */
		if (!(state & (unsigned long long)(long long)(int)(1U << i)))
			continue;
		if (len)
			text[len++] = '|';
		text[len++] = letters[i];
	}
	if (!len)
		text[len++] = 'R';
	text[len] = '\0';
	trace_seq_puts(s, text);
}

/* Prints the comm array and ':', and registers the comm for `pid`. */
static void write_and_save_comm(struct tep_format_field *field, struct tep_record *record,
				struct trace_seq *s, int pid)
{
	char comm[64 + 2];
	int size = record_has(record, field) ? field->size : 0;
	const char *text = size ? (const char *)record->data + field->offset : "";
	int len;

	if (size > (int)sizeof(comm) - 2) {  /* not a comm: printed as upstream does */
		unsigned int start = s->len;

		trace_seq_printf(s, "%.*s", size, text);
		trace_seq_terminate(s);
		tep_register_comm(field->event->tep, s->buffer + start, pid);
		trace_seq_putc(s, ':');
		return;
	}
	/* "%.*s": up to the array's end or its NUL */
	len = (int)strnlen(text, size);
	memcpy(comm, text, len);
	comm[len] = '\0';
	tep_register_comm(field->event->tep, comm, pid);
	comm[len] = ':';
	comm[len + 1] = '\0';
	trace_seq_puts(s, comm);
}

static int sched_wakeup_handler(struct trace_seq *s, struct tep_record *record,
				struct tep_event *event, void *context)
{
	struct tep_format_field *field;
	unsigned long long val;

	if (tep_get_field_val(s, event, "pid", record, &val, 1))
		return trace_seq_putc(s, '!');
	field = tep_find_any_field(event, "comm");
	if (field)
		write_and_save_comm(field, record, s, val);
	put_signed(s, "", val, "");
	if (tep_get_field_val(s, event, "prio", record, &val, 1) == 0)
		put_signed(s, " [", val, "]");
	if (tep_get_field_val(s, event, "success", record, &val, 0) == 0)
		put_signed(s, " success=", val, "");
	if (tep_get_field_val(s, event, "target_cpu", record, &val, 0) == 0)
		put_unsigned(s, " CPU:", val, 3, "");
	return 0;
}

static int sched_switch_handler(struct trace_seq *s, struct tep_record *record,
				struct tep_event *event, void *context)
{
	struct tep_format_field *field;
	unsigned long long val;

	if (tep_get_field_val(s, event, "prev_pid", record, &val, 1))
		return trace_seq_putc(s, '!');
	field = tep_find_any_field(event, "prev_comm");
	if (field)
		write_and_save_comm(field, record, s, val);
	put_signed(s, "", val, " ");
	if (tep_get_field_val(s, event, "prev_prio", record, &val, 1) == 0)
		put_signed(s, "[", (int)val, "] ");
	field = tep_find_any_field(event, "prev_state");
	if (field)
		write_state(s, field, record);
	trace_seq_puts(s, " ==> ");

	if (tep_get_field_val(s, event, "next_pid", record, &val, 1))
		return trace_seq_putc(s, '!');
	field = tep_find_any_field(event, "next_comm");
	if (field)
		write_and_save_comm(field, record, s, val);
	put_signed(s, "", val, "");
	if (tep_get_field_val(s, event, "next_prio", record, &val, 1) == 0)
		put_signed(s, " [", (int)val, "]");
	return 0;
}

PLUGIN_EXPORT int tep_plugin_loader(struct tep_handle *tep)
{
	tep_register_event_handler(tep, -1, "sched", "sched_switch", sched_switch_handler, NULL);
	tep_register_event_handler(tep, -1, "sched", "sched_wakeup", sched_wakeup_handler, NULL);
	tep_register_event_handler(tep, -1, "sched", "sched_wakeup_new", sched_wakeup_handler, NULL);
	return 0;
}

PLUGIN_EXPORT void tep_plugin_unloader(struct tep_handle *tep)
{
	tep_unregister_event_handler(tep, -1, "sched", "sched_switch", sched_switch_handler, NULL);
	tep_unregister_event_handler(tep, -1, "sched", "sched_wakeup", sched_wakeup_handler, NULL);
	tep_unregister_event_handler(tep, -1, "sched", "sched_wakeup_new", sched_wakeup_handler, NULL);
}
