/* SPDX-License-Identifier: LGPL-2.1 */
/* Printing into a caller's trace_seq: what tep_print_event and the
   tep_print_*field* family leave after the text (consumers read seq.buffer
   as a C string), return values, missing fields, NULL arguments. Every seq
   starts with stale text behind len and '~' after it. */
#include <string.h>

#include "probe.h"

#pragma GCC diagnostic ignored "-Wnonnull"
#pragma GCC diagnostic ignored "-Wformat-zero-length"
#pragma GCC diagnostic ignored "-Wformat-extra-args"

static struct trace_seq seq;

static struct trace_seq *fresh_seq(void)
{
  stale_seq(&seq);
  dirty_seq(&seq);
  return &seq;
}

#define PRINT_EVENT(tep, r, fmt, ...)                                   \
  do {                                                                  \
    struct trace_seq *s = fresh_seq();                                  \
    CALL(tep_print_event(tep, s, r, fmt, ##__VA_ARGS__));               \
    show_seq(#fmt " " #__VA_ARGS__, s, 1);                              \
    show_errno();                                                       \
    trace_seq_destroy(s);                                               \
  } while (0)

static void directives(const char *name)
{
  struct tep_handle *tep = fixture();
  struct tep_record *r = fixture_record(tep, name);
  PRINT_EVENT(tep, r, "%s", TEP_PRINT_LATENCY);
  PRINT_EVENT(tep, r, "%s", TEP_PRINT_INFO);
  PRINT_EVENT(tep, r, "%s", TEP_PRINT_INFO_RAW);
  PRINT_EVENT(tep, r, "%s", TEP_PRINT_COMM);
  PRINT_EVENT(tep, r, "%s", TEP_PRINT_NAME);
  PRINT_EVENT(tep, r, "%d", TEP_PRINT_PID);
  PRINT_EVENT(tep, r, "%d", TEP_PRINT_CPU);
  PRINT_EVENT(tep, r, "%d", TEP_PRINT_TIME);
  PRINT_EVENT(tep, r, "%6.1000d", TEP_PRINT_TIME);
  PRINT_EVENT(tep, r, "%-20s|", TEP_PRINT_NAME);
  PRINT_EVENT(tep, r, "%16s-%-5d [%03d] %s: %s", TEP_PRINT_COMM, TEP_PRINT_PID, TEP_PRINT_CPU,
              TEP_PRINT_NAME, TEP_PRINT_INFO);
  PRINT_EVENT(tep, r, "plain text");
  PRINT_EVENT(tep, r, "");
  PRINT_EVENT(tep, r, "%s %%", TEP_PRINT_NAME);
  tep_free(tep);
}

CASE(print_event_sched_switch) { directives("sched_switch"); }
CASE(print_event_kinds) { directives("kinds"); }
CASE(print_event_quiet) { directives("quiet"); }
CASE(print_event_sock) { directives("sock"); }

CASE(print_event_latency_after_info)
{
  /* KernelShark: one seq, reset between the info and the latency columns. */
  struct tep_handle *tep = fixture();
  struct tep_record *r = fixture_record(tep, "sched_switch");
  struct trace_seq s;
  trace_seq_init(&s);
  tep_print_event(tep, &s, r, "%s", TEP_PRINT_INFO);
  trace_seq_reset(&s);
  tep_print_event(tep, &s, r, "%s", TEP_PRINT_LATENCY);
  show_seq("latency", &s, 1);
  trace_seq_reset(&s);
  tep_print_event(tep, &s, r, "%s", TEP_PRINT_COMM);
  show_seq("comm", &s, 1);
  trace_seq_destroy(&s);
  tep_free(tep);
}

CASE(print_event_unknown_event)
{
  struct tep_handle *tep = fixture();
  struct tep_record *r = fixture_record(tep, "quiet");
  ((unsigned char *)r->data)[0] = 99;  /* no event has id 99 */
  PRINT_EVENT(tep, r, "%s", TEP_PRINT_NAME);
  PRINT_EVENT(tep, r, "%s", TEP_PRINT_INFO);
  tep_free(tep);
}

CASE(print_event_nsec_flag)
{
  struct tep_handle *tep = fixture();
  struct tep_record *r = fixture_record(tep, "quiet");
  tep_set_flag(tep, TEP_NSEC_OUTPUT);
  PRINT_EVENT(tep, r, "%d", TEP_PRINT_TIME);
  tep_free(tep);
}

#define PRINT_EVENT_NULL(name, t, s, rec, fmt)                   \
  CASE(name)                                                     \
  {                                                              \
    struct tep_handle *tep = fixture();                          \
    struct tep_record *r = fixture_record(tep, "quiet");         \
    struct trace_seq *sq = fresh_seq();                          \
    (void)r; (void)sq;                                           \
    tep_print_event(t, s, rec, fmt, TEP_PRINT_NAME);             \
    show_seq("seq", &seq, 1);                                    \
    trace_seq_destroy(&seq);                                     \
    tep_free(tep);                                               \
  }

PRINT_EVENT_NULL(print_event_null_handle, NULL, sq, r, "%s")
PRINT_EVENT_NULL(print_event_null_seq, tep, NULL, r, "%s")
PRINT_EVENT_NULL(print_event_null_record, tep, sq, NULL, "%s")
PRINT_EVENT_NULL(print_event_null_format, tep, sq, r, NULL)

static void each_field(const char *event_name, int with_size)
{
  struct tep_handle *tep = fixture();
  struct tep_event *e = fixture_event(tep, event_name);
  struct tep_record *r = fixture_record(tep, event_name);
  for (struct tep_format_field *f = e->format.fields; f; f = f->next) {
    struct trace_seq *s = fresh_seq();
    if (with_size)
      CALL(tep_print_field_content(s, r->data, r->size, f));
    else
      CALL(tep_print_field(s, r->data, f));
    show_seq(f->name, s, 1);
    show_errno();
    trace_seq_destroy(s);
  }
  tep_free(tep);
}

CASE(print_field_each_kind) { each_field("kinds", 0); }
CASE(print_field_sched_switch) { each_field("sched_switch", 0); }
CASE(print_field_content_each_kind) { each_field("kinds", 1); }

CASE(print_fields_all)
{
  struct tep_handle *tep = fixture();
  for (int i = 0; i < 4; i++) {
    static const char *const names[] = { "sched_switch", "kinds", "quiet", "sock" };
    struct tep_event *e = fixture_event(tep, names[i]);
    struct tep_record *r = fixture_record(tep, names[i]);
    struct trace_seq *s = fresh_seq();
    CALL(tep_print_fields(s, r->data, r->size, e));
    show_seq(names[i], s, 1);
    show_errno();
    trace_seq_destroy(s);
    s = fresh_seq();
    tep_record_print_fields(s, r, e);
    show_seq("record", s, 1);
    trace_seq_destroy(s);
    s = fresh_seq();
    tep_record_print_selected_fields(s, r, e, 0x5);
    show_seq("selected 0x5", s, 1);
    trace_seq_destroy(s);
    s = fresh_seq();
    tep_record_print_selected_fields(s, r, e, 0);
    show_seq("selected 0", s, 1);
    trace_seq_destroy(s);
  }
  tep_free(tep);
}

typedef int (*field_printer)(struct trace_seq *, const char *, struct tep_event *, const char *,
                             struct tep_record *, int);

/* tep_print_num_field / tep_print_func_field on each name, with and without err. */
static void print_named_fields(field_printer print, const char *fmt, const char *const *names)
{
  struct tep_handle *tep = fixture();
  struct tep_event *e = fixture_event(tep, "kinds");
  struct tep_record *r = fixture_record(tep, "kinds");
  for (; *names; names++)
    for (int err = 0; err < 2; err++) {
      struct trace_seq *s = fresh_seq();
      int ret = CALL(print(s, fmt, e, *names, r, err));
      printf("  %s err=%d: ret=%d", *names, err, ret);
      show_errno();
      show_seq("seq", s, 1);
      trace_seq_destroy(s);
    }
  tep_free(tep);
}

CASE(print_num_field_cases)
{
  static const char *const names[] = { "i", "c", "ip", "name", "odd", "nosuch", NULL };
  print_named_fields(tep_print_num_field, "<%llx>", names);
}

CASE(print_func_field_cases)
{
  static const char *const names[] = { "ip", "i", "name", "nosuch", NULL };
  print_named_fields(tep_print_func_field, "<%s>", names);
}

CASE(print_num_field_short_record)
{
  struct tep_handle *tep = fixture();
  struct tep_record *r = fixture_record(tep, "kinds");
  r->size = 4;
  struct trace_seq *s = fresh_seq();
  int ret = tep_print_num_field(s, "<%llx>", fixture_event(tep, "kinds"), "i", r, 1);
  printf("  ret=%d\n", ret);
  show_seq("seq", s, 1);
  trace_seq_destroy(s);
  tep_free(tep);
}

/* `call` (an int: a void call is written `(call, 0)`) with a NULL argument. */
#define PRINT_NULL(name, call)                                   \
  CASE(name)                                                     \
  {                                                              \
    struct tep_handle *tep = fixture();                          \
    struct tep_event *e = fixture_event(tep, "kinds");           \
    struct tep_record *r = fixture_record(tep, "kinds");         \
    struct trace_seq *s = fresh_seq();                           \
    (void)e; (void)r; (void)s;                                   \
    printf("  ret=%d\n", call);                                  \
    show_seq("seq", &seq, 1);                                    \
    trace_seq_destroy(&seq);                                     \
    tep_free(tep);                                               \
  }

PRINT_NULL(print_field_null_seq, (tep_print_field(NULL, r->data, e->format.fields), 0))
PRINT_NULL(print_field_null_data, (tep_print_field(s, NULL, e->format.fields), 0))
PRINT_NULL(print_field_null_field, (tep_print_field(s, r->data, NULL), 0))
PRINT_NULL(print_field_content_null_field, (tep_print_field_content(s, r->data, r->size, NULL), 0))
PRINT_NULL(print_field_content_zero_size, (tep_print_field_content(s, r->data, 0, tep_find_field(e, "dstr")), 0))
PRINT_NULL(print_fields_null_seq, (tep_print_fields(NULL, r->data, r->size, e), 0))
PRINT_NULL(print_fields_null_data, (tep_print_fields(s, NULL, r->size, e), 0))
PRINT_NULL(print_fields_null_event, (tep_print_fields(s, r->data, r->size, NULL), 0))
PRINT_NULL(print_fields_zero_size, (tep_print_fields(s, r->data, 0, e), 0))
PRINT_NULL(record_print_fields_null_record, (tep_record_print_fields(s, NULL, e), 0))
PRINT_NULL(record_print_fields_null_event, (tep_record_print_fields(s, r, NULL), 0))
PRINT_NULL(record_print_selected_fields_null_event, (tep_record_print_selected_fields(s, r, NULL, 1), 0))
PRINT_NULL(print_num_field_null_seq, tep_print_num_field(NULL, "%llx", e, "i", r, 1))
PRINT_NULL(print_num_field_null_format, tep_print_num_field(s, NULL, e, "i", r, 1))
PRINT_NULL(print_num_field_null_event, tep_print_num_field(s, "%llx", NULL, "i", r, 1))
PRINT_NULL(print_num_field_null_name, tep_print_num_field(s, "%llx", e, NULL, r, 1))
PRINT_NULL(print_num_field_null_record, tep_print_num_field(s, "%llx", e, "i", NULL, 1))
PRINT_NULL(print_func_field_null_record, tep_print_func_field(s, "%s", e, "ip", NULL, 1))
PRINT_NULL(print_func_field_null_event, tep_print_func_field(s, "%s", NULL, "ip", r, 1))

const struct probe_case print_cases[] = {
  ENTRY(print_event_sched_switch, 0),
  ENTRY(print_event_kinds, 0),
  ENTRY(print_event_quiet, 0),
  ENTRY(print_event_sock, 0),
  ENTRY(print_event_latency_after_info, 0),
  ENTRY(print_event_unknown_event, 0),
  ENTRY(print_event_nsec_flag, 0),
  ENTRY(print_event_null_handle, UPSTREAM_CRASHES),
  ENTRY(print_event_null_seq, UPSTREAM_CRASHES),
  ENTRY(print_event_null_record, UPSTREAM_CRASHES),
  ENTRY(print_event_null_format, UPSTREAM_CRASHES),
  ENTRY(print_field_each_kind, 0),
  ENTRY(print_field_sched_switch, 0),
  ENTRY(print_field_content_each_kind, 0),
  ENTRY(print_fields_all, 0),
  ENTRY(print_num_field_cases, 0),
  ENTRY(print_func_field_cases, 0),
  ENTRY(print_num_field_short_record, UPSTREAM_UNDEFINED),
  ENTRY(print_field_null_seq, UPSTREAM_CRASHES),
  ENTRY(print_field_null_data, UPSTREAM_CRASHES),
  ENTRY(print_field_null_field, UPSTREAM_CRASHES),
  ENTRY(print_field_content_null_field, UPSTREAM_CRASHES),
  ENTRY(print_field_content_zero_size, UPSTREAM_UNDEFINED),
  ENTRY(print_fields_null_seq, UPSTREAM_CRASHES),
  ENTRY(print_fields_null_data, UPSTREAM_CRASHES),
  ENTRY(print_fields_null_event, UPSTREAM_CRASHES),
  ENTRY(print_fields_zero_size, UPSTREAM_UNDEFINED),
  ENTRY(record_print_fields_null_record, UPSTREAM_CRASHES),
  ENTRY(record_print_fields_null_event, UPSTREAM_CRASHES),
  ENTRY(record_print_selected_fields_null_event, UPSTREAM_CRASHES),
  ENTRY(print_num_field_null_seq, UPSTREAM_CRASHES),
  ENTRY(print_num_field_null_format, UPSTREAM_UNDEFINED),  /* vsnprintf(NULL format) */
  ENTRY(print_num_field_null_event, UPSTREAM_CRASHES),
  ENTRY(print_num_field_null_name, UPSTREAM_CRASHES),
  ENTRY(print_num_field_null_record, UPSTREAM_CRASHES),
  ENTRY(print_func_field_null_record, UPSTREAM_CRASHES),
  ENTRY(print_func_field_null_event, UPSTREAM_CRASHES),
  { NULL, NULL, 0 },
};
