// SPDX-License-Identifier: LGPL-2.1
/*
 * The C example of Documentation/typed-events.md (the part between the "doc"
 * marks is copied there; tests/typed/doc_check.py keeps both the same).
 * Run: switches FORMAT_FILE (sched_switch's format), prints:
 *   pid 42 bash state D
 *   pid 7 swapper/1 state R+
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event-typed.h"

/* doc: begin */
/* prev_pid, prev_comm and the prev_state text of each sched_switch record. */
static int print_switches(struct tep_handle *tep, const struct tep_record *const *records, size_t n)
{
	const struct tev_column *pid, *comm, *state, *preempted;
	struct tev_catalog *cat;
	struct tev_event *ev;
	int32_t *pids = calloc(n, sizeof(*pids));
	struct tev_bytes *comms = calloc(n, sizeof(*comms));
	uint8_t *valid = calloc(n, 1);
	struct trace_seq s;
	int status;

	trace_seq_init(&s);
	status = tev_catalog_new(tep, &cat);
	if (status == TEV_OK)
		status = tev_event_find(cat, "sched", "sched_switch", &ev);
	if (status == TEV_OK)
		status = tev_event_find_column(ev, "prev_pid", &pid);	/* TEV_TYPE_I32 */
	if (status == TEV_OK)
		status = tev_event_find_column(ev, "prev_comm", &comm);	/* TEV_TYPE_BYTES */
	if (status == TEV_OK)
		status = tev_event_find_column(ev, "prev_state", &state);	/* flags */
	if (status == TEV_OK)
		status = tev_event_find_column(ev, "prev_state#2", &preempted);	/* the "+" */
	/* One call per column for the whole batch: no lookup per record. */
	if (status == TEV_OK && (tev_fill(pid, records, n, pids, valid) < 0 ||
				 tev_fill(comm, records, n, comms, NULL) < 0))
		status = TEV_ERR_INTERNAL;
	for (size_t i = 0; status == TEV_OK && i < n; i++) {
		if (!valid[i])
			continue;	/* another event's record */
		trace_seq_reset(&s);
		tev_format(state, records[i], &s);	/* upstream's text: "D", "R" */
		tev_format(preempted, records[i], &s);
		printf("pid %d %.*s state %.*s\n", pids[i], (int)comms[i].size,
		       (const char *)comms[i].data, (int)s.len, s.buffer);
	}
	if (status != TEV_OK)
		fprintf(stderr, "typed events: %s\n", tev_strerror(status));
	tev_catalog_free(cat);
	trace_seq_destroy(&s);
	free(pids);
	free(comms);
	free(valid);
	return status;
}
/* doc: end */

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;

	if (!f)
		return NULL;
	buf = calloc(1, 1 << 16);
	*len = fread(buf, 1, (1 << 16) - 1, f);
	fclose(f);
	return buf;
}

int main(int argc, char **argv)
{
	struct tep_handle *tep = tep_alloc();
	struct tep_event *event = NULL;
	unsigned char data[2][80];
	struct tep_record recs[2];
	const struct tep_record *records[2] = { &recs[0], &recs[1] };
	size_t len = 0;
	char *text;
	int status, i;

	if (argc < 2 || !(text = read_file(argv[1], &len)))
		return 2;
	tep_set_long_size(tep, 8);
	if (tep_parse_format(tep, &event, text, len, "sched") != 0)
		return 2;
	/* Two records as the ring buffer holds them, in the host's byte order (a new handle's). */
	memset(data, 0, sizeof(data));
	for (i = 0; i < 2; i++) {
		unsigned short type = event->id;
		int pid = i ? 7 : 42;
		long long state = i ? 0x100 : 0x2;

		memcpy(data[i], &type, 2);
		strcpy((char *)data[i] + 8, i ? "swapper/1" : "bash");
		memcpy(data[i] + 24, &pid, 4);
		memcpy(data[i] + 32, &state, 8);
		memset(&recs[i], 0, sizeof(recs[i]));
		recs[i].data = data[i];
		recs[i].size = sizeof(data[i]);
	}
	status = print_switches(tep, records, 2);
	free(text);
	tep_free(tep);
	return status == TEV_OK ? 0 : 1;
}
