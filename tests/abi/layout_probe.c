/* SPDX-License-Identifier: LGPL-2.1 */
/*
 * Prints the layout of every public struct and the value of every public enum constant and
 * macro. Compiled once against our include/traceevent and once against upstream 1.8.4's
 * headers; the two outputs must be identical (check_headers.py compares them), which is what
 * binary compatibility of programs built against either header set requires.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "event-parse.h"
#include "event-utils.h"
#include "kbuffer.h"
#include "trace-seq.h"

#define STRUCT(s) printf("struct %s size %zu align %zu\n", #s, sizeof(struct s), _Alignof(struct s))
#define MEMBER(s, m) printf("  %s.%s offset %zu size %zu\n", #s, #m, offsetof(struct s, m), \
			    sizeof(((struct s *)0)->m))
#define VALUE(v) printf("%s = %lld\n", #v, (long long)(v))
#define TEXT(v) printf("%s = \"%s\"\n", #v, v)

static void records_and_plugins(void)
{
	STRUCT(tep_record);
	MEMBER(tep_record, ts);
	MEMBER(tep_record, offset);
	MEMBER(tep_record, missed_events);
	MEMBER(tep_record, record_size);
	MEMBER(tep_record, size);
	MEMBER(tep_record, data);
	MEMBER(tep_record, cpu);
	MEMBER(tep_record, ref_count);
	MEMBER(tep_record, locked);
	MEMBER(tep_record, priv);
	VALUE(DEBUG_RECORD);

	STRUCT(tep_plugin_option);
	MEMBER(tep_plugin_option, next);
	MEMBER(tep_plugin_option, handle);
	MEMBER(tep_plugin_option, file);
	MEMBER(tep_plugin_option, name);
	MEMBER(tep_plugin_option, plugin_alias);
	MEMBER(tep_plugin_option, description);
	MEMBER(tep_plugin_option, value);
	MEMBER(tep_plugin_option, priv);
	MEMBER(tep_plugin_option, set);
	TEXT(TEP_PLUGIN_LOADER_NAME);
	TEXT(TEP_PLUGIN_UNLOADER_NAME);
	VALUE((long)INVALID_PLUGIN_LIST_OPTION);
	VALUE(TEP_PLUGIN_FIRST);
	VALUE(TEP_PLUGIN_LAST);
}

static void formats(void)
{
	VALUE(TEP_FIELD_IS_ARRAY);
	VALUE(TEP_FIELD_IS_POINTER);
	VALUE(TEP_FIELD_IS_SIGNED);
	VALUE(TEP_FIELD_IS_STRING);
	VALUE(TEP_FIELD_IS_DYNAMIC);
	VALUE(TEP_FIELD_IS_LONG);
	VALUE(TEP_FIELD_IS_FLAG);
	VALUE(TEP_FIELD_IS_SYMBOLIC);
	VALUE(TEP_FIELD_IS_RELATIVE);

	STRUCT(tep_format_field);
	MEMBER(tep_format_field, next);
	MEMBER(tep_format_field, event);
	MEMBER(tep_format_field, type);
	MEMBER(tep_format_field, name);
	MEMBER(tep_format_field, alias);
	MEMBER(tep_format_field, offset);
	MEMBER(tep_format_field, size);
	MEMBER(tep_format_field, arraylen);
	MEMBER(tep_format_field, elementsize);
	MEMBER(tep_format_field, flags);

	STRUCT(tep_format);
	MEMBER(tep_format, nr_common);
	MEMBER(tep_format, nr_fields);
	MEMBER(tep_format, common_fields);
	MEMBER(tep_format, fields);

	STRUCT(tep_event);
	MEMBER(tep_event, tep);
	MEMBER(tep_event, name);
	MEMBER(tep_event, id);
	MEMBER(tep_event, flags);
	MEMBER(tep_event, format);
	MEMBER(tep_event, print_fmt);
	MEMBER(tep_event, system);
	MEMBER(tep_event, handler);
	MEMBER(tep_event, context);
	VALUE(TEP_EVENT_FL_ISFTRACE);
	VALUE(TEP_EVENT_FL_ISPRINT);
	VALUE(TEP_EVENT_FL_ISBPRINT);
	VALUE(TEP_EVENT_FL_ISFUNCENT);
	VALUE(TEP_EVENT_FL_ISFUNCRET);
	VALUE(TEP_EVENT_FL_NOHANDLE);
	VALUE(TEP_EVENT_FL_PRINTRAW);
	VALUE(TEP_EVENT_FL_FAILED);
	VALUE(TEP_EVENT_SORT_ID);
	VALUE(TEP_EVENT_SORT_NAME);
	VALUE(TEP_EVENT_SORT_SYSTEM);
	VALUE(TEP_EVENT_ERROR);
	VALUE(TEP_EVENT_NONE);
	VALUE(TEP_EVENT_SPACE);
	VALUE(TEP_EVENT_NEWLINE);
	VALUE(TEP_EVENT_OP);
	VALUE(TEP_EVENT_DELIM);
	VALUE(TEP_EVENT_ITEM);
	VALUE(TEP_EVENT_DQUOTE);
	VALUE(TEP_EVENT_SQUOTE);
}

static void print_args(void)
{
	STRUCT(tep_print_arg_atom);
	MEMBER(tep_print_arg_atom, atom);
	STRUCT(tep_print_arg_string);
	MEMBER(tep_print_arg_string, string);
	MEMBER(tep_print_arg_string, offset);
	MEMBER(tep_print_arg_string, field);
	STRUCT(tep_print_arg_bitmask);
	MEMBER(tep_print_arg_bitmask, bitmask);
	MEMBER(tep_print_arg_bitmask, offset);
	MEMBER(tep_print_arg_bitmask, field);
	STRUCT(tep_print_arg_field);
	MEMBER(tep_print_arg_field, name);
	MEMBER(tep_print_arg_field, field);
	STRUCT(tep_print_flag_sym);
	MEMBER(tep_print_flag_sym, next);
	MEMBER(tep_print_flag_sym, value);
	MEMBER(tep_print_flag_sym, str);
	STRUCT(tep_print_arg_typecast);
	MEMBER(tep_print_arg_typecast, type);
	MEMBER(tep_print_arg_typecast, item);
	STRUCT(tep_print_arg_flags);
	MEMBER(tep_print_arg_flags, field);
	MEMBER(tep_print_arg_flags, delim);
	MEMBER(tep_print_arg_flags, flags);
	STRUCT(tep_print_arg_symbol);
	MEMBER(tep_print_arg_symbol, field);
	MEMBER(tep_print_arg_symbol, symbols);
	STRUCT(tep_print_arg_hex);
	MEMBER(tep_print_arg_hex, field);
	MEMBER(tep_print_arg_hex, size);
	STRUCT(tep_print_arg_int_array);
	MEMBER(tep_print_arg_int_array, field);
	MEMBER(tep_print_arg_int_array, count);
	MEMBER(tep_print_arg_int_array, el_size);
	STRUCT(tep_print_arg_dynarray);
	MEMBER(tep_print_arg_dynarray, field);
	MEMBER(tep_print_arg_dynarray, index);
	STRUCT(tep_print_arg_op);
	MEMBER(tep_print_arg_op, op);
	MEMBER(tep_print_arg_op, prio);
	MEMBER(tep_print_arg_op, left);
	MEMBER(tep_print_arg_op, right);
	STRUCT(tep_print_arg_func);
	MEMBER(tep_print_arg_func, func);
	MEMBER(tep_print_arg_func, args);

	STRUCT(tep_print_arg);
	MEMBER(tep_print_arg, next);
	MEMBER(tep_print_arg, type);
	MEMBER(tep_print_arg, atom);
	MEMBER(tep_print_arg, field);
	MEMBER(tep_print_arg, typecast);
	MEMBER(tep_print_arg, flags);
	MEMBER(tep_print_arg, symbol);
	MEMBER(tep_print_arg, hex);
	MEMBER(tep_print_arg, int_array);
	MEMBER(tep_print_arg, func);
	MEMBER(tep_print_arg, string);
	MEMBER(tep_print_arg, bitmask);
	MEMBER(tep_print_arg, op);
	MEMBER(tep_print_arg, dynarray);
	VALUE(TEP_PRINT_NULL);
	VALUE(TEP_PRINT_ATOM);
	VALUE(TEP_PRINT_FIELD);
	VALUE(TEP_PRINT_FLAGS);
	VALUE(TEP_PRINT_SYMBOL);
	VALUE(TEP_PRINT_HEX);
	VALUE(TEP_PRINT_INT_ARRAY);
	VALUE(TEP_PRINT_TYPE);
	VALUE(TEP_PRINT_STRING);
	VALUE(TEP_PRINT_BSTRING);
	VALUE(TEP_PRINT_DYNAMIC_ARRAY);
	VALUE(TEP_PRINT_OP);
	VALUE(TEP_PRINT_FUNC);
	VALUE(TEP_PRINT_BITMASK);
	VALUE(TEP_PRINT_DYNAMIC_ARRAY_LEN);
	VALUE(TEP_PRINT_HEX_STR);
	VALUE(TEP_PRINT_CPUMASK);

	STRUCT(tep_print_fmt);
	MEMBER(tep_print_fmt, format);
	MEMBER(tep_print_fmt, args);
	MEMBER(tep_print_fmt, print_cache);

	VALUE(TEP_FUNC_ARG_VOID);
	VALUE(TEP_FUNC_ARG_INT);
	VALUE(TEP_FUNC_ARG_LONG);
	VALUE(TEP_FUNC_ARG_STRING);
	VALUE(TEP_FUNC_ARG_PTR);
	VALUE(TEP_FUNC_ARG_MAX_TYPES);
}

static void handle_and_output(void)
{
	/* Every error code with its message, from the header's own X-macro list. */
#define _PE(code, str) printf("TEP_ERRNO__%s = %d \"%s\"\n", #code, TEP_ERRNO__##code, str)
	TEP_ERRORS;
#undef _PE
	VALUE(__TEP_ERRNO__START);
	VALUE(__TEP_ERRNO__END);
	VALUE(TEP_ERRNO__SUCCESS);
	VALUE(TEP_ERRNO__FILTER_MATCH);
	VALUE(TEP_NSEC_OUTPUT);
	VALUE(TEP_DISABLE_SYS_PLUGINS);
	VALUE(TEP_DISABLE_PLUGINS);
	VALUE(TEP_LITTLE_ENDIAN);
	VALUE(TEP_BIG_ENDIAN);
	VALUE(TRACE_FLAG_IRQS_OFF);
	VALUE(TRACE_FLAG_NEED_RESCHED_LAZY);
	VALUE(TRACE_FLAG_NEED_RESCHED);
	VALUE(TRACE_FLAG_HARDIRQ);
	VALUE(TRACE_FLAG_SOFTIRQ);
	TEXT(TEP_PRINT_INFO);
	TEXT(TEP_PRINT_INFO_RAW);
	TEXT(TEP_PRINT_COMM);
	TEXT(TEP_PRINT_LATENCY);
	TEXT(TEP_PRINT_NAME);
	VALUE(TEP_PRINT_PID);
	VALUE(TEP_PRINT_TIME);
	VALUE(TEP_PRINT_CPU);
	VALUE(TEP_REGISTER_SUCCESS);
	VALUE(TEP_REGISTER_SUCCESS_OVERWRITE);
	VALUE(TEP_LOG_NONE);
	VALUE(TEP_LOG_CRITICAL);
	VALUE(TEP_LOG_ERROR);
	VALUE(TEP_LOG_WARNING);
	VALUE(TEP_LOG_INFO);
	VALUE(TEP_LOG_DEBUG);
	VALUE(TEP_LOG_ALL);
}

static void filters(void)
{
	VALUE(TEP_FILTER_FALSE);
	VALUE(TEP_FILTER_TRUE);
	VALUE(TEP_FILTER_OP_AND);
	VALUE(TEP_FILTER_OP_OR);
	VALUE(TEP_FILTER_OP_NOT);
	VALUE(TEP_FILTER_CMP_NONE);
	VALUE(TEP_FILTER_CMP_EQ);
	VALUE(TEP_FILTER_CMP_NE);
	VALUE(TEP_FILTER_CMP_GT);
	VALUE(TEP_FILTER_CMP_LT);
	VALUE(TEP_FILTER_CMP_GE);
	VALUE(TEP_FILTER_CMP_LE);
	VALUE(TEP_FILTER_CMP_MATCH);
	VALUE(TEP_FILTER_CMP_NOT_MATCH);
	VALUE(TEP_FILTER_CMP_REGEX);
	VALUE(TEP_FILTER_CMP_NOT_REGEX);
	VALUE(TEP_FILTER_EXP_NONE);
	VALUE(TEP_FILTER_EXP_ADD);
	VALUE(TEP_FILTER_EXP_SUB);
	VALUE(TEP_FILTER_EXP_MUL);
	VALUE(TEP_FILTER_EXP_DIV);
	VALUE(TEP_FILTER_EXP_MOD);
	VALUE(TEP_FILTER_EXP_RSHIFT);
	VALUE(TEP_FILTER_EXP_LSHIFT);
	VALUE(TEP_FILTER_EXP_AND);
	VALUE(TEP_FILTER_EXP_OR);
	VALUE(TEP_FILTER_EXP_XOR);
	VALUE(TEP_FILTER_EXP_NOT);
	VALUE(TEP_FILTER_ARG_NONE);
	VALUE(TEP_FILTER_ARG_BOOLEAN);
	VALUE(TEP_FILTER_ARG_VALUE);
	VALUE(TEP_FILTER_ARG_FIELD);
	VALUE(TEP_FILTER_ARG_EXP);
	VALUE(TEP_FILTER_ARG_OP);
	VALUE(TEP_FILTER_ARG_NUM);
	VALUE(TEP_FILTER_ARG_STR);
	VALUE(TEP_FILTER_NUMBER);
	VALUE(TEP_FILTER_STRING);
	VALUE(TEP_FILTER_CHAR);
	VALUE(TEP_FILTER_ERROR_BUFSZ);
	VALUE(FILTER_NONE);
	VALUE(FILTER_NOEXIST);
	VALUE(FILTER_MISS);
	VALUE(FILTER_MATCH);

	STRUCT(tep_filter_arg_boolean);
	MEMBER(tep_filter_arg_boolean, value);
	STRUCT(tep_filter_arg_field);
	MEMBER(tep_filter_arg_field, field);
	STRUCT(tep_filter_arg_value);
	MEMBER(tep_filter_arg_value, type);
	MEMBER(tep_filter_arg_value, str);
	MEMBER(tep_filter_arg_value, val);
	STRUCT(tep_filter_arg_op);
	MEMBER(tep_filter_arg_op, type);
	MEMBER(tep_filter_arg_op, left);
	MEMBER(tep_filter_arg_op, right);
	STRUCT(tep_filter_arg_exp);
	MEMBER(tep_filter_arg_exp, type);
	MEMBER(tep_filter_arg_exp, left);
	MEMBER(tep_filter_arg_exp, right);
	STRUCT(tep_filter_arg_num);
	MEMBER(tep_filter_arg_num, type);
	MEMBER(tep_filter_arg_num, left);
	MEMBER(tep_filter_arg_num, right);
	STRUCT(tep_filter_arg_str);
	MEMBER(tep_filter_arg_str, type);
	MEMBER(tep_filter_arg_str, field);
	MEMBER(tep_filter_arg_str, val);
	MEMBER(tep_filter_arg_str, buffer);
	MEMBER(tep_filter_arg_str, reg);
	STRUCT(tep_filter_arg);
	MEMBER(tep_filter_arg, type);
	MEMBER(tep_filter_arg, boolean);
	MEMBER(tep_filter_arg, field);
	MEMBER(tep_filter_arg, value);
	MEMBER(tep_filter_arg, op);
	MEMBER(tep_filter_arg, exp);
	MEMBER(tep_filter_arg, num);
	MEMBER(tep_filter_arg, str);
	STRUCT(tep_filter_type);
	MEMBER(tep_filter_type, event_id);
	MEMBER(tep_filter_type, event);
	MEMBER(tep_filter_type, filter);
	STRUCT(tep_event_filter);
	MEMBER(tep_event_filter, tep);
	MEMBER(tep_event_filter, filters);
	MEMBER(tep_event_filter, event_filters);
	MEMBER(tep_event_filter, error_buffer);
}

static void kbuffer_and_trace_seq(void)
{
	VALUE(KBUFFER_ENDIAN_BIG);
	VALUE(KBUFFER_ENDIAN_LITTLE);
	VALUE(KBUFFER_ENDIAN_SAME_AS_HOST);
	VALUE(KBUFFER_LSIZE_4);
	VALUE(KBUFFER_LSIZE_8);
	VALUE(KBUFFER_LSIZE_SAME_AS_HOST);
	VALUE(KBUFFER_TYPE_PADDING);
	VALUE(KBUFFER_TYPE_TIME_EXTEND);
	VALUE(KBUFFER_TYPE_TIME_STAMP);
	STRUCT(kbuffer_raw_info);
	MEMBER(kbuffer_raw_info, type);
	MEMBER(kbuffer_raw_info, length);
	MEMBER(kbuffer_raw_info, delta);
	MEMBER(kbuffer_raw_info, next);

	VALUE(TRACE_SEQ_BUF_SIZE);
	VALUE(TRACE_SEQ__GOOD);
	VALUE(TRACE_SEQ__BUFFER_POISONED);
	VALUE(TRACE_SEQ__MEM_ALLOC_FAILED);
	STRUCT(trace_seq);
	MEMBER(trace_seq, buffer);
	MEMBER(trace_seq, buffer_size);
	MEMBER(trace_seq, len);
	MEMBER(trace_seq, readpos);
	MEMBER(trace_seq, state);
}

static void utils(void)
{
	/* event-utils.h inline helpers: same results on the same inputs */
	char text[] = "  \t padded text \n ";
	printf("strim -> \"%s\"\n", strim(text));
	printf("has_text(\"  \") = %d, has_text(\" x \") = %d\n", has_text("  "), has_text(" x "));
	printf("min(3, 7) = %d\n", min(3, 7));
}

int main(void)
{
	/* Which architecture the layouts are of (cross builds run this under qemu). */
	printf("long %zu pointer %zu %s-endian\n", sizeof(long), sizeof(void *),
	       __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? "big" : "little");
	records_and_plugins();
	formats();
	print_args();
	handle_and_output();
	filters();
	kbuffer_and_trace_seq();
	utils();
	return 0;
}
