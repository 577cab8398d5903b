/* SPDX-License-Identifier: LGPL-2.1 */
/* Reading records: tep_read_number (NULL handle included), field values and
   what a failed read leaves in `val`, `len` and the `err` seq, the common
   fields whatever record->size says. */
#include <stdint.h>
#include <string.h>

#include "probe.h"

#pragma GCC diagnostic ignored "-Wnonnull"

static const unsigned long long kUnsetValue = 0x5e5e5e5e5e5e5e5eULL;

CASE(read_number_null_handle)
{
  static const unsigned char bytes[8] = { 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08 };
  static const int sizes[] = { 1, 2, 4, 8, 3, 0, -1, 16 };
  for (size_t i = 0; i < sizeof(sizes) / sizeof(*sizes); i++) {
    unsigned long long v = CALL(tep_read_number(NULL, bytes, sizes[i]));
    printf("  size %d: %#llx", sizes[i], v);
    show_errno();
  }
}

CASE(read_number_with_handle)
{
  static const unsigned char bytes[8] = { 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08 };
  static const int sizes[] = { 1, 2, 4, 8, 3, 0, -1 };
  struct tep_handle *tep = tep_alloc();
  for (int big = 0; big < 2; big++) {
    tep_set_file_bigendian(tep, big ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
    for (size_t i = 0; i < sizeof(sizes) / sizeof(*sizes); i++)
      printf("  big=%d size %d: %#llx\n", big, sizes[i], tep_read_number(tep, bytes, sizes[i]));
  }
  tep_free(tep);
}

CASE(read_number_null_pointer) { printf("  ret=%#llx\n", tep_read_number(NULL, NULL, 4)); }

CASE(read_number_field_cases)
{
  struct tep_handle *tep = fixture();
  struct tep_event *e = fixture_event(tep, "kinds");
  struct tep_record *r = fixture_record(tep, "kinds");
  static const char *const names[] = { "c", "sh", "i", "ip", "name", "bytes", "odd", "dstr" };
  for (size_t i = 0; i < sizeof(names) / sizeof(*names); i++) {
    unsigned long long v = kUnsetValue;
    int ret = CALL(tep_read_number_field(tep_find_field(e, names[i]), r->data, &v));
    printf("  %s: ret=%d value=%#llx", names[i], ret, v);
    show_errno();
  }
  tep_free(tep);
}

CASE(read_number_field_null_field)
{
  unsigned long long v = kUnsetValue;
  unsigned char data[8] = { 0 };
  printf("  ret=%d value=%#llx\n", tep_read_number_field(NULL, data, &v), v);
}

CASE(read_number_field_null_data)
{
  struct tep_handle *tep = fixture();
  unsigned long long v = kUnsetValue;
  printf("  ret=%d value=%#llx\n",
         tep_read_number_field(tep_find_field(fixture_event(tep, "kinds"), "i"), NULL, &v), v);
  tep_free(tep);
}

CASE(read_number_field_null_value)
{
  struct tep_handle *tep = fixture();
  struct tep_record *r = fixture_record(tep, "kinds");
  printf("  ret=%d\n", tep_read_number_field(tep_find_field(fixture_event(tep, "kinds"), "i"), r->data, NULL));
  tep_free(tep);
}

typedef int (*get_val_fn)(struct trace_seq *, struct tep_event *, const char *, struct tep_record *,
                          unsigned long long *, int);

/* One lookup through fn: return, val, errno and the err seq. */
static void get_val(get_val_fn fn, struct tep_event *e, const char *name, struct tep_record *r, int err)
{
  struct trace_seq s;
  stale_seq(&s);
  unsigned long long v = kUnsetValue;
  int ret = CALL(fn(&s, e, name, r, &v, err));
  printf("  %s err=%d: ret=%d val=%#llx", name, err, ret, v);
  show_errno();
  show_seq("seq", &s, 1);
  trace_seq_destroy(&s);
}

static void get_val_names(get_val_fn fn)
{
  struct tep_handle *tep = fixture();
  struct tep_event *e = fixture_event(tep, "kinds");
  struct tep_record *r = fixture_record(tep, "kinds");
  static const char *const names[] = { "c", "sh", "i", "common_pid", "common_type", "name", "odd", "dstr", "nosuch" };
  for (size_t i = 0; i < sizeof(names) / sizeof(*names); i++) {
    get_val(fn, e, names[i], r, 0);
    get_val(fn, e, names[i], r, 1);
  }
  tep_free(tep);
}

CASE(get_field_val_cases) { get_val_names(tep_get_field_val); }
CASE(get_common_field_val_cases) { get_val_names(tep_get_common_field_val); }
CASE(get_any_field_val_cases) { get_val_names(tep_get_any_field_val); }

/* A record whose size does not cover the field: upstream reads `data` anyway. */
CASE(get_field_val_short_record)
{
  struct tep_handle *tep = fixture();
  struct tep_record *r = fixture_record(tep, "kinds");
  r->size = 10;
  get_val(tep_get_field_val, fixture_event(tep, "kinds"), "i", r, 1);
  r->size = 0;
  get_val(tep_get_field_val, fixture_event(tep, "kinds"), "i", r, 1);
  tep_free(tep);
}

#define GET_VAL_NULL(name, fn, call_event, call_name, call_record, call_val, call_seq)  \
  CASE(name)                                                                            \
  {                                                                                     \
    struct tep_handle *tep = fixture();                                                 \
    struct tep_event *e = fixture_event(tep, "kinds");                                  \
    struct tep_record *r = fixture_record(tep, "kinds");                                \
    struct trace_seq s;                                                                 \
    stale_seq(&s);                                                                      \
    unsigned long long v = kUnsetValue;                                                 \
    (void)e; (void)r;                                                                   \
    int ret = CALL(fn(call_seq, call_event, call_name, call_record, call_val, 1));      \
    printf("  ret=%d val=%#llx", ret, v);                                               \
    show_errno();                                                                       \
    show_seq("seq", &s, 1);                                                             \
    trace_seq_destroy(&s);                                                              \
    tep_free(tep);                                                                      \
  }

GET_VAL_NULL(get_field_val_null_event, tep_get_field_val, NULL, "i", r, &v, &s)
GET_VAL_NULL(get_field_val_null_name, tep_get_field_val, e, NULL, r, &v, &s)
GET_VAL_NULL(get_field_val_null_record, tep_get_field_val, e, "i", NULL, &v, &s)
GET_VAL_NULL(get_field_val_null_val, tep_get_field_val, e, "i", r, NULL, &s)
GET_VAL_NULL(get_field_val_null_seq_found, tep_get_field_val, e, "i", r, &v, NULL)
GET_VAL_NULL(get_field_val_null_seq_missing, tep_get_field_val, e, "nosuch", r, &v, NULL)
GET_VAL_NULL(get_common_field_val_null_event, tep_get_common_field_val, NULL, "common_pid", r, &v, &s)
GET_VAL_NULL(get_any_field_val_null_event, tep_get_any_field_val, NULL, "i", r, &v, &s)

/* The helper plugins call (exported, no public prototype). */
int get_field_val(struct trace_seq *s, struct tep_format_field *field, const char *name,
                  struct tep_record *record, unsigned long long *val, int err);

CASE(get_field_val_helper)
{
  struct tep_handle *tep = fixture();
  struct tep_event *e = fixture_event(tep, "kinds");
  struct tep_record *r = fixture_record(tep, "kinds");
  struct trace_seq s;
  stale_seq(&s);
  unsigned long long v = kUnsetValue;
  int ret = get_field_val(&s, tep_find_field(e, "i"), "i", r, &v, 1);
  printf("  i: ret=%d val=%#llx\n", ret, v);
  v = kUnsetValue;
  ret = get_field_val(&s, NULL, "x", r, &v, 1);
  printf("  NULL field: ret=%d val=%#llx\n", ret, v);
  v = kUnsetValue;
  ret = get_field_val(&s, tep_find_field(e, "name"), "name", r, &v, 1);
  printf("  array: ret=%d val=%#llx\n", ret, v);
  show_seq("seq", &s, 1);
  trace_seq_destroy(&s);
  tep_free(tep);
}

static void field_raw(struct tep_handle *tep, const char *name, struct tep_record *r, int err)
{
  struct tep_event *e = fixture_event(tep, "kinds");
  struct trace_seq s;
  stale_seq(&s);
  int len = 0x5e5e;
  char *p = CALL(tep_get_field_raw(&s, e, name, r, &len, err));
  printf("  %s err=%d: ", name, err);
  if (p)
    printf("offset=%td len=%d", p - (char *)r->data, len);
  else
    printf("NULL len=%#x", len);
  show_errno();
  show_seq("seq", &s, 1);
  trace_seq_destroy(&s);
}

CASE(get_field_raw_cases)
{
  struct tep_handle *tep = fixture();
  struct tep_record *r = fixture_record(tep, "kinds");
  static const char *const names[] = { "i", "name", "dstr", "rstr", "darr", "common_pid", "nosuch" };
  for (size_t i = 0; i < sizeof(names) / sizeof(*names); i++) {
    field_raw(tep, names[i], r, 0);
    field_raw(tep, names[i], r, 1);
  }
  tep_free(tep);
}

CASE(get_field_raw_null_len)
{
  struct tep_handle *tep = fixture();
  struct trace_seq s;
  trace_seq_init(&s);
  struct tep_record *r = fixture_record(tep, "kinds");
  char *p = tep_get_field_raw(&s, fixture_event(tep, "kinds"), "i", r, NULL, 1);
  printf("  ret=%s\n", p ? "set" : "NULL");
  trace_seq_destroy(&s);
  tep_free(tep);
}

CASE(get_field_raw_null_record)
{
  struct tep_handle *tep = fixture();
  struct trace_seq s;
  trace_seq_init(&s);
  int len = 0x5e5e;
  char *p = tep_get_field_raw(&s, fixture_event(tep, "kinds"), "i", NULL, &len, 1);
  printf("  ret=%s len=%#x\n", p ? "set" : "NULL", len);
  trace_seq_destroy(&s);
  tep_free(tep);
}

CASE(get_field_raw_null_event)
{
  struct trace_seq s;
  trace_seq_init(&s);
  int len = 0x5e5e;
  char *p = tep_get_field_raw(&s, NULL, "i", NULL, &len, 1);
  printf("  ret=%s len=%#x\n", p ? "set" : "NULL", len);
  trace_seq_destroy(&s);
}

/* The common fields, with record->size saying anything. */
static void common_fields(struct tep_handle *tep, struct tep_record *r)
{
  int type = CALL(tep_data_type(tep, r));
  printf("  size %d: type=%d", r->size, type);
  show_errno();
  printf("    pid=%d preempt_count=%d flags=%d\n", tep_data_pid(tep, r), tep_data_preempt_count(tep, r),
         tep_data_flags(tep, r));
}

CASE(data_common_fields_any_size)
{
  struct tep_handle *tep = fixture();
  struct tep_record *r = fixture_record(tep, "sched_switch");
  static const int sizes[] = { 64, 8, 4, 1, 0, -1 };
  for (size_t i = 0; i < sizeof(sizes) / sizeof(*sizes); i++) {
    r->size = sizes[i];
    common_fields(tep, r);
  }
  tep_free(tep);
}

/* Only `data` filled, as consumers build records. */
CASE(data_common_fields_zeroed_record)
{
  struct tep_handle *tep = fixture();
  struct tep_record *src = fixture_record(tep, "kinds");
  struct tep_record r;
  memset(&r, 0, sizeof(r));
  r.data = src->data;
  common_fields(tep, &r);
  tep_free(tep);
}

CASE(data_common_fields_no_events)
{
  struct tep_handle *tep = fixture();
  struct tep_handle *empty = tep_alloc();
  common_fields(empty, fixture_record(tep, "quiet"));
  tep_free(empty);
  tep_free(tep);
}

#define DATA_NULL(name, call)                          \
  CASE(name)                                           \
  {                                                    \
    struct tep_handle *tep = fixture();                \
    struct tep_record *r = fixture_record(tep, "quiet"); \
    (void)r;                                           \
    printf("  ret=%d\n", call);                        \
    tep_free(tep);                                     \
  }

DATA_NULL(data_type_null_handle, tep_data_type(NULL, r))
DATA_NULL(data_pid_null_handle, tep_data_pid(NULL, r))
DATA_NULL(data_preempt_count_null_handle, tep_data_preempt_count(NULL, r))
DATA_NULL(data_flags_null_handle, tep_data_flags(NULL, r))
DATA_NULL(data_type_null_record, tep_data_type(tep, NULL))
DATA_NULL(data_pid_null_record, tep_data_pid(tep, NULL))
DATA_NULL(data_preempt_count_null_record, tep_data_preempt_count(tep, NULL))
DATA_NULL(data_flags_null_record, tep_data_flags(tep, NULL))
DATA_NULL(data_pid_null_data, (r->data = NULL, tep_data_pid(tep, r)))

const struct probe_case record_cases[] = {
  ENTRY(read_number_null_handle, 0),
  ENTRY(read_number_with_handle, 0),
  ENTRY(read_number_null_pointer, UPSTREAM_CRASHES),
  ENTRY(read_number_field_cases, 0),
  ENTRY(read_number_field_null_field, 0),
  ENTRY(read_number_field_null_data, UPSTREAM_CRASHES),
  ENTRY(read_number_field_null_value, UPSTREAM_CRASHES),
  ENTRY(get_field_val_cases, 0),
  ENTRY(get_common_field_val_cases, 0),
  ENTRY(get_any_field_val_cases, 0),
  ENTRY(get_field_val_short_record, UPSTREAM_UNDEFINED),
  ENTRY(get_field_val_null_event, 0),
  ENTRY(get_field_val_null_name, UPSTREAM_CRASHES),
  ENTRY(get_field_val_null_record, UPSTREAM_CRASHES),
  ENTRY(get_field_val_null_val, UPSTREAM_CRASHES),
  ENTRY(get_field_val_null_seq_found, 0),
  ENTRY(get_field_val_null_seq_missing, UPSTREAM_CRASHES),
  ENTRY(get_common_field_val_null_event, 0),
  ENTRY(get_any_field_val_null_event, 0),
  ENTRY(get_field_val_helper, 0),
  ENTRY(get_field_raw_cases, 0),
  ENTRY(get_field_raw_null_len, 0),
  ENTRY(get_field_raw_null_record, UPSTREAM_CRASHES),
  ENTRY(get_field_raw_null_event, 0),  /* 1.8.4 crashed; 1.9.0 returns NULL */
  ENTRY(data_common_fields_any_size, 0),
  ENTRY(data_common_fields_zeroed_record, 0),
  ENTRY(data_common_fields_no_events, 0),
  ENTRY(data_type_null_handle, UPSTREAM_CRASHES),
  ENTRY(data_pid_null_handle, UPSTREAM_CRASHES),
  ENTRY(data_preempt_count_null_handle, UPSTREAM_CRASHES),
  ENTRY(data_flags_null_handle, UPSTREAM_CRASHES),
  ENTRY(data_type_null_record, UPSTREAM_CRASHES),
  ENTRY(data_pid_null_record, UPSTREAM_CRASHES),
  ENTRY(data_preempt_count_null_record, UPSTREAM_CRASHES),
  ENTRY(data_flags_null_record, UPSTREAM_CRASHES),
  ENTRY(data_pid_null_data, UPSTREAM_CRASHES),
  { NULL, NULL, 0 },
};
