/* SPDX-License-Identifier: LGPL-2.1 */
/* The handle: defaults after tep_alloc, getters and setters (NULL handles
   included), references, flags, the header page. */
#include <string.h>

#include "probe.h"

static void show_handle(struct tep_handle *tep)
{
  printf("  cpus=%d long_size=%d page_size=%d sub_buffer_size=%d sub_buffer_data_size=%d "
         "commit_offset=%d header_page_size=%d timestamp_size=%d\n",
         tep_get_cpus(tep), tep_get_long_size(tep), tep_get_page_size(tep),
         tep_get_sub_buffer_size(tep), tep_get_sub_buffer_data_size(tep),
         tep_get_sub_buffer_commit_offset(tep), tep_get_header_page_size(tep),
         tep_get_header_timestamp_size(tep));
  printf("  file_bigendian=%d local_bigendian=%d old_format=%d ref=%d events=%d functions=%d\n",
         tep_is_file_bigendian(tep), tep_is_local_bigendian(tep), tep_is_old_format(tep),
         tep_get_ref(tep), tep_get_events_count(tep), tep_get_function_count(tep));
}

CASE(handle_alloc_defaults)
{
  struct tep_handle *tep = CALL(tep_alloc());
  show_errno();
  show_handle(tep);
  for (int flag = 1; flag <= 64; flag <<= 1)
    printf("  flag %d: %d\n", flag, tep_test_flag(tep, flag));
  tep_free(tep);
}

CASE(handle_fixture_state)
{
  struct tep_handle *tep = fixture();
  show_handle(tep);
  tep_free(tep);
}

/* A getter on a NULL handle: its return value. */
#define NULL_GETTER(fn)                                  \
  CASE(fn##_null)                                        \
  {                                                      \
    long long ret = CALL(fn(NULL));                      \
    printf("  ret=%lld\n", ret);                         \
    show_errno();                                        \
  }

NULL_GETTER(tep_get_cpus)
NULL_GETTER(tep_get_long_size)
NULL_GETTER(tep_get_page_size)
NULL_GETTER(tep_get_sub_buffer_size)
NULL_GETTER(tep_get_sub_buffer_data_size)
NULL_GETTER(tep_get_sub_buffer_commit_offset)
NULL_GETTER(tep_get_header_page_size)
NULL_GETTER(tep_get_header_timestamp_size)
NULL_GETTER(tep_is_file_bigendian)
NULL_GETTER(tep_is_local_bigendian)
NULL_GETTER(tep_is_old_format)
NULL_GETTER(tep_get_ref)
NULL_GETTER(tep_get_events_count)
NULL_GETTER(tep_get_function_count)
CASE(tep_get_first_event_null) { printf("  ret=%s\n", tep_get_first_event(NULL) ? "set" : "NULL"); }

CASE(tep_test_flag_null) { printf("  ret=%d\n", tep_test_flag(NULL, TEP_NSEC_OUTPUT)); }

/* A setter on a NULL handle: it must return. */
#define NULL_SETTER(name, call)                          \
  CASE(name)                                             \
  {                                                      \
    CALL(call);                                          \
    printf("  returned\n");                              \
    show_errno();                                        \
  }

NULL_SETTER(tep_set_cpus_null, tep_set_cpus(NULL, 2))
NULL_SETTER(tep_set_long_size_null, tep_set_long_size(NULL, 8))
NULL_SETTER(tep_set_page_size_null, tep_set_page_size(NULL, 4096))
NULL_SETTER(tep_set_file_bigendian_null, tep_set_file_bigendian(NULL, TEP_BIG_ENDIAN))
NULL_SETTER(tep_set_local_bigendian_null, tep_set_local_bigendian(NULL, TEP_BIG_ENDIAN))
NULL_SETTER(tep_set_flag_null, tep_set_flag(NULL, TEP_NSEC_OUTPUT))
NULL_SETTER(tep_clear_flag_null, tep_clear_flag(NULL, TEP_NSEC_OUTPUT))
NULL_SETTER(tep_set_test_filters_null, tep_set_test_filters(NULL, 1))
NULL_SETTER(tep_ref_null, tep_ref(NULL))
NULL_SETTER(tep_unref_null, tep_unref(NULL))
NULL_SETTER(tep_free_null, tep_free(NULL))

CASE(handle_setters)
{
  struct tep_handle *tep = tep_alloc();
  CALL(tep_set_cpus(tep, 3));
  show_errno();
  tep_set_long_size(tep, 4);
  tep_set_page_size(tep, 8192);
  tep_set_file_bigendian(tep, TEP_BIG_ENDIAN);
  tep_set_local_bigendian(tep, TEP_BIG_ENDIAN);
  show_handle(tep);
  tep_set_cpus(tep, -1);
  tep_set_long_size(tep, 0);
  tep_set_page_size(tep, -5);
  tep_set_file_bigendian(tep, (enum tep_endian)7);
  tep_set_local_bigendian(tep, TEP_LITTLE_ENDIAN);
  show_handle(tep);
  tep_free(tep);
}

CASE(handle_flags)
{
  struct tep_handle *tep = tep_alloc();
  tep_set_flag(tep, TEP_NSEC_OUTPUT | TEP_DISABLE_PLUGINS);
  printf("  set two: nsec=%d disable_plugins=%d\n", tep_test_flag(tep, TEP_NSEC_OUTPUT),
         tep_test_flag(tep, TEP_DISABLE_PLUGINS));
  tep_clear_flag(tep, TEP_NSEC_OUTPUT);
  printf("  cleared one: nsec=%d disable_plugins=%d\n", tep_test_flag(tep, TEP_NSEC_OUTPUT),
         tep_test_flag(tep, TEP_DISABLE_PLUGINS));
  printf("  test of both: %d\n", tep_test_flag(tep, TEP_NSEC_OUTPUT | TEP_DISABLE_PLUGINS));
  tep_set_flag(tep, 1 << 20);
  printf("  unknown bit: %d\n", tep_test_flag(tep, 1 << 20));
  tep_free(tep);
}

CASE(handle_references)
{
  struct tep_handle *tep = tep_alloc();
  printf("  ref=%d\n", tep_get_ref(tep));
  tep_ref(tep);
  tep_ref(tep);
  printf("  after two refs: %d\n", tep_get_ref(tep));
  tep_unref(tep);
  printf("  after unref: %d\n", tep_get_ref(tep));
  tep_free(tep);
  printf("  after free: %d\n", tep_get_ref(tep));
  tep_free(tep);
}

static const char header_page8[] =
  "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
  "\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
  "\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
  "\tfield: char data;\toffset:16;\tsize:4080;\tsigned:0;\n";

static void parse_header(const char *text, unsigned long size, int long_size)
{
  struct tep_handle *tep = tep_alloc();
  int ret = CALL(tep_parse_header_page(tep, (char *)text, size, long_size));
  printf("  ret=%d\n", ret);
  show_errno();
  show_handle(tep);
  tep_free(tep);
}

CASE(header_page_parsed) { parse_header(header_page8, strlen(header_page8), 8); }
CASE(header_page_long4) { parse_header(header_page8, strlen(header_page8), 4); }
CASE(header_page_empty_long8) { parse_header("", 0, 8); }
CASE(header_page_empty_long4) { parse_header("", 0, 4); }
CASE(header_page_garbage) { parse_header("garbage text\n", 13, 8); }
CASE(header_page_truncated) { parse_header(header_page8, 40, 8); }
CASE(header_page_null_text) { parse_header(NULL, 10, 8); }
CASE(header_page_null_text_zero_size) { parse_header(NULL, 0, 8); }

CASE(header_page_null_handle)
{
  int ret = CALL(tep_parse_header_page(NULL, (char *)header_page8, strlen(header_page8), 8));
  printf("  ret=%d\n", ret);
  show_errno();
}

const struct probe_case handle_cases[] = {
  ENTRY(handle_alloc_defaults, 0),
  ENTRY(handle_fixture_state, 0),
  ENTRY(tep_get_cpus_null, 0),
  ENTRY(tep_get_long_size_null, 0),
  ENTRY(tep_get_page_size_null, 0),
  ENTRY(tep_get_sub_buffer_size_null, 0),
  ENTRY(tep_get_sub_buffer_data_size_null, 0),
  ENTRY(tep_get_sub_buffer_commit_offset_null, 0),
  ENTRY(tep_get_header_page_size_null, 0),
  ENTRY(tep_get_header_timestamp_size_null, 0),
  ENTRY(tep_is_file_bigendian_null, 0),
  ENTRY(tep_is_local_bigendian_null, 0),
  ENTRY(tep_is_old_format_null, 0),
  ENTRY(tep_get_ref_null, 0),
  ENTRY(tep_get_events_count_null, 0),
  ENTRY(tep_get_function_count_null, 0),
  ENTRY(tep_get_first_event_null, 0),
  ENTRY(tep_test_flag_null, 0),
  ENTRY(tep_set_cpus_null, 0),
  ENTRY(tep_set_long_size_null, 0),
  ENTRY(tep_set_page_size_null, 0),
  ENTRY(tep_set_file_bigendian_null, 0),
  ENTRY(tep_set_local_bigendian_null, 0),
  ENTRY(tep_set_flag_null, 0),
  ENTRY(tep_clear_flag_null, 0),
  ENTRY(tep_set_test_filters_null, 0),
  ENTRY(tep_ref_null, UPSTREAM_CRASHES),
  ENTRY(tep_unref_null, 0),
  ENTRY(tep_free_null, 0),
  ENTRY(handle_setters, 0),
  ENTRY(handle_flags, 0),
  ENTRY(handle_references, 0),
  ENTRY(header_page_parsed, 0),
  ENTRY(header_page_long4, 0),
  ENTRY(header_page_empty_long8, 0),
  ENTRY(header_page_empty_long4, 0),
  ENTRY(header_page_garbage, 0),
  ENTRY(header_page_truncated, 0),
  ENTRY(header_page_null_text, UPSTREAM_CRASHES),
  ENTRY(header_page_null_text_zero_size, 0),
  ENTRY(header_page_null_handle, UPSTREAM_CRASHES),
  { NULL, NULL, 0 },
};
