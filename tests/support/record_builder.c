// SPDX-License-Identifier: LGPL-2.1
/* Deterministic records for the printing drivers (record_builder.h). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_builder.h"

char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, r;

	if (!f)
		return NULL;
	do {
		if (n + 4096 + 1 > cap) {
			cap = cap ? cap * 2 : 65536;
			buf = realloc(buf, cap);
		}
		r = fread(buf + n, 1, cap - n - 1, f);
		n += r;
	} while (r > 0);
	fclose(f);
	buf[n] = 0;
	if (len)
		*len = n;
	return buf;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted list of "sys/name" for every event format under DIR/events. */
static char **list_events(const char *dir, int *count)
{
	char path[4096];
	char **list = NULL;
	int n = 0, cap = 0;
	DIR *top, *sub;
	struct dirent *s, *e;

	snprintf(path, sizeof(path), "%s/events", dir);
	top = opendir(path);
	if (!top) {
		*count = 0;
		return NULL;
	}
	while ((s = readdir(top))) {
		if (s->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/events/%s", dir, s->d_name);
		sub = opendir(path);
		if (!sub)
			continue;
		while ((e = readdir(sub))) {
			struct stat st;

			if (e->d_name[0] == '.')
				continue;
			snprintf(path, sizeof(path), "%s/events/%s/%s/format", dir, s->d_name,
				 e->d_name);
			if (stat(path, &st) != 0)
				continue;
			if (n == cap) {
				cap = cap ? cap * 2 : 256;
				list = realloc(list, cap * sizeof(*list));
			}
			if (asprintf(&list[n], "%s/%s", s->d_name, e->d_name) < 0)
				exit(2);
			n++;
		}
		closedir(sub);
	}
	closedir(top);
	qsort(list, n, sizeof(*list), cmp_str);
	*count = n;
	return list;
}

uint64_t rng_state;

uint64_t rnd(void)
{
	/* splitmix64: deterministic across runs and libraries */
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t *kallsyms_addrs;
static int nr_kallsyms;
static uint64_t *printk_addrs;
static int nr_printk;

void load_addresses(const char *kallsyms, const char *printk)
{
	const char *p;

	for (p = kallsyms; p && *p;) {
		char *end;
		uint64_t a = strtoull(p, &end, 16);

		if (end != p && (nr_kallsyms & 1023) == 0)
			kallsyms_addrs = realloc(kallsyms_addrs, (nr_kallsyms + 1024) * 8);
		if (end != p && a)
			kallsyms_addrs[nr_kallsyms++] = a;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	for (p = printk; p && *p;) {
		char *end;
		uint64_t a = strtoull(p, &end, 16);

		if (end != p && (nr_printk & 1023) == 0)
			printk_addrs = realloc(printk_addrs, (nr_printk + 1024) * 8);
		if (end != p)
			printk_addrs[nr_printk++] = a;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
}

/* A value for a numeric field: small, 32-bit, symbol address or anything. */
static uint64_t pick_value(int size, int long_size)
{
	switch (rnd() % 6) {
	case 0:
		return rnd() % 4;
	case 1:
		return rnd() % 64;
	case 2:
		return 1ULL << (rnd() % (size * 8));
	case 3:
		if (size == long_size && nr_kallsyms)
			return kallsyms_addrs[rnd() % nr_kallsyms] + rnd() % 3 * (rnd() % 64);
		return rnd() & 0xffffffffULL;
	case 4:
		if (size == long_size && nr_printk)
			return printk_addrs[rnd() % nr_printk];
		return -(int64_t)(rnd() % 300);
	default:
		return rnd();
	}
}

static void put_number(unsigned char *p, uint64_t v, int size)
{
	/* little-endian, as the handle's file (a big-endian host swaps) */
	for (int i = 0; i < size && i < 8; i++)
		p[i] = v >> (8 * i);
}

static void fill_string(unsigned char *p, int len)
{
	int i;

	for (i = 0; i < len - 1; i++)
		p[i] = 'a' + rnd() % 26;
	if (len > 0)
		p[len - 1] = 0;
}

/*
 * Builds record n of an event into buf; returns its size and sets *bad when
 * __data_loc words were left pointing anywhere.
 */
int build_record(struct tep_event *event, int n, unsigned char *buf, int long_size, int *bad)
{
	struct tep_format_field **common = tep_event_common_fields(event);
	struct tep_format_field **fields = tep_event_fields(event);
	struct tep_format_field **lists[2] = { common, fields };
	int end = 0, tail, i, l;

	*bad = (n % 4) == 3;
	for (l = 0; l < 2; l++)
		for (i = 0; lists[l] && lists[l][i]; i++) {
			int e = lists[l][i]->offset + lists[l][i]->size;
			if (e > end)
				end = e;
		}
	if (end > MAX_RECORD / 2)
		end = MAX_RECORD / 2;
	for (i = 0; i < end; i++)
		buf[i] = rnd();
	tail = end;
	/* trailing zero-size arrays (ftrace:print's buf, bprint's buf) */
	for (l = 0; l < 2; l++)
		for (i = 0; lists[l] && lists[l][i]; i++) {
			struct tep_format_field *f = lists[l][i];
			int size = f->size;

			if (f->offset + size > MAX_RECORD / 2)
				continue;
			if (f->flags & TEP_FIELD_IS_DYNAMIC) {
				int len = 1 + rnd() % 40;
				uint32_t word;

				if (*bad) {
					put_number(buf + f->offset, rnd(), size);
					continue;
				}
				if (n % 4 == 2)
					len = 0;
				if (tail + len > MAX_RECORD)
					len = 0;
				if (strstr(f->type, "char"))
					fill_string(buf + tail, len);
				else {
					int k;
					for (k = 0; k < len; k++)
						buf[tail + k] = rnd();
					/* sometimes a sockaddr: AF_INET or AF_INET6 first */
					if (len >= 2 && rnd() % 2) {
						buf[tail] = rnd() % 2 ? 2 : 10;
						buf[tail + 1] = 0;
					}
				}
				if (f->flags & TEP_FIELD_IS_RELATIVE)
					word = (uint32_t)(tail - (f->offset + size)) | ((uint32_t)len << 16);
				else
					word = (uint32_t)tail | ((uint32_t)len << 16);
				put_number(buf + f->offset, word, size);
				tail += len;
				continue;
			}
			if (size == 0) {
				/* rest of the record: printable text, NUL-terminated words */
				int len = 8 + rnd() % 64, k;

				if (f->offset + len > MAX_RECORD)
					continue;
				for (k = 0; k < len; k++)
					buf[f->offset + k] = (k % 7 == 6) ? 0 : 'A' + rnd() % 26;
				buf[f->offset + len - 1] = 0;
				if (f->offset + len > tail)
					tail = f->offset + len;
				continue;
			}
			if (f->flags & TEP_FIELD_IS_ARRAY) {
				if (strstr(f->type, "char") && rnd() % 2)
					fill_string(buf + f->offset, 1 + rnd() % size);
				continue;
			}
			if (size == 1 || size == 2 || size == 4 || size == 8)
				put_number(buf + f->offset, pick_value(size, long_size), size);
		}
	/* common_type must name the event; keep pids small */
	put_number(buf, event->id, 2);
	if (common && common[0]) {
		for (i = 0; common[i]; i++)
			if (!strcmp(common[i]->name, "common_pid"))
				put_number(buf + common[i]->offset, rnd() % 5 ? rnd() % 3000 : 0,
					   common[i]->size);
	}
	free(common);
	free(fields);
	return tail;
}

void prepare_record(struct tep_event *event, int n, unsigned char *storage, int fill, int long_size,
		    struct tep_record *rec, int *bad)
{
	unsigned char *buf = storage + 8;

	rng_state = ((uint64_t)event->id << 32) ^ (uint64_t)n * 7919;
	memset(storage, fill, MAX_RECORD + 64);
	memset(rec, 0, sizeof(*rec));
	rec->size = build_record(event, n, buf, long_size, bad);
	rec->data = buf;
	rec->cpu = n % 4;
	rec->ts = 1000000000ULL * n + rnd() % 1000000000ULL;
}

void print_record_line(int bad, int n, const struct trace_seq *s)
{
	printf("%s %d: ", bad ? "bad" : "ok", n);
	fwrite(s->buffer, 1, s->len, stdout);
	printf("\n");
}

/*
 * A handle over DIR as both drivers read it: kallsyms, printk formats, every
 * events/SYS/NAME/format (their names in *events), and the comms COMM prints.
 */
struct tep_handle *load_handle(const char *dir, char ***events, int *nr)
{
	struct tep_handle *tep;
	char path[4096];
	char *kallsyms, *printk;
	int i;

	tep = tep_alloc();
	tep_set_long_size(tep, 8);
	tep_set_page_size(tep, 4096);
	tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);

	snprintf(path, sizeof(path), "%s/kallsyms", dir);
	kallsyms = read_file(path, NULL);
	if (kallsyms)
		tep_parse_kallsyms(tep, kallsyms);
	snprintf(path, sizeof(path), "%s/printk_formats", dir);
	printk = read_file(path, NULL);
	if (printk)
		tep_parse_printk_formats(tep, printk);
	load_addresses(kallsyms, printk);
	free(kallsyms);
	free(printk);

	*events = list_events(dir, nr);
	for (i = 0; i < *nr; i++) {
		char *sys = strdup((*events)[i]);
		size_t len;
		char *buf;

		*strchr(sys, '/') = 0;
		snprintf(path, sizeof(path), "%s/events/%s/format", dir, (*events)[i]);
		buf = read_file(path, &len);
		if (buf)
			tep_parse_event(tep, buf, len, sys);
		free(buf);
		free(sys);
	}
	/* one line per comm registration so COMM prints deterministic names */
	for (i = 1; i < 3000; i += 7) {
		char comm[32];
		snprintf(comm, sizeof(comm), "task-%d", i);
		tep_register_comm(tep, comm, i);
	}

	return tep;
}

