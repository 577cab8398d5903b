// SPDX-License-Identifier: LGPL-2.1
/* tlb:tlb_flush, e.g. "pages=1 reason=remote shootdown (1)". */
#include "event-parse.h"
#include "plugin_export.h"
#include "plugin_text.h"

/* enum tlb_flush_reason in the kernel */
static const char *const flush_reasons[] = {
	"flush on task switch", "remote shootdown", "local shootdown", "local mm shootdown",
};

static int tlb_flush_handler(struct trace_seq *s, struct tep_record *record,
			     struct tep_event *event, void *context)
{
	unsigned long long reason;

	trace_seq_puts(s, "pages=");
	tep_print_num_field(s, "%ld", event, "pages", record, 1);
	if (tep_get_field_val(s, event, "reason", record, &reason, 1) < 0)
		return -1;
	trace_seq_puts(s, " reason=");
	if (reason < sizeof(flush_reasons) / sizeof(flush_reasons[0]))
		trace_seq_puts(s, flush_reasons[reason]);
	put_signed(s, " (", reason, ")");
	return 0;
}

PLUGIN_EXPORT int tep_plugin_loader(struct tep_handle *tep)
{
	tep_register_event_handler(tep, -1, "tlb", "tlb_flush", tlb_flush_handler, NULL);
	return 0;
}

PLUGIN_EXPORT void tep_plugin_unloader(struct tep_handle *tep)
{
	tep_unregister_event_handler(tep, -1, "tlb", "tlb_flush", tlb_flush_handler, NULL);
}
