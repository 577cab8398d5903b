// SPDX-License-Identifier: LGPL-2.1
/*
 * Prints pseudo-random records of the events our plugins handle, through
 * whichever libtraceevent is loaded and whichever plugins one directory holds.
 * Run under different LD_LIBRARY_PATHs with different plugin directories, its
 * outputs must be byte-identical (tests/plugin/plugin_differential_test.cc).
 *
 *   plugin_print_driver PLUGIN_DIR SET_DIR [RECORDS_PER_EVENT [truncated]]
 *
 * "truncated" cuts every record short at a random length: nothing may read
 * past it (upstream's plugins do; this mode is for our library and plugins).
 * SET_DIR holds "events.list" (lines "system path/to/format", relative to
 * SET_DIR) and "kallsyms". Only the public C API is used.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event-parse.h"
#include "trace-seq.h"

/* The application's guest symbol lookup for the kvm plugin (trace-cmd has
 * one): names rips ending in 0x..100-0x..1ff, moving *addr to ..100. */
#define EXPORTED __attribute__((visibility("default")))

EXPORTED const char *tep_plugin_kvm_get_func(struct tep_event *event, struct tep_record *record,
					     unsigned long long *addr)
{
	if ((*addr & 0xf00) != 0x100)
		return NULL;
	*addr &= ~0xffULL;
	return "guest_function";
}

EXPORTED void tep_plugin_kvm_put_func(const char *func)
{
}

static char *read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc(n + 1);
	if (fread(buf, 1, n, f) != (size_t)n)
		n = 0;
	buf[n] = '\0';
	fclose(f);
	if (size)
		*size = n;
	return buf;
}

static uint64_t rng_state;

static uint64_t next_random(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static void seed(const char *name, int index)
{
	uint64_t h = 1469598103934665603ULL;

	for (const char *p = name; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	rng_state = h ^ ((uint64_t)index * 0x9e3779b97f4a7c15ULL) ^ 0x5bd1e995;
	if (!rng_state)
		rng_state = 1;
}

/* Addresses that kallsyms resolves, plus offsets into them. */
static const uint64_t known_addresses[] = {
	0xffffffff81000000ULL, 0xffffffff81000100ULL, 0xffffffff81000200ULL,
	0xffffffff81000300ULL, 0xffffffff81000400ULL, 0xffffffff81001000ULL,
	0xffffffffc0000000ULL,
};

static uint64_t random_value(void)
{
	static const int64_t small[] = {
		0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 18, 31, 32, 48, 55,
		64, 96, 120, 127, 128, 129, 130, 255, 256, 257, 384, 1024, 1025, 0x8000,
		0x10000, -1, -2,
	};
	unsigned r = next_random() % 10;

	if (r < 4)
		return (uint64_t)small[next_random() % (sizeof(small) / sizeof(small[0]))];
	if (r < 7)
		return known_addresses[next_random() % 7] + (next_random() % 4 ? next_random() % 0x120 : 0);
	if (r < 8)
		return next_random() & 0xffffffff;
	return next_random();
}

/* Values that reach the plugins' interesting branches, by field name. */
static const struct {
	const char *field;
	uint64_t values[12];
	int count;
} hints[] = {
	{ "isa", { 1, 2, 1, 2, 0, 3 }, 6 },
	{ "exit_reason", { 0, 1, 12, 30, 48, 0x7c, 0x400, 0xffffffff, 77, 0x80000021, 64, 3 }, 12 },
	{ "exit_code", { 0, 1, 12, 30, 48, 0x7c, 0x400, 0xffffffff, 77, 0x80000021, 64, 3 }, 12 },
	{ "reason", { 0, 1, 2, 3, 4, 5 }, 6 },
	{ "op", { 0, 1, 2, 3, 4, 5, 6, 9, 11, 12, 128 | 9, 384 | 4 }, 12 },
	{ "prev_state", { 0, 1, 2, 4, 0x40, 0x80, 0x100, 0x81, 0x402, 0x20, 0x10, 0x8000 }, 12 },
	{ "prev_pid", { 0, 1, 100, 2000 }, 4 },
	{ "next_pid", { 0, 1, 100, 2000 }, 4 },
	{ "pid", { 0, 1, 100, 2000 }, 4 },
	{ "prio", { 120, 100, 0, 139 }, 4 },
	{ "prev_prio", { 120, 100, 0, 139 }, 4 },
	{ "next_prio", { 120, 100, 0, 139 }, 4 },
	{ "success", { 0, 1 }, 2 },
	{ "target_cpu", { 0, 1, 3 }, 3 },
	{ "created", { 0, 1 }, 2 },
	{ "unsync", { 0, 1 }, 2 },
	{ "failed", { 0, 1 }, 2 },
	{ "flags", { 0, 1, 3, 5, 9 }, 5 },
	{ "vcpu_id", { 0, 1, 3 }, 3 },
	{ "dev", { 8 << 20 | 1, 259 << 20 | 3, 0 }, 3 },
	{ "count", { 1, 2, 5 }, 3 },
	{ "top_delta_ts", { 0, 1 }, 2 },
	{ "bottom_delta_ts", { 1000, 100000, 0 }, 3 },
	{ "pages", { 1, 0, 512, -1ULL }, 4 },
	/* call chains for the function plugin's indentation */
	{ "ip", { 0xffffffff81000100ULL, 0xffffffff81000200ULL, 0xffffffff81000300ULL,
		  0xffffffff81000400ULL, 0xffffffff81000410ULL }, 5 },
	{ "parent_ip", { 0xffffffff81000000ULL, 0xffffffff81000100ULL, 0xffffffff81000200ULL,
			 0xffffffff81000300ULL, 0xffffffff81001000ULL }, 5 },
};

static int hinted_value(const char *field, uint64_t *value)
{
	for (unsigned i = 0; i < sizeof(hints) / sizeof(hints[0]); i++)
		if (!strcmp(hints[i].field, field) && next_random() % 4) {
			*value = hints[i].values[next_random() % hints[i].count];
			return 1;
		}
	return 0;
}

static void store(unsigned char *p, int size, uint64_t v)
{
	for (int i = 0; i < size && i < 8; i++)
		p[i] = v >> (8 * i);
}

static void random_text(unsigned char *p, int len)
{
	static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789/:-_";

	for (int i = 0; i < len - 1; i++)
		p[i] = alphabet[next_random() % (sizeof(alphabet) - 1)];
	if (len > 0)
		p[len - 1] = '\0';
}

static int is_char_type(const struct tep_format_field *f)
{
	return strstr(f->type, "char") && !strstr(f->type, "unsigned char");
}

/* SCSI CDBs worth decoding: opcode, length, and byte 1 / service action. */
static void random_cdb(unsigned char *cdb, int *len)
{
	static const unsigned char opcodes[] = {
		0x08, 0x0a, 0x28, 0x2a, 0x2f, 0x41, 0x42, 0xa8, 0xaa, 0xaf,
		0x88, 0x8a, 0x8f, 0x93, 0x9e, 0x7f, 0x00, 0x12,
	};
	unsigned char op = opcodes[next_random() % sizeof(opcodes)];

	*len = op == 0x7f ? 32 : op >= 0x80 ? 16 : op >= 0xa0 ? 12 : op >= 0x20 ? 10 : 6;
	for (int i = 0; i < *len; i++)
		cdb[i] = next_random() % 3 ? next_random() : 0;
	cdb[0] = op;
	if (op == 0x9e)
		cdb[1] = (next_random() % 2 ? 0x10 : 0x12) | (next_random() % 4 ? 0 : 0x05);
	if (op == 0x7f) {
		static const unsigned char actions[] = { 9, 10, 11, 13, 3, 8, 12 };
		cdb[8] = 0;
		cdb[9] = actions[next_random() % sizeof(actions)];
	}
}

/* One record of `event`, every field given a value; dynamic arrays point
 * into a tail after the fixed fields. */
static int build_record(struct tep_event *event, unsigned char *buf, int cap)
{
	struct tep_format_field **fields = tep_event_fields(event);
	struct tep_format_field **common = tep_event_common_fields(event);
	int end = 0, tail;

	memset(buf, 0, cap);
	for (int pass = 0; pass < 2; pass++) {
		struct tep_format_field **list = pass ? fields : common;

		for (int i = 0; list && list[i]; i++) {
			struct tep_format_field *f = list[i];
			if (f->offset + f->size > end)
				end = f->offset + f->size;
		}
	}
	tail = (end + 7) & ~7;
	for (int pass = 0; pass < 2; pass++) {
		struct tep_format_field **list = pass ? fields : common;

		for (int i = 0; list && list[i]; i++) {
			struct tep_format_field *f = list[i];
			unsigned char *p = buf + f->offset;

			if (!strcmp(f->name, "common_type")) {
				store(p, f->size, event->id);
			} else if (!strcmp(f->name, "common_pid")) {
				store(p, f->size, next_random() % 4 ? 100 + next_random() % 5 : 0);
			} else if (f->flags & TEP_FIELD_IS_DYNAMIC) {
				int len = next_random() % 24;
				int off = tail;

				if (!strcmp(f->name, "cmnd")) {
					random_cdb(buf + tail, &len);
				} else if (is_char_type(f)) {
					len = len ? len : 1;
					random_text(buf + tail, len);
				} else {
					for (int k = 0; k < len; k++)
						buf[tail + k] = next_random();
				}
				if (f->flags & TEP_FIELD_IS_RELATIVE)
					off = tail - (f->offset + f->size);
				store(p, f->size, (uint64_t)len << 16 | (off & 0xffff));
				tail = (tail + len + 3) & ~3;
			} else if ((f->flags & TEP_FIELD_IS_ARRAY) && is_char_type(f)) {
				random_text(p, next_random() % (f->size + 1));
			} else if (f->flags & TEP_FIELD_IS_ARRAY) {
				int elem = f->elementsize > 0 && f->elementsize <= 8 ? f->elementsize : 1;
				for (int k = 0; k + elem <= f->size; k += elem)
					store(p + k, elem, random_value());
			} else {
				uint64_t v;

				if (!hinted_value(f->name, &v))
					v = random_value();
				store(p, f->size, v);
			}
		}
	}
	/* Keep the CDB length consistent with its array, as the kernel does. */
	for (int i = 0; fields && fields[i]; i++)
		if (!strcmp(fields[i]->name, "cmd_len")) {
			for (int j = 0; fields[j]; j++)
				if (!strcmp(fields[j]->name, "cmnd")) {
					const unsigned char *loc = buf + fields[j]->offset;
					store(buf + fields[i]->offset, fields[i]->size, loc[2] | loc[3] << 8);
				}
		}
	/* An instruction is 1 to 15 bytes (upstream overruns its buffer past that). */
	if (!strcmp(event->name, "kvm_emulate_insn"))
		for (int i = 0; fields && fields[i]; i++)
			if (!strcmp(fields[i]->name, "len"))
				store(buf + fields[i]->offset, 1, 1 + next_random() % 15);
	free(fields);
	free(common);
	return tail;
}

static int truncate_records;

static void print_records(struct tep_handle *tep, struct tep_event *event, int count,
			  const char *tag)
{
	unsigned char buf[4096];
	struct trace_seq s;

	for (int i = 0; i < count; i++) {
		struct tep_record record;

		seed(event->name, i);
		memset(&record, 0, sizeof(record));
		record.size = build_record(event, buf, sizeof(buf));
		record.data = buf;
		if (truncate_records) {
			/* a heap copy of exactly the kept bytes, so tools see overreads */
			record.size = next_random() % (record.size + 1);
			record.data = malloc(record.size ? record.size : 1);
			memcpy(record.data, buf, record.size);
		}
		record.cpu = next_random() % 4;
		record.ts = 1000000000ULL + (uint64_t)i * 123457 + next_random() % 1000;
		trace_seq_init(&s);
		tep_print_event(tep, &s, &record, "%s-%d [%03d] %6.1000d: %s: %s\n",
				TEP_PRINT_COMM, TEP_PRINT_PID, TEP_PRINT_CPU, TEP_PRINT_TIME,
				TEP_PRINT_NAME, TEP_PRINT_INFO);
		printf("%s%s#%d ", tag, event->system, i);
		fwrite(s.buffer, 1, s.len, stdout);
		trace_seq_destroy(&s);
		if (truncate_records)
			free(record.data);
	}
}

/* (Not tep_plugin_list_options: upstream 1.8.4's under-allocates its array.) */
static void print_options(void)
{
	struct trace_seq s;

	trace_seq_init(&s);
	tep_plugin_print_options(&s);
	fwrite(s.buffer, 1, s.len, stdout);
	trace_seq_destroy(&s);
}

int main(int argc, char **argv)
{
	/* ftrace options set before the plugin loads, then changed while loaded */
	static const char *const option_passes[][2] = {
		{ NULL, NULL }, { "ftrace:parent", "1" }, { "offset", "true" },
		{ "ftrace:indent", "0" }, { "ftrace:parent", NULL }, { "ftrace:offset", "0" },
	};
	struct tep_plugin_list *plugins;
	struct tep_handle *tep;
	char path[4096], line[1024];
	int per_event = argc > 3 ? atoi(argv[3]) : 40;
	char *kallsyms;
	FILE *list;

	if (argc < 3) {
		fprintf(stderr, "usage: %s PLUGIN_DIR SET_DIR [RECORDS_PER_EVENT]\n", argv[0]);
		return 2;
	}
	truncate_records = argc > 4 && !strcmp(argv[4], "truncated");
	unsetenv("TRACEEVENT_PLUGIN_DIR");
	setenv("HOME", "/nonexistent-plugin-test-home", 1);

	tep = tep_alloc();
	tep_set_long_size(tep, 8);
	tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);  /* store() writes little-endian */
	tep_set_flag(tep, TEP_DISABLE_SYS_PLUGINS);
	tep_add_plugin_path(tep, argv[1], TEP_PLUGIN_LAST);
	tep_plugin_add_option("ftrace:indent", "1");
	plugins = tep_load_plugins(tep);
	print_options();

	snprintf(path, sizeof(path), "%s/kallsyms", argv[2]);
	kallsyms = read_file(path, NULL);
	if (kallsyms)
		tep_parse_kallsyms(tep, kallsyms);
	free(kallsyms);

	snprintf(path, sizeof(path), "%s/events.list", argv[2]);
	list = fopen(path, "r");
	if (!list) {
		fprintf(stderr, "cannot open %s\n", path);
		return 2;
	}
	while (fgets(line, sizeof(line), list)) {
		char sys[256], rel[768];
		size_t size;
		char *format;

		if (sscanf(line, "%255s %767s", sys, rel) != 2 || sys[0] == '#')
			continue;
		snprintf(path, sizeof(path), "%s/%s", argv[2], rel);
		format = read_file(path, &size);
		if (!format) {
			fprintf(stderr, "cannot read %s\n", path);
			return 2;
		}
		printf("parse %s %s: %d\n", sys, rel, tep_parse_event(tep, format, size, sys));
		free(format);
	}
	fclose(list);

	for (unsigned pass = 0; pass < sizeof(option_passes) / sizeof(option_passes[0]); pass++) {
		char tag[64];

		if (option_passes[pass][0])
			tep_plugin_add_option(option_passes[pass][0], option_passes[pass][1]);
		snprintf(tag, sizeof(tag), "[pass %u] ", pass);
		for (int i = 0; i < tep_get_events_count(tep); i++) {
			struct tep_event *event = tep_get_event(tep, i);

			/* only the ftrace plugin reads options: other events once */
			if (pass && strcmp(event->system, "ftrace"))
				continue;
			print_records(tep, event, per_event, tag);
		}
	}
	print_options();
	tep_unload_plugins(plugins, tep);
	tep_free(tep);
	return 0;
}
