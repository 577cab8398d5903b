// SPDX-License-Identifier: LGPL-2.1
// libtracefs (Debian's libtracefs1) over this machine's tracefs, through the calls that go
// into libtraceevent, printing what they return so that the suite compares two libraries.
//   tracefs_driver events                 tracefs_local_events: every event, field, print fmt
//   tracefs_driver systems                systems and their events
//   tracefs_driver iterate [stop|destroy] records of a private instance by tracefs_iterate_raw_events,
//                                         printed with tep_print_event; stop or remove it mid-way
//   tracefs_driver commands               synth/sql/hist echo strings, filter strings, applied filters
//   tracefs_driver dynevents              eprobe and uprobe events (kprobe where the kernel has them)
//   tracefs_driver null N[,M...]          the Nth call with NULL or empty arguments (0..14)
// Run under tests/consumers/tracefs-env.sh (tracefs mounted, the suite's lock held).
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tep_walk.h"
#include "tracefs.h"

#define INSTANCE "consumers_tracefs"

// The systems a mode needs: parsing all of a kernel's ~2300 formats is for `events` only.
static struct tep_handle *local_events(const char *const *systems) {
	return tracefs_local_events_system(NULL, systems);
}
static const char *const sched_systems[] = {"sched", NULL};
static const char *const iterate_systems[] = {"ftrace", "sched", NULL};
static const char *const probe_systems[] = {"consumers", "sched", NULL};

static int compare_strings(const void *a, const void *b) {
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int compare_events(const void *a, const void *b) {
	const struct tep_event *x = *(struct tep_event *const *)a, *y = *(struct tep_event *const *)b;
	int c = strcmp(x->system, y->system);
	return c ? c : strcmp(x->name, y->name);
}

static int events(void) {
	struct tep_handle *tep = tracefs_local_events(NULL);
	if (!tep) {
		printf("tracefs_local_events failed\n");
		return 1;
	}
	int count = tep_get_events_count(tep);
	struct tep_event **list = tep_list_events_copy(tep, TEP_EVENT_SORT_ID);
	printf("%d events, long size %d, page size %d, header page size %d\n", count, tep_get_long_size(tep),
	       tep_get_page_size(tep), tep_get_header_page_size(tep));
	// readdir order of tracefs may change between runs: sorted by system and name
	qsort(list, count, sizeof(*list), compare_events);
	for (int i = 0; i < count; i++) walk_event(stdout, list[i]);
	free(list);
	tep_free(tep);
	return 0;
}

static int systems(void) {
	char **systems = tracefs_event_systems(NULL);
	int n = tracefs_list_size(systems);
	printf("%d systems\n", n);
	if (n > 0) qsort(systems, n, sizeof(*systems), compare_strings);
	for (int i = 0; i < n; i++) {
		char **events = tracefs_system_events(NULL, systems[i]);
		int m = tracefs_list_size(events);
		if (m > 0) qsort(events, m, sizeof(*events), compare_strings);
		printf("%s:", systems[i]);
		for (int j = 0; j < m; j++) printf(" %s", events[j]);
		printf("\n");
		tracefs_list_free(events);
	}
	tracefs_list_free(systems);
	return 0;
}

struct iteration {
	struct tep_handle *tep;
	struct tracefs_instance *instance;
	struct trace_seq seq;
	int count;
	const char *action;
};

static int print_record(struct tep_event *event, struct tep_record *record, int cpu, void *data) {
	struct iteration *it = data;
	(void)cpu;
	// only what the driver itself wrote: its marks, raw data and its own fork
	if (strcmp(event->system, "ftrace") != 0 && tep_data_pid(it->tep, record) != getpid()) return 0;
	trace_seq_reset(&it->seq);
	tep_print_event(it->tep, &it->seq, record, "%s [%s] %s", TEP_PRINT_NAME, TEP_PRINT_LATENCY, TEP_PRINT_INFO);
	trace_seq_terminate(&it->seq);
	printf("%d %s %.*s\n", it->count, event->name, it->seq.len, it->seq.buffer);
	// the size: tep_print_event's own record->size view
	printf("  record size %d, common_type %d\n", record->size, tep_data_type(it->tep, record));
	it->count++;
	if (it->action && it->count == 3) {
		if (strcmp(it->action, "stop") == 0) {
			tracefs_iterate_stop(it->instance);
			printf("  stop requested\n");
		} else if (strcmp(it->action, "destroy") == 0) {
			int ret = tracefs_instance_destroy(it->instance);
			printf("  instance destroyed: %d\n", ret);
		}
	}
	return 0;
}

static struct tracefs_instance *fresh_instance(void) {
	struct tracefs_instance *old = tracefs_instance_alloc(NULL, INSTANCE);
	if (old && tracefs_instance_exists(INSTANCE)) tracefs_instance_destroy(old);
	tracefs_instance_free(old);
	return tracefs_instance_create(INSTANCE);
}

static int iterate(const char *action) {
	struct iteration it = {.action = action};
	it.tep = local_events(iterate_systems);
	it.instance = fresh_instance();
	if (!it.tep || !it.instance) {
		printf("setup failed: tep %s instance %s\n", it.tep ? "ok" : "NULL", it.instance ? "ok" : "NULL");
		return 1;
	}
	trace_seq_init(&it.seq);
	printf("enable sched_process_fork: %d\n", tracefs_event_enable(it.instance, "sched", "sched_process_fork"));
	for (int i = 0; i < 4; i++) tracefs_printf(it.instance, "consumer mark %d: %s %x\n", i, "text", i * 255);
	tracefs_print_close(it.instance);
	for (int i = 0; i < 3; i++) {
		unsigned int raw[4] = {0x100 + i, 0xdeadbeef, (unsigned)i, 0x11223344};
		tracefs_binary_write(it.instance, raw, sizeof(raw));
	}
	tracefs_binary_close(it.instance);
	pid_t child = fork();
	if (child == 0) _exit(0);
	waitpid(child, NULL, 0);
	tracefs_event_disable(it.instance, "sched", NULL);
	int ret = tracefs_iterate_raw_events(it.tep, it.instance, NULL, 0, print_record, &it);
	printf("iterate: %d, %d records\n", ret, it.count);
	trace_seq_destroy(&it.seq);
	if (!action || strcmp(action, "destroy") != 0) tracefs_instance_destroy(it.instance);
	printf("instance still there: %d\n", tracefs_instance_exists(INSTANCE));
	tracefs_instance_free(it.instance);
	tep_free(it.tep);
	return 0;
}

static void show_seq(const char *what, struct trace_seq *s, int ret) {
	trace_seq_terminate(s);
	printf("%s: %d\n%.*s\n", what, ret, s->len, s->buffer);
	trace_seq_reset(s);
}

static int commands(void) {
	struct tep_handle *tep = local_events(sched_systems);
	struct trace_seq s;
	trace_seq_init(&s);

	struct tracefs_synth *synth = tracefs_synth_alloc(tep, "wakeup_lat", "sched", "sched_waking", "sched",
	                                                  "sched_switch", "pid", "next_pid", "woken");
	printf("synth alloc: %s\n", synth ? "ok" : strerror(errno));
	if (synth) {
		printf("start field: %d\n", tracefs_synth_add_start_field(synth, "prio", "start_prio"));
		printf("end field: %d\n", tracefs_synth_add_end_field(synth, "prev_prio", NULL));
		printf("compare: %d\n", tracefs_synth_add_compare_field(synth, TRACEFS_TIMESTAMP_USECS,
		                                                      TRACEFS_TIMESTAMP_USECS, TRACEFS_SYNTH_DELTA_END, "delta"));
		printf("start filter: %d\n", tracefs_synth_append_start_filter(synth, TRACEFS_FILTER_COMPARE, "prio",
		                                                             TRACEFS_COMPARE_LT, "100"));
		printf("bad field: %d\n", tracefs_synth_add_end_field(synth, "no_such_field", NULL));
		show_seq("synth echo", &s, tracefs_synth_echo_cmd(&s, synth));
		show_seq("synth raw fmt", &s, tracefs_synth_raw_fmt(&s, synth));
		const char *shown = tracefs_synth_show_event(synth);
		printf("synth event: %s\n", shown ? shown : "(null)");
		shown = tracefs_synth_show_start_hist(synth);
		printf("synth start hist: %s\n", shown ? shown : "(null)");
		shown = tracefs_synth_show_end_hist(synth);
		printf("synth end hist: %s\n", shown ? shown : "(null)");
		tracefs_synth_free(synth);
	}
	static const char *const sql[] = {
		"SELECT start.pid AS pid, end.prev_prio AS prio, (end.TIMESTAMP_USECS - start.TIMESTAMP_USECS) AS lat "
		"FROM sched_waking AS start JOIN sched_switch AS end ON start.pid = end.next_pid "
		"WHERE start.prio < 100 && end.prev_state & 1",
		"SELECT common_pid AS p FROM sched_switch AS a JOIN sched_wakeup AS b ON a.next_pid = b.pid",
		"SELECT nosuch FROM sched_switch AS a JOIN sched_wakeup AS b ON a.next_pid = b.pid",
		"SELECT FROM",
		"",
	};
	for (size_t i = 0; i < sizeof(sql) / sizeof(sql[0]); i++) {
		char *err = NULL;
		struct tracefs_synth *q = tracefs_sql(tep, "sql_event", sql[i], &err);
		printf("sql %zu: %s\n", i, q ? "ok" : "failed");
		if (err) printf("  error: %s\n", err);
		free(err);
		if (q) show_seq("  echo", &s, tracefs_synth_echo_cmd(&s, q));
		tracefs_synth_free(q);
	}

	struct tracefs_hist *hist = tracefs_hist_alloc(tep, "sched", "sched_switch", "next_pid", TRACEFS_HIST_KEY_NORMAL);
	printf("hist alloc: %s\n", hist ? "ok" : strerror(errno));
	if (hist) {
		printf("key: %d\n", tracefs_hist_add_key(hist, "prev_prio", TRACEFS_HIST_KEY_LOG));
		printf("value: %d\n", tracefs_hist_add_value(hist, "prev_state"));
		printf("sort: %d\n", tracefs_hist_add_sort_key(hist, "next_pid"));
		printf("direction: %d\n", tracefs_hist_sort_key_direction(hist, "next_pid", TRACEFS_HIST_SORT_DESCENDING));
		printf("filter: %d\n", tracefs_hist_append_filter(hist, TRACEFS_FILTER_COMPARE, "next_prio",
		                                                  TRACEFS_COMPARE_GE, "100"));
		printf("bad key: %d\n", tracefs_hist_add_key(hist, "no_such_field", TRACEFS_HIST_KEY_HEX));
		show_seq("hist start", &s, tracefs_hist_echo_cmd(&s, NULL, hist, TRACEFS_HIST_CMD_START));
		show_seq("hist destroy", &s, tracefs_hist_echo_cmd(&s, NULL, hist, TRACEFS_HIST_CMD_DESTROY));
		tracefs_hist_free(hist);
	}

	struct tep_event *sw = tep_find_event_by_name(tep, "sched", "sched_switch");
	char *filter = NULL;
	printf("filter append: %d\n", tracefs_filter_string_append(sw, &filter, TRACEFS_FILTER_COMPARE, "prev_pid",
	                                                           TRACEFS_COMPARE_GT, "0"));
	printf("filter append: %d\n", tracefs_filter_string_append(sw, &filter, TRACEFS_FILTER_AND, NULL, 0, NULL));
	printf("filter append: %d\n", tracefs_filter_string_append(sw, &filter, TRACEFS_FILTER_COMPARE, "next_comm",
	                                                           TRACEFS_COMPARE_RE, "sw*"));
	printf("filter append bad field: %d\n", tracefs_filter_string_append(sw, &filter, TRACEFS_FILTER_COMPARE,
	                                                                     "nosuch", TRACEFS_COMPARE_EQ, "1"));
	printf("filter: %s\n", filter ? filter : "(null)");
	static const char *const checks[] = {"prev_pid > 0 && next_comm ~ \"sw*\"", "prev_pid >", "nosuch == 1",
	                                     "(prev_prio < 100) || !(next_pid == 0)", ""};
	for (size_t i = 0; i < sizeof(checks) / sizeof(checks[0]); i++) {
		char *err = NULL;
		int ret = tracefs_filter_string_verify(sw, checks[i], &err);
		printf("verify \"%s\": %d%s%s\n", checks[i], ret, err ? " " : "", err ? err : "");
		free(err);
	}
	struct tracefs_instance *instance = fresh_instance();
	printf("apply: %d\n", tracefs_event_filter_apply(instance, sw, filter));
	char *applied = tracefs_event_file_read(instance, "sched", "sched_switch", "filter", NULL);
	printf("applied: %s", applied ? applied : "(null)\n");
	free(applied);
	printf("apply bad: %d\n", tracefs_event_filter_apply(instance, sw, "prev_pid >"));
	printf("clear: %d\n", tracefs_event_filter_clear(instance, sw));
	tracefs_instance_destroy(instance);
	tracefs_instance_free(instance);
	free(filter);
	trace_seq_destroy(&s);
	tep_free(tep);
	return 0;
}

static void dynevent(struct tracefs_dynevent *ev, const char *what) {
	if (!ev) {
		printf("%s: alloc failed (%s)\n", what, strerror(errno));
		return;
	}
	tracefs_dynevent_destroy(ev, true);  // a leftover of an interrupted run
	int ret = tracefs_dynevent_create(ev);
	printf("%s: create %d\n", what, ret);
	if (ret == 0) {
		struct tep_handle *tep = local_events(probe_systems);
		struct tep_event *event = tracefs_dynevent_get_event(tep, ev);
		if (event) walk_event(stdout, event);
		else printf("  no event\n");
		printf("  destroy %d\n", tracefs_dynevent_destroy(ev, true));
		tep_free(tep);
	}
	tracefs_dynevent_free(ev);
}

static unsigned long long entry_offset(const char *path) {
	unsigned long long entry = 0;
	FILE *f = fopen(path, "rb");
	if (f && fseek(f, 24, SEEK_SET) == 0 && fread(&entry, sizeof(entry), 1, f) != 1) entry = 0;
	if (f) fclose(f);
	return entry;  // a PIE's entry address is its file offset
}

static int dynevents(void) {
	dynevent(tracefs_eprobe_alloc("consumers", "ep_switch", "sched", "sched_switch",
	                              "prev=$prev_pid:u32 next=$next_pid:s32 comm=$next_comm:string"),
	         "eprobe sched_switch");
	dynevent(tracefs_uprobe_alloc("consumers", "up_true", "/usr/bin/true", entry_offset("/usr/bin/true"),
	                              "sp=%sp:x64 comm=$comm"),
	         "uprobe /usr/bin/true");
	if (tracefs_file_exists(NULL, "kprobe_events"))
		dynevent(tracefs_kprobe_alloc("consumers", "kp_open", "do_sys_openat2", "dfd=$arg1 flags=$arg3:x32"),
		         "kprobe do_sys_openat2");
	else
		printf("kprobe: skipped, this kernel has no kprobe_events\n");
	return 0;
}

// Upstream crashes on some calls: those run one a process, so that the others are compared.
// The calls of one process share one handle of the sched events, loaded once (loading takes
// seconds under ASan, whose realloc copies kallsyms as it grows).
static struct tep_handle *sched_tep;
static struct tep_handle *shared_sched_events(void) {
	if (!sched_tep) sched_tep = local_events(sched_systems);
	return sched_tep;
}

static int null_argument(int which) {
	struct tep_handle *tep = shared_sched_events();
	char *err = NULL;
	const char *const empty[] = {NULL};
	struct tep_handle *other = NULL;
	int failures = -1;
	switch (which) {
	case 0: printf("iterate NULL tep: %d\n", tracefs_iterate_raw_events(NULL, NULL, NULL, 0, print_record, NULL)); break;
	case 1: printf("iterate NULL callback: %d\n", tracefs_iterate_raw_events(tep, NULL, NULL, 0, NULL, NULL)); break;
	case 2:
		other = tracefs_local_events_system(NULL, NULL);
		printf("local events, no systems: %s, %d events\n", other ? "ok" : "NULL", other ? tep_get_events_count(other) : -1);
		break;
	case 3:
		other = tracefs_local_events_system(NULL, empty);
		printf("local events, empty list: %s, %d events\n", other ? "ok" : "NULL", other ? tep_get_events_count(other) : -1);
		break;
	case 4: printf("fill NULL tep: %d\n", tracefs_fill_local_events(NULL, NULL, &failures)); break;
	case 5:
		printf("synth NULL names: %s\n",
		       tracefs_synth_alloc(tep, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL) ? "ok" : "NULL");
		break;
	case 6:
		printf("synth unknown event: %s\n",
		       tracefs_synth_alloc(tep, "x", "sched", "nosuch", "sched", "sched_switch", "pid", "next_pid", NULL)
		               ? "ok" : "NULL");
		break;
	case 7: printf("hist NULL event: %s\n", tracefs_hist_alloc(tep, "sched", NULL, "pid", 0) ? "ok" : "NULL"); break;
	case 8: printf("hist empty key: %s\n", tracefs_hist_alloc(tep, "sched", "sched_switch", "", 0) ? "ok" : "NULL"); break;
	case 9:
		printf("sql empty: %s\n", tracefs_sql(tep, "n", "", &err) ? "ok" : "NULL");
		printf("  error: %s\n", err ? err : "(none)");
		break;
	case 10: printf("filter verify NULL event: %d\n", tracefs_filter_string_verify(NULL, "pid == 1", NULL)); break;
	case 11: printf("load cmdlines NULL tep: %d\n", tracefs_load_cmdlines(NULL, NULL)); break;
	case 12:
		printf("load cmdlines: %d\n", tracefs_load_cmdlines(NULL, tep));
		printf("pid 1 comm known: %d\n", tep_is_pid_registered(tep, 1));
		break;
	case 13: printf("filter append NULL event: %d\n", tracefs_filter_string_append(NULL, &err, 0, "pid", 0, "1")); break;
	case 14: printf("dynevent event NULL: %s\n", tracefs_dynevent_get_event(tep, NULL) ? "event" : "NULL"); break;
	default: return 2;
	}
	free(err);
	tep_free(other);
	return 0;
}

int main(int argc, char **argv) {
	if (argc < 2) {
		fprintf(stderr, "usage: tracefs_driver events|systems|iterate [stop|destroy]|commands|dynevents|null N\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(argv[1], "events")) return events();
	if (!strcmp(argv[1], "systems")) return systems();
	if (!strcmp(argv[1], "iterate")) return iterate(argc > 2 ? argv[2] : NULL);
	if (!strcmp(argv[1], "commands")) return commands();
	if (!strcmp(argv[1], "dynevents")) return dynevents();
	if (!strcmp(argv[1], "null") && argc > 2) {
		int ret = 0;
		for (char *p = argv[2]; *p; p += *p == ',')
			ret |= null_argument((int)strtol(p, &p, 10));
		tep_free(sched_tep);
		return ret;
	}
	return 2;
}
