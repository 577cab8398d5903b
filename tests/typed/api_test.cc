// SPDX-License-Identifier: LGPL-2.1
// The tev_* C API's contract: statuses for NULL, bad handles, unknown names
// and indexes; null values for records of other events and short records (and
// no read outside them: ASan runs this); batches; texts into small buffers;
// several threads on one catalog.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "typed_fixture.h"

namespace typed_test {
namespace {

struct Api : ::testing::Test {
  Cases& cx = Cases::get();
  tev_catalog* cat = cx.catalog().get();
  tev_event* event(const char* sys, const char* name) {
    tev_event* ev = nullptr;
    EXPECT_EQ(tev_event_find(cat, sys, name, &ev), TEV_OK);
    return ev;
  }
  const tev_column* column(tev_event* ev, const char* name) {
    const tev_column* c = nullptr;
    EXPECT_EQ(tev_event_find_column(ev, name, &c), TEV_OK) << name;
    return c;
  }
  // Every column and field of `ev` that has values.
  std::vector<const tev_column*> valued_columns(tev_event* ev) {
    std::vector<const tev_column*> cols;
    for (bool fields : {false, true}) {
      int n = fields ? tev_event_field_count(ev) : tev_event_column_count(ev);
      for (int c = 0; c < n; c++) {
        const tev_column* col = nullptr;
        EXPECT_EQ(fields ? tev_event_field(ev, c, &col) : tev_event_column(ev, c, &col), TEV_OK);
        if (col && tev_column_type(col) != TEV_TYPE_NONE) cols.push_back(col);
      }
    }
    return cols;
  }
};

// What tev_fill_columns writes for n records of each column: 16 bytes a
// value (the widest type), a valid flag a record.
struct ColumnBuffers {
  std::vector<std::vector<uint8_t>> values, valid;
  std::vector<void*> value_ptrs;
  std::vector<uint8_t*> valid_ptrs;
  ColumnBuffers(size_t columns, size_t n) : values(columns, std::vector<uint8_t>(n * 16)), valid(columns, std::vector<uint8_t>(n)) {
    for (size_t j = 0; j < columns; j++) {
      value_ptrs.push_back(values[j].data());
      valid_ptrs.push_back(valid[j].data());
    }
  }
};

TEST_F(Api, NullArguments) {
  tev_catalog* out = nullptr;
  tev_event* ev = nullptr;
  const tev_column* col = nullptr;
  tev_value v;
  EXPECT_EQ(tev_catalog_new(nullptr, &out), TEV_ERR_NULL_ARGUMENT);
  EXPECT_EQ(tev_catalog_new(cx.tep(), nullptr), TEV_ERR_NULL_ARGUMENT);
  tev_catalog_free(nullptr);
  EXPECT_EQ(tev_catalog_define(nullptr, "X", 1), TEV_ERR_NULL_ARGUMENT);
  EXPECT_EQ(tev_catalog_define(cat, nullptr, 1), TEV_ERR_NULL_ARGUMENT);
  EXPECT_EQ(tev_event_find(nullptr, "sched", "sched_switch", &ev), TEV_ERR_NULL_ARGUMENT);
  EXPECT_EQ(tev_event_find(cat, "sched", nullptr, &ev), TEV_ERR_NULL_ARGUMENT);
  EXPECT_EQ(tev_event_find(cat, "sched", "sched_switch", nullptr), TEV_ERR_NULL_ARGUMENT);
  EXPECT_EQ(tev_event_by_id(nullptr, 1, &ev), TEV_ERR_NULL_ARGUMENT);
  EXPECT_EQ(tev_event_of(cat, nullptr, &ev), TEV_ERR_NULL_ARGUMENT);
  EXPECT_EQ(tev_event_column_count(nullptr), TEV_ERR_NULL_ARGUMENT);
  EXPECT_EQ(tev_event_field_count(nullptr), TEV_ERR_NULL_ARGUMENT);
  EXPECT_EQ(tev_event_column(nullptr, 0, &col), TEV_ERR_NULL_ARGUMENT);
  EXPECT_EQ(tev_event_find_column(nullptr, "x", &col), TEV_ERR_NULL_ARGUMENT);
  EXPECT_EQ(tev_event_tep_event(nullptr), nullptr);
  EXPECT_EQ(tev_event_suffix(nullptr), nullptr);
  EXPECT_EQ(tev_column_name(nullptr), nullptr);
  EXPECT_EQ(tev_column_kind(nullptr), TEV_KIND_OPAQUE);
  EXPECT_EQ(tev_column_type(nullptr), TEV_TYPE_NONE);
  EXPECT_EQ(tev_column_label_count(nullptr), -1);
  EXPECT_EQ(tev_column_table_entry(nullptr, 0, 0, nullptr, nullptr), TEV_ERR_NULL_ARGUMENT);
  EXPECT_EQ(tev_read(nullptr, nullptr, &v), TEV_ERR_NULL_ARGUMENT);
  EXPECT_EQ(tev_fill(nullptr, nullptr, 0, nullptr, nullptr), TEV_ERR_NULL_ARGUMENT);
  EXPECT_EQ(tev_format(nullptr, nullptr, nullptr), TEV_ERR_NULL_ARGUMENT);
  EXPECT_EQ(tev_format_buf(nullptr, nullptr, nullptr, 0), TEV_ERR_NULL_ARGUMENT);

  tev_event* sw = event("sched", "sched_switch");
  const tev_column* pid = column(sw, "prev_pid");
  EXPECT_EQ(tev_read(pid, nullptr, &v), TEV_ERR_NULL_ARGUMENT);
  EXPECT_EQ(tev_fill(pid, nullptr, 1, &v, nullptr), TEV_ERR_NULL_ARGUMENT);
  EXPECT_EQ(tev_fill(pid, nullptr, 0, nullptr, nullptr), 0);  // an empty batch
  EXPECT_EQ(tev_fill_text(pid, nullptr, 0, nullptr, 0, nullptr), TEV_ERR_NULL_ARGUMENT);
}

TEST_F(Api, BadHandles) {
  // A tep_event is not a tev_event, nor zeroed memory a column.
  tep_event* raw = cx.event("sched", "sched_switch");
  auto* fake_event = reinterpret_cast<tev_event*>(raw);
  alignas(16) unsigned char zeros[256] = {};
  auto* fake_column = reinterpret_cast<const tev_column*>(zeros);
  auto* fake_catalog = reinterpret_cast<tev_catalog*>(zeros);
  const tev_column* col = nullptr;
  tev_event* ev = nullptr;
  tev_value v;
  EXPECT_EQ(tev_event_column_count(fake_event), TEV_ERR_BAD_HANDLE);
  EXPECT_EQ(tev_event_column(fake_event, 0, &col), TEV_ERR_BAD_HANDLE);
  EXPECT_EQ(tev_event_find_column(fake_event, "prev_pid", &col), TEV_ERR_BAD_HANDLE);
  EXPECT_EQ(tev_event_tep_event(fake_event), nullptr);
  EXPECT_EQ(tev_event_find(fake_catalog, "sched", "sched_switch", &ev), TEV_ERR_BAD_HANDLE);
  tev_catalog_free(fake_catalog);  // ignored
  Record r = cx.record("sched", "sched_switch");
  EXPECT_EQ(tev_read(fake_column, &r.get(), &v), TEV_ERR_BAD_HANDLE);
  EXPECT_EQ(tev_format_buf(fake_column, &r.get(), nullptr, 0), TEV_ERR_BAD_HANDLE);
  EXPECT_EQ(tev_column_name(fake_column), nullptr);
}

TEST_F(Api, UnknownNamesAndIndexes) {
  tev_event* ev = nullptr;
  const tev_column* col = nullptr;
  EXPECT_EQ(tev_event_find(cat, "sched", "no_such_event", &ev), TEV_ERR_NO_EVENT);
  EXPECT_EQ(ev, nullptr);
  EXPECT_EQ(tev_event_find(cat, "no_such_system", "sched_switch", &ev), TEV_ERR_NO_EVENT);
  EXPECT_EQ(tev_event_by_id(cat, 99999, &ev), TEV_ERR_NO_EVENT);
  EXPECT_EQ(tev_event_find(cat, nullptr, "sched_switch", &ev), TEV_OK);  // any system
  int id = cx.event("sched", "sched_switch")->id;
  tev_event* by_id = nullptr;
  EXPECT_EQ(tev_event_by_id(cat, id, &by_id), TEV_OK);
  EXPECT_EQ(by_id, ev);
  EXPECT_EQ(tev_event_find_column(ev, "no_such_column", &col), TEV_ERR_NO_COLUMN);
  EXPECT_EQ(tev_event_find_field(ev, "prev_state#2", &col), TEV_ERR_NO_COLUMN);  // a column, not a field
  EXPECT_EQ(tev_event_find_field(ev, "common_pid", &col), TEV_OK);
  EXPECT_EQ(tev_event_column(ev, -1, &col), TEV_ERR_INDEX);
  EXPECT_EQ(tev_event_column(ev, tev_event_column_count(ev), &col), TEV_ERR_INDEX);
  EXPECT_EQ(tev_event_field(ev, 1000, &col), TEV_ERR_INDEX);
  const tev_column* state = column(ev, "prev_state");
  EXPECT_EQ(tev_column_table_entry(state, 1, 0, nullptr, nullptr), TEV_ERR_INDEX);
  EXPECT_EQ(tev_column_table_entry(state, 0, 100, nullptr, nullptr), TEV_ERR_INDEX);
  EXPECT_EQ(tev_column_label(state, 0), nullptr);  // flags have no labels
  // An event of another handle.
  tep_handle* other = tep_alloc();
  std::string text = read_file(data_dir() + "/events/sched/sched_switch/format");
  tep_event* foreign = nullptr;
  ASSERT_EQ(tep_parse_format(other, &foreign, text.c_str(), text.size(), "sched"), 0);
  EXPECT_EQ(tev_event_of(cat, foreign, &ev), TEV_ERR_NO_EVENT);
  tep_free(other);
}

TEST_F(Api, StatusTexts) {
  for (int s = TEV_ERR_INTERNAL; s <= TEV_OK; s++) {
    ASSERT_NE(tev_strerror(s), nullptr);
    EXPECT_STRNE(tev_strerror(s), "unknown status") << s;
  }
  EXPECT_STREQ(tev_strerror(-1000), "unknown status");
  for (int k = TEV_KIND_OPAQUE; k <= TEV_KIND_DERIVED; k++) EXPECT_STRNE(tev_kind_name(static_cast<tev_kind>(k)), "?");
  EXPECT_EQ(tev_type_size(TEV_TYPE_I32), 4u);
  EXPECT_EQ(tev_type_size(TEV_TYPE_BYTES), sizeof(tev_bytes));
  EXPECT_EQ(tev_type_size(static_cast<tev_type>(99)), 0u);
}

// Values of the wrong kind.
TEST_F(Api, KindsOfValues) {
  tev_event* ev = event("kmem", "mm_page_alloc");
  const tev_column* page = column(ev, "page");  // opaque
  const tev_column* gfp = column(ev, "gfp_flags");
  const tev_column* comm = column(event("sched", "sched_switch"), "prev_comm");
  Record r = cx.record("kmem", "mm_page_alloc");
  const tep_record* recs[] = {&r.get()};
  int64_t values[1];
  int32_t codes[1];
  EXPECT_EQ(tev_fill(page, recs, 1, values, nullptr), TEV_ERR_NO_VALUE);
  EXPECT_EQ(tev_fill_int64(page, recs, 1, values, nullptr), TEV_ERR_NO_VALUE);
  EXPECT_EQ(tev_fill_codes(gfp, recs, 1, codes, nullptr), TEV_ERR_KIND);
  EXPECT_EQ(tev_fill_int64(comm, recs, 1, values, nullptr), TEV_ERR_KIND);
  EXPECT_EQ(tev_bitset_test(gfp, tev_bytes{values, 8}, 0), TEV_ERR_KIND);
  int64_t e;
  EXPECT_EQ(tev_array_element(gfp, tev_bytes{values, 8}, 0, &e), TEV_ERR_KIND);
  char text[64];
  EXPECT_GT(tev_format_buf(page, &r.get(), text, sizeof(text)), 0);  // opaque: the text still is there
}

// A batch mixing events and NULL records: only this event's records have values.
TEST_F(Api, BatchOfMixedRecords) {
  tev_event* sw = event("sched", "sched_switch");
  const tev_column* pid = column(sw, "prev_pid");
  Record a = cx.record("sched", "sched_switch"), b = cx.record("kmem", "kmalloc"), c = cx.record("sched", "sched_switch");
  a.set("prev_pid", 11);
  b.set("call_site", 12);
  c.set("prev_pid", static_cast<uint64_t>(-13));
  const tep_record* recs[] = {&a.get(), &b.get(), nullptr, &c.get()};
  int32_t values[4] = {9, 9, 9, 9};
  uint8_t valid[4] = {9, 9, 9, 9};
  ASSERT_EQ(tev_column_type(pid), TEV_TYPE_I32);
  EXPECT_EQ(tev_fill(pid, recs, 4, values, valid), 2);
  EXPECT_EQ(values[0], 11);
  EXPECT_EQ(values[3], -13);
  EXPECT_EQ(valid[0], 1);
  EXPECT_EQ(valid[1], 0);
  EXPECT_EQ(valid[2], 0);
  EXPECT_EQ(values[1], 0);
  int64_t wide[4];
  EXPECT_EQ(tev_fill_int64(pid, recs, 4, wide, nullptr), 2);
  EXPECT_EQ(wide[3], -13);
  tev_value v;
  EXPECT_EQ(tev_read(pid, &b.get(), &v), TEV_OK);
  EXPECT_EQ(v.valid, 0);
  trace_seq s;
  trace_seq_init(&s);
  EXPECT_EQ(tev_format(pid, &b.get(), &s), TEV_ERR_WRONG_EVENT);
  trace_seq_destroy(&s);
}

// Several columns in one call: what each column's own tev_fill gives.
TEST_F(Api, FillColumnsMatchesFill) {
  tev_event* ev = event("sched", "sched_switch");
  std::vector<Record> recs;
  for (int i = 0; i < 300; i++) {
    Record r = cx.record(i % 7 ? "sched" : "kmem", i % 7 ? "sched_switch" : "kmalloc");
    if (i % 7) r.set("prev_pid", i).set("prev_state", i & 0x1ff).set_string("prev_comm", i % 2 ? "a" : "bcdefghijklmnopq");
    if (i % 11 == 0) r.truncate(30);
    recs.push_back(r);
  }
  std::vector<const tep_record*> ptrs;
  for (Record& r : recs) ptrs.push_back(&r.get());
  ptrs[5] = nullptr;
  std::vector<const tev_column*> cols = valued_columns(ev);
  size_t n = ptrs.size();
  ColumnBuffers buffers(cols.size(), n);
  auto& [values, valid, value_ptrs, valid_ptrs] = buffers;
  int64_t ours = tev_fill_columns(cols.data(), cols.size(), ptrs.data(), n, value_ptrs.data(), valid_ptrs.data());
  EXPECT_EQ(ours, 300 - 43 - 1);  // sched_switch records, but the NULL one
  for (size_t j = 0; j < cols.size(); j++) {
    std::vector<uint8_t> one(n * 16), one_valid(n);
    ASSERT_GE(tev_fill(cols[j], ptrs.data(), n, one.data(), one_valid.data()), 0);
    size_t width = tev_type_size(tev_column_type(cols[j]));
    for (size_t i = 0; i < n; i++) {
      ASSERT_EQ(one_valid[i], valid[j][i]) << tev_column_name(cols[j]) << " " << i;
      tev_value v;
      if (ptrs[i]) {
        ASSERT_EQ(tev_read(cols[j], ptrs[i], &v), TEV_OK);
        EXPECT_EQ(v.valid, valid[j][i]) << tev_column_name(cols[j]) << " " << i;
      }
      EXPECT_EQ(memcmp(one.data() + i * width, values[j].data() + i * width, width), 0)
          << tev_column_name(cols[j]) << " " << i;
    }
  }
  // Columns of two events, or an opaque one.
  const tev_column* mixed[] = {cols[0], column(event("kmem", "kmalloc"), "call_site")};
  EXPECT_EQ(tev_fill_columns(mixed, 2, ptrs.data(), n, value_ptrs.data(), nullptr), TEV_ERR_WRONG_EVENT);
  const tev_column* opaque[] = {column(event("kmem", "mm_page_alloc"), "page")};
  EXPECT_EQ(tev_fill_columns(opaque, 1, ptrs.data(), n, value_ptrs.data(), nullptr), TEV_ERR_NO_VALUE);
  EXPECT_EQ(tev_fill_columns(cols.data(), cols.size(), ptrs.data(), 0, value_ptrs.data(), nullptr), 0);
  EXPECT_EQ(tev_fill_columns(nullptr, 0, ptrs.data(), n, value_ptrs.data(), nullptr), TEV_ERR_NULL_ARGUMENT);
}

// One event's records only (the common batch), some cut short: whole blocks
// of full records, a block where one record is too short for the later
// fields only, one cut inside a __data_loc payload or before common_type.
// Every value is what tev_read gives for its record.
TEST_F(Api, FillColumnsOfOneEvent) {
  tev_event* ev = event("block", "block_rq_issue");
  std::vector<const tev_column*> cols = valued_columns(ev);
  constexpr size_t n = 700;  // blocks of 256 records and a part
  std::vector<Record> recs;
  for (size_t i = 0; i < n; i++) {
    Record r = cx.record("block", "block_rq_issue");
    r.set("common_pid", i).set("dev", i << 20 | 3).set("sector", i * 8).set("bytes", i * 512);
    r.set("ioprio", i).set_string("rwbs", i % 2 ? "W" : "RS").set_string("comm", "kworker/0:1H");
    r.set_dynamic_string("cmd", i % 3 ? "" : "write 0x10");
    recs.push_back(r);
  }
  recs[300].truncate(30);   // has dev and sector, not bytes and what follows
  recs[600].truncate(66);   // the location word, not the payload
  recs[650].truncate(1);    // not even common_type
  std::vector<const tep_record*> ptrs;
  for (Record& r : recs) ptrs.push_back(&r.get());
  ColumnBuffers buffers(cols.size(), n);
  auto& [values, valid, value_ptrs, valid_ptrs] = buffers;
  EXPECT_EQ(tev_fill_columns(cols.data(), cols.size(), ptrs.data(), n, value_ptrs.data(), valid_ptrs.data()), n - 1);
  for (size_t j = 0; j < cols.size(); j++) {
    size_t width = tev_type_size(tev_column_type(cols[j]));
    for (size_t i = 0; i < n; i++) {
      tev_value v;
      ASSERT_EQ(tev_read(cols[j], ptrs[i], &v), TEV_OK);
      ASSERT_EQ(valid[j][i], v.valid) << tev_column_name(cols[j]) << " " << i;
      if (!v.valid) continue;
      const uint8_t* at = values[j].data() + i * width;
      if (tev_column_type(cols[j]) == TEV_TYPE_BYTES) {
        tev_bytes b;
        memcpy(&b, at, sizeof(b));
        EXPECT_EQ(b.data, v.bytes.data) << tev_column_name(cols[j]) << " " << i;
        EXPECT_EQ(b.size, v.bytes.size) << tev_column_name(cols[j]) << " " << i;
      } else {
        uint64_t bits = 0;
        switch (width) {  // the value in host order, of the type's width
          case 1: bits = *at; break;
          case 2: { uint16_t x; memcpy(&x, at, 2); bits = x; break; }
          case 4: { uint32_t x; memcpy(&x, at, 4); bits = x; break; }
          default: memcpy(&bits, at, 8); break;
        }
        EXPECT_EQ(bits, width == 8 ? v.u : v.u & ((1ULL << (8 * width)) - 1)) << tev_column_name(cols[j]) << " " << i;
      }
    }
  }
}

// A window of records of three events, with records in no group (NULL, too
// short for common_type, an id with no event) and some cut short: each
// group has its event's records in their order, and filling it gives what
// tev_fill_columns gives for those records.
TEST_F(Api, WindowGroupsRecordsByEvent) {
  const char* names[][2] = {{"sched", "sched_switch"}, {"kmem", "kmalloc"}, {"block", "block_rq_issue"}};
  std::vector<Record> recs;
  for (size_t i = 0; i < 600; i++) {  // groups of several blocks of 256
    const char* const* name = names[i % 7 == 0 ? 1 : i % 5 == 0 ? 2 : 0];
    Record r = cx.record(name[0], name[1]);
    r.set("common_pid", i);
    if (i % 13 == 0) r.truncate(20);
    recs.push_back(r);
  }
  recs[3].truncate(1);
  recs[4].set("common_type", 65000);
  std::vector<const tep_record*> ptrs;
  for (Record& r : recs) ptrs.push_back(&r.get());
  ptrs[2] = nullptr;
  tev_window* window = nullptr;
  ASSERT_EQ(tev_window_new(cat, &window), TEV_OK);
  ASSERT_EQ(tev_window_load(window, ptrs.data(), ptrs.size()), 3);
  size_t grouped = 0;
  const size_t order[] = {1, 0, 2};  // by first record: kmalloc (record 0), sched_switch, block_rq_issue
  for (size_t g = 0; g < 3; g++) {
    tev_event* ev = nullptr;
    const tep_record* const* in = nullptr;
    size_t n = 0;
    ASSERT_EQ(tev_window_group(window, g, &ev, &in, &n), TEV_OK);
    EXPECT_EQ(ev, event(names[order[g]][0], names[order[g]][1]));
    std::vector<const tep_record*> want;
    for (size_t i = 0; i < ptrs.size(); i++)
      if (i != 2 && i != 3 && i != 4 && tev_event_tep_event(ev)->id == tep_data_type(cx.tep(), const_cast<tep_record*>(ptrs[i])))
        want.push_back(ptrs[i]);
    ASSERT_EQ(std::vector<const tep_record*>(in, in + n), want);
    grouped += n;
    std::vector<const tev_column*> cols = valued_columns(ev);
    ColumnBuffers got(cols.size(), n), expected(cols.size(), n);
    ASSERT_EQ(tev_window_fill(window, g, cols.data(), cols.size(), got.value_ptrs.data(), got.valid_ptrs.data()), n);
    ASSERT_EQ(tev_fill_columns(cols.data(), cols.size(), in, n, expected.value_ptrs.data(), expected.valid_ptrs.data()), n);
    for (size_t j = 0; j < cols.size(); j++) {
      size_t width = tev_type_size(tev_column_type(cols[j]));
      EXPECT_EQ(got.valid[j], expected.valid[j]) << tev_column_name(cols[j]);
      for (size_t i = 0; i < n; i++)
        if (expected.valid[j][i]) {
          EXPECT_EQ(memcmp(got.values[j].data() + i * width, expected.values[j].data() + i * width, width), 0)
              << tev_column_name(cols[j]) << " " << i;
        }
    }
  }
  EXPECT_EQ(grouped, ptrs.size() - 3);
  // Columns of another event, groups and handles that are not.
  const tev_column* other[] = {column(event("kmem", "kmalloc"), "call_site")};
  void* values[1] = {nullptr};
  std::vector<uint8_t> room(8 * ptrs.size());
  values[0] = room.data();
  EXPECT_EQ(tev_window_fill(window, 1, other, 1, values, nullptr), TEV_ERR_WRONG_EVENT);
  EXPECT_EQ(tev_window_fill(window, 0, other, 1, values, nullptr), 600 / 7 + 1);
  EXPECT_EQ(tev_window_fill(window, 3, other, 1, values, nullptr), TEV_ERR_INDEX);
  EXPECT_EQ(tev_window_fill(window, 0, nullptr, 0, values, nullptr), TEV_ERR_NULL_ARGUMENT);
  EXPECT_EQ(tev_window_group(window, 3, nullptr, nullptr, nullptr), TEV_ERR_INDEX);
  EXPECT_EQ(tev_window_group(nullptr, 0, nullptr, nullptr, nullptr), TEV_ERR_NULL_ARGUMENT);
  EXPECT_EQ(tev_window_load(reinterpret_cast<tev_window*>(cat), ptrs.data(), 1), TEV_ERR_BAD_HANDLE);
  EXPECT_EQ(tev_window_load(window, nullptr, 1), TEV_ERR_NULL_ARGUMENT);
  if constexpr (sizeof(size_t) > 4) {  // more records than a row's place in the load can say
    EXPECT_EQ(tev_window_load(window, ptrs.data(), size_t{UINT32_MAX} + 1), TEV_ERR_INDEX);
  }
  EXPECT_EQ(tev_window_new(nullptr, &window), TEV_ERR_NULL_ARGUMENT);
  // A new load replaces the last: nothing, then one record.
  EXPECT_EQ(tev_window_load(window, nullptr, 0), 0);
  EXPECT_EQ(tev_window_group(window, 0, nullptr, nullptr, nullptr), TEV_ERR_INDEX);
  EXPECT_EQ(tev_window_load(window, ptrs.data() + 7, 1), 1);
  size_t n = 0;
  EXPECT_EQ(tev_window_group(window, 0, nullptr, nullptr, &n), TEV_OK);
  EXPECT_EQ(n, 1u);
  tev_window_free(window);
  tev_window_free(nullptr);

  // The same through the C++ layer.
  tev::Catalog catalog(cx.tep());
  tev::Window w(catalog);
  ASSERT_EQ(w.load(ptrs), 3u);
  tev::Window::Group g = w.group(0);
  EXPECT_EQ(g.records.size(), 600u / 7 + 1);
  tev::Column call_site = *g.event.find_field("call_site");
  std::vector<uint64_t> call_sites(g.records.size());
  void* out[] = {call_sites.data()};
  EXPECT_EQ(w.fill(0, std::span(&call_site, 1), out), g.records.size());
  EXPECT_THROW(w.fill(1, std::span(&call_site, 1), out), tev::Error);
}

// A group filled again with the columns of its last fill reuses the plan made
// then, into other arrays, also after loads that added groups (and moved the
// plans); other columns, the same in another order or a subset, are checked
// and planned again; a missing values array is still refused. Each fill
// gives what tev_fill_columns gives for the group's records.
TEST_F(Api, WindowKeepsEachGroupsPlan) {
  const char* names[][2] = {{"sched", "sched_switch"}, {"kmem", "kmalloc"}, {"block", "block_rq_issue"}};
  std::vector<Record> recs;
  for (size_t i = 0; i < 300; i++) {
    const char* const* name = names[i < 100 ? 0 : i % 3];
    Record r = cx.record(name[0], name[1]);
    r.set("common_pid", i);
    if (i % 3 == 0) r.set_string(name == names[0] ? "prev_comm" : "comm", "kworker/1:2");
    if (name == names[2]) r.set_dynamic_string("cmd", i % 2 ? "" : "flush");
    if (i % 17 == 0) r.truncate(20);
    recs.push_back(r);
  }
  std::vector<const tep_record*> ptrs;
  for (Record& r : recs) ptrs.push_back(&r.get());
  tev_window* window = nullptr;
  ASSERT_EQ(tev_window_new(cat, &window), TEV_OK);
  // Fills `cols` of group g (of event `ev`) and compares with tev_fill_columns.
  auto check = [&](size_t g, tev_event* ev, const std::vector<const tev_column*>& cols) {
    tev_event* got_event = nullptr;
    const tep_record* const* in = nullptr;
    size_t n = 0;
    ASSERT_EQ(tev_window_group(window, g, &got_event, &in, &n), TEV_OK);
    ASSERT_EQ(got_event, ev);
    ColumnBuffers got(cols.size(), n), expected(cols.size(), n);
    ASSERT_EQ(tev_window_fill(window, g, cols.data(), cols.size(), got.value_ptrs.data(), got.valid_ptrs.data()), n);
    ASSERT_EQ(tev_fill_columns(cols.data(), cols.size(), in, n, expected.value_ptrs.data(), expected.valid_ptrs.data()), n);
    for (size_t j = 0; j < cols.size(); j++) {
      EXPECT_EQ(got.valid[j], expected.valid[j]) << tev_column_name(cols[j]);
      EXPECT_EQ(got.values[j], expected.values[j]) << tev_column_name(cols[j]);
    }
  };
  tev_event* sw = event(names[0][0], names[0][1]);
  std::vector<const tev_column*> cols = valued_columns(sw);
  ASSERT_EQ(tev_window_load(window, ptrs.data(), 100), 1);  // sched_switch only
  check(0, sw, cols);
  check(0, sw, cols);  // the kept plan, into other arrays
  ASSERT_EQ(tev_window_load(window, ptrs.data(), ptrs.size()), 3);
  for (size_t g = 0; g < 3; g++) check(g, event(names[g][0], names[g][1]), valued_columns(event(names[g][0], names[g][1])));
  check(0, sw, cols);
  std::vector<const tev_column*> reversed(cols.rbegin(), cols.rend());
  check(0, sw, reversed);
  check(0, sw, std::vector<const tev_column*>(cols.begin(), cols.begin() + 2));
  check(0, sw, cols);
  // The kept columns with a values array missing, or with another event's.
  ColumnBuffers room(cols.size(), ptrs.size());
  room.value_ptrs[1] = nullptr;
  EXPECT_EQ(tev_window_fill(window, 0, cols.data(), cols.size(), room.value_ptrs.data(), nullptr), TEV_ERR_NULL_ARGUMENT);
  std::vector<const tev_column*> mixed = cols;
  mixed.back() = column(event(names[1][0], names[1][1]), "call_site");
  room.value_ptrs[1] = room.values[1].data();
  EXPECT_EQ(tev_window_fill(window, 0, mixed.data(), mixed.size(), room.value_ptrs.data(), nullptr), TEV_ERR_WRONG_EVENT);
  // The sched_switch columns for the kmalloc group: planned for group 0 only.
  EXPECT_EQ(tev_window_fill(window, 1, cols.data(), cols.size(), room.value_ptrs.data(), nullptr), TEV_ERR_WRONG_EVENT);
  check(0, sw, cols);
  tev_window_free(window);
}

// A window asked for an id no event had finds the event parsed after.
TEST(Window, FindsEventsParsedLater) {
  auto format = [](int id) {
    return "name: ev" + std::to_string(id) + "\nID: " + std::to_string(id) +
           "\nformat:\n\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
           "\tfield:int x;\toffset:4;\tsize:4;\tsigned:1;\n\nprint fmt: \"x=%d\", REC->x\n";
  };
  tep_handle* tep = tep_alloc();
  tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);  // the payload's order, on any host
  std::string a = format(7), b = format(8);
  ASSERT_EQ(tep_parse_event(tep, a.data(), a.size(), "test"), 0);
  uint8_t payload[8] = {8, 0, 0, 0, 42, 0, 0, 0};  // event 8, x = 42
  tep_record rec{};
  rec.data = payload;
  rec.size = sizeof(payload);
  const tep_record* recs[] = {&rec};
  tev_catalog* cat = nullptr;
  ASSERT_EQ(tev_catalog_new(tep, &cat), TEV_OK);
  tev_window* window = nullptr;
  ASSERT_EQ(tev_window_new(cat, &window), TEV_OK);
  EXPECT_EQ(tev_window_load(window, recs, 1), 0);
  ASSERT_EQ(tep_parse_event(tep, b.data(), b.size(), "test"), 0);
  ASSERT_EQ(tev_window_load(window, recs, 1), 1);
  tev_event* ev = nullptr;
  ASSERT_EQ(tev_window_group(window, 0, &ev, nullptr, nullptr), TEV_OK);
  const tev_column* x = nullptr;
  ASSERT_EQ(tev_event_find_field(ev, "x", &x), TEV_OK);
  int32_t value = 0;
  void* values[] = {&value};
  EXPECT_EQ(tev_window_fill(window, 0, &x, 1, values, nullptr), 1);
  EXPECT_EQ(value, 42);
  tev_window_free(window);
  tev_catalog_free(cat);
  tep_free(tep);
}

// An event whose own format puts common_type elsewhere than where the id is
// read: its records are its group only where that field says so too, and a
// window fills its common_type column (and the other event's) with the id.
TEST(Window, CommonTypeWhereEachFormatPutsIt) {
  const std::string plain =
      "name: plain\nID: 7\nformat:\n\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
      "\tfield:int x;\toffset:4;\tsize:4;\tsigned:1;\n\nprint fmt: \"x=%d\", REC->x\n";
  const std::string moved =
      "name: moved\nID: 9\nformat:\n\tfield:unsigned short tag;\toffset:0;\tsize:2;\tsigned:0;\n"
      "\tfield:unsigned int common_type;\toffset:4;\tsize:4;\tsigned:0;\n\n"
      "\tfield:char rest[0];\toffset:8;\tsize:0;\tsigned:0;\n\nprint fmt: \"tag=%u\", REC->tag\n";
  tep_handle* tep = tep_alloc();
  tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);
  ASSERT_EQ(tep_parse_event(tep, plain.data(), plain.size(), "test"), 0);
  ASSERT_EQ(tep_parse_event(tep, moved.data(), moved.size(), "test"), 0);
  uint8_t payloads[4][8] = {
      {7, 0, 0, 0, 42, 0, 0, 0},  // plain, x = 42
      {9, 0, 0, 0, 9, 0, 0, 0},   // moved: read as 9 where the id is read, and 9 in its own field
      {9, 0, 0, 0, 10, 0, 0, 0},  // read as 9, but its own field says 10: in no group
      {7, 0, 0, 0, 43, 0, 0, 0},
  };
  tep_record recs[4] = {};
  const tep_record* ptrs[4];
  for (size_t i = 0; i < 4; i++) {
    recs[i].data = payloads[i];
    recs[i].size = 8;
    ptrs[i] = &recs[i];
  }
  tev_catalog* cat = nullptr;
  ASSERT_EQ(tev_catalog_new(tep, &cat), TEV_OK);
  tev_window* window = nullptr;
  ASSERT_EQ(tev_window_new(cat, &window), TEV_OK);
  ASSERT_EQ(tev_window_load(window, ptrs, 4), 2);
  const uint32_t ids[] = {7, 9};
  const size_t counts[] = {2, 1};
  for (size_t g = 0; g < 2; g++) {
    tev_event* ev = nullptr;
    const tep_record* const* in = nullptr;
    size_t n = 0;
    ASSERT_EQ(tev_window_group(window, g, &ev, &in, &n), TEV_OK);
    ASSERT_EQ(n, counts[g]);
    EXPECT_EQ(in[0], ptrs[g]);
    const tev_column* type = nullptr;
    ASSERT_EQ(tev_event_find_field(ev, "common_type", &type), TEV_OK);
    uint64_t values[2] = {};  // room for either width
    void* out[] = {values};
    ASSERT_EQ(tev_window_fill(window, g, &type, 1, out, nullptr), static_cast<int64_t>(n));
    uint64_t expected[2] = {};
    ASSERT_EQ(tev_fill(type, in, n, expected, nullptr), static_cast<int64_t>(n));
    EXPECT_EQ(memcmp(values, expected, sizeof(values)), 0);
    for (size_t i = 0; i < n; i++) {
      const uint8_t* at = reinterpret_cast<uint8_t*>(values);
      uint64_t v = 0;
      switch (tev_type_size(tev_column_type(type))) {  // the host's order
        case 2: { uint16_t x; memcpy(&x, at + 2 * i, 2); v = x; break; }
        case 4: { uint32_t x; memcpy(&x, at + 4 * i, 4); v = x; break; }
        default: FAIL() << "common_type of an unexpected width";
      }
      EXPECT_EQ(v, ids[g]);
    }
  }
  tev_window_free(window);
  tev_catalog_free(cat);
  tep_free(tep);
}

// Upstream 1.9.0's helpers: a stack trace is opaque (its text only), a
// __print_dynamic_array an array of its payload, none outside the record.
TEST(Typed, StacktraceAndDynamicArrays) {
  const std::string format =
      "name: helpers\nID: 6\nformat:\n\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
      "\tfield:__data_loc unsigned long[] stack;\toffset:4;\tsize:4;\tsigned:0;\n"
      "\tfield:__data_loc u8[] b8;\toffset:8;\tsize:4;\tsigned:0;\n"
      "\tfield:__data_loc u16[] b16;\toffset:12;\tsize:4;\tsigned:0;\n\n"
      "print fmt: \"%s|%s|%s|%s\", __get_stacktrace(stack), __print_dynamic_array(b8, 1), "
      "__print_dynamic_array(b16, 2), __print_dynamic_array(b8, 3)\n";
  tep_handle* tep = tep_alloc();
  tep_set_long_size(tep, 8);
  tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);  // the payload's order, on any host
  ASSERT_EQ(tep_parse_event(tep, format.data(), format.size(), "test"), 0);
  tev_catalog* cat = nullptr;
  ASSERT_EQ(tev_catalog_new(tep, &cat), TEV_OK);
  tev_event* ev = nullptr;
  ASSERT_EQ(tev_event_by_id(cat, 6, &ev), TEV_OK);
  ASSERT_EQ(tev_event_column_count(ev), 4);
  const tev_column* cols[4];
  for (int i = 0; i < 4; i++) ASSERT_EQ(tev_event_column(ev, i, &cols[i]), TEV_OK);
  EXPECT_EQ(tev_column_kind(cols[0]), TEV_KIND_OPAQUE);
  EXPECT_STREQ(tev_column_name(cols[0]), "stack");  // named after its field
  EXPECT_EQ(tev_column_kind(cols[1]), TEV_KIND_ARRAY);
  EXPECT_EQ(tev_column_element_type(cols[1]), TEV_TYPE_U8);
  EXPECT_EQ(tev_column_kind(cols[2]), TEV_KIND_ARRAY);
  EXPECT_EQ(tev_column_element_type(cols[2]), TEV_TYPE_U16);
  EXPECT_EQ(tev_column_kind(cols[3]), TEV_KIND_OPAQUE);  // no such element size

  // stack: 2 longs at 16; b8: 3 bytes at 32; b16: 5 bytes at 35 (two elements).
  uint8_t payload[40] = {6, 0, 0, 0, 16, 0, 16, 0, 32, 0, 3, 0, 35, 0, 5, 0};
  const uint8_t bytes[] = {7, 8, 9, 1, 2, 3, 4, 5};
  memcpy(payload + 32, bytes, sizeof bytes);
  payload[24] = 0x10;  // the second stack entry: 0x10
  tep_record rec{};
  rec.data = payload;
  rec.size = sizeof payload;
  tev_value v{};
  ASSERT_EQ(tev_read(cols[1], &rec, &v), TEV_OK);
  ASSERT_TRUE(v.valid);
  ASSERT_EQ(v.bytes.size, 3u);
  int64_t e = 0;
  ASSERT_EQ(tev_array_element(cols[1], v.bytes, 2, &e), TEV_OK);
  EXPECT_EQ(e, 9);
  char text[128];
  tev_format_buf(cols[0], &rec, text, sizeof text);
  EXPECT_STREQ(text, "\n=> 10\n");
  tev_format_buf(cols[1], &rec, text, sizeof text);
  EXPECT_STREQ(text, "{0x7,0x8,0x9}");
  tev_format_buf(cols[3], &rec, text, sizeof text);
  EXPECT_STREQ(text, "{BAD SIZE:3 0x7}");
  // Cut short: no payload lies inside the record, no value, nothing read past it.
  rec.size = 20;
  for (const tev_column* c : cols) {
    tev_value none{};
    tev_read(c, &rec, &none);
    EXPECT_FALSE(none.valid);
    tev_format_buf(c, &rec, text, sizeof text);
  }
  tev_format_buf(cols[1], &rec, text, sizeof text);
  EXPECT_STREQ(text, "{}");
  tev_catalog_free(cat);
  tep_free(tep);
}

// Texts of a batch into a buffer too small for all: as many as fit.
// Strings of every length from 0 to 40 bytes, with a NUL first, in the
// middle, last or nowhere: in a __data_loc, a __rel_loc and fixed arrays of
// 9 and 23 bytes (not whole words or vectors), some records cut inside the
// payload. The batch and the window cut each where tev_read does.
TEST(Batch, StringsOfEveryLength) {
  const std::string format =
      "name: strings\nID: 5\nformat:\n\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
      "\tfield:__data_loc char[] loc;\toffset:4;\tsize:4;\tsigned:0;\n"
      "\tfield:__rel_loc char[] rel;\toffset:8;\tsize:4;\tsigned:0;\n"
      "\tfield:char small[9];\toffset:12;\tsize:9;\tsigned:0;\n"
      "\tfield:char wide[23];\toffset:21;\tsize:23;\tsigned:0;\n\n"
      "print fmt: \"%s %s %s %s\", __get_str(loc), __get_rel_str(rel), REC->small, REC->wide\n";
  tep_handle* tep = tep_alloc();
  tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);  // the payload's order, on any host
  ASSERT_EQ(tep_parse_event(tep, format.data(), format.size(), "test"), 0);
  constexpr size_t kFields = 44;
  std::vector<std::vector<uint8_t>> payloads;
  for (size_t length = 0; length <= 40; length++)
    for (int nul : {-1, 0, static_cast<int>(length / 2), static_cast<int>(length) - 1}) {
      std::vector<uint8_t> text(length);
      for (size_t k = 0; k < length; k++) text[k] = static_cast<uint8_t>('a' + k % 26);
      if (nul >= 0 && static_cast<size_t>(nul) < length) text[static_cast<size_t>(nul)] = 0;
      std::vector<uint8_t> p(kFields, 0);
      p[0] = 5;
      auto word = [&](size_t at, size_t where) {
        const uint32_t w = static_cast<uint32_t>(where) | static_cast<uint32_t>(length) << 16;
        for (int b = 0; b < 4; b++) p[at + static_cast<size_t>(b)] = static_cast<uint8_t>(w >> (8 * b));
      };
      word(4, kFields);                   // loc: from the record's start
      word(8, kFields + length - 12);     // rel: from the field's end
      std::copy_n(text.begin(), std::min<size_t>(length, 9), p.begin() + 12);
      std::copy_n(text.begin(), std::min<size_t>(length, 23), p.begin() + 21);
      p.insert(p.end(), text.begin(), text.end());
      p.insert(p.end(), text.begin(), text.end());
      if (payloads.size() % 5 == 4 && length) p.pop_back();  // rel's last byte cut off
      payloads.push_back(std::move(p));
    }
  std::vector<tep_record> recs(payloads.size());
  std::vector<const tep_record*> ptrs;
  for (size_t i = 0; i < payloads.size(); i++) {
    recs[i].data = payloads[i].data();
    recs[i].size = static_cast<int>(payloads[i].size());
    ptrs.push_back(&recs[i]);
  }
  tev_catalog* cat = nullptr;
  ASSERT_EQ(tev_catalog_new(tep, &cat), TEV_OK);
  tev_event* ev = nullptr;
  ASSERT_EQ(tev_event_find(cat, "test", "strings", &ev), TEV_OK);
  std::vector<const tev_column*> cols;
  for (const char* name : {"loc", "rel", "small", "wide"}) {
    const tev_column* c = nullptr;
    ASSERT_EQ(tev_event_find_field(ev, name, &c), TEV_OK) << name;
    ASSERT_EQ(tev_column_type(c), TEV_TYPE_BYTES) << name;
    cols.push_back(c);
  }
  const size_t n = ptrs.size();
  std::vector<std::vector<tev_bytes>> batch(cols.size(), std::vector<tev_bytes>(n)), windowed = batch;
  std::vector<std::vector<uint8_t>> valid(cols.size(), std::vector<uint8_t>(n));
  std::vector<void*> batch_ptrs, window_ptrs;
  std::vector<uint8_t*> valid_ptrs;
  for (size_t j = 0; j < cols.size(); j++) {
    batch_ptrs.push_back(batch[j].data());
    window_ptrs.push_back(windowed[j].data());
    valid_ptrs.push_back(valid[j].data());
  }
  ASSERT_EQ(tev_fill_columns(cols.data(), cols.size(), ptrs.data(), n, batch_ptrs.data(), valid_ptrs.data()),
            static_cast<int64_t>(n));
  tev_window* window = nullptr;
  ASSERT_EQ(tev_window_new(cat, &window), TEV_OK);
  ASSERT_EQ(tev_window_load(window, ptrs.data(), n), 1);
  ASSERT_EQ(tev_window_fill(window, 0, cols.data(), cols.size(), window_ptrs.data(), nullptr),
            static_cast<int64_t>(n));
  size_t cut = 0;
  for (size_t j = 0; j < cols.size(); j++)
    for (size_t i = 0; i < n; i++) {
      tev_value v;
      ASSERT_EQ(tev_read(cols[j], ptrs[i], &v), TEV_OK);
      const char* name = tev_column_name(cols[j]);
      ASSERT_EQ(valid[j][i], v.valid) << name << " " << i;
      cut += !v.valid;
      if (!v.valid) continue;
      EXPECT_EQ(batch[j][i].data, v.bytes.data) << name << " " << i;
      EXPECT_EQ(batch[j][i].size, v.bytes.size) << name << " " << i;
      EXPECT_EQ(windowed[j][i].data, v.bytes.data) << name << " " << i;
      EXPECT_EQ(windowed[j][i].size, v.bytes.size) << name << " " << i;
    }
  EXPECT_GT(cut, 0u);  // the records cut inside rel's payload
  tev_window_free(window);
  tev_catalog_free(cat);
  tep_free(tep);
}

TEST_F(Api, TextsInSmallBuffers) {
  const tev_column* comm = column(event("sched", "sched_switch"), "prev_comm");
  Record a = cx.record("sched", "sched_switch"), b = cx.record("sched", "sched_switch");
  a.set_string("prev_comm", "abcdef");
  b.set_string("prev_comm", "ghijklmnop");
  const tep_record* recs[] = {&a.get(), &b.get()};
  char text[12];
  uint64_t offsets[3];
  EXPECT_EQ(tev_fill_text(comm, recs, 2, text, sizeof(text), offsets), 1);
  EXPECT_EQ(offsets[1], 6u);
  EXPECT_EQ(std::string(text, 6), "abcdef");
  EXPECT_EQ(tev_fill_text(comm, recs + 1, 1, text, sizeof(text), offsets), 1);
  EXPECT_EQ(std::string(text, offsets[1]), "ghijklmnop");
  EXPECT_EQ(tev_fill_text(comm, recs, 2, text, 0, offsets), 0);
  char small[4];
  EXPECT_EQ(tev_format_buf(comm, &b.get(), small, sizeof(small)), 10);
  EXPECT_STREQ(small, "ghi");
  EXPECT_EQ(tev_format_buf(comm, &b.get(), nullptr, 0), 10);
}

// Every column and field of every case event, on every prefix of a record:
// reads stay inside (ASan), values a record lacks are null.
TEST_F(Api, ShortRecords) {
  tep_event** events = tep_list_events(cx.tep(), TEP_EVENT_SORT_ID);
  for (int i = 0; events && events[i]; i++) {
    tev_event* ev = nullptr;
    ASSERT_EQ(tev_event_of(cat, events[i], &ev), TEV_OK);
    Record full(events[i]);
    const tep_record& whole = full.get();
    for (int size = 0; size <= whole.size; size++) {
      // An exact-size copy: a read past it is a heap overflow.
      std::unique_ptr<uint8_t[]> copy(new uint8_t[size ? size : 1]);
      memcpy(copy.get(), whole.data, static_cast<size_t>(size));
      tep_record rec{};
      rec.data = copy.get();
      rec.size = size;
      const tep_record* recs[] = {&rec};
      for (bool fields : {false, true}) {
        int n = fields ? tev_event_field_count(ev) : tev_event_column_count(ev);
        for (int c = 0; c < n; c++) {
          const tev_column* col = nullptr;
          ASSERT_EQ(fields ? tev_event_field(ev, c, &col) : tev_event_column(ev, c, &col), TEV_OK);
          tev_value v;
          ASSERT_EQ(tev_read(col, &rec, &v), TEV_OK);
          if (size < 2) {
            EXPECT_EQ(v.valid, 0);
          }
          // A value of a whole fixed field needs all of it.
          tep_format_field* f = tev_column_field(col);
          if (v.valid && f && !(f->flags & TEP_FIELD_IS_DYNAMIC) && !strcmp(f->name, tev_column_name(col))) {
            EXPECT_LE(f->offset + f->size, size) << events[i]->name << " " << tev_column_name(col);
          }
          if (tev_column_type(col) != TEV_TYPE_NONE) {
            alignas(16) unsigned char value[32];
            memset(value, 0xab, sizeof(value));
            uint8_t valid = 9;
            ASSERT_GE(tev_fill(col, recs, 1, value, &valid), 0);
            EXPECT_EQ(valid, v.valid);
            // A null value is stored as zeros (bytes: NULL, size 0).
            const unsigned char zeros[32] = {};
            if (!valid) {
              EXPECT_EQ(memcmp(value, zeros, tev_type_size(tev_column_type(col))), 0)
                  << events[i]->name << " " << tev_column_name(col) << " " << size;
            }
          }
          char text[512];
          tev_format_buf(col, &rec, text, sizeof(text));
        }
      }
    }
  }
}

// Several threads reading one new catalog from the start (its models are
// built lazily, concurrently) get what one thread gets.
TEST_F(Api, Threads) {
  Record r = cx.record("kvm", "kvm_exit");
  r.set("isa", 1).set("exit_reason", 12);
  std::string want = cx.info(r.get());
  // Record::get() rewrites its tep_record: taken once here, not by every thread.
  const tep_record& record = r.get();
  tev::Catalog catalog(cx.tep());
  std::vector<std::thread> threads;
  std::vector<std::string> got(4);
  for (int t = 0; t < 4; t++)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 50; i++) got[t] = catalog.of(cx.event("kvm", "kvm_exit"))->text(record);
    });
  for (std::thread& t : threads) t.join();
  for (const std::string& g : got) EXPECT_EQ(g, want);
}

}  // namespace
}  // namespace typed_test
