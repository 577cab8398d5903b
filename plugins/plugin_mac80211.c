// SPDX-License-Identifier: LGPL-2.1
/* mac80211:drv_bss_info_changed on three lines, e.g.
 *   phy0 vif:wlan0(2)
 *   <65 spaces>assoc:1 aid:3 cts:0 shortpre:0 shortslot:1 dtimper:2
 *   <65 spaces>bcnint:100 assoc_cap:0x401 basic_rates:0x15 enable_beacon:0
 *   <65 spaces>ht_operation_mode:0 */
#include <string.h>

#include "event-parse.h"
#include "plugin_export.h"

#define CONTINUATION_INDENT 65

/* A char array or a __data_loc string field, printed as stored (cut to
 * what the record holds). */
static void print_string(struct trace_seq *s, struct tep_event *event,
			 const char *name, const struct tep_record *record)
{
	const char *data = record->data;
	struct tep_format_field *f = tep_find_field(event, name);
	unsigned long long loc;
	int offset, length;

	if (!f) {
		trace_seq_printf(s, "NOTFOUND:%s", name);
		return;
	}
	offset = f->offset;
	length = f->size;
	if (strncmp(f->type, "__data_loc", 10) == 0) {
		if (f->offset < 0 || f->offset + f->size > record->size ||
		    tep_read_number_field(f, data, &loc)) {
			trace_seq_printf(s, "invalid_data_loc");
			return;
		}
		offset = loc & 0xffff;
		length = loc >> 16;
	}
	if (offset < 0 || offset > record->size)
		offset = length = 0;
	if (length > record->size - offset)
		length = record->size - offset;
	trace_seq_printf(s, "%.*s", length, data + offset);
}

struct shown_field {
	const char *name;
	const char *format;
};

/* Each continuation line: its fields, each followed by a space but the last
 * of the second line. */
static const struct shown_field line2[] = {
	{ "assoc", "assoc:%d" },         { "aid", "aid:%d" },
	{ "cts", "cts:%d" },             { "shortpre", "shortpre:%d" },
	{ "shortslot", "shortslot:%d" }, { "dtimper", "dtimper:%d" },
};
static const struct shown_field line3[] = {
	{ "bcnint", "bcnint:%d" },       { "assoc_cap", "assoc_cap:%#x" },
	{ "basic_rates", "basic_rates:%#x" }, { "enable_beacon", "enable_beacon:%d" },
};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void new_line(struct trace_seq *s)
{
	trace_seq_printf(s, "\n%*s", CONTINUATION_INDENT, "");
}

static int drv_bss_info_changed(struct trace_seq *s, struct tep_record *record,
				struct tep_event *event, void *context)
{
	print_string(s, event, "wiphy_name", record);
	trace_seq_printf(s, " vif:");
	print_string(s, event, "vif_name", record);
	tep_print_num_field(s, "(%d)", event, "vif_type", record, 1);

	new_line(s);
	for (unsigned i = 0; i < COUNT(line2); i++) {
		tep_print_num_field(s, line2[i].format, event, line2[i].name, record, 0);
		trace_seq_putc(s, ' ');
	}
	new_line(s);
	for (unsigned i = 0; i < COUNT(line3); i++) {
		tep_print_num_field(s, line3[i].format, event, line3[i].name, record, 0);
		if (i + 1 < COUNT(line3))
			trace_seq_putc(s, ' ');
	}
	new_line(s);
	tep_print_num_field(s, "ht_operation_mode:%d", event, "ht_operation_mode", record, 0);
	return 0;
}

PLUGIN_EXPORT int tep_plugin_loader(struct tep_handle *tep)
{
	tep_register_event_handler(tep, -1, "mac80211", "drv_bss_info_changed",
				   drv_bss_info_changed, NULL);
	return 0;
}

PLUGIN_EXPORT void tep_plugin_unloader(struct tep_handle *tep)
{
	tep_unregister_event_handler(tep, -1, "mac80211", "drv_bss_info_changed",
				     drv_bss_info_changed, NULL);
}
