// SPDX-License-Identifier: LGPL-2.1
/*
 * The typed columns' texts of the records tests/print_plan/print_diff_driver.c
 * builds, in its output format: run print_diff_driver (INFO) on upstream and
 * this on ours, and the outputs must be identical.
 *
 *   typed_format_driver DIR
 *
 * Per record it prints prefix(0) text(0) prefix(1) text(1) ... suffix of the
 * event's typed columns (tev_format), which must be what tep_print_event
 * prints for TEP_PRINT_INFO. It also reads every column and field value
 * (tev_read, tev_fill) to exercise them on the same records, and reports an
 * error line if a read fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../support/record_builder.h"

#include "event-typed.h"

static void print_columns(struct tev_catalog *cat, struct tep_event *event)
{
	static unsigned char storage[MAX_RECORD + 64];
	struct tev_event *ev;
	struct tep_record rec;
	const struct tep_record *recs[1] = { &rec };
	struct trace_seq s;
	int n, bad, c, count;

	if (tev_event_of(cat, event, &ev) != TEV_OK) {
		printf("tev_event_of failed\n");
		return;
	}
	count = tev_event_column_count(ev);
	for (n = 0; n < RECORDS_PER_EVENT; n++) {
		prepare_record(event, n, storage, 0, 8, &rec, &bad);
		trace_seq_init(&s);
		for (c = 0; c < count; c++) {
			const struct tev_column *col;
			struct tev_value v;
			unsigned char values[16];
			uint8_t valid;

			if (tev_event_column(ev, c, &col) != TEV_OK)
				continue;
			trace_seq_puts(&s, tev_column_prefix(col));
			if (tev_format(col, &rec, &s) != TEV_OK)
				printf("error: tev_format column %d\n", c);
			if (tev_read(col, &rec, &v) != TEV_OK)
				printf("error: tev_read column %d\n", c);
			if (tev_column_type(col) != TEV_TYPE_NONE &&
			    tev_fill(col, recs, 1, values, &valid) < 0)
				printf("error: tev_fill column %d\n", c);
		}
		trace_seq_puts(&s, tev_event_suffix(ev));
		trace_seq_terminate(&s);
		print_record_line(bad, n, &s);
		trace_seq_destroy(&s);
	}
}

int main(int argc, char **argv)
{
	struct tep_handle *tep;
	struct tev_catalog *cat;
	char **events;
	int nr, i;

	if (argc < 2) {
		fprintf(stderr, "usage: %s DIR\n", argv[0]);
		return 2;
	}
	tep = load_handle(argv[1], &events, &nr);
	if (tev_catalog_new(tep, &cat) != TEV_OK)
		return 2;
	for (i = 0; i < nr; i++) {
		char *name = strchr(events[i], '/') + 1;
		char sys[256];
		struct tep_event *event;

		snprintf(sys, sizeof(sys), "%.*s", (int)(name - 1 - events[i]), events[i]);
		event = tep_find_event_by_name(tep, sys, name);
		if (!event) {
			printf("== %s:%s NOT PARSED\n", sys, name);
			continue;
		}
		printf("== %s:%s\n", sys, name);
		print_columns(cat, event);
	}
	fflush(stdout);
	tev_catalog_free(cat);
	tep_free(tep);
	return 0;
}
