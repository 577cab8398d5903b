// SPDX-License-Identifier: LGPL-2.1
// lib/typed/lanes: the loop each column of a fill runs, chosen once per
// column; every loop gives what read_value() gives, dense blocks or not.
#include "typed/lanes.h"

#include <gtest/gtest.h>

#include <cstring>
#include <deque>
#include <optional>
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
    "\tfield:short s;\toffset:12;\tsize:2;\tsigned:1;\n"
    "\tfield:bool on;\toffset:14;\tsize:1;\tsigned:0;\n"
    "\tfield:u8 tiny;\toffset:15;\tsize:1;\tsigned:0;\n"
    "\tfield:u64 big;\toffset:16;\tsize:8;\tsigned:0;\n"
    "\tfield:__data_loc char[] name;\toffset:24;\tsize:4;\tsigned:1;\n"
    "\tfield:__rel_loc char[] rel;\toffset:28;\tsize:4;\tsigned:1;\n"
    "\tfield:__data_loc u8[] raw;\toffset:32;\tsize:4;\tsigned:0;\n";

const char kPrintFmt[] =
    "\"%d %d %d %d %u %llu %s %s %d %d\", REC->a, (s8)REC->a, (u8)REC->s, REC->on, REC->tiny, REC->big, "
    "__get_str(name), __get_rel_str(rel), REC->a + 1, (short)REC->big";

class Lanes : public ::testing::Test {
 protected:
  // A trace in the host's byte order (fields copied as they lie), or in the
  // other one when `foreign` (every field swapped).
  explicit Lanes(bool foreign = false) : h_(8, base::kHostBigEndian != foreign), e_(h_.add(kFields, kPrintFmt)) {}
  const Column& field(const char* name) { return h_.field(e_, name); }
  const Column& column(size_t i) { return h_.model(e_).columns[i]; }
  Lane lane(const Column& c, bool widen = false, bool known_type = false) {
    src_.emplace(h_.source(e_));
    Lane l;
    set_lane(l, *src_, ColumnTarget{&c, nullptr, nullptr}, widen, known_type);
    return l;
  }
  Handle h_;
  format::Event& e_;
  std::optional<BatchSource> src_;
};

TEST_F(Lanes, FieldsOfTheirOwnWidthAreCopied) {
  EXPECT_EQ(lane(field("a")).copy_width, 4);
  EXPECT_EQ(lane(field("s")).copy_width, 2);
  EXPECT_EQ(lane(field("big")).copy_width, 8);
  EXPECT_EQ(lane(field("big"), true).copy_width, 8);  // already 64 bits wide
  EXPECT_EQ(lane(field("a"), true).copy_width, 0);    // widened: sign-extended
  EXPECT_EQ(lane(field("on")).copy_width, 0);         // a bool is 0 or 1
  EXPECT_EQ(lane(column(1)).copy_width, 0);           // (s8)REC->a: cut
  EXPECT_EQ(lane(field("name")).copy_width, 0);
  Lane a = lane(field("a"));
  EXPECT_EQ(a.offset, 8);
  EXPECT_EQ(a.size, 4);
  EXPECT_EQ(a.needs, 12);
  EXPECT_EQ(a.shift, 32);
  EXPECT_FALSE(a.swap);
  EXPECT_NE(a.fill, nullptr);
  EXPECT_EQ(lane(field("big")).shift, 0);
  EXPECT_TRUE(lane(field("name")).cut_at_nul);
  EXPECT_TRUE(lane(field("rel")).relative);
  // A column that needs no byte still needs a row of the event.
  EXPECT_GE(lane(column(8)).needs, 1);
}

TEST_F(Lanes, CommonTypeOfKnownRowsIsTheId) {
  const Column& type = field("common_type");
  EXPECT_EQ(lane(type, false, true).copy_width, 0);
  EXPECT_EQ(lane(type, false, false).copy_width, 2);
  // Rows known to be the event's: the id is written, their bytes not read.
  BatchSource src = h_.source(e_);
  Outputs out({&type}, 3);
  FillPlan plan(src, out.targets(), 1, false, true);
  uint8_t zeros[16] = {};
  Row rows[3] = {{zeros, 16, 0}, {zeros, 16, 1}, {zeros, 16, 2}};
  plan.fill_rows(rows, 3, 16);
  for (size_t i = 0; i < 3; i++) {
    EXPECT_EQ(out.integer(0, i, 2), static_cast<uint64_t>(e_.id));
    EXPECT_EQ(out.valid(0, i), 1);
  }
}

TEST(TypedLanes, PairFillsForEveryWidth) {
  for (int a : {1, 2, 4, 8})
    for (int b : {1, 2, 4, 8}) EXPECT_NE(pair_fill(a, b), nullptr) << a << " " << b;
}

TEST(TypedLanes, CountValid) {
  const uint8_t valid[] = {1, 0, 1, 1, 0};
  EXPECT_EQ(count_valid(valid, 5), 3u);
  EXPECT_EQ(count_valid(valid, 0), 0u);
}

TEST(TypedLanes, LoadInEitherByteOrder) {
  const uint8_t bytes[] = {0x01, 0x02, 0x03, 0x04};
  EXPECT_EQ(load<uint16_t>(bytes, false), base::kHostBigEndian ? 0x0102 : 0x0201);
  EXPECT_EQ(load<uint16_t>(bytes, true), base::kHostBigEndian ? 0x0201 : 0x0102);
  EXPECT_EQ(load<int32_t>(kZeros, true), 0);
}

// Every lane against read_value, on records good and bad.
TEST_F(Lanes, EveryColumnAsRead) {
  BatchSource src = h_.source(e_);
  format::Event& other = h_.add(kFields, "\"%d\", REC->a");
  for (bool widen : {false, true}) {
    RecordMix mix(h_, {&e_, &other}, 300, widen ? 21 : 22);
    Outputs out(valued(src.model), mix.size());
    fill_batch(src, out.targets(), out.count(), mix.data(), mix.size(), widen);
    out.expect_as_read(src, mix.data(), mix.size(), widen);
  }
  // Dense blocks (the pairs of copied fields among them).
  RecordMix dense(h_, {&e_}, 300, 23, false);
  Outputs out(valued(src.model), dense.size());
  fill_batch(src, out.targets(), out.count(), dense.data(), dense.size(), false);
  out.expect_as_read(src, dense.data(), dense.size());
}

TEST_F(Lanes, IntegersAreCutSignExtendedAndTested) {
  BatchSource src = h_.source(e_);
  test::Record r = h_.record(e_);
  r.set("a", 0x1ff80).set("s", 0x8001).set("on", 2).set("big", 0xfffffffffffe1234ULL);
  const tep_record* records[] = {&r.get()};
  const Column* cols[] = {&field("a"), &column(1), &column(2), &field("on"), &column(9), &field("s")};
  Outputs out({std::begin(cols), std::end(cols)}, 1);
  fill_batch(src, out.targets(), out.count(), records, 1, true);
  EXPECT_EQ(static_cast<int64_t>(out.integer(0, 0, 8)), 0x1ff80);
  EXPECT_EQ(static_cast<int64_t>(out.integer(1, 0, 8)), -128);    // (s8)0x80
  EXPECT_EQ(out.integer(2, 0, 8), 1u);                            // (u8)0x8001
  EXPECT_EQ(out.integer(3, 0, 8), 1u);                            // a bool of 2
  EXPECT_EQ(static_cast<int64_t>(out.integer(4, 0, 8)), 0x1234);  // (short)
  EXPECT_EQ(static_cast<int64_t>(out.integer(5, 0, 8)), -32767);
  Outputs narrow({std::begin(cols), std::end(cols)}, 1);
  fill_batch(src, narrow.targets(), narrow.count(), records, 1, false);
  EXPECT_EQ(narrow.integer(1, 0, 1), 0x80u);
  EXPECT_EQ(narrow.integer(5, 0, 2), 0x8001u);
}

// The NUL of a fixed string at every place, for fields of every length the
// search handles differently (bytes, words, 16-byte blocks, a tail that
// overlaps the last block), in dense blocks and checked ones.
TEST(TypedLanes, StringsEndAtTheirFirstNul) {
  const int sizes[] = {1, 3, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 40};
  std::string fields;
  int offset = 8;
  for (int n : sizes) {
    fields += "\tfield:char s" + std::to_string(n) + "[" + std::to_string(n) + "];\toffset:" + std::to_string(offset) +
              ";\tsize:" + std::to_string(n) + ";\tsigned:1;\n";
    offset += n;
  }
  Handle h;
  format::Event& e = h.add(fields, "\"\"");
  format::Event& other = h.add(fields, "\"\"");
  BatchSource src = h.source(e);
  std::vector<const Column*> columns;
  for (int n : sizes) columns.push_back(&h.field(e, "s" + std::to_string(n)));
  std::deque<test::Record> records;
  std::vector<const tep_record*> batch;
  for (int nul = 0; nul <= 40; nul++) {
    test::Record& r = records.emplace_back(h.record(e));
    for (int n : sizes) {
      std::string text(static_cast<size_t>(n), 'x');
      if (nul < n) text[static_cast<size_t>(nul)] = '\0';
      for (int k = nul + 1; k < n; k++) text[static_cast<size_t>(k)] = k % 3 ? 'y' : '\0';  // more NULs after
      r.set_bytes(("s" + std::to_string(n)).c_str(), text.data(), text.size());
    }
    batch.push_back(&r.get());
  }
  for (bool dense : {true, false}) {
    std::vector<const tep_record*> rows = batch;
    test::Record other_record = h.record(other);
    if (!dense) rows.push_back(&other_record.get());
    Outputs out(columns, rows.size());
    fill_batch(src, out.targets(), out.count(), rows.data(), rows.size(), false);
    for (size_t j = 0; j < columns.size(); j++)
      for (int nul = 0; nul <= 40; nul++) {
        BytesView v = out.bytes(j, static_cast<size_t>(nul));
        EXPECT_EQ(v.size, static_cast<size_t>(std::min(nul, sizes[j]))) << "size " << sizes[j] << " nul " << nul;
        EXPECT_EQ(v.data,
                  static_cast<const uint8_t*>(batch[static_cast<size_t>(nul)]->data) + columns[j]->reader.offset);
      }
    out.expect_as_read(src, rows.data(), rows.size());
  }
}

TEST_F(Lanes, DataLocPayloads) {
  BatchSource src = h_.source(e_);
  test::Record good = h_.record(e_), cut = h_.record(e_), beyond = h_.record(e_), at_end = h_.record(e_),
               short_word = h_.record(e_);
  good.set_dynamic("name", "ab\0cd", 5);
  size_t end = cut.size();
  cut.set("name", static_cast<uint32_t>(end) | 4u << 16).append("wxyz", 4);
  beyond.set("name", static_cast<uint32_t>(end) | 5u << 16).append("wxyz", 4);  // one past the record
  at_end.set("name", static_cast<uint32_t>(end) | 0u << 16);                    // empty, at the very end
  short_word.truncate(26);                                                      // the word itself cut
  const tep_record* records[] = {&good.get(), &cut.get(), &beyond.get(), &at_end.get(), &short_word.get()};
  const Column* name = &field("name");
  Outputs out({name}, 5);
  fill_batch(src, out.targets(), 1, records, 5, false);
  EXPECT_EQ(out.bytes(0, 0).size, 2u);  // "ab"
  EXPECT_EQ(out.bytes(0, 1).size, 4u);
  EXPECT_EQ(out.valid(0, 2), 0);
  EXPECT_EQ(out.bytes(0, 2).data, nullptr);
  EXPECT_EQ(out.valid(0, 3), 1);
  EXPECT_EQ(out.bytes(0, 3).size, 0u);
  EXPECT_EQ(out.valid(0, 4), 0);
  out.expect_as_read(src, records, 5);
}

TEST(TypedLanes, OldTwoByteDataLocsReachTheRecordsEnd) {
  Handle h;
  format::Event& e = h.add("\tfield:__data_loc char[] old;\toffset:8;\tsize:2;\tsigned:1;\n", "\"%s\", __get_str(old)");
  BatchSource src = h.source(e);
  const Column& old = h.field(e, "old");
  ASSERT_EQ(old.reader.from, Reader::From::kDynamicBytes);
  test::Record r = h.record(e), bad = h.record(e);
  r.set("old", 12).append("abname", 6);  // a 2-byte word has no length: from 12 to the end
  bad.set("old", 0xff00);
  const tep_record* records[] = {&r.get(), &bad.get()};
  Outputs out({&old, &h.column(e, "old")}, 2);
  fill_batch(src, out.targets(), 2, records, 2, false);
  EXPECT_EQ(out.valid(0, 0), 1);
  EXPECT_EQ(std::string(static_cast<const char*>(out.bytes(0, 0).data), out.bytes(0, 0).size), "name");
  EXPECT_EQ(out.valid(0, 1), 0);
  out.expect_as_read(src, records, 2);
}

class ForeignOrderLanes : public Lanes {
 protected:
  ForeignOrderLanes() : Lanes(true) {}
};

TEST_F(ForeignOrderLanes, SwappedFieldsAreNotCopied) {
  EXPECT_TRUE(lane(field("a")).swap);
  EXPECT_EQ(lane(field("a")).copy_width, 0);
  BatchSource src = h_.source(e_);
  format::Event& other = h_.add(kFields, "\"%d\", REC->a");
  RecordMix mix(h_, {&e_, &other}, 200, 24);
  Outputs out(valued(src.model), mix.size());
  fill_batch(src, out.targets(), out.count(), mix.data(), mix.size(), false);
  out.expect_as_read(src, mix.data(), mix.size());
  RecordMix dense(h_, {&e_}, 100, 25, false);
  Outputs wide(valued(src.model), dense.size());
  fill_batch(src, wide.targets(), wide.count(), dense.data(), dense.size(), true);
  wide.expect_as_read(src, dense.data(), dense.size(), true);
}

}  // namespace
}  // namespace tep::typed
