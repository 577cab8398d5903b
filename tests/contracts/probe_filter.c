/* SPDX-License-Identifier: LGPL-2.1 */
/* tep_filter_*: return codes, errno, match results (string fields compared
   with numbers included), NULL arguments. */
#include <stdlib.h>
#include <string.h>

#include "probe.h"

#pragma GCC diagnostic ignored "-Wnonnull"

static void add(struct tep_event_filter *f, const char *text)
{
  int ret = CALL(tep_filter_add_filter_str(f, text));
  printf("  add \"%s\": ret=%d", text, ret);
  show_errno();
  if (ret < 0) {
    char buf[256];
    int r = tep_filter_strerror(f, ret, buf, sizeof(buf));
    printf("    strerror ret=%d \"%s\"\n", r, r < 0 ? "" : buf);
  }
}

static void match_all(struct tep_handle *tep, struct tep_event_filter *f)
{
  static const char *const names[] = { "sched_switch", "kinds", "quiet" };
  for (int i = 0; i < 3; i++) {
    int ret = CALL(tep_filter_match(f, fixture_record(tep, names[i])));
    printf("  match %s: %d", names[i], ret);
    show_errno();
  }
}

static void filter_case(const char *const *texts, int count)
{
  struct tep_handle *tep = fixture();
  struct tep_event_filter *f = CALL(tep_filter_alloc(tep));
  show_errno();
  for (int i = 0; i < count; i++)
    add(f, texts[i]);
  match_all(tep, f);
  for (int id = 372; id <= 902; id += (id == 372 ? 528 : 1)) {
    char *text = tep_filter_make_string(f, id);
    printf("  event %d: filtered=%d string=%s\n", id, tep_event_filtered(f, id), text ? text : "NULL");
    free(text);
  }
  tep_filter_free(f);
  tep_free(tep);
}

#define FILTER(name, ...)                                         \
  CASE(name)                                                      \
  {                                                               \
    static const char *const texts[] = { __VA_ARGS__ };           \
    filter_case(texts, sizeof(texts) / sizeof(*texts));           \
  }

FILTER(filter_numeric, "sched_switch: prev_pid > 0")
FILTER(filter_unknown_event, "nosuch_event: x > 0")
FILTER(filter_unknown_field, "sched_switch: nosuch > 0")
FILTER(filter_unknown_event_name_only, "sched_switch:prev_pid>0", "missing")
FILTER(filter_syntax_error, "sched_switch: prev_pid >")
FILTER(filter_string_compared_with_number, "sched_switch: prev_comm > 5")
FILTER(filter_string_equal_number, "sched_switch: prev_comm == 5")
FILTER(filter_string_regex, "sched_switch: prev_comm =~ \"ba.*\"")
FILTER(filter_string_equal, "sched_switch: prev_comm == \"bash\"")
FILTER(filter_number_compared_with_string, "sched_switch: prev_pid == \"1234\"")
FILTER(filter_comm_pseudo_field, "sched_switch: COMM == \"bash\"")
FILTER(filter_cpu_pseudo_field, "sched_switch: CPU == 1")
FILTER(filter_common_field, "kinds: common_pid == 1234 && c < 0")
FILTER(filter_array_field, "kinds: name == \"abcdefgh\"")
FILTER(filter_dynamic_string, "kinds: dstr == \"hello\"")
FILTER(filter_all_events, "common_pid > 0")
FILTER(filter_system_regex, "fixture/.*: common_pid == 1234")
FILTER(filter_true_false, "sched_switch: 1", "quiet: 0")
FILTER(filter_empty_text, "")
FILTER(filter_bad_regex, "sched_switch: prev_comm =~ \"(\"")

CASE(filter_match_empty_filter)
{
  struct tep_handle *tep = fixture();
  struct tep_event_filter *f = tep_filter_alloc(tep);
  match_all(tep, f);
  tep_filter_free(f);
  tep_free(tep);
}

CASE(filter_match_short_record)
{
  struct tep_handle *tep = fixture();
  struct tep_event_filter *f = tep_filter_alloc(tep);
  add(f, "sched_switch: next_pid == 42");
  struct tep_record *r = fixture_record(tep, "sched_switch");
  r->size = 8;
  printf("  size 8: %d\n", tep_filter_match(f, r));
  r->size = 0;
  printf("  size 0: %d\n", tep_filter_match(f, r));
  tep_filter_free(f);
  tep_free(tep);
}

CASE(filter_remove_reset)
{
  struct tep_handle *tep = fixture();
  struct tep_event_filter *f = tep_filter_alloc(tep);
  add(f, "sched_switch: prev_pid > 0");
  add(f, "kinds: i < 0");
  printf("  remove 372: %d\n", CALL(tep_filter_remove_event(f, 372)));
  show_errno();
  printf("  remove 372 again: %d\n", tep_filter_remove_event(f, 372));
  printf("  remove 5: %d\n", tep_filter_remove_event(f, 5));
  printf("  filtered 900=%d 372=%d\n", tep_event_filtered(f, 900), tep_event_filtered(f, 372));
  CALL(tep_filter_reset(f));
  show_errno();
  printf("  after reset filtered 900=%d\n", tep_event_filtered(f, 900));
  match_all(tep, f);
  tep_filter_free(f);
  tep_free(tep);
}

CASE(filter_copy_compare)
{
  struct tep_handle *tep = fixture();
  struct tep_event_filter *a = tep_filter_alloc(tep), *b = tep_filter_alloc(tep);
  add(a, "sched_switch: prev_pid > 0 && next_pid < 100");
  printf("  compare before copy: %d\n", tep_filter_compare(a, b));
  printf("  copy: %d\n", CALL(tep_filter_copy(b, a)));
  show_errno();
  printf("  compare after copy: %d\n", tep_filter_compare(a, b));
  printf("  compare with self: %d\n", tep_filter_compare(a, a));
  tep_filter_free(a);
  tep_filter_free(b);
  tep_free(tep);
}

CASE(filter_strerror_buffers)
{
  struct tep_handle *tep = fixture();
  struct tep_event_filter *f = tep_filter_alloc(tep);
  int err = tep_filter_add_filter_str(f, "sched_switch: nosuch > 0");
  static const size_t sizes[] = { 0, 1, 5, 512 };
  for (size_t i = 0; i < sizeof(sizes) / sizeof(*sizes); i++) {
    char buf[512];
    memset(buf, '~', sizeof(buf));
    buf[511] = 0;
    int ret = CALL(tep_filter_strerror(f, err, buf, sizes[i]));
    printf("  buflen %zu: ret=%d buf=\"%.40s\"", sizes[i], ret, buf);
    show_errno();
  }
  char buf[64];
  printf("  TEP_ERRNO__MEM_ALLOC_FAILED: %d", tep_filter_strerror(f, TEP_ERRNO__MEM_ALLOC_FAILED, buf, sizeof(buf)));
  printf(" \"%s\"\n", buf);
  printf("  ENOENT: %d", tep_filter_strerror(f, ENOENT, buf, sizeof(buf)));
  printf(" \"%s\"\n", buf);
  tep_filter_free(f);
  tep_free(tep);
}

CASE(filter_alloc_null_handle)
{
  struct tep_event_filter *f = CALL(tep_filter_alloc(NULL));
  printf("  ret=%s", f ? "set" : "NULL");
  show_errno();
  if (f)
    tep_filter_free(f);
}

#define FILTER_NULL(name, call)                                  \
  CASE(name)                                                     \
  {                                                              \
    struct tep_handle *tep = fixture();                          \
    struct tep_event_filter *f = tep_filter_alloc(tep);          \
    char buf[64] = "untouched";                                  \
    (void)f; (void)buf;                                          \
    printf("  ret=%lld\n", (long long)(call));                   \
    printf("  buf=%s\n", buf);                                   \
    tep_filter_free(f);                                          \
    tep_free(tep);                                               \
  }

FILTER_NULL(filter_free_null, (tep_filter_free(NULL), 0))
FILTER_NULL(filter_reset_null, (tep_filter_reset(NULL), 0))
FILTER_NULL(filter_add_null_filter, tep_filter_add_filter_str(NULL, "sched_switch: prev_pid > 0"))
FILTER_NULL(filter_add_null_text, tep_filter_add_filter_str(f, NULL))
FILTER_NULL(filter_remove_null, tep_filter_remove_event(NULL, 372))
FILTER_NULL(filter_match_null_filter, tep_filter_match(NULL, fixture_record(tep, "quiet")))
FILTER_NULL(filter_match_null_record, tep_filter_match(f, NULL))
FILTER_NULL(filter_filtered_null, tep_event_filtered(NULL, 372))
FILTER_NULL(filter_make_string_null, (long long)(tep_filter_make_string(NULL, 372) != NULL))
FILTER_NULL(filter_make_string_unfiltered, (long long)(tep_filter_make_string(f, 372) != NULL))
FILTER_NULL(filter_copy_null_dest, tep_filter_copy(NULL, f))
FILTER_NULL(filter_copy_null_source, tep_filter_copy(f, NULL))
FILTER_NULL(filter_compare_null, tep_filter_compare(NULL, f))
FILTER_NULL(filter_compare_both_null, tep_filter_compare(NULL, NULL))
FILTER_NULL(filter_strerror_null_filter, tep_filter_strerror(NULL, TEP_ERRNO__SYNTAX_ERROR, buf, sizeof(buf)))
FILTER_NULL(filter_strerror_null_buf, tep_filter_strerror(f, TEP_ERRNO__SYNTAX_ERROR, NULL, 10))

const struct probe_case filter_cases[] = {
  ENTRY(filter_numeric, 0),
  ENTRY(filter_unknown_event, 0),
  ENTRY(filter_unknown_field, 0),
  ENTRY(filter_unknown_event_name_only, 0),
  ENTRY(filter_syntax_error, UPSTREAM_CRASHES),
  ENTRY(filter_string_compared_with_number, UPSTREAM_UNDEFINED),
  ENTRY(filter_string_equal_number, 0),
  ENTRY(filter_string_regex, 0),
  ENTRY(filter_string_equal, 0),
  ENTRY(filter_number_compared_with_string, 0),
  ENTRY(filter_comm_pseudo_field, 0),
  ENTRY(filter_cpu_pseudo_field, 0),
  ENTRY(filter_common_field, 0),
  ENTRY(filter_array_field, 0),
  ENTRY(filter_dynamic_string, 0),
  ENTRY(filter_all_events, 0),
  ENTRY(filter_system_regex, 0),
  ENTRY(filter_true_false, 0),
  ENTRY(filter_empty_text, 0),
  ENTRY(filter_bad_regex, 0),
  ENTRY(filter_match_empty_filter, 0),
  ENTRY(filter_match_short_record, UPSTREAM_UNDEFINED),
  ENTRY(filter_remove_reset, 0),
  ENTRY(filter_copy_compare, 0),
  ENTRY(filter_strerror_buffers, 0),
  ENTRY(filter_alloc_null_handle, UPSTREAM_CRASHES),
  ENTRY(filter_free_null, UPSTREAM_CRASHES),
  ENTRY(filter_reset_null, UPSTREAM_CRASHES),
  ENTRY(filter_add_null_filter, UPSTREAM_CRASHES),
  ENTRY(filter_add_null_text, UPSTREAM_CRASHES),
  ENTRY(filter_remove_null, UPSTREAM_CRASHES),
  ENTRY(filter_match_null_filter, UPSTREAM_CRASHES),
  ENTRY(filter_match_null_record, 0),
  ENTRY(filter_filtered_null, UPSTREAM_CRASHES),
  ENTRY(filter_make_string_null, UPSTREAM_CRASHES),
  ENTRY(filter_make_string_unfiltered, 0),
  ENTRY(filter_copy_null_dest, UPSTREAM_CRASHES),
  ENTRY(filter_copy_null_source, UPSTREAM_CRASHES),
  ENTRY(filter_compare_null, UPSTREAM_CRASHES),
  ENTRY(filter_compare_both_null, UPSTREAM_CRASHES),
  ENTRY(filter_strerror_null_filter, UPSTREAM_CRASHES),
  ENTRY(filter_strerror_null_buf, UPSTREAM_CRASHES),
  { NULL, NULL, 0 },
};
