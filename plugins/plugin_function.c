// SPDX-License-Identifier: LGPL-2.1
/* ftrace:function (with call-depth indentation worked out from parents, and
 * the arguments of a kernel that records them, printed through BTF),
 * ftrace:kernel_stack, ftrace:raw_data and ftrace:func_repeats. Options
 * (plugin "ftrace"): parent, indent (on by default), offset. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "event-parse.h"
#include "event-utils.h"
#include "plugin_export.h"

static struct tep_plugin_option function_options[] = {
	{ .name = "parent", .plugin_alias = "ftrace",
	  .description = "Print parent of functions for function events" },
	{ .name = "indent", .plugin_alias = "ftrace",
	  .description = "Try to show function call indents, based on parents", .set = 1 },
	{ .name = "offset", .plugin_alias = "ftrace",
	  .description = "Show function names as well as their offsets" },
	{ .name = NULL },
};
#define OPT_PARENT (function_options[0].set)
#define OPT_INDENT (function_options[1].set)
#define OPT_OFFSET (function_options[2].set)

/* How the time of the last repeated call is printed; trace-cmd defines its
 * own to match its report's timestamps. */
PLUGIN_EXPORT_WEAK const char *tep_func_repeat_format = "%6.1000d";

/* Per CPU, the chain of functions seen: names[i + 1] was called by names[i].
 * A function whose parent sits at depth i is indented i levels. */
struct call_chain {
	int size;
	char **names;
};

#define CHAIN_GROWTH 10

static pthread_mutex_t chains_lock = PTHREAD_MUTEX_INITIALIZER;
static struct call_chain *chains;
static int max_cpu = -1;

static void set_chain_entry(struct call_chain *chain, const char *name, int pos)
{
	if (!name)
		return;
	if (pos < chain->size) {
		if (chain->names[pos] && strcmp(chain->names[pos], name) == 0)
			return;  /* most calls repeat the chain they find */
		free(chain->names[pos]);
	} else {
		char **grown = realloc(chain->names, sizeof(char *) * (chain->size + CHAIN_GROWTH));

		if (!grown) {
			tep_warning("could not allocate plugin memory\n");
			return;
		}
		chain->names = grown;
		memset(grown + chain->size, 0, sizeof(char *) * CHAIN_GROWTH);
		chain->size += CHAIN_GROWTH;
	}
	chain->names[pos] = strdup(name);
}

/* The depth of `parent` on `cpu`, recording `child` below it; an unknown
 * parent starts a new chain at depth 0. */
static int call_depth(const char *parent, const char *child, int cpu)
{
	struct call_chain *chain;

	if (cpu > max_cpu) {
		struct call_chain *grown = realloc(chains, sizeof(*chains) * (cpu + 1));

		if (!grown) {
			tep_warning("could not allocate plugin memory\n");
			return 0;
		}
		chains = grown;
		memset(chains + max_cpu + 1, 0, sizeof(*chains) * (cpu - max_cpu));
		max_cpu = cpu;
	}
	chain = &chains[cpu];
	for (int i = 0; i < chain->size && chain->names[i]; i++) {
		if (strcmp(parent, chain->names[i]) == 0) {
			set_chain_entry(chain, child, i + 1);
			return i;
		}
	}
	set_chain_entry(chain, parent, 0);
	set_chain_entry(chain, child, 1);
	return 0;
}

static void show_function(struct trace_seq *s, struct tep_handle *tep,
			  const char *name, unsigned long long addr)
{
	trace_seq_puts(s, name);
	if (OPT_OFFSET)
		trace_seq_printf(s, "+0x%x ", (int)(addr - tep_find_function_address(tep, addr)));
}

static void show_address(struct trace_seq *s, struct tep_handle *tep,
			 const char *name, unsigned long long addr)
{
	if (name)
		show_function(s, tep, name, addr);
	else
		trace_seq_printf(s, "0x%llx", addr);
}

/* printf's "%*s" of "": `count` spaces */
static void put_spaces(struct trace_seq *s, int count)
{
	static const char spaces[] = "                                ";
	const int n = sizeof(spaces) - 1;

	for (; count > 0; count -= n)
		trace_seq_puts(s, spaces + (count < n ? n - count : 0));
}

/* Kernels from 6.x record the traced function's arguments in `args[]`; 1.9.0
 * prints them after the name when the record holds at least three words:
 * "(name=value, ...)" through BTF, else the words in hex. Its test and count
 * are unsigned: a record shorter than the field's offset prints "()" (the
 * count handed over is then negative, which the library takes as no words). */
static void show_args(struct trace_seq *s, struct tep_handle *tep, struct tep_event *event,
		      struct tep_record *record, const char *func)
{
	struct tep_format_field *field = tep_find_field(event, "args");
	unsigned long len;

	if (!field)
		return;
	len = (unsigned long)(long)(record->size - field->offset);
	if (len < 3 * sizeof(long))
		return;
	trace_seq_putc(s, '(');
	tep_btf_print_args(tep, s, (char *)record->data + field->offset, (int)(len / sizeof(long)),
			   sizeof(long), func);
	trace_seq_putc(s, ')');
}

static int function_handler(struct trace_seq *s, struct tep_record *record,
			    struct tep_event *event, void *context)
{
	struct tep_handle *tep = event->tep;
	unsigned long long ip, parent_ip;
	const char *func, *parent;
	int depth = 0;

	if (tep_get_field_val(s, event, "ip", record, &ip, 1))
		return trace_seq_putc(s, '!');
	func = tep_find_function(tep, ip);
	if (tep_get_field_val(s, event, "parent_ip", record, &parent_ip, 1))
		return trace_seq_putc(s, '!');
	parent = tep_find_function(tep, parent_ip);

	if (parent && OPT_INDENT && record->cpu >= 0) {
		pthread_mutex_lock(&chains_lock);
		depth = call_depth(parent, func, record->cpu);
		pthread_mutex_unlock(&chains_lock);
	}
	put_spaces(s, depth * 3);
	show_address(s, tep, func, ip);
	show_args(s, tep, event, record, func);
	if (OPT_PARENT) {
		trace_seq_printf(s, " <-- ");
		show_address(s, tep, parent, parent_ip);
	}
	return 0;
}

/* "<stack trace >" then one "=> func (addr)" line per return address, up to
 * the end of the record or a -1 terminator. */
static int kernel_stack_handler(struct trace_seq *s, struct tep_record *record,
				struct tep_event *event, void *context)
{
	struct tep_handle *tep = event->tep;
	struct tep_format_field *field = tep_find_any_field(event, "caller");
	const char *end = (const char *)record->data + record->size;
	int long_size;

	if (!field) {
		trace_seq_printf(s, "<CANT FIND FIELD %s>", "caller");
		return 0;
	}
	trace_seq_puts(s, "<stack trace >\n");
	long_size = tep_get_long_size(tep);
	if (long_size <= 0)
		return 0;
	for (const char *p = (const char *)record->data + field->offset;
	     p >= (const char *)record->data && p + long_size <= end; p += long_size) {
		unsigned long long addr = tep_read_number(tep, p, long_size);
		const char *func;

		if ((long_size == 8 && addr == (unsigned long long)-1) || (int)addr == -1)
			break;
		func = tep_find_function(tep, addr);
		if (func) {
			trace_seq_puts(s, "=> ");
			show_function(s, tep, func, addr);
			trace_seq_printf(s, " (%llx)\n", addr);
		} else {
			trace_seq_printf(s, "=> %llx\n", addr);
		}
	}
	return 0;
}

/* "# <id>" then the payload bytes in hex, e.g. "# 2a 01 02 03". */
static int raw_data_handler(struct trace_seq *s, struct tep_record *record,
			    struct tep_event *event, void *context)
{
	struct tep_format_field *field;
	unsigned long long id;
	const unsigned char *end = (const unsigned char *)record->data + record->size;
	int long_size;

	if (tep_get_field_val(s, event, "id", record, &id, 1))
		return trace_seq_putc(s, '!');
	trace_seq_printf(s, "# %llx", id);
	field = tep_find_any_field(event, "buf");
	if (!field) {
		trace_seq_printf(s, "<CANT FIND FIELD %s>", "buf");
		return 0;
	}
	long_size = tep_get_long_size(event->tep);
	if (long_size <= 0)
		return 0;
	/* Upstream steps by the trace's long size but shows up to 8 bytes a step. */
	for (const unsigned char *p = (const unsigned char *)record->data + field->offset;
	     p >= (const unsigned char *)record->data && p < end; p += long_size) {
		long left = end - p;
		int n = left < 8 ? (int)left : 8;

		for (int i = 0; i < n; i++)
			trace_seq_printf(s, " %02x", p[i]);
	}
	return 0;
}

/* The function line, then " (count: N  last_ts: <time of the last call>)". */
static int func_repeats_handler(struct trace_seq *s, struct tep_record *record,
				struct tep_event *event, void *context)
{
	unsigned long long count, top_delta, bottom_delta;
	struct tep_record last;

	function_handler(s, record, event, context);
	if (tep_get_field_val(s, event, "count", record, &count, 1) ||
	    tep_get_field_val(s, event, "top_delta_ts", record, &top_delta, 1) ||
	    tep_get_field_val(s, event, "bottom_delta_ts", record, &bottom_delta, 1))
		return trace_seq_putc(s, '!');
	trace_seq_printf(s, " (count: %lld  last_ts: ", count);
	last = *record;
	last.ts -= (top_delta << 32) | bottom_delta;
	tep_print_event(event->tep, s, &last, tep_func_repeat_format, TEP_PRINT_TIME);
	trace_seq_puts(s, ")");
	return 0;
}

static const struct {
	const char *name;
	tep_event_handler_func handler;
} ftrace_handlers[] = {
	{ "function", function_handler },
	{ "kernel_stack", kernel_stack_handler },
	{ "raw_data", raw_data_handler },
	{ "func_repeats", func_repeats_handler },
};
#define NR_FTRACE_HANDLERS (sizeof(ftrace_handlers) / sizeof(ftrace_handlers[0]))

PLUGIN_EXPORT int tep_plugin_loader(struct tep_handle *tep)
{
	for (unsigned i = 0; i < NR_FTRACE_HANDLERS; i++)
		tep_register_event_handler(tep, -1, "ftrace", ftrace_handlers[i].name,
					   ftrace_handlers[i].handler, NULL);
	tep_plugin_add_options("ftrace", function_options);
	return 0;
}

PLUGIN_EXPORT void tep_plugin_unloader(struct tep_handle *tep)
{
	for (unsigned i = 0; i < NR_FTRACE_HANDLERS; i++)
		tep_unregister_event_handler(tep, -1, "ftrace", ftrace_handlers[i].name,
					     ftrace_handlers[i].handler, NULL);
	pthread_mutex_lock(&chains_lock);
	for (int cpu = 0; cpu <= max_cpu; cpu++) {
		for (int i = 0; i < chains[cpu].size; i++)
			free(chains[cpu].names[i]);
		free(chains[cpu].names);
	}
	free(chains);
	chains = NULL;
	max_cpu = -1;
	pthread_mutex_unlock(&chains_lock);
	tep_plugin_remove_options(function_options);
}
