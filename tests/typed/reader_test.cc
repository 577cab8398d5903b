// SPDX-License-Identifier: LGPL-2.1
// lib/typed/reader: one column's value out of one record, null for records of
// other events, short records and payloads outside them.
#include "typed/reader.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "base/byte_order.h"
#include "unit_fixture.h"

namespace tep::typed {
namespace {

using test::text_of;

TEST(TypedReader, Normalize) {
  EXPECT_EQ(normalize(0xff, ValueType::kI8), static_cast<uint64_t>(-1));
  EXPECT_EQ(normalize(0x1ff, ValueType::kU8), 0xffu);
  EXPECT_EQ(normalize(0x8000, ValueType::kI16), 0xffffffffffff8000ULL);
  EXPECT_EQ(normalize(0x80000000, ValueType::kI32), 0xffffffff80000000ULL);
  EXPECT_EQ(normalize(0x80000000, ValueType::kU32), 0x80000000u);
  EXPECT_EQ(normalize(~0ULL, ValueType::kU64), ~0ULL);
  EXPECT_EQ(normalize(~0ULL, ValueType::kI64), ~0ULL);
  // Not an integer type: the bits as they are.
  EXPECT_EQ(normalize(0x1234, ValueType::kBytes), 0x1234u);
  EXPECT_EQ(normalize(0x1234, ValueType::kNone), 0x1234u);
  EXPECT_EQ(normalize(0x1234, ValueType::kBool), 0x34u);
}

TEST(TypedReader, IndexLabelsNormalizesSkipsUnresolvedAndKeepsTheFirst) {
  Column c;
  c.kind = Kind::kEnum;
  c.type = ValueType::kU8;
  TableEntry a, b, unresolved, again;
  a.value = 0x101;  // 1 in a u8
  a.label = 0;
  b.value = 2;
  b.label = 1;
  unresolved.resolved = false;
  unresolved.label = 2;
  again.value = 1;
  again.label = 3;
  c.tables = {{a, b, unresolved, again}, {}};
  index_labels(c);
  ASSERT_EQ(c.label_index.size(), 2u);
  ASSERT_EQ(c.label_index[0].size(), 2u);
  EXPECT_EQ(c.label_index[0][0], std::make_pair(uint64_t{1}, int32_t{0}));
  EXPECT_EQ(c.label_index[0][1], std::make_pair(uint64_t{2}, int32_t{1}));
  EXPECT_TRUE(c.label_index[1].empty());
  index_labels(c);  // again: the same, not twice
  EXPECT_EQ(c.label_index.size(), 2u);
}

const char kFields[] =
    "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"
    "\tfield:unsigned int b;\toffset:12;\tsize:4;\tsigned:0;\n"
    "\tfield:unsigned short st;\toffset:16;\tsize:2;\tsigned:0;\n"
    "\tfield:char comm[8];\toffset:18;\tsize:8;\tsigned:1;\n"
    "\tfield:__data_loc char[] name;\toffset:28;\tsize:4;\tsigned:1;\n"
    "\tfield:__rel_loc char[] rel;\toffset:32;\tsize:4;\tsigned:1;\n"
    "\tfield:const char * fmt;\toffset:40;\tsize:8;\tsigned:0;\n"
    "\tfield:__data_loc u8[] buf;\toffset:48;\tsize:4;\tsigned:0;\n"
    "\tfield:unsigned int len;\toffset:52;\tsize:4;\tsigned:0;\n"
    "\tfield:__data_loc s32[] vals;\toffset:56;\tsize:4;\tsigned:1;\n";
constexpr size_t kFixedEnd = 60;  // where a record's payloads start

const char kPrintFmt[] =
    "\"a=%d b8=%u st=%s on=%s name=%s comm=%s fmt=%s hex=%s t=%s rel=%s sum=%d s=%s e=%s opt=%s one=%ph "
    "vals=%s jif=%lu\", REC->a, (u8)REC->b, __print_symbolic(REC->st, {1, \"one\"}, {2, \"two\"}), "
    "REC->a ? \"yes\" : \"no\", __get_str(name), REC->comm, REC->fmt, "
    "__print_hex(__get_dynamic_array(buf), REC->len), REC->b == 1 ? \"x\" : (REC->b == 2 ? \"y\" : \"z\"), "
    "__get_rel_str(rel), REC->a + REC->b, REC->a ? __get_str(name) : \"none\", "
    "REC->b ? __print_symbolic(REC->a, {1, \"one\"}) : \"-\", REC->len ? __get_str(name) : ((void *)0), "
    "__get_dynamic_array(buf), __print_array(__get_dynamic_array(vals), REC->len, 4), jiffies";

constexpr uint64_t kPrintkAddress = 0xffffffff82a00000ULL;

class Reading : public ::testing::Test {
 protected:
  Reading() : e_(h_.add(kFields, kPrintFmt)) {
    tep_parse_printk_formats(h_.c_tep(), "0xffffffff82a00000 : \"typed test %d of %s\\n\"\n");
  }
  Value read(const char* column, const tep_record& r) { return read_value(h_.source(e_), h_.column(e_, column), r); }
  Value field(const char* name, const tep_record& r) { return read_value(h_.source(e_), h_.field(e_, name), r); }
  test::Record record() { return h_.record(e_); }

  test::Handle h_;
  format::Event& e_;
};

TEST_F(Reading, ScalarsAreSignExtendedOrCut) {
  test::Record r = record();
  r.set("a", static_cast<uint32_t>(-5)).set("b", 0x1ff);
  Value a = read("a", r.get());
  EXPECT_TRUE(a.valid);
  EXPECT_EQ(static_cast<int64_t>(a.bits), -5);
  EXPECT_EQ(a.code, -1);
  EXPECT_EQ(read("b8", r.get()).bits, 0xffu);
  Value sum = read("sum", r.get());
  EXPECT_TRUE(sum.valid);
  EXPECT_EQ(static_cast<int64_t>(sum.bits), 0x1ff - 5);  // an I32, as %d prints it
  EXPECT_EQ(field("b", r.get()).bits, 0x1ffu);
}

TEST_F(Reading, EnumsHaveCodes) {
  test::Record r = record();
  r.set("st", 2);
  Value two = read("st", r.get());
  EXPECT_TRUE(two.valid);
  EXPECT_EQ(two.bits, 2u);
  EXPECT_EQ(two.code, 1);
  r.set("st", 9);
  Value none = read("st", r.get());
  EXPECT_TRUE(none.valid);  // a value no name matches
  EXPECT_EQ(none.code, -1);
}

TEST_F(Reading, ATestIsZeroOrOne) {
  test::Record r = record();
  EXPECT_EQ(read("on", r.set("a", 0).get()).bits, 0u);
  Value on = read("on", r.set("a", 77).get());
  EXPECT_TRUE(on.valid);
  EXPECT_EQ(on.bits, 1u);
}

TEST_F(Reading, Strings) {
  test::Record r = record();
  r.set_string("comm", "abc").set_dynamic_string("name", "bash");
  EXPECT_EQ(text_of(read("name", r.get())), "bash");  // up to its NUL
  EXPECT_EQ(text_of(read("comm", r.get())), "abc");
  r.set_bytes("comm", "12345678", 8);  // no NUL: all of the field
  EXPECT_EQ(text_of(read("comm", r.get())), "12345678");
  Value name = field("name", r.get());
  EXPECT_TRUE(name.valid);
  EXPECT_EQ(text_of(name), "bash");
}

TEST_F(Reading, RelativeLocations) {
  test::Record r = record();
  // A __rel_loc counts from the end of its word.
  r.set("rel", (kFixedEnd - (32 + 4)) | 3u << 16).append("rel", 3);
  Value v = read("rel", r.get());
  ASSERT_TRUE(v.valid);
  EXPECT_EQ(text_of(v), "rel");
  EXPECT_EQ(text_of(field("rel", r.get())), "rel");
}

TEST_F(Reading, BadDataLocWordsGiveNull) {
  test::Record r = record();
  r.set_dynamic_string("name", "bash");
  const tep_record& whole = r.get();
  ASSERT_TRUE(read("name", whole).valid);
  // The payload past the record's end: offset, then length.
  r.set("name", 0xfff0u | 4u << 16);
  EXPECT_FALSE(read("name", r.get()).valid);
  EXPECT_FALSE(field("name", r.get()).valid);
  r.set("name", kFixedEnd | 0xffffu << 16);
  EXPECT_FALSE(read("name", r.get()).valid);
  // The payload cut off by a short record.
  r.set_dynamic_string("name", "bash").truncate(kFixedEnd + 2);
  EXPECT_FALSE(read("name", r.get()).valid);
  EXPECT_TRUE(read("a", r.get()).valid);
}

TEST(TypedReader, KernelStringsFromThePrintkFormats) {
  // A trace in the host's byte order: upstream reads a kernel string's
  // address as the host's (for traces recorded elsewhere).
  test::Handle h(8, base::kHostBigEndian);
  format::Event& e = h.add(kFields, kPrintFmt);
  tep_parse_printk_formats(h.c_tep(), "0xffffffff82a00000 : \"typed test %d of %s\\n\"\n");
  auto read = [&](const char* column, const tep_record& r) { return read_value(h.source(e), h.column(e, column), r); };
  test::Record r = h.record(e);
  Value v = read("fmt", r.set("fmt", kPrintkAddress).get());
  ASSERT_TRUE(v.valid);
  EXPECT_EQ(text_of(v).rfind("typed test %d of %s", 0), 0u);
  EXPECT_FALSE(read("fmt", r.set("fmt", kPrintkAddress + 8).get()).valid);  // no string there
  EXPECT_FALSE(read("fmt", r.set("fmt", 0).get()).valid);
}

TEST_F(Reading, BytesBoundedByALength) {
  test::Record r = record();
  const uint8_t payload[6] = {1, 2, 3, 4, 5, 6};
  r.set_dynamic("buf", payload, sizeof(payload)).set("len", 4);
  EXPECT_EQ(text_of(read("hex", r.get())), std::string("\1\2\3\4"));
  r.set("len", 100);  // never past the payload
  EXPECT_EQ(read("hex", r.get()).bytes.size(), 6u);
  r.set("len", 0);
  Value empty = read("hex", r.get());
  EXPECT_TRUE(empty.valid);
  EXPECT_EQ(empty.bytes.size(), 0u);
  EXPECT_EQ(read("one", r.get()).bytes.size(), 1u);  // "%ph" prints one byte
}

TEST_F(Reading, ArraysCountElements) {
  test::Record r = record();
  const int32_t vals[3] = {-1, 2, 3};
  r.set_dynamic("vals", vals, sizeof(vals)).set("len", 2);
  Value v = read("vals", r.get());
  ASSERT_TRUE(v.valid);
  EXPECT_EQ(v.bytes.size(), 8u);  // two 4-byte elements
  EXPECT_EQ(memcmp(v.bytes.data(), vals, 8), 0);
}

TEST_F(Reading, ChoicesOfTextsHaveCodesAndNoValue) {
  test::Record r = record();
  Value y = read("t", r.set("b", 2).get());
  EXPECT_FALSE(y.valid);  // an enum of texts has codes only
  EXPECT_EQ(h_.column(e_, "t").labels[static_cast<size_t>(y.code)], "y");
  Value z = read("t", r.set("b", 5).get());
  EXPECT_EQ(h_.column(e_, "t").labels[static_cast<size_t>(z.code)], "z");
}

TEST_F(Reading, ChoicesOfStrings) {
  test::Record r = record();
  r.set_dynamic_string("name", "init");
  EXPECT_EQ(text_of(read("s", r.set("a", 1).get())), "init");
  Value none = read("s", r.set("a", 0).get());
  ASSERT_TRUE(none.valid);  // the text branch is the string's value
  EXPECT_EQ(text_of(none), "none");
  Value nothing = read("opt", r.set("len", 0).get());
  EXPECT_FALSE(nothing.valid);  // prints nothing
  EXPECT_EQ(nothing.code, -1);
  EXPECT_EQ(text_of(read("opt", r.set("len", 1).get())), "init");
}

TEST_F(Reading, AnEnumWithATextBranch) {
  test::Record r = record();
  const Column& e = h_.column(e_, "e");
  Value dash = read("e", r.set("b", 0).get());
  EXPECT_FALSE(dash.valid);  // "-" has a code, no value
  ASSERT_GE(dash.code, 0);
  EXPECT_EQ(e.labels[static_cast<size_t>(dash.code)], "-");
  Value one = read("e", r.set("b", 1).set("a", 1).get());
  EXPECT_TRUE(one.valid);
  EXPECT_EQ(one.bits, 1u);
  EXPECT_EQ(e.labels[static_cast<size_t>(one.code)], "one");
  Value other = read("e", r.set("a", 3).get());
  EXPECT_TRUE(other.valid);
  EXPECT_EQ(other.code, -1);
}

TEST_F(Reading, OpaqueColumnsHaveNoValue) {
  test::Record r = record();
  Value v = read("jif", r.get());
  EXPECT_FALSE(v.valid);
  EXPECT_EQ(v.bits, 0u);
}

TEST_F(Reading, AnotherEventsRecordGivesNull) {
  format::Event& other = h_.add(kFields, "\"%d\", REC->a");
  test::Record r = h_.record(other);
  r.set("a", 1);
  EXPECT_FALSE(belongs(h_.source(e_), r.get()));
  EXPECT_TRUE(belongs(h_.source(other), r.get()));
  EXPECT_FALSE(read("a", r.get()).valid);
  EXPECT_FALSE(field("a", r.get()).valid);
}

TEST_F(Reading, ShortRecordsGiveNull) {
  test::Record r = record();
  r.set("a", 1).set("len", 3);
  EXPECT_TRUE(belongs(h_.source(e_), r.get()));
  EXPECT_TRUE(read("a", r.truncate(12).get()).valid);  // exactly a's end
  EXPECT_FALSE(read("a", r.truncate(11).get()).valid);
  EXPECT_FALSE(read("sum", r.get()).valid);                          // b is past the end
  EXPECT_FALSE(read("hex", r.truncate(kFixedEnd - 6).get()).valid);  // its length field is cut
  EXPECT_FALSE(read("st", r.truncate(1).get()).valid);
  EXPECT_FALSE(belongs(h_.source(e_), r.get()));
  EXPECT_FALSE(read("a", r.truncate(0).get()).valid);
  tep_record null_data{};
  null_data.size = 64;
  EXPECT_FALSE(belongs(h_.source(e_), null_data));
  EXPECT_FALSE(read("a", null_data).valid);
  EXPECT_FALSE(read("t", null_data).valid);
  tep_record negative{};
  negative.data = r.truncate(100).get().data;
  negative.size = -1;
  EXPECT_FALSE(read("a", negative).valid);
}

TEST(TypedReader, TheRestOfTheRecord) {
  test::Handle h;
  format::Event& e = h.add(
      "\tfield:int n;\toffset:8;\tsize:4;\tsigned:1;\n"
      "\tfield:u8 tail[];\toffset:12;\tsize:0;\tsigned:0;\n",
      "\"%d\", REC->n");
  test::Record r = h.record(e);
  r.append("xyz", 3);
  const Column& tail = h.field(e, "tail");
  Value v = read_value(h.source(e), tail, r.get());
  ASSERT_TRUE(v.valid);
  EXPECT_EQ(text_of(v), "xyz");
  EXPECT_EQ(read_value(h.source(e), tail, r.truncate(12).get()).bytes.size(), 0u);
}

TEST(TypedReader, ABigEndianFile) {
  test::Handle h(8, true);
  format::Event& e = h.add(kFields, kPrintFmt);
  test::Record r = h.record(e);
  r.set("a", static_cast<uint32_t>(-2)).set("st", 1).set_dynamic_string("name", "be");
  BatchSource src = h.source(e);
  EXPECT_TRUE(belongs(src, r.get()));
  Value a = read_value(src, h.column(e, "a"), r.get());
  ASSERT_TRUE(a.valid);
  EXPECT_EQ(static_cast<int64_t>(a.bits), -2);
  EXPECT_EQ(read_value(src, h.column(e, "st"), r.get()).code, 0);
  EXPECT_EQ(text_of(read_value(src, h.column(e, "name"), r.get())), "be");
}

}  // namespace
}  // namespace tep::typed
