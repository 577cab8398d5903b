// SPDX-License-Identifier: LGPL-2.1
/* timer:hrtimer_expire_entry and timer:hrtimer_start, e.g.
 *   hrtimer=0xffff8881f7a1e0e0 function=tick_nohz_handler expires=... softexpires=...
 * Old kernels name the pointer field "timer", newer ones "hrtimer". */
#include "event-parse.h"
#include "plugin_export.h"

static void print_timer_pointer(struct trace_seq *s, struct tep_record *record,
				struct tep_event *event)
{
	trace_seq_puts(s, "hrtimer=");
	if (tep_print_num_field(s, "0x%llx", event, "timer", record, 0) == -1)
		tep_print_num_field(s, "0x%llx", event, "hrtimer", record, 1);
}

static int hrtimer_expire_entry(struct trace_seq *s, struct tep_record *record,
				struct tep_event *event, void *context)
{
	print_timer_pointer(s, record, event);
	trace_seq_puts(s, " now=");
	tep_print_num_field(s, "%llu", event, "now", record, 1);
	tep_print_func_field(s, " function=%s", event, "function", record, 0);
	return 0;
}

static int hrtimer_start(struct trace_seq *s, struct tep_record *record,
			 struct tep_event *event, void *context)
{
	print_timer_pointer(s, record, event);
	tep_print_func_field(s, " function=%s", event, "function", record, 0);
	trace_seq_puts(s, " expires=");
	tep_print_num_field(s, "%llu", event, "expires", record, 1);
	trace_seq_puts(s, " softexpires=");
	tep_print_num_field(s, "%llu", event, "softexpires", record, 1);
	return 0;
}

PLUGIN_EXPORT int tep_plugin_loader(struct tep_handle *tep)
{
	tep_register_event_handler(tep, -1, "timer", "hrtimer_expire_entry",
				   hrtimer_expire_entry, NULL);
	tep_register_event_handler(tep, -1, "timer", "hrtimer_start",
				   hrtimer_start, NULL);
	return 0;
}

PLUGIN_EXPORT void tep_plugin_unloader(struct tep_handle *tep)
{
	tep_unregister_event_handler(tep, -1, "timer", "hrtimer_expire_entry",
				     hrtimer_expire_entry, NULL);
	tep_unregister_event_handler(tep, -1, "timer", "hrtimer_start",
				     hrtimer_start, NULL);
}
