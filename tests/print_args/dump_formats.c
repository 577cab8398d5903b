// SPDX-License-Identifier: LGPL-2.1
/*
 * dump_formats [-l LONG_SIZE] [-F NAME:NARGS]... [-T TEMPLATE CASES | FILE...]
 * Parses each event format file with tep_parse_event (one handle per file, the
 * system taken from .../events/SYS/NAME/format) and dumps its print fmt tree.
 * -F registers a print function taking NARGS ints first (>= 2: int, long).
 * A file name "-" reads further file names from stdin, one per line.
 * -T: every line of CASES (but empty ones and "#" comments) is a print fmt
 * appended as "print fmt: LINE" to the TEMPLATE format; "@xHH@" in a line
 * stands for the byte 0xHH.
 * Linked against the public API only: run it on upstream and on ours, diff.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dump_tree.h"
#include "event-parse.h"

struct func_spec {
	char name[64];
	int nargs;
};

static struct func_spec funcs[16];
static int nr_funcs;
static int long_size = 8;

static unsigned long long dummy_func(struct trace_seq *s, unsigned long long *args)
{
	(void)s;
	(void)args;
	return 0;
}

static char *read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, len = 0;

	if (!f)
		return NULL;
	for (;;) {
		if (len + 4096 > cap) {
			cap = cap ? cap * 2 : 8192;
			buf = realloc(buf, cap);
			if (!buf) {
				fclose(f);
				return NULL;
			}
		}
		size_t n = fread(buf + len, 1, cap - len, f);
		if (n == 0)
			break;
		len += n;
	}
	fclose(f);
	*size = len;
	return buf;
}

/* ".../events/SYS/NAME/format" -> "SYS" */
static void system_of(const char *path, char *sys, size_t cap)
{
	const char *end = strrchr(path, '/');
	const char *start;

	snprintf(sys, cap, "test");
	if (!end)
		return;
	while (end > path && end[-1] == '/')
		end--;
	end = memrchr(path, '/', end - path);
	if (!end || end == path)
		return;
	start = memrchr(path, '/', end - path);
	start = start ? start + 1 : path;
	snprintf(sys, cap, "%.*s", (int)(end - start), start);
}

static void dump_text(const char *label, char *buf, size_t size, const char *sys)
{
	struct tep_handle *tep = tep_alloc();
	struct tep_event **events;
	int rc;

	if (label)
		printf("== %s\n", label);
	if (!buf || !tep) {
		printf("unreadable\n");
		tep_free(tep);
		return;
	}
	tep_set_long_size(tep, long_size);
	for (int i = 0; i < nr_funcs; i++) {
		switch (funcs[i].nargs) {
		case 0:
			tep_register_print_function(tep, dummy_func, TEP_FUNC_ARG_INT, funcs[i].name,
						    TEP_FUNC_ARG_VOID);
			break;
		case 1:
			tep_register_print_function(tep, dummy_func, TEP_FUNC_ARG_INT, funcs[i].name,
						    TEP_FUNC_ARG_INT, TEP_FUNC_ARG_VOID);
			break;
		default:
			tep_register_print_function(tep, dummy_func, TEP_FUNC_ARG_INT, funcs[i].name,
						    TEP_FUNC_ARG_INT, TEP_FUNC_ARG_LONG, TEP_FUNC_ARG_VOID);
			break;
		}
	}
	rc = tep_parse_event(tep, buf, size, sys);
	printf("rc %d\n", rc);
	events = tep_list_events(tep, TEP_EVENT_SORT_ID);
	for (int i = 0; events && events[i]; i++)
		dump_event_print_fmt(stdout, events[i]);
	fflush(stdout);
	tep_free(tep);
}

static void dump_file(const char *path)
{
	char sys[256];
	size_t size = 0;
	char *buf = read_file(path, &size);

	system_of(path, sys, sizeof(sys));
	dump_text(path, buf, size, sys);
	free(buf);
}

/* "@xHH@" -> byte 0xHH, in place */
static void decode_bytes(char *line)
{
	char *out = line;

	for (char *in = line; *in;) {
		unsigned int byte;

		if (in[0] == '@' && in[1] == 'x' && sscanf(in + 2, "%2x", &byte) == 1 && in[4] == '@' &&
		    byte) {
			*out++ = (char)byte;
			in += 5;
		} else {
			*out++ = *in++;
		}
	}
	*out = 0;
}

static int dump_cases(const char *template_path, const char *cases_path)
{
	size_t template_size = 0;
	char *template = read_file(template_path, &template_size);
	FILE *cases = fopen(cases_path, "r");
	char line[8192];
	int n = 0;

	if (!template || !cases) {
		fprintf(stderr, "cannot read %s or %s\n", template_path, cases_path);
		free(template);
		if (cases)
			fclose(cases);
		return 1;
	}
	while (fgets(line, sizeof(line), cases)) {
		size_t len = strcspn(line, "\n");
		char *text;

		line[len] = 0;
		if (!line[0] || line[0] == '#')
			continue;
		n++;
		printf("== case %d: %s\n", n, line);  /* as written, "@xHH@" included */
		decode_bytes(line);
		len = strlen(line);
		text = malloc(template_size + len + 16);
		if (!text)
			break;
		memcpy(text, template, template_size);
		len = (size_t)sprintf(text + template_size, "print fmt: %s\n", line);
		dump_text(NULL, text, template_size + len, "test");
		free(text);
	}
	fclose(cases);
	free(template);
	return 0;
}

int main(int argc, char **argv)
{
	int i = 1;

	for (; i < argc; i++) {
		if (strcmp(argv[i], "-l") == 0 && i + 1 < argc) {
			long_size = atoi(argv[++i]);
		} else if (strcmp(argv[i], "-F") == 0 && i + 1 < argc && nr_funcs < 16) {
			const char *spec = argv[++i];
			const char *colon = strchr(spec, ':');

			snprintf(funcs[nr_funcs].name, sizeof(funcs[0].name), "%.*s",
				 colon ? (int)(colon - spec) : (int)strlen(spec), spec);
			funcs[nr_funcs].nargs = colon ? atoi(colon + 1) : 0;
			nr_funcs++;
		} else if (strcmp(argv[i], "-T") == 0 && i + 2 < argc) {
			return dump_cases(argv[i + 1], argv[i + 2]);
		} else {
			break;
		}
	}
	for (; i < argc; i++) {
		if (strcmp(argv[i], "-") == 0) {
			char line[4096];

			while (fgets(line, sizeof(line), stdin)) {
				line[strcspn(line, "\n")] = 0;
				if (line[0])
					dump_file(line);
			}
		} else {
			dump_file(argv[i]);
		}
	}
	return 0;
}
