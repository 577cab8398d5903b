// SPDX-License-Identifier: LGPL-2.1
// The libtraceevent calls rtla and cxl (ndctl) make, in the pattern they make them, on
// committed formats (tests/data/consumers/formats) and records built here, for kernels
// without osnoise/timerlat tracers or CXL devices.
//   rtla_cxl_driver rtla DIR       rtla: handlers registered per event, called the way its
//                                  collect_registered_events does, reading fields with
//                                  tep_get_field_val(s, ..., err=1); tables through
//                                  trace_seq_printf / trace_seq_do_printf / trace_seq_reset
//   rtla_cxl_driver cxl DIR        cxl monitor: tep_event_fields of each record's event, every
//                                  field read with tep_get_field_raw(NULL, ...) and decoded by
//                                  its flags and size
//   rtla_cxl_driver cxl-short DIR  the same on records cut short (record->size below the fields)
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event-parse.h"
#include "tep_walk.h"

static struct tep_event *parse(struct tep_handle *tep, const char *dir, const char *name, const char *sys) {
	char path[4096];
	snprintf(path, sizeof(path), "%s/%s.format", dir, name);
	FILE *f = fopen(path, "rb");
	if (!f) {
		printf("cannot open %s\n", name);
		return NULL;
	}
	static char buf[65536];
	size_t len = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	struct tep_event *event = NULL;
	enum tep_errno err = tep_parse_format(tep, &event, buf, len, sys);
	char msg[256];
	tep_strerror(tep, err, msg, sizeof(msg));
	printf("parse %s/%s: %d %s\n", sys, name, (int)err, err ? msg : "");
	return event;
}

// A record of `event` with every numeric field set from `seed`; __data_loc strings appended.
struct built {
	unsigned char data[512];
	int size;
};

static void set_number(struct tep_format_field *f, unsigned char *data, unsigned long long v) {
	if (f->size == 1 || f->size == 2 || f->size == 4 || f->size == 8) memcpy(data + f->offset, &v, f->size);
	else
		for (int i = 0; i < f->size; i++) data[f->offset + i] = (unsigned char)(v + 17 * i);
}

static void build(struct built *b, struct tep_event *event, unsigned long long seed, int pid) {
	memset(b, 0, sizeof(*b));
	struct tep_format_field **fields = tep_event_fields(event);
	int tail = 0;
	for (int i = 0; fields && fields[i]; i++) {
		int end = fields[i]->offset + fields[i]->size;
		if (end > tail) tail = end;
	}
	tail = (tail + 3) & ~3;
	for (int i = 0; fields && fields[i]; i++) {
		struct tep_format_field *f = fields[i];
		if (f->flags & TEP_FIELD_IS_DYNAMIC) {
			char text[64];
			snprintf(text, sizeof(text), "%s%llu", f->name, seed);
			unsigned int len = strlen(text) + 1, loc = tail | (len << 16);
			memcpy(b->data + tail, text, len);
			memcpy(b->data + f->offset, &loc, 4);
			tail += len;
		} else {
			set_number(f, b->data, seed * 1000003ULL + (unsigned long long)i * 7919ULL);
		}
	}
	free(fields);
	unsigned short type = event->id;
	memcpy(b->data, &type, 2);
	memcpy(b->data + 4, &pid, 4);
	b->data[2] = 0x1;  // common_flags
	b->size = tail;
}

// rtla's per-CPU counters, as osnoise/timerlat top keep them
struct rtla_stats {
	unsigned long long count, sum, max, noise, thread;
};

static int timerlat_handler(struct trace_seq *s, struct tep_record *record, struct tep_event *event, void *context) {
	struct rtla_stats *st = (struct rtla_stats *)context + record->cpu;
	unsigned long long thread = 0, latency = 0, missing = 0;
	tep_get_field_val(s, event, "context", record, &thread, 1);
	tep_get_field_val(s, event, "timer_latency", record, &latency, 1);
	tep_get_field_val(s, event, "no_such_field", record, &missing, 1);  // rtla passes err=1 throughout
	st->count++;
	st->sum += latency;
	if (latency > st->max) st->max = latency;
	st->thread += thread;
	return 0;
}

static int osnoise_handler(struct trace_seq *s, struct tep_record *record, struct tep_event *event, void *context) {
	struct rtla_stats *st = (struct rtla_stats *)context + record->cpu;
	static const char *const names[] = {"runtime", "noise", "max_sample", "hw_count", "nmi_count",
	                                    "irq_count", "softirq_count", "thread_count"};
	unsigned long long v[8] = {0};
	for (int i = 0; i < 8; i++) tep_get_field_val(s, event, names[i], record, &v[i], 1);
	st->count++;
	st->sum += v[0];
	st->noise += v[1];
	if (v[2] > st->max) st->max = v[2];
	st->thread += v[7];
	return 0;
}

static int rtla(const char *dir) {
	struct tep_handle *tep = tep_alloc();
	tep_set_long_size(tep, 8);
	tep_set_page_size(tep, 4096);
	struct tep_event *osnoise = parse(tep, dir, "osnoise", "ftrace");
	struct tep_event *timerlat = parse(tep, dir, "timerlat", "ftrace");
	if (!osnoise || !timerlat) return 1;
	struct rtla_stats stats[2][2];
	memset(stats, 0, sizeof(stats));
	printf("register timerlat: %d\n", tep_register_event_handler(tep, -1, "ftrace", "timerlat", timerlat_handler, stats[0]));
	printf("register osnoise: %d\n", tep_register_event_handler(tep, osnoise->id, "ftrace", "osnoise", osnoise_handler, stats[1]));
	printf("register again: %d\n", tep_register_event_handler(tep, -1, "ftrace", "osnoise", osnoise_handler, stats[1]));
	printf("register unknown: %d\n", tep_register_event_handler(tep, -1, "ftrace", "no_such_event", osnoise_handler, NULL));

	struct trace_seq *s = calloc(1, sizeof(*s));  // rtla: trace->seq
	trace_seq_init(s);
	for (int i = 0; i < 40; i++) {
		struct built b;
		build(&b, i % 3 ? timerlat : osnoise, (unsigned long long)i, 1000 + i % 4);
		struct tep_record record = {.ts = 1000000ULL * i, .size = b.size, .data = b.data, .cpu = i % 2};
		struct tep_event *event = tep_find_event_by_record(tep, &record);
		if (event && event->handler) event->handler(s, &record, event, event == timerlat ? stats[0] : stats[1]);
	}
	// what the handlers' err=1 reads left in the sequence
	trace_seq_do_printf(s);
	printf("\n");
	trace_seq_reset(s);
	for (int t = 0; t < 2; t++) {
		trace_seq_printf(s, "%s\n%-5s %8s %12s %12s %12s\n", t ? "osnoise" : "timerlat", "CPU", "count", "avg", "max",
		                 t ? "noise" : "context");
		for (int cpu = 0; cpu < 2; cpu++) {
			struct rtla_stats *st = &stats[t][cpu];
			trace_seq_printf(s, "%3d # %8llu %12llu %12llu %12llu\n", cpu, st->count, st->count ? st->sum / st->count : 0,
			                 st->max, t ? st->noise : st->thread);
		}
		trace_seq_do_printf(s);
		trace_seq_reset(s);
	}
	trace_seq_destroy(s);
	free(s);
	tep_free(tep);
	return 0;
}

static void print_field_value(struct tep_format_field *f, const unsigned char *data, int len) {
	if (!data) {
		printf("  %s: <no data>\n", f->name);
		return;
	}
	if (f->flags & TEP_FIELD_IS_STRING) {
		printf("  %s: string \"%.*s\" len %d\n", f->name, len, (const char *)data, len);
	} else if (f->flags & TEP_FIELD_IS_ARRAY) {
		int el = f->elementsize > 0 ? (int)f->elementsize : 1;
		printf("  %s: array len %d el %d:", f->name, len, el);
		for (int i = 0; i + el <= len && i < 96; i += el) {
			unsigned long long v = 0;
			memcpy(&v, data + i, el <= 8 ? el : 8);
			printf(" %llx", v);
		}
		printf("\n");
	} else {
		unsigned long long v = 0;
		memcpy(&v, data, len > 0 && len <= 8 ? len : 0);
		if ((f->flags & TEP_FIELD_IS_SIGNED) && len > 0 && len < 8 && (v >> (8 * len - 1)) & 1) v |= ~0ULL << (8 * len);
		printf("  %s: %s %llu (0x%llx) len %d\n", f->name, f->flags & TEP_FIELD_IS_SIGNED ? "s" : "u", v, v, len);
	}
}

static int cxl(const char *dir, int short_records) {
	struct tep_handle *tep = tep_alloc();
	tep_set_long_size(tep, 8);
	struct tep_event *events[] = {parse(tep, dir, "cxl_generic_event", "cxl"), parse(tep, dir, "cxl_poison", "cxl")};
	for (int e = 0; e < 2; e++) {
		if (!events[e]) return 1;
		// cxl reads fields only; the print args are walked by the libtracefs driver
		struct tep_format_field **fields = tep_event_fields(events[e]);
		walk_fields(stdout, "field", fields);
		free(fields);
	}
	struct trace_seq s;
	trace_seq_init(&s);
	for (int i = 0; i < 4; i++) {
		struct built b;
		build(&b, events[i % 2], (unsigned long long)i + 1, 4242);
		int size = short_records ? 6 + 4 * i : b.size;
		struct tep_record record = {.ts = 77 * i, .size = size, .data = b.data, .cpu = 0};
		struct tep_event *event = tep_find_event_by_record(tep, &record);
		printf("record %d size %d: %s\n", i, size, event ? event->name : "no event");
		if (!event) continue;
		struct tep_format_field **fields = tep_event_fields(event);
		for (int f = 0; fields && fields[f]; f++) {
			int len = -1;
			void *data = tep_get_field_raw(NULL, event, fields[f]->name, &record, &len, 0);
			print_field_value(fields[f], data, len);
		}
		free(fields);
		// the monitor's log line: the event as the kernel would print it
		trace_seq_reset(&s);
		tep_print_event(tep, &s, &record, "%s: %s", TEP_PRINT_NAME, TEP_PRINT_INFO);
		trace_seq_terminate(&s);
		printf("  print: %.*s\n", s.len, s.buffer);
	}
	trace_seq_destroy(&s);
	tep_free(tep);
	return 0;
}

int main(int argc, char **argv) {
	if (argc < 3) {
		fprintf(stderr, "usage: rtla_cxl_driver rtla|cxl|cxl-short FORMAT-DIR\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(argv[1], "rtla")) return rtla(argv[2]);
	if (!strcmp(argv[1], "cxl")) return cxl(argv[2], 0);
	if (!strcmp(argv[1], "cxl-short")) return cxl(argv[2], 1);
	return 2;
}
