// SPDX-License-Identifier: LGPL-2.1
/*
 * Differential driver for event printing: parses every event format under a
 * directory (events/<sys>/<name>/format, plus kallsyms and printk_formats when
 * present), builds deterministic pseudo-random records for each event and
 * prints them with tep_print_event. Run it once against each library and diff.
 *
 *   print_diff_driver DIR [MODE] [FIRST COUNT]
 *     MODE: info (default) | raw | line
 *
 * Each event runs in its own child process: a crash is reported as
 * "== sys:name CRASH signal N" and the run goes on (the upstream oracle
 * crashes on some events).
 * Output per event: "== sys:name", then one "<kind> <n>: <text>" line per
 * record, kind "ok" for well-formed records (__data_loc payloads inside the
 * record) and "bad" for malformed ones (only crash-freedom is meaningful).
 * PRINT_DRIVER_FILL=N fills the memory around each record with byte N.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "event-parse.h"


#include "../support/record_builder.h"

static void print_event_records(struct tep_handle *tep, struct tep_event *event, const char *mode,
				int long_size)
{
	static unsigned char storage[MAX_RECORD + 64];
	struct tep_record rec;
	struct trace_seq s;
	int n, bad;

	const char *fill_env = getenv("PRINT_DRIVER_FILL");
	int fill = fill_env ? atoi(fill_env) : 0;

	for (n = 0; n < RECORDS_PER_EVENT; n++) {
		prepare_record(event, n, storage, fill, long_size, &rec, &bad);
		trace_seq_init(&s);
		if (!strcmp(mode, "raw"))
			tep_print_event(tep, &s, &rec, "%s", TEP_PRINT_INFO_RAW);
		else if (!strcmp(mode, "line"))
			tep_print_event(tep, &s, &rec, "%s %d %s %d %s %s", TEP_PRINT_COMM,
					TEP_PRINT_PID, TEP_PRINT_LATENCY, TEP_PRINT_CPU,
					TEP_PRINT_NAME, TEP_PRINT_INFO);
		else
			tep_print_event(tep, &s, &rec, "%s", TEP_PRINT_INFO);
		trace_seq_terminate(&s);
		print_record_line(bad, n, &s);
		trace_seq_destroy(&s);
	}
}

int main(int argc, char **argv)
{
	const char *dir, *mode = "info";
	struct tep_handle *tep;
	char **events;
	int nr, i, first = 0, count = -1;
	struct rlimit no_core = { 0, 0 };

	if (argc < 2) {
		fprintf(stderr, "usage: %s DIR [info|raw|line] [FIRST COUNT]\n", argv[0]);
		return 2;
	}
	dir = argv[1];
	if (argc > 2)
		mode = argv[2];
	if (argc > 4) {
		first = atoi(argv[3]);
		count = atoi(argv[4]);
	}
	setrlimit(RLIMIT_CORE, &no_core);

	tep = load_handle(dir, &events, &nr);

	fflush(stdout);
	for (i = first; i < nr && (count < 0 || i < first + count); i++) {
		char *name = strchr(events[i], '/') + 1;
		char sys[256];
		struct tep_event *event;
		pid_t pid;
		int status;

		snprintf(sys, sizeof(sys), "%.*s", (int)(name - 1 - events[i]), events[i]);
		event = tep_find_event_by_name(tep, sys, name);
		if (!event) {
			printf("== %s:%s NOT PARSED\n", sys, name);
			continue;
		}
		printf("== %s:%s\n", sys, name);
		fflush(stdout);
		pid = fork();
		if (pid == 0) {
			/* The oracle loops forever on some records (ipi_send_cpumask with
			 * MALLOC_PERTURB_): a hang is reported like a crash (SIGALRM). */
			alarm(20);
			print_event_records(tep, event, mode, 8);
			fflush(stdout);
			_exit(0);
		}
		if (waitpid(pid, &status, 0) < 0)
			return 2;
		/* The child may die in the middle of a line: the marker starts a new one. */
		if (WIFSIGNALED(status))
			printf("\n== %s:%s CRASH signal %d\n", sys, name, WTERMSIG(status));
		fflush(stdout);
	}
	return 0;
}
