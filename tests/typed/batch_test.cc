// SPDX-License-Identifier: LGPL-2.1
// lib/typed/batch: the values of many records, for one column or several,
// into caller arrays: each record's event checked once, a null value stored
// as 0, the same values read_value() gives one by one.
#include "typed/batch.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "base/byte_order.h"
#include "unit_fixture.h"

namespace tep::typed {
namespace {

using test::Handle;
using test::Outputs;
using test::RecordMix;
using test::valued;

const char kFields[] =
    "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"
    "\tfield:unsigned int b;\toffset:12;\tsize:4;\tsigned:0;\n"
    "\tfield:u64 big;\toffset:16;\tsize:8;\tsigned:0;\n"
    "\tfield:short s;\toffset:24;\tsize:2;\tsigned:1;\n"
    "\tfield:u8 tiny;\toffset:26;\tsize:1;\tsigned:0;\n"
    "\tfield:bool on;\toffset:27;\tsize:1;\tsigned:0;\n"
    "\tfield:char comm[16];\toffset:28;\tsize:16;\tsigned:1;\n"
    "\tfield:__data_loc char[] name;\toffset:44;\tsize:4;\tsigned:1;\n"
    "\tfield:__rel_loc char[] rel;\toffset:48;\tsize:4;\tsigned:1;\n"
    "\tfield:u8 mac[6];\toffset:52;\tsize:6;\tsigned:0;\n"
    "\tfield:__data_loc u8[] buf;\toffset:60;\tsize:4;\tsigned:0;\n"
    "\tfield:unsigned int len;\toffset:64;\tsize:4;\tsigned:0;\n";

const char kPrintFmt[] =
    "\"%d %u %llu %hd %u %d %s %s %s %pM %s %s %s %d %s %s %lu\", REC->a, (u16)REC->b, REC->big, REC->s, REC->tiny, "
    "REC->on, REC->comm, __get_str(name), __get_rel_str(rel), REC->mac, "
    "__print_hex(__get_dynamic_array(buf), REC->len), __print_symbolic(REC->s, {1, \"one\"}, {-1, \"neg\"}), "
    "REC->a ? \"y\" : \"n\", REC->a + REC->b, REC->b == 1 ? \"x\" : (REC->b == 2 ? \"y\" : \"z\"), "
    "REC->b ? __print_symbolic(REC->a, {1, \"one\"}) : \"-\", jiffies";

class Batch : public ::testing::Test {
 protected:
  explicit Batch(bool big_endian = false)
      : h_(8, big_endian), e_(h_.add(kFields, kPrintFmt)), other_(h_.add(kFields, "\"%d\", REC->a")) {}
  // Every column with values, filled in one call, against read_value.
  void check(const RecordMix& mix, bool widen, bool with_valid = true) {
    BatchSource src = h_.source(e_);
    std::vector<const Column*> columns = valued(src.model);
    Outputs out(columns, mix.size(), with_valid);
    size_t first_valid = 12345;
    size_t ours = fill_batch(src, out.targets(), out.count(), mix.data(), mix.size(), widen, &first_valid);
    size_t expect_ours = 0, expect_first = 0;
    for (size_t i = 0; i < mix.size(); i++) {
      expect_ours += mix[i] && belongs(src, *mix[i]);
      expect_first += mix[i] && read_value(src, *columns[0], *mix[i]).valid;
    }
    EXPECT_EQ(ours, expect_ours);
    EXPECT_EQ(first_valid, expect_first);
    out.expect_as_read(src, mix.data(), mix.size(), widen);
  }
  Handle h_;
  format::Event& e_;
  format::Event& other_;
};

TEST_F(Batch, MixedRecordsAreFilledAsReadOneByOne) { check(RecordMix(h_, {&e_, &other_}, 200, 1), false); }

TEST_F(Batch, WidenedToInt64) { check(RecordMix(h_, {&e_, &other_}, 200, 2), true); }

TEST_F(Batch, WithoutValidArrays) { check(RecordMix(h_, {&e_, &other_}, 100, 3), false, false); }

TEST_F(Batch, ManyBlocks) {
  // More than one kFillBlock, the last one partial, prefetches near the end.
  check(RecordMix(h_, {&e_, &other_}, 3 * kFillBlock + 17, 4), false);
}

TEST_F(Batch, EveryRecordTheEventsAndWhole) {
  // The dense path: no row needs a check.
  check(RecordMix(h_, {&e_}, kFillBlock + 5, 5, false), false);
  check(RecordMix(h_, {&e_}, 40, 6, false), true);
}

TEST_F(Batch, NoRecordsNoColumns) {
  BatchSource src = h_.source(e_);
  std::vector<const Column*> columns = valued(src.model);
  Outputs out(columns, 0);
  size_t first = 99;
  EXPECT_EQ(fill_batch(src, out.targets(), out.count(), nullptr, 0, false, &first), 0u);
  EXPECT_EQ(first, 0u);
  RecordMix mix(h_, {&e_, &other_}, 30, 7, false);
  size_t ours = 0;
  for (size_t i = 0; i < mix.size(); i++) ours += belongs(src, *mix[i]);
  EXPECT_EQ(fill_batch(src, nullptr, 0, mix.data(), mix.size(), false), ours);
}

TEST_F(Batch, OnlyNullsAndOtherEvents) {
  BatchSource src = h_.source(e_);
  std::vector<const Column*> columns = valued(src.model);
  test::Record other = h_.record(other_);
  const tep_record* records[] = {nullptr, &other.get(), nullptr};
  Outputs out(columns, 3);
  EXPECT_EQ(fill_batch(src, out.targets(), out.count(), records, 3, false), 0u);
  out.expect_as_read(src, records, 3);
  for (size_t j = 0; j < columns.size(); j++)
    for (size_t i = 0; i < 3; i++) EXPECT_EQ(out.valid(j, i), 0);
}

TEST(TypedBatch, EveryKindOfBytes) {
  // A trace in the host's byte order: upstream reads a kernel string's
  // address as the host's (for traces recorded elsewhere).
  Handle h(8, tep::base::kHostBigEndian);
  tep_parse_printk_formats(h.c_tep(), "0xffffffff82a00000 : \"a kernel string\"\n");
  format::Event& e = h.add(test::kEveryKindFields, test::kEveryKindPrintFmt);
  BatchSource src = h.source(e);
  RecordMix mix(h, {&e}, 400, 12);
  test::Record known = h.record(e);
  known.set("fmt", 0xffffffff82a00000ULL);
  std::vector<const tep_record*> records(mix.data(), mix.data() + mix.size());
  records.push_back(&known.get());
  for (bool widen : {false, true}) {
    Outputs out(valued(src.model), records.size());
    fill_batch(src, out.targets(), out.count(), records.data(), records.size(), widen);
    out.expect_as_read(src, records.data(), records.size(), widen);
  }
  EXPECT_TRUE(read_value(src, src.model.columns[10], known.get()).valid);  // the kernel string
}

class BigEndianBatch : public Batch {
 protected:
  BigEndianBatch() : Batch(true) {}
};

TEST_F(BigEndianBatch, SwappedRecords) {
  check(RecordMix(h_, {&e_, &other_}, 300, 8), false);
  check(RecordMix(h_, {&e_}, 50, 9, false), true);
}

TEST(TypedBatch, ACommonTypeOfFourBytes) {
  Handle h;
  const std::string common4 =
      "\tfield:unsigned int common_type;\toffset:0;\tsize:4;\tsigned:0;\n"
      "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
      "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"
      "\tfield:__data_loc char[] name;\toffset:12;\tsize:4;\tsigned:1;\n\n"
      "print fmt: \"%d %s\", REC->a, __get_str(name)\n";
  format::Event& e = h.add_format("name: wide\nID: 70000\nformat:\n" + common4);
  format::Event& f = h.add_format("name: wide2\nID: 5\nformat:\n" + common4);
  BatchSource src = h.source(e);
  EXPECT_EQ(src.model.type_size, 4);
  RecordMix mix(h, {&e, &f}, 120, 10);
  std::vector<const Column*> columns = valued(src.model);
  Outputs out(columns, mix.size());
  size_t ours = fill_batch(src, out.targets(), out.count(), mix.data(), mix.size(), false);
  size_t expect = 0;
  for (size_t i = 0; i < mix.size(); i++) expect += mix[i] && belongs(src, *mix[i]);
  EXPECT_EQ(ours, expect);
  out.expect_as_read(src, mix.data(), mix.size());
}

TEST(TypedBatch, AnEventWithoutCommonType) {
  Handle h;
  format::Event& e = h.add_format(
      "name: bare\nID: 9\nformat:\n"
      "\tfield:int common_pid;\toffset:0;\tsize:4;\tsigned:1;\n\n"
      "\tfield:int x;\toffset:4;\tsize:4;\tsigned:1;\n\n"
      "print fmt: \"x=%d\", REC->x\n");
  BatchSource src = h.source(e);
  ASSERT_EQ(src.model.type_size, 0);
  uint8_t bytes[8] = {0, 0, 0, 0, 7, 0, 0, 0};
  tep_record whole{}, cut{}, empty{};
  whole.data = cut.data = bytes;
  whole.size = 8;
  cut.size = 6;
  const tep_record* records[] = {&whole, &cut, &empty, nullptr};
  std::vector<const Column*> columns = valued(src.model);
  Outputs out(columns, 4);
  // Any record with a payload is the event's; what is too short for x is null.
  EXPECT_EQ(fill_batch(src, out.targets(), out.count(), records, 4, false), 2u);
  out.expect_as_read(src, records, 4);
  EXPECT_EQ(out.valid(0, 0), 1);
  EXPECT_EQ(out.integer(0, 0, 4), 7u);
  EXPECT_EQ(out.valid(0, 1), 0);
}

TEST_F(Batch, FillCodes) {
  BatchSource src = h_.source(e_);
  const Column& symbolic = src.model.columns[11];  // __print_symbolic(REC->s, ...)
  const Column& texts = src.model.columns[14];     // "x" / "y" / "z"
  const Column& dash = src.model.columns[15];      // a table or "-"
  ASSERT_EQ(symbolic.kind, Kind::kEnum);
  ASSERT_EQ(texts.type, ValueType::kNone);
  test::Record one = h_.record(e_), neg = h_.record(e_), other_value = h_.record(e_), other = h_.record(other_);
  one.set("s", 1).set("b", 2);
  neg.set("s", 0xffff).set("b", 0);
  other_value.set("s", 5).set("b", 1).set("a", 1);
  const tep_record* records[] = {&one.get(), &neg.get(), &other_value.get(), &other.get(), nullptr};
  int32_t codes[5];
  uint8_t valid[5];
  EXPECT_EQ(fill_codes(src, symbolic, records, 5, codes, valid), 3u);
  EXPECT_EQ(codes[0], 0);
  EXPECT_EQ(codes[1], 1);  // -1 in a short
  EXPECT_EQ(codes[2], -1);
  EXPECT_EQ(codes[3], -1);
  EXPECT_EQ(codes[4], -1);
  EXPECT_EQ(std::vector<uint8_t>(valid, valid + 5), (std::vector<uint8_t>{1, 1, 1, 0, 0}));
  // Codes of texts: valid though they have no value.
  EXPECT_EQ(fill_codes(src, texts, records, 5, codes, nullptr), 3u);
  EXPECT_EQ(texts.labels[static_cast<size_t>(codes[0])], "y");
  EXPECT_EQ(texts.labels[static_cast<size_t>(codes[1])], "z");
  EXPECT_EQ(texts.labels[static_cast<size_t>(codes[2])], "x");
  EXPECT_EQ(fill_codes(src, dash, records, 5, codes, valid), 3u);
  EXPECT_EQ(dash.labels[static_cast<size_t>(codes[1])], "-");
  EXPECT_EQ(dash.labels[static_cast<size_t>(codes[2])], "one");
  EXPECT_EQ(fill_codes(src, dash, records, 0, codes, valid), 0u);
}

TEST_F(Batch, APlanFillsRowsItIsAimedAt) {
  BatchSource src = h_.source(e_);
  std::vector<const Column*> columns = valued(src.model);
  RecordMix mix(h_, {&e_}, 20, 11, false);
  std::vector<Row> rows;
  int64_t shortest = INT64_MAX;
  for (size_t i = 0; i < mix.size(); i++) {
    rows.push_back(Row{static_cast<const uint8_t*>(mix[i]->data), mix[i]->size, static_cast<uint32_t>(i)});
    shortest = std::min<int64_t>(shortest, mix[i]->size);
  }
  Outputs first(columns, mix.size()), second(columns, mix.size());
  FillPlan plan(src, first.targets(), first.count(), false, false);
  EXPECT_EQ(&plan.model(), &src.model);
  plan.fill_rows(rows.data(), rows.size(), shortest);
  first.expect_as_read(src, mix.data(), mix.size());
  // Moved, it reads through its own source; aimed elsewhere, it writes there.
  FillPlan moved(std::move(plan));
  moved.aim(second.values(), second.valid());
  moved.fill_rows(rows.data(), rows.size(), shortest);
  second.expect_as_read(src, mix.data(), mix.size());
  EXPECT_EQ(moved.fill_block(rows.data(), rows.size(), 0, shortest, true), rows.size());
}

}  // namespace
}  // namespace tep::typed
