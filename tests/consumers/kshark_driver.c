// SPDX-License-Identifier: LGPL-2.1
// libkshark (KernelShark's data library, Debian's libkshark2) over a trace, printing what
// KernelShark's table shows and what its filters select, so that the suite can compare it
// across two libtraceevents. Every call into libkshark here goes through libtracecmd and
// libtraceevent (tep_print_event for info and latency, tep_filter_* for advanced filters).
//   kshark_driver entries FILE            every entry: event, task, pid, cpu, ts, latency, info
//   kshark_driver fields FILE             per event type: field names, types, values of its first entry
//   kshark_driver filters FILE            task/event/cpu filters and tep filter strings: visibility
//   kshark_driver plugins FILE PLUGIN.so...  KernelShark's plugins: entries after they processed them
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libkshark.h"
#include "libkshark-plugin.h"
#include "libkshark-tepdata.h"

static const char *or_null(const char *s) { return s ? s : "(null)"; }

static void print_entry(struct kshark_entry *e) {
	char *name = kshark_get_event_name(e);
	char *task = kshark_get_task(e);
	char *lat = kshark_get_aux_info(e);
	char *info = kshark_get_info(e);
	printf("%" PRId64 " cpu=%d pid=%d %s %s [%s] %s\n", e->ts, e->cpu, e->pid, or_null(name),
	       or_null(task), or_null(lat), or_null(info));
	free(name);
	free(task);
	free(lat);
	free(info);
}

static ssize_t load(struct kshark_context *ctx, int sd, struct kshark_entry ***rows) {
	ssize_t n = kshark_load_entries(ctx, sd, rows);
	printf("entries: %zd\n", n);
	return n;
}

static void free_rows(struct kshark_entry **rows, ssize_t n) {
	for (ssize_t i = 0; i < n; i++) free(rows[i]);
	free(rows);
}

static void print_visibility(const char *what, struct kshark_entry **rows, ssize_t n) {
	printf("%s:", what);
	ssize_t shown = 0;
	for (ssize_t i = 0; i < n; i++) {
		if (i % 64 == 0) printf("\n  ");
		int v = rows[i]->visible & KS_TEXT_VIEW_FILTER_MASK ? 1 : 0;
		shown += v;
		putchar('0' + v);
	}
	printf("\n  %zd of %zd visible\n", shown, n);
}

static void fields(struct kshark_data_stream *stream, struct kshark_entry **rows, ssize_t n) {
	int *ids = kshark_get_all_event_ids(stream);
	for (int i = 0; ids && i < stream->n_events; i++) {
		ssize_t first = -1;
		for (ssize_t r = 0; r < n && first < 0; r++)
			if (rows[r]->event_id == ids[i]) first = r;
		char *name = kshark_event_from_id(stream->stream_id, ids[i]);
		printf("event %d %s: %s\n", ids[i], or_null(name), first < 0 ? "no entry" : "first entry");
		free(name);
		if (first < 0) continue;
		char **names = NULL;
		int count = kshark_get_all_event_field_names(rows[first], &names);
		for (int f = 0; f < count; f++) {
			int64_t val = 0;
			int ret = kshark_read_event_field_int(rows[first], names[f], &val);
			printf("  %s type=%d ret=%d val=%" PRId64 "\n", names[f],
			       (int)kshark_get_event_field_type(rows[first], names[f]), ret, val);
			free(names[f]);
		}
		free(names);
	}
	free(ids);
}

static void filters(struct kshark_context *ctx, int sd, struct kshark_entry **rows, ssize_t n) {
	struct kshark_data_stream *stream = kshark_get_data_stream(ctx, sd);
	int switch_id = kshark_find_event_id(stream, "sched/sched_switch");
	int wakeup_id = kshark_find_event_id(stream, "sched/sched_waking");
	int pid = n > 0 ? rows[n / 2]->pid : 0;

	kshark_filter_add_id(ctx, sd, KS_SHOW_TASK_FILTER, pid);
	kshark_filter_stream_entries(ctx, sd, rows, n);
	printf("show task %d", pid);
	print_visibility("", rows, n);
	kshark_clear_all_filters(ctx, rows, n);
	kshark_filter_clear(ctx, sd, KS_SHOW_TASK_FILTER);

	kshark_filter_add_id(ctx, sd, KS_HIDE_EVENT_FILTER, switch_id);
	kshark_filter_add_id(ctx, sd, KS_HIDE_EVENT_FILTER, wakeup_id);
	kshark_filter_stream_entries(ctx, sd, rows, n);
	print_visibility("hide sched_switch, sched_waking", rows, n);
	kshark_clear_all_filters(ctx, rows, n);
	kshark_filter_clear(ctx, sd, KS_HIDE_EVENT_FILTER);

	kshark_filter_add_id(ctx, sd, KS_SHOW_CPU_FILTER, 1);
	kshark_filter_stream_entries(ctx, sd, rows, n);
	print_visibility("show cpu 1", rows, n);
	kshark_clear_all_filters(ctx, rows, n);
	kshark_filter_clear(ctx, sd, KS_SHOW_CPU_FILTER);

	// KernelShark's advanced filter: tep_filter strings, and how libtraceevent prints them back.
	static const char *const strings[] = {
		"sched/sched_switch:prev_pid>0&&next_prio<120",
		"sched/sched_switch:next_comm~\"sw*\"",
		"sched/sched_waking:pid==1||prio!=120",
		"sched/sched_switch:prev_state&1",
		"sched/sched_switch:nosuchfield==1",
		"sched/sched_switch:(prev_pid==1",
		"irq/.*:common_pid!=0",
	};
	for (size_t i = 0; i < sizeof(strings) / sizeof(strings[0]); i++) {
		int ret = kshark_tep_add_filter_str(stream, strings[i]);
		printf("filter \"%s\": %d, set=%d\n", strings[i], ret, kshark_tep_filter_is_set(stream));
		int *ids = kshark_get_all_event_ids(stream);
		for (int e = 0; ids && e < stream->n_events; e++) {
			char *text = kshark_tep_filter_make_string(stream, ids[e]);
			if (text) printf("  event %d: %s\n", ids[e], text);
			free(text);
		}
		free(ids);
		kshark_filter_stream_entries(ctx, sd, rows, n);
		print_visibility("  visible", rows, n);
		kshark_clear_all_filters(ctx, rows, n);
		kshark_tep_filter_reset(stream);
	}
}

static int plugins(struct kshark_context *ctx, int sd, int count, char **files) {
	struct kshark_data_stream *stream = kshark_get_data_stream(ctx, sd);
	for (int i = 0; i < count; i++) {
		const char *base = strrchr(files[i], '/') ? strrchr(files[i], '/') + 1 : files[i];
		char name[256];
		// plugin-NAME.so
		snprintf(name, sizeof(name), "%.*s", strlen(base) > 10 ? (int)(strlen(base) - 10) : 0, base + 7);
		struct kshark_plugin_list *p = kshark_register_plugin(ctx, name, files[i]);
		printf("plugin %s: %s%s\n", name, p ? "registered" : "not registered",
		       p && p->process_interface ? ", processes data" : "");
		if (p && p->process_interface) kshark_register_plugin_to_stream(stream, p->process_interface, true);
	}
	printf("init: %d\n", kshark_handle_all_dpis(stream, KSHARK_PLUGIN_INIT));
	for (struct kshark_dpi_list *l = stream->plugins; l; l = l->next)
		printf("  %s status %d\n", or_null(l->interface->name), l->status);
	struct kshark_entry **rows = NULL;
	ssize_t n = load(ctx, sd, &rows);
	for (ssize_t i = 0; i < n; i++) print_entry(rows[i]);
	free_rows(rows, n);
	kshark_handle_all_dpis(stream, KSHARK_PLUGIN_CLOSE);
	return 0;
}

int main(int argc, char **argv) {
	if (argc < 3) {
		fprintf(stderr, "usage: kshark_driver entries|fields|filters|plugins FILE [DIR]\n");
		return 2;
	}
	struct kshark_context *ctx = NULL;
	if (!kshark_instance(&ctx)) {
		printf("no kshark instance\n");
		return 1;
	}
	int sd = kshark_open(ctx, argv[2]);
	printf("open: %s\n", sd < 0 ? "failed" : "ok");
	if (sd < 0) {
		kshark_free(ctx);
		return 1;
	}
	struct kshark_data_stream *stream = kshark_get_data_stream(ctx, sd);
	printf("cpus %d, events %d, idle pid %d, format %s\n", stream->n_cpus, stream->n_events, stream->idle_pid,
	       stream->data_format);
	int ret = 0;
	if (strcmp(argv[1], "plugins") == 0) {
		ret = plugins(ctx, sd, argc - 3, argv + 3);
	} else {
		struct kshark_entry **rows = NULL;
		ssize_t n = load(ctx, sd, &rows);
		if (strcmp(argv[1], "entries") == 0) {
			int *pids = NULL;
			ssize_t tasks = kshark_get_task_pids(ctx, sd, &pids);
			printf("tasks: %zd\n", tasks);
			free(pids);
			for (ssize_t i = 0; i < n; i++) print_entry(rows[i]);
		} else if (strcmp(argv[1], "fields") == 0) {
			fields(stream, rows, n);
		} else if (strcmp(argv[1], "filters") == 0) {
			filters(ctx, sd, rows, n);
		} else {
			ret = 2;
		}
		free_rows(rows, n);
	}
	kshark_close_all(ctx);
	kshark_free(ctx);
	return ret;
}
