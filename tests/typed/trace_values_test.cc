// SPDX-License-Identifier: LGPL-2.1
// The columnar path over real traces (tests/data/traces): every raw field of
// every record, filled in one batch per event and field, equals what the tep_
// API reads for it record by record (tep_read_number_field, tep_get_field_raw),
// and a few print fmt columns equal what their fields say.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "event-typed.hpp"
#include "../support/trace_records.h"

namespace typed_test {
namespace {

std::string trace_path(const char* name) {
  const char* dir = getenv("TYPED_TRACES");
  return std::string(dir ? dir : "tests/data/traces") + "/" + name;
}

class TraceValues : public ::testing::TestWithParam<const char*> {};

TEST_P(TraceValues, RawFieldsMatchTheTepApi) {
  TraceRecords trace;
  ASSERT_TRUE(trace.load(trace_path(GetParam())));
  tev::Catalog catalog(trace.tep());
  std::map<int, std::vector<const tep_record*>> by_event;
  for (const tep_record& r : trace.records())
    by_event[tep_data_type(trace.tep(), const_cast<tep_record*>(&r))].push_back(&r);
  long checked = 0;
  for (auto& [id, records] : by_event) {
    std::optional<tev::Event> ev = catalog.by_id(id);
    if (!ev) continue;  // padding, or an event without format
    for (const tev::Column& f : ev->fields()) {
      tep_format_field* field = f.field();
      ASSERT_NE(field, nullptr);
      size_t n = records.size();
      std::vector<uint8_t> valid(n);
      if (f.type() == TEV_TYPE_BYTES) {
        std::vector<tev_bytes> values(n);
        f.fill(records, std::span<tev_bytes>(values), valid);
        for (size_t i = 0; i < n; i++) {
          int len = 0;
          auto* raw = static_cast<const char*>(
              tep_get_field_raw(nullptr, ev->raw(), field->name, const_cast<tep_record*>(records[i]), &len, 0));
          ASSERT_TRUE(raw && valid[i]) << field->name;
          std::string_view want(raw, static_cast<size_t>(len));
          // "char buf[]; size:0" (ftrace:print): the rest of the record.
          if (!field->size) want = std::string_view(raw, static_cast<size_t>(records[i]->size - field->offset));
          if (f.kind() == tev::Kind::String) want = want.substr(0, want.find('\0'));
          EXPECT_EQ(std::string_view(static_cast<const char*>(values[i].data), values[i].size), want)
              << ev->raw()->name << "." << field->name;
          checked++;
        }
        continue;
      }
      std::vector<int64_t> values(n);
      f.fill_int64(records, values, valid);
      for (size_t i = 0; i < n; i++) {
        unsigned long long want = 0;
        ASSERT_EQ(tep_read_number_field(field, records[i]->data, &want), 0);
        if ((field->flags & TEP_FIELD_IS_SIGNED) && field->size < 8) {
          int shift = 64 - 8 * field->size;
          want = static_cast<unsigned long long>(static_cast<long long>(want << shift) >> shift);
        }
        if (f.kind() == tev::Kind::Bool) want = want != 0;
        EXPECT_TRUE(valid[i]);
        EXPECT_EQ(static_cast<unsigned long long>(values[i]), want) << ev->raw()->name << "." << field->name;
        checked++;
      }
    }
  }
  EXPECT_GT(checked, 50);
}

INSTANTIATE_TEST_SUITE_P(Committed, TraceValues,
                         ::testing::Values("kmem.dat", "sched_irq.dat", "syscalls.dat", "misc.dat", "timer.dat",
                                           "marker.dat"));

// sched_switch's prev_state of every record of a real trace: the flag names
// joined with "|" are the text, and "R" for 0.
TEST(TraceColumns, SchedSwitchStates) {
  TraceRecords trace;
  ASSERT_TRUE(trace.load(trace_path("sched_irq.dat")));
  tev::Catalog catalog(trace.tep());
  tev::Event ev = *catalog.find("sched", "sched_switch");
  tev::Column state = *ev.find_column("prev_state");
  int switches = 0;
  for (const tep_record& r : trace.records()) {
    if (tep_data_type(trace.tep(), const_cast<tep_record*>(&r)) != ev.raw()->id) continue;
    tev::Value v = state.read(r);
    std::string joined;
    for (std::string_view name : v.flag_names()) joined += (joined.empty() ? "" : "|") + std::string(name);
    if (v.unnamed_bits()) continue;  // printed as hex after the names
    EXPECT_EQ(joined, state.format(v));
    switches++;
  }
  EXPECT_GT(switches, 200);
}

// mm_page_alloc's gfp_flags of a real trace: the names from the table are the text.
TEST(TraceColumns, PageAllocGfp) {
  TraceRecords trace;
  ASSERT_TRUE(trace.load(trace_path("kmem.dat")));
  tev::Catalog catalog(trace.tep());
  tev::Event ev = *catalog.find("kmem", "mm_page_alloc");
  tev::Column gfp = *ev.find_column("gfp_flags");
  std::vector<const tep_record*> records;
  for (const tep_record& r : trace.records())
    if (tep_data_type(trace.tep(), const_cast<tep_record*>(&r)) == ev.raw()->id) records.push_back(&r);
  ASSERT_GT(records.size(), 1000u);
  std::vector<std::string> texts = gfp.texts(records);
  ASSERT_EQ(texts.size(), records.size());
  for (size_t i = 0; i < records.size(); i++) {
    tev::Value v = gfp.read(*records[i]);
    std::string joined;
    for (std::string_view name : v.flag_names()) joined += (joined.empty() ? "" : "|") + std::string(name);
    if (!v.unnamed_bits()) {
      EXPECT_EQ(joined, texts[i]);
    }
  }
}

}  // namespace
}  // namespace typed_test
