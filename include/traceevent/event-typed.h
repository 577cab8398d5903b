/* SPDX-License-Identifier: LGPL-2.1 */
/*
 * Typed events: what each value an event prints means, as its print fmt says,
 * read by handles resolved once and in batches of records.
 *
 *   struct tev_catalog *cat;                     one per tep_handle
 *   struct tev_event *ev;                        one per event type
 *   const struct tev_column *col;                one per printed value or raw field
 *
 *   tev_catalog_new(tep, &cat);
 *   tev_event_find(cat, "sched", "sched_switch", &ev);
 *   tev_event_find_column(ev, "prev_state", &col);     -- TEV_KIND_FLAGS
 *   tev_fill(col, records, n, values, valid);          -- n values, no lookup per record
 *   tev_format(col, record, seq);                      -- upstream's text for it
 *   tev_catalog_free(cat);                             -- before tep_free(tep)
 *
 * Functions returning int give TEV_OK (0) or a negative enum tev_status;
 * tev_strerror() names it. Getters of a bad handle return NULL, -1 or 0.
 * See Documentation/typed-events.md.
 */
#ifndef _TRACE_EVENT_TYPED_H
#define _TRACE_EVENT_TYPED_H

#include <stddef.h>
#include <stdint.h>

#include "event-parse.h"

#ifdef __cplusplus
extern "C" {
#endif

struct tev_catalog;
struct tev_event;
struct tev_column;
struct tev_window;
struct tev_function_args;

enum tev_status {
	TEV_OK			= 0,
	TEV_ERR_NULL_ARGUMENT	= -1,	/* a required pointer is NULL */
	TEV_ERR_BAD_HANDLE	= -2,	/* not a catalog, event or column of this API */
	TEV_ERR_NO_EVENT	= -3,	/* no event of that name or id */
	TEV_ERR_NO_COLUMN	= -4,	/* no column or field of that name */
	TEV_ERR_INDEX		= -5,	/* an index out of range */
	TEV_ERR_KIND		= -6,	/* the column has no such value (codes of a non-enum) */
	TEV_ERR_NO_VALUE	= -7,	/* an opaque column: text only */
	TEV_ERR_UNRESOLVED	= -8,	/* a table key the kernel left as a name */
	TEV_ERR_WRONG_EVENT	= -9,	/* the record is another event's */
	TEV_ERR_NO_MEMORY	= -10,
	TEV_ERR_INTERNAL	= -11,
	/* Function arguments from BTF (tev_function_args_*): */
	TEV_ERR_NO_BTF		= -12,	/* no BTF: tep_load_btf() or tev_catalog_load_btf() */
	TEV_ERR_BAD_BTF		= -13,	/* a blob that is not BTF this library can read */
	TEV_ERR_NO_FUNCTION	= -14,	/* the BTF has no such function, or kallsyms no name
					   for the record's address */
	TEV_ERR_NO_ARGS		= -15,	/* the event carries no argument words (not ftrace:function
					   or ftrace:funcgraph_entry with args[]) */
	TEV_ERR_WRONG_FUNCTION	= -16,	/* the record is another function's */
	TEV_ERR_BTF_MISMATCH	= -17,	/* the record holds fewer argument words than the BTF's
					   parameters take: the BTF does not match the trace */
};

const char *tev_strerror(int status);

/* What a value means. */
enum tev_kind {
	TEV_KIND_OPAQUE,	/* upstream's text only */
	TEV_KIND_INT,		/* signed integer of its real width */
	TEV_KIND_UINT,		/* unsigned integer of its real width */
	TEV_KIND_BOOL,
	TEV_KIND_ENUM,		/* __print_symbolic: codes name the value */
	TEV_KIND_FLAGS,		/* __print_flags: a set of named masks */
	TEV_KIND_STRING,
	TEV_KIND_BYTES,
	TEV_KIND_ARRAY,		/* integers of tev_column_element_type() */
	TEV_KIND_CPUSET,	/* __get_cpumask: tev_bitset_test() */
	TEV_KIND_BITMASK,	/* __get_bitmask, %*pbl */
	TEV_KIND_SYMBOL,	/* a kernel address (%pS, %ps): tev_column_symbol() */
	TEV_KIND_POINTER,
	TEV_KIND_MAC,		/* 6 bytes */
	TEV_KIND_IPV4,		/* 4 bytes, network order */
	TEV_KIND_IPV6,		/* 16 bytes */
	TEV_KIND_SOCKADDR,	/* struct sockaddr_in / sockaddr_in6 bytes */
	TEV_KIND_UUID,		/* 16 bytes */
	TEV_KIND_DEVICE,	/* a dev_t printed MAJOR,MINOR: tev_column_minor_bits() */
	TEV_KIND_DURATION,	/* an integer in tev_column_unit() */
	TEV_KIND_TIMESTAMP,	/* a point in time in tev_column_unit() */
	TEV_KIND_DERIVED,	/* an expression over fields, as the print fmt computes it */
};

const char *tev_kind_name(enum tev_kind kind);

/* How a value is stored by tev_fill(). */
enum tev_type {
	TEV_TYPE_NONE,		/* no value (opaque, or an enum of texts only) */
	TEV_TYPE_I8, TEV_TYPE_I16, TEV_TYPE_I32, TEV_TYPE_I64,
	TEV_TYPE_U8, TEV_TYPE_U16, TEV_TYPE_U32, TEV_TYPE_U64,
	TEV_TYPE_BOOL,		/* uint8_t 0 or 1 */
	TEV_TYPE_BYTES,		/* struct tev_bytes */
};

/* Bytes per value of a type in tev_fill()'s array (0 for TEV_TYPE_NONE). */
size_t tev_type_size(enum tev_type type);

/* A view into a record (or the handle's kernel strings): valid while they are. */
struct tev_bytes {
	const void	*data;
	size_t		size;
};

struct tev_value {
	int		valid;	/* 0: null (another event's record, too short, no value) */
	enum tev_type	type;
	int64_t		i;	/* integers and bool; signed types sign-extended */
	uint64_t	u;	/* the same bits */
	struct tev_bytes bytes;	/* TEV_TYPE_BYTES */
	int32_t		code;	/* TEV_KIND_ENUM: a label index, -1 when none matches */
};

enum tev_layout {
	TEV_LAYOUT_PRINT_FMT,	/* one column per printed value */
	TEV_LAYOUT_FAILED,	/* unparsable print fmt: one column per field, as
				   "[FAILED TO PARSE] a=1 b=2" prints them */
	TEV_LAYOUT_BPRINT,	/* ftrace:bprint: caller symbol and message */
};

/* The catalog of a handle; free it before tep_free(tep). */
int tev_catalog_new(struct tep_handle *tep, struct tev_catalog **catalog);
void tev_catalog_free(struct tev_catalog *catalog);
/* A value for a table key the kernel left unexpanded ("I_DIRTY_SYNC"). */
int tev_catalog_define(struct tev_catalog *catalog, const char *name, uint64_t value);

/* system may be NULL (any). */
int tev_event_find(struct tev_catalog *catalog, const char *system, const char *name,
		   struct tev_event **event);
int tev_event_by_id(struct tev_catalog *catalog, int id, struct tev_event **event);
int tev_event_of(struct tev_catalog *catalog, struct tep_event *tep_event,
		 struct tev_event **event);
struct tep_event *tev_event_tep_event(const struct tev_event *event);
enum tev_layout tev_event_layout(const struct tev_event *event);
/* The literal print fmt text after the last column. */
const char *tev_event_suffix(const struct tev_event *event);

/* Columns: the printed values, in print fmt order. */
int tev_event_column_count(const struct tev_event *event);
int tev_event_column(const struct tev_event *event, int index, const struct tev_column **column);
int tev_event_find_column(const struct tev_event *event, const char *name,
			  const struct tev_column **column);
/* Raw fields, common ones first: always there, never lossy. */
int tev_event_field_count(const struct tev_event *event);
int tev_event_field(const struct tev_event *event, int index, const struct tev_column **field);
int tev_event_find_field(const struct tev_event *event, const char *name,
			 const struct tev_column **field);

const char *tev_column_name(const struct tev_column *column);
enum tev_kind tev_column_kind(const struct tev_column *column);
enum tev_type tev_column_type(const struct tev_column *column);
enum tev_type tev_column_element_type(const struct tev_column *column);
/* "ns", "us", "ms", "s", "jiffies" for durations and timestamps, else NULL. */
const char *tev_column_unit(const struct tev_column *column);
/* Why a column is opaque, or where a value comes from; NULL when nothing to say. */
const char *tev_column_note(const struct tev_column *column);
/* The literal print fmt text before the column, and its conversion ("%pS"). */
const char *tev_column_prefix(const struct tev_column *column);
const char *tev_column_conversion(const struct tev_column *column);
/* The field it reads (NULL when none or several), its print fmt argument (-1: a raw field). */
struct tep_format_field *tev_column_field(const struct tev_column *column);
int tev_column_print_arg(const struct tev_column *column);

/* Enum labels: every name once; codes index them. */
int tev_column_label_count(const struct tev_column *column);
const char *tev_column_label(const struct tev_column *column, int index);
/* Enum and flag tables in print fmt order (flags: composite masks first, as the
   kernel lists them). An unexpanded key gives TEV_ERR_UNRESOLVED, its name still set. */
int tev_column_table_count(const struct tev_column *column);
int tev_column_table_size(const struct tev_column *column, int table);
int tev_column_table_entry(const struct tev_column *column, int table, int index,
			   uint64_t *value, const char **name);
/* Flags: the delimiter and the name of 0 (NULL when none). */
const char *tev_column_flags_delimiter(const struct tev_column *column);
const char *tev_column_zero_name(const struct tev_column *column);
/* Device: dev_t = MAJOR << bits | MINOR. */
int tev_column_minor_bits(const struct tev_column *column);

/* One value. TEV_OK with value->valid 0 for a null value. */
int tev_read(const struct tev_column *column, const struct tep_record *record,
	     struct tev_value *value);
/*
 * The columnar path: the values of count records into values (tev_type_size()
 * bytes each, in the column's tev_column_type()), valid[i] 1 or 0 (valid may
 * be NULL). Records of other events give null. A null value is stored as 0
 * (TEV_TYPE_BYTES: data NULL, size 0). Returns the number of valid values, or
 * a negative tev_status.
 */
int64_t tev_fill(const struct tev_column *column, const struct tep_record *const *records,
		 size_t count, void *values, uint8_t *valid);
/*
 * Several columns of one event at once, each record checked once: values[j]
 * and valid[j] (valid, or any valid[j], may be NULL) as tev_fill() fills them
 * for columns[j]. Returns the number of records of the event, or a negative
 * tev_status (TEV_ERR_WRONG_EVENT when the columns are of several events).
 */
int64_t tev_fill_columns(const struct tev_column *const *columns, size_t ncolumns,
			 const struct tep_record *const *records, size_t count,
			 void *const *values, uint8_t *const *valid);
/* Any integer-valued column (bool, enum, flags, symbol ...) as int64_t. */
int64_t tev_fill_int64(const struct tev_column *column, const struct tep_record *const *records,
		       size_t count, int64_t *values, uint8_t *valid);
/* Enum codes (label indexes, -1 when no name matches). */
int64_t tev_fill_codes(const struct tev_column *column, const struct tep_record *const *records,
		       size_t count, int32_t *codes, uint8_t *valid);
/*
 * Upstream's texts of count records, back to back in text (no NULs): record i
 * is text[offsets[i] .. offsets[i+1]). Returns how many records fit in
 * capacity (fewer than count: call again from there with more room).
 */
int64_t tev_fill_text(const struct tev_column *column, const struct tep_record *const *records,
		      size_t count, char *text, size_t capacity, uint64_t *offsets);

/*
 * Windows: records of any events (a run of a few thousand, in the trace's
 * order) grouped by event in one pass, then each group's columns filled
 * without looking up or checking any record's event again. A window is used
 * by one thread at a time, freed before its catalog, and holds pointers to
 * the records of its last load.
 */
int tev_window_new(struct tev_catalog *catalog, struct tev_window **window);
void tev_window_free(struct tev_window *window);
/*
 * Groups count records (at most UINT32_MAX) by event, replacing the last
 * load. Returns the number of groups (events with records here, in the order
 * of their first record), or a negative tev_status (TEV_ERR_INDEX: too many).
 * A record that is NULL, too short for common_type or of no event of the
 * handle is in no group.
 */
int64_t tev_window_load(struct tev_window *window, const struct tep_record *const *records,
			size_t count);
/* Group `group` of the last load: its event, its records in their order in the
   load, and how many (any of event, records, count may be NULL). */
int tev_window_group(const struct tev_window *window, size_t group, struct tev_event **event,
		     const struct tep_record *const **records, size_t *count);
/*
 * The values of the group's records as tev_fill_columns fills them for the
 * same records (columns all of the group's event, values[j] with room for
 * the group's count). Returns that count, or a negative tev_status.
 */
int64_t tev_window_fill(const struct tev_window *window, size_t group,
			const struct tev_column *const *columns, size_t ncolumns,
			void *const *values, uint8_t *const *valid);

/* Upstream's text for the column's value in record, appended to s. */
int tev_format(const struct tev_column *column, const struct tep_record *record,
	       struct trace_seq *s);
/* The same into buf (NUL-terminated, cut to size); returns the full length. */
int tev_format_buf(const struct tev_column *column, const struct tep_record *record,
		   char *buf, size_t size);

/* The kernel function containing address (the handle's kallsyms): its name and
   start; TEV_ERR_NO_VALUE when none does. For symbol columns' values. */
int tev_column_symbol(const struct tev_column *column, uint64_t address, const char **name,
		      uint64_t *start);
/* Bit `bit` of a cpuset or bitmask value (the kernel's long words, file byte order). */
int tev_bitset_test(const struct tev_column *column, struct tev_bytes bits, unsigned int bit);
/* Element index of an array value, sign-extended when signed. */
int tev_array_element(const struct tev_column *column, struct tev_bytes array, size_t index,
		      int64_t *element);

/*
 * Function arguments from BTF: the argument words of ftrace:function
 * (ip, parent_ip, unsigned long args[]) and ftrace:funcgraph_entry (func,
 * depth, args[]) records as one column per parameter of the record's function,
 * named after it and typed from BTF: TEV_KIND_INT / TEV_KIND_UINT of the
 * parameter's width, TEV_KIND_BOOL, TEV_KIND_ENUM (its names as labels and one
 * table), TEV_KIND_POINTER, and TEV_KIND_OPAQUE (a struct or anything else by
 * value: TEV_TYPE_BYTES, its words as the record holds them). tev_column_note()
 * is the parameter's declaration ("const char *filename"); tev_format() its
 * text as tep_btf_print_args() prints it. The columns are columns of the event:
 * tev_read(), tev_fill(), tev_fill_columns() (with the event's own) take them,
 * and a record with fewer words than the parameters take gives no value in any.
 * The BTF is the catalog's (tev_catalog_load_btf), else the handle's
 * (tep_load_btf). A function's model is built at its first request and lives
 * as long as the catalog.
 */
/* Copies a BTF blob (raw, as /sys/kernel/btf/vmlinux) for the catalog's
   function arguments; NULL, 0 drops it (the handle's BTF is used again). */
int tev_catalog_load_btf(struct tev_catalog *catalog, const void *data, size_t size);
/* The parameters of `function` (its name in the BTF or in kallsyms, ".isra.0"
   and such cut) as columns of `event`'s records. */
int tev_function_args_find(struct tev_event *event, const char *function,
			   struct tev_function_args **args);
/* The parameters of the function a record of `event` is of (its ip or func
   looked up in the handle's kallsyms). */
int tev_function_args_of(struct tev_event *event, const struct tep_record *record,
			 struct tev_function_args **args);
/* The function's name in the BTF. */
const char *tev_function_args_name(const struct tev_function_args *args);
/* The columns: one per parameter (a variadic "..." has none). */
int tev_function_args_count(const struct tev_function_args *args);
int tev_function_args_column(const struct tev_function_args *args, int index,
			     const struct tev_column **column);
int tev_function_args_find_column(const struct tev_function_args *args, const char *name,
				  const struct tev_column **column);
/* The argument words the parameters take (a struct by value may take several). */
int tev_function_args_words(const struct tev_function_args *args);
/* TEV_OK when record is one of the function's with all its words, else
   TEV_ERR_WRONG_EVENT, _NO_FUNCTION (kallsyms does not name its address),
   _WRONG_FUNCTION or _BTF_MISMATCH. */
int tev_function_args_check(const struct tev_function_args *args, const struct tep_record *record);
/*
 * Every parameter of count records: values[j] and valid[j] (valid, or any
 * valid[j], may be NULL) as tev_fill() fills them for column j. Records of
 * other events or functions give null. Returns the number of the function's
 * records, or a negative tev_status: TEV_ERR_BTF_MISMATCH when one of them
 * holds fewer words than the parameters take (nothing is filled then).
 */
int64_t tev_function_args_fill(const struct tev_function_args *args,
			       const struct tep_record *const *records, size_t count,
			       void *const *values, uint8_t *const *valid);

#ifdef __cplusplus
}
#endif

#endif /* _TRACE_EVENT_TYPED_H */
