/* SPDX-License-Identifier: LGPL-2.1 */
/* kbuffer_*: every getter on a loaded page, on a reader with no page, and on
   a NULL reader; bad alloc arguments; out-parameters. */
#include <stdint.h>
#include <string.h>

#include "probe.h"

#pragma GCC diagnostic ignored "-Wnonnull"

/* A long-8 little-endian page: timestamp 1000, then a 12-byte event (delta 5),
   a time extend, an 8-byte event (delta 7), padding to the end of the data. */
static unsigned char page[4096];

static uint32_t header(unsigned type_len, unsigned delta) { return type_len | delta << 5; }

/* Little-endian, whatever the host. */
static void store(unsigned char *at, uint64_t value, int size)
{
  for (int i = 0; i < size; i++)
    at[i] = (unsigned char)(value >> (8 * i));
}

static void build_page(void)
{
  store(page, 1000, 8);
  unsigned char *p = page + 16;
  store(p, header(3, 5), 4);
  memcpy(p + 4, "abcdefghijkl", 12);
  p += 16;
  store(p, header(30, 3), 4);  /* time extend: delta = 3 | next word << 27 */
  store(p + 4, 1, 4);
  p += 8;
  store(p, header(2, 7), 4);
  memcpy(p + 4, "12345678", 8);
  p += 12;
  store(page + 8, (uint64_t)(p - (page + 16)), 8);
}

static struct kbuffer *loaded(void)
{
  build_page();
  struct kbuffer *kb = kbuffer_alloc(KBUFFER_LSIZE_8, KBUFFER_ENDIAN_LITTLE);
  printf("  load: %d\n", kbuffer_load_subbuffer(kb, page));
  return kb;
}

static void show_position(struct kbuffer *kb)
{
  printf("  index=%d offset=%d size=%d event_size=%d timestamp=%llu missed=%d start=%d subbuffer_size=%d\n",
         kbuffer_curr_index(kb), kbuffer_curr_offset(kb), kbuffer_curr_size(kb), kbuffer_event_size(kb),
         kbuffer_timestamp(kb), kbuffer_missed_events(kb), kbuffer_start_of_data(kb),
         kbuffer_subbuffer_size(kb));
}

static void show_event(struct kbuffer *kb, const char *label, void *data, unsigned long long ts)
{
  if (!data)
    printf("  %s: NULL ts=%llu\n", label, ts);
  else
    printf("  %s: +%td ts=%llu\n", label, (unsigned char *)data - page, ts);
  (void)kb;
}

CASE(kbuffer_walk_page)
{
  struct kbuffer *kb = loaded();
  unsigned long long ts = 0x5e5e;
  show_position(kb);
  void *data = CALL(kbuffer_read_event(kb, &ts));
  show_errno();
  show_event(kb, "first", data, ts);
  show_position(kb);
  printf("  delta of first=%u\n", kbuffer_ptr_delta(kb, page + 16));
  for (int i = 0; i < 3; i++) {
    ts = 0x5e5e;
    data = kbuffer_next_event(kb, &ts);
    show_event(kb, "next", data, ts);
    show_position(kb);
  }
  printf("  subbuf_timestamp=%llu subbuffer is page=%d\n", kbuffer_subbuf_timestamp(kb, page),
         kbuffer_subbuffer(kb) == page);
  kbuffer_free(kb);
}

CASE(kbuffer_read_at_offsets)
{
  struct kbuffer *kb = loaded();
  static const int offsets[] = { -1, 0, 16, 20, 32, 40, 52, 4096, 5000 };
  for (size_t i = 0; i < sizeof(offsets) / sizeof(*offsets); i++) {
    unsigned long long ts = 0x5e5e;
    void *data = kbuffer_read_at_offset(kb, offsets[i], &ts);
    char label[32];
    snprintf(label, sizeof(label), "offset %d", offsets[i]);
    show_event(kb, label, data, ts);
  }
  kbuffer_free(kb);
}

CASE(kbuffer_read_buffer_sizes)
{
  static const int lens[] = { 0, 8, 16, 24, 40, 100, 4096 };
  for (size_t i = 0; i < sizeof(lens) / sizeof(*lens); i++) {
    struct kbuffer *kb = loaded();
    unsigned char out[4096];
    memset(out, 0x5e, sizeof(out));
    int ret = kbuffer_read_buffer(kb, out, lens[i]);
    uint64_t commit;
    memcpy(&commit, out + 8, 8);
    printf("  len %d: ret=%d commit=%#llx\n", lens[i], ret, (unsigned long long)commit);
    kbuffer_free(kb);
  }
}

CASE(kbuffer_translate_and_raw)
{
  build_page();
  unsigned int size = 0x5e5e;
  void *data = kbuffer_translate_data(0, page + 16, &size);
  printf("  translate event: +%td size=%u\n", data ? (unsigned char *)data - page : -1, size);
  size = 0x5e5e;
  data = kbuffer_translate_data(0, page + 32, &size);
  printf("  translate time extend: %s size=%#x\n", data ? "set" : "NULL", size);
  struct kbuffer *kb = kbuffer_alloc(KBUFFER_LSIZE_8, KBUFFER_ENDIAN_LITTLE);
  struct kbuffer_raw_info info;
  memset(&info, 0x5e, sizeof(info));
  struct kbuffer_raw_info *ret = kbuffer_raw_get(kb, page, &info);
  while (ret) {
    printf("  raw: type=%d length=%d delta=%llu next=+%td\n", info.type, info.length, info.delta,
           info.next ? (unsigned char *)info.next - page : -1);
    ret = kbuffer_raw_get(kb, info.next, &info);
    if (ret && (unsigned char *)info.next > page + 80)
      break;
  }
  kbuffer_free(kb);
}

CASE(kbuffer_dup_and_refresh)
{
  struct kbuffer *kb = loaded();
  unsigned long long ts;
  kbuffer_next_event(kb, &ts);
  struct kbuffer *copy = kbuffer_dup(kb);
  show_position(copy);
  printf("  refresh: %d\n", kbuffer_refresh(kb));
  show_position(kb);
  kbuffer_free(copy);
  kbuffer_free(kb);
}

CASE(kbuffer_alloc_arguments)
{
  printf("  bad size: %s\n", kbuffer_alloc((enum kbuffer_long_size)7, KBUFFER_ENDIAN_LITTLE) ? "set" : "NULL");
  printf("  bad endian: %s\n", kbuffer_alloc(KBUFFER_LSIZE_8, (enum kbuffer_endian)7) ? "set" : "NULL");
  struct kbuffer *kb = CALL(kbuffer_alloc(KBUFFER_LSIZE_SAME_AS_HOST, KBUFFER_ENDIAN_SAME_AS_HOST));
  printf("  host: %s", kb ? "set" : "NULL");
  show_errno();
  kbuffer_free(kb);
}

CASE(kbuffer_unloaded_getters)
{
  struct kbuffer *kb = kbuffer_alloc(KBUFFER_LSIZE_8, KBUFFER_ENDIAN_LITTLE);
  show_position(kb);
  printf("  subbuffer=%s\n", kbuffer_subbuffer(kb) ? "set" : "NULL");
  kbuffer_free(kb);
}

/* An event read from a reader that has no page: what it returns and leaves in ts. */
static void unloaded_read(void *(*read)(struct kbuffer *, unsigned long long *))
{
  struct kbuffer *kb = kbuffer_alloc(KBUFFER_LSIZE_8, KBUFFER_ENDIAN_LITTLE);
  unsigned long long ts = 0x5e5e;
  void *data = read(kb, &ts);
  printf("  ret=%s ts=%#llx\n", data ? "set" : "NULL", ts);
  kbuffer_free(kb);
}

CASE(kbuffer_unloaded_read_event) { unloaded_read(kbuffer_read_event); }
CASE(kbuffer_unloaded_next_event) { unloaded_read(kbuffer_next_event); }

CASE(kbuffer_null_timestamp_out)
{
  struct kbuffer *kb = loaded();
  printf("  read=%s next=%s\n", kbuffer_read_event(kb, NULL) ? "set" : "NULL",
         kbuffer_next_event(kb, NULL) ? "set" : "NULL");
  printf("  at offset=%s\n", kbuffer_read_at_offset(kb, 0, NULL) ? "set" : "NULL");
  kbuffer_free(kb);
}

CASE(kbuffer_load_null_page)
{
  struct kbuffer *kb = kbuffer_alloc(KBUFFER_LSIZE_8, KBUFFER_ENDIAN_LITTLE);
  printf("  ret=%d\n", kbuffer_load_subbuffer(kb, NULL));
  kbuffer_free(kb);
}

#define KB_NULL(name, call)                    \
  CASE(name)                                   \
  {                                            \
    unsigned long long ts = 0;                 \
    (void)ts;                                  \
    printf("  ret=%lld\n", (long long)(call)); \
  }

KB_NULL(kbuffer_free_null, (kbuffer_free(NULL), 0))
KB_NULL(kbuffer_dup_null, kbuffer_dup(NULL) != NULL)
KB_NULL(kbuffer_set_old_format_null, (kbuffer_set_old_format(NULL), 0))
KB_NULL(kbuffer_load_subbuffer_null, kbuffer_load_subbuffer(NULL, page))
KB_NULL(kbuffer_refresh_null, kbuffer_refresh(NULL))
KB_NULL(kbuffer_subbuffer_null, kbuffer_subbuffer(NULL) != NULL)
KB_NULL(kbuffer_subbuffer_size_null, kbuffer_subbuffer_size(NULL))
KB_NULL(kbuffer_start_of_data_null, kbuffer_start_of_data(NULL))
KB_NULL(kbuffer_missed_events_null, kbuffer_missed_events(NULL))
KB_NULL(kbuffer_subbuf_timestamp_null, kbuffer_subbuf_timestamp(NULL, page))
KB_NULL(kbuffer_read_event_null, kbuffer_read_event(NULL, &ts) != NULL)
KB_NULL(kbuffer_next_event_null, kbuffer_next_event(NULL, &ts) != NULL)
KB_NULL(kbuffer_read_at_offset_null, kbuffer_read_at_offset(NULL, 0, &ts) != NULL)
KB_NULL(kbuffer_read_buffer_null, kbuffer_read_buffer(NULL, page, 10))
KB_NULL(kbuffer_timestamp_null, kbuffer_timestamp(NULL))
KB_NULL(kbuffer_ptr_delta_null, kbuffer_ptr_delta(NULL, page))
KB_NULL(kbuffer_curr_index_null, kbuffer_curr_index(NULL))
KB_NULL(kbuffer_curr_offset_null, kbuffer_curr_offset(NULL))
KB_NULL(kbuffer_curr_size_null, kbuffer_curr_size(NULL))
KB_NULL(kbuffer_event_size_null, kbuffer_event_size(NULL))
KB_NULL(kbuffer_translate_data_null, kbuffer_translate_data(0, NULL, NULL) != NULL)
KB_NULL(kbuffer_raw_get_null, kbuffer_raw_get(NULL, page, NULL) != NULL)

/* A long-4 page: timestamp 1000, commit 16, one 12-byte event (delta 5). */
static void build_page4(void)
{
  memset(page, 0, sizeof(page));
  store(page, 1000, 8);
  store(page + 8, 16, 4);
  store(page + 12, header(3, 5), 4);
}

/* What a fresh handle gets: long 4, little endian. */
CASE(tep_kbuffer_null)
{
  struct kbuffer *kb = tep_kbuffer(NULL);
  printf("  reader: %s\n", kb ? "set" : "NULL");
  if (kb) {
    build_page4();
    printf("  load: %d\n", kbuffer_load_subbuffer(kb, page));
    show_position(kb);
    kbuffer_free(kb);
  }
}

CASE(tep_kbuffer_reader)
{
  struct tep_handle *tep = tep_alloc();
  struct kbuffer *kb = CALL(tep_kbuffer(tep));
  printf("  fresh handle: %s", kb ? "set" : "NULL");
  show_errno();
  kbuffer_free(kb);
  tep_set_long_size(tep, 8);
  tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);  /* the page is little-endian */
  kb = tep_kbuffer(tep);
  build_page();
  if (kb) {
    printf("  load: %d\n", kbuffer_load_subbuffer(kb, page));
    show_position(kb);
  }
  kbuffer_free(kb);
  tep_free(tep);
}

const struct probe_case kbuffer_cases[] = {
  ENTRY(kbuffer_walk_page, 0),
  ENTRY(kbuffer_read_at_offsets, 0),
  ENTRY(kbuffer_read_buffer_sizes, 0),
  ENTRY(kbuffer_translate_and_raw, 0),
  ENTRY(kbuffer_dup_and_refresh, 0),
  ENTRY(kbuffer_alloc_arguments, 0),
  ENTRY(kbuffer_unloaded_getters, 0),
  ENTRY(kbuffer_unloaded_read_event, 0),
  ENTRY(kbuffer_unloaded_next_event, 0),
  ENTRY(kbuffer_null_timestamp_out, 0),
  ENTRY(kbuffer_load_null_page, 0),
  ENTRY(kbuffer_free_null, 0),
  ENTRY(kbuffer_dup_null, UPSTREAM_CRASHES),
  ENTRY(kbuffer_set_old_format_null, UPSTREAM_CRASHES),
  ENTRY(kbuffer_load_subbuffer_null, 0),
  ENTRY(kbuffer_refresh_null, 0),
  ENTRY(kbuffer_subbuffer_null, UPSTREAM_CRASHES),
  ENTRY(kbuffer_subbuffer_size_null, UPSTREAM_CRASHES),
  ENTRY(kbuffer_start_of_data_null, UPSTREAM_CRASHES),
  ENTRY(kbuffer_missed_events_null, UPSTREAM_CRASHES),
  ENTRY(kbuffer_subbuf_timestamp_null, UPSTREAM_CRASHES),
  ENTRY(kbuffer_read_event_null, 0),
  ENTRY(kbuffer_next_event_null, 0),
  ENTRY(kbuffer_read_at_offset_null, UPSTREAM_CRASHES),
  ENTRY(kbuffer_read_buffer_null, UPSTREAM_CRASHES),
  ENTRY(kbuffer_timestamp_null, UPSTREAM_CRASHES),
  ENTRY(kbuffer_ptr_delta_null, UPSTREAM_CRASHES),
  ENTRY(kbuffer_curr_index_null, UPSTREAM_CRASHES),
  ENTRY(kbuffer_curr_offset_null, UPSTREAM_CRASHES),
  ENTRY(kbuffer_curr_size_null, UPSTREAM_CRASHES),
  ENTRY(kbuffer_event_size_null, UPSTREAM_CRASHES),
  ENTRY(kbuffer_translate_data_null, UPSTREAM_CRASHES),
  ENTRY(kbuffer_raw_get_null, 0),  /* 1.8.4 crashed; 1.9.0 returns NULL */
  ENTRY(tep_kbuffer_null, 0),
  ENTRY(tep_kbuffer_reader, 0),
  { NULL, NULL, 0 },
};
