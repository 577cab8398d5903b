// SPDX-License-Identifier: LGPL-2.1
// lib/typed/classify: what a number (%d %u %x %c) or pointer (%p %pS %pM
// %pI4 ...) conversion means, from its compiled step and its argument's tree;
// anything unsure is opaque.
#include "typed/classify.h"

#include <gtest/gtest.h>

#include <string>

#include "unit_fixture.h"

namespace tep::typed {
namespace {

const char kFields[] =
    "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"
    "\tfield:unsigned int b;\toffset:12;\tsize:4;\tsigned:0;\n"
    "\tfield:void * p;\toffset:16;\tsize:8;\tsigned:0;\n"
    "\tfield:unsigned long arr[4];\toffset:24;\tsize:32;\tsigned:0;\n"
    "\tfield:bool on;\toffset:56;\tsize:1;\tsigned:0;\n"
    "\tfield:char c;\toffset:57;\tsize:1;\tsigned:1;\n"
    "\tfield:unsigned short h;\toffset:58;\tsize:2;\tsigned:0;\n"
    "\tfield:u8 mac[6];\toffset:60;\tsize:6;\tsigned:0;\n"
    "\tfield:u8 v4[4];\toffset:66;\tsize:4;\tsigned:0;\n"
    "\tfield:u8 v6[16];\toffset:70;\tsize:16;\tsigned:0;\n"
    "\tfield:u8 uuid[16];\toffset:86;\tsize:16;\tsigned:0;\n"
    "\tfield:__data_loc u8[] buf;\toffset:104;\tsize:4;\tsigned:0;\n"
    "\tfield:u8 sa[28];\toffset:108;\tsize:28;\tsigned:0;\n"
    "\tfield:unsigned long bits[2];\toffset:136;\tsize:16;\tsigned:0;\n"
    "\tfield:long long ll;\toffset:152;\tsize:8;\tsigned:1;\n";

class Classify : public ::testing::Test {
 protected:
  // The column of the first conversion of "print fmt: FMT" taking argument `arg`.
  Column first(const std::string& print_fmt, size_t arg = 0) {
    format::Event& e = h_.add(kFields, print_fmt);
    return h_.classify(e, 0, arg);
  }
  test::Handle h_;
};

TEST_F(Classify, FieldsAreReadInPlace) {
  Column c = first("\"%d\", REC->a");
  EXPECT_EQ(c.kind, Kind::kInt);
  EXPECT_EQ(c.type, ValueType::kI32);
  EXPECT_EQ(c.reader.from, Reader::From::kScalar);
  EXPECT_EQ(c.reader.offset, 8);
  EXPECT_EQ(c.reader.size, 4);
  ASSERT_NE(c.field, nullptr);
  EXPECT_STREQ(c.field->name, "a");
  EXPECT_EQ(c.note, "");
  Column h = first("\"%x\", REC->h");
  EXPECT_EQ(h.kind, Kind::kUint);
  EXPECT_EQ(h.type, ValueType::kU16);  // the field's width, not the conversion's
}

TEST_F(Classify, ANarrowingCastWinsAWideningOneDoesNot) {
  Column narrow = first("\"%u\", (u8)REC->b");
  EXPECT_EQ(narrow.kind, Kind::kUint);
  EXPECT_EQ(narrow.type, ValueType::kU8);
  EXPECT_EQ(narrow.reader.from, Reader::From::kScalar);
  EXPECT_EQ(narrow.reader.size, 4);  // the whole field, cut when read
  Column signed_cut = first("\"%d\", (int)REC->ll");
  EXPECT_EQ(signed_cut.type, ValueType::kI32);
  Column wide = first("\"%lu\", (unsigned long)REC->a");
  EXPECT_EQ(wide.kind, Kind::kInt);
  EXPECT_EQ(wide.type, ValueType::kI32);
}

TEST_F(Classify, ExpressionsAreDerivedInTheConversionsType) {
  Column d = first("\"%d\", REC->a + REC->b");
  EXPECT_EQ(d.kind, Kind::kDerived);
  EXPECT_EQ(d.type, ValueType::kI32);
  EXPECT_EQ(d.reader.from, Reader::From::kExpr);
  EXPECT_NE(d.reader.expr, nullptr);
  EXPECT_EQ(d.field, nullptr);  // two fields
  EXPECT_EQ(first("\"%lu\", REC->a + REC->b").type, ValueType::kU64);
  EXPECT_EQ(first("\"%hhx\", REC->a + REC->b").type, ValueType::kU8);
  EXPECT_EQ(first("\"%hd\", REC->a + REC->b").type, ValueType::kI16);
  EXPECT_EQ(first("\"%lld\", REC->a * 2").type, ValueType::kI64);
  EXPECT_EQ(first("\"%c\", REC->a + 1").type, ValueType::kU8);
  Column cast = first("\"%d\", (u16)(REC->a + REC->b)");
  EXPECT_EQ(cast.kind, Kind::kDerived);
  EXPECT_EQ(cast.type, ValueType::kU16);  // the cast's type
  Column one_field = first("\"%d\", REC->a * 2");
  ASSERT_NE(one_field.field, nullptr);
  EXPECT_STREQ(one_field.field->name, "a");
}

TEST_F(Classify, ALongIsTheHandlesLong) {
  test::Handle h32(4);
  format::Event& e = h32.add(kFields, "\"%lu %p\", REC->a + REC->b, REC->a + REC->b");
  EXPECT_EQ(h32.classify(e, 0, 0).type, ValueType::kU32);
  Column p = h32.classify(e, 1, 1);
  EXPECT_EQ(p.kind, Kind::kPointer);
  EXPECT_EQ(p.type, ValueType::kU32);
}

TEST_F(Classify, Booleans) {
  Column on = first("\"%d\", REC->on");
  EXPECT_EQ(on.kind, Kind::kBool);
  EXPECT_EQ(on.type, ValueType::kBool);
  Column fin = first("\"%c\", REC->a ? 'F' : ' '");
  EXPECT_EQ(fin.kind, Kind::kBool);
  EXPECT_EQ(fin.reader.from, Reader::From::kTest);
  ASSERT_NE(fin.field, nullptr);
  EXPECT_STREQ(fin.field->name, "a");
  // A cast no narrower than the field leaves it a bool.
  EXPECT_EQ(first("\"%d\", (int)REC->on").kind, Kind::kBool);
  // A ?: of numbers from fields is a value, not a test.
  EXPECT_EQ(first("\"%d\", REC->a ? REC->b : 0").kind, Kind::kDerived);
}

TEST_F(Classify, ArrayElements) {
  Column e = first("\"%lu\", REC->arr[2]");
  EXPECT_EQ(e.kind, Kind::kUint);
  EXPECT_EQ(e.type, ValueType::kU64);
  EXPECT_EQ(e.reader.from, Reader::From::kScalar);
  EXPECT_EQ(e.reader.offset, 24 + 2 * 8);
  EXPECT_EQ(e.reader.size, 8);
  EXPECT_EQ(e.default_name, "arr[2]");
  // Past the array: whatever the evaluator makes of it, no read in place.
  Column past = first("\"%lu\", REC->arr[9]");
  EXPECT_EQ(past.kind, Kind::kDerived);
  EXPECT_EQ(past.reader.from, Reader::From::kExpr);
  EXPECT_EQ(past.default_name, "");
  // An index from the record.
  EXPECT_EQ(first("\"%lu\", REC->arr[REC->a]").reader.from, Reader::From::kExpr);
  Column whole = first("\"%lu\", REC->arr");
  EXPECT_EQ(whole.kind, Kind::kOpaque);
  EXPECT_EQ(whole.note, "an array printed as a number");
}

TEST_F(Classify, OutsideTheRecordIsOpaque) {
  Column j = first("\"%lu\", jiffies");
  EXPECT_EQ(j.kind, Kind::kOpaque);
  EXPECT_EQ(j.type, ValueType::kNone);
  EXPECT_EQ(j.reader.from, Reader::From::kNothing);
  EXPECT_EQ(j.note, "depends on something outside the record");
  EXPECT_EQ(first("\"%p\", jiffies + REC->a").note, "depends on something outside the record");
}

TEST_F(Classify, AMissingArgument) {
  Column n = first("\"%d\", REC->a", 5);
  EXPECT_EQ(n.kind, Kind::kOpaque);
  EXPECT_EQ(n.note, "no argument");
  EXPECT_EQ(first("\"%p\", REC->p", 5).note, "depends on something outside the record");
}

TEST_F(Classify, PointersAndSymbols) {
  Column p = first("\"%p\", REC->p");
  EXPECT_EQ(p.kind, Kind::kPointer);
  EXPECT_EQ(p.type, ValueType::kU64);
  EXPECT_EQ(p.reader.from, Reader::From::kScalar);
  Column s = first("\"%pS\", (void *)REC->a");
  EXPECT_EQ(s.kind, Kind::kSymbol);
  EXPECT_EQ(s.type, ValueType::kU32);  // the field's width, unsigned
  Column ps = first("\"%ps\", REC->arr[1]");
  EXPECT_EQ(ps.kind, Kind::kSymbol);
  EXPECT_EQ(ps.default_name, "arr[1]");
  Column d = first("\"%p\", REC->a + REC->b");
  EXPECT_EQ(d.kind, Kind::kPointer);
  EXPECT_EQ(d.type, ValueType::kU64);  // a long
  EXPECT_EQ(d.reader.from, Reader::From::kExpr);
  // "%d" of a pointer field: a pointer, unsigned.
  Column pd = first("\"%lx\", REC->p");
  EXPECT_EQ(pd.kind, Kind::kPointer);
  EXPECT_EQ(pd.type, ValueType::kU64);
  EXPECT_EQ(first("\"%lx\", (void *)(REC->a + 1)").kind, Kind::kPointer);
  EXPECT_EQ(first("\"%p\", REC->arr").note, "an array printed as a pointer");
}

TEST_F(Classify, AddressesOfTheRightSize) {
  Column mac = first("\"%pM\", REC->mac");
  EXPECT_EQ(mac.kind, Kind::kMac);
  EXPECT_EQ(mac.type, ValueType::kBytes);
  EXPECT_EQ(mac.reader.from, Reader::From::kFixedBytes);
  EXPECT_EQ(mac.reader.offset, 60);
  EXPECT_EQ(mac.reader.size, 6);
  ASSERT_NE(mac.field, nullptr);
  EXPECT_STREQ(mac.field->name, "mac");
  EXPECT_EQ(first("\"%pI4\", REC->v4").kind, Kind::kIpv4);
  EXPECT_EQ(first("\"%pI4n\", REC->v4").kind, Kind::kIpv4);
  EXPECT_EQ(first("\"%pI6c\", REC->v6").kind, Kind::kIpv6);
  EXPECT_EQ(first("\"%pU\", REC->uuid").kind, Kind::kUuid);
  EXPECT_EQ(first("\"%pUb\", REC->uuid").kind, Kind::kUuid);
  EXPECT_EQ(first("\"%pM\", (u8 *)REC->mac").kind, Kind::kMac);  // casts looked through
}

TEST_F(Classify, AddressesOfTheWrongShapeAreOpaque) {
  EXPECT_EQ(first("\"%pM\", REC->a").note, "not a 6-byte field");
  EXPECT_EQ(first("\"%pMR\", REC->mac").note, "a MAC stored in reverse");
  EXPECT_EQ(first("\"%pI4\", REC->mac").note, "not a 4-byte field");
  EXPECT_EQ(first("\"%pI4h\", REC->v4").note, "an IPv4 address in host order");  // a little-endian file
  EXPECT_EQ(first("\"%pI6\", REC->v4").note, "not a 16-byte field");
  EXPECT_EQ(first("\"%pU\", REC->mac").note, "not a 16-byte field");
  EXPECT_EQ(first("\"%pUl\", REC->uuid").note, "a little-endian GUID");
  EXPECT_EQ(first("\"%pM\", __get_dynamic_array(buf)").kind, Kind::kOpaque);
  EXPECT_EQ(first("\"%pIS\", REC->a + 1").note, "not a sockaddr field");
}

TEST_F(Classify, Sockaddrs) {
  Column fixed = first("\"%pISpc\", REC->sa");
  EXPECT_EQ(fixed.kind, Kind::kSockaddr);
  EXPECT_EQ(fixed.reader.from, Reader::From::kFixedBytes);
  EXPECT_EQ(fixed.reader.offset, 108);
  EXPECT_EQ(fixed.reader.size, 28);
  Column dynamic = first("\"%pISpc\", __get_dynamic_array(buf)");
  EXPECT_EQ(dynamic.kind, Kind::kSockaddr);
  EXPECT_EQ(dynamic.reader.from, Reader::From::kDynamicBytes);
  EXPECT_EQ(dynamic.reader.offset, 104);
  EXPECT_EQ(dynamic.reader.size, 4);
}

TEST_F(Classify, HexBuffers) {
  Column star = first("\"%*ph\", REC->h, __get_dynamic_array(buf)", 1);
  EXPECT_EQ(star.kind, Kind::kBytes);
  EXPECT_EQ(star.reader.from, Reader::From::kDynamicBytes);
  EXPECT_NE(star.reader.length, nullptr);  // the '*' bounds it
  EXPECT_EQ(star.reader.max_length, -1);
  Column one = first("\"%ph\", __get_dynamic_array(buf)");
  EXPECT_EQ(one.kind, Kind::kBytes);
  EXPECT_EQ(one.reader.length, nullptr);
  EXPECT_EQ(one.reader.max_length, 1);  // "%ph" alone prints one byte
  EXPECT_EQ(first("\"%*ph\", 6, REC->mac", 1).note, "not a dynamic array");
}

TEST_F(Classify, BitmapListsOverArrayFields) {
  Column fewer = first("\"%*pbl\", 64, REC->bits", 1);
  EXPECT_EQ(fewer.kind, Kind::kBitmask);
  EXPECT_EQ(fewer.reader.from, Reader::From::kFixedBytes);
  EXPECT_EQ(fewer.reader.offset, 136);
  EXPECT_EQ(fewer.reader.size, 8);  // 64 bits of the 128
  EXPECT_EQ(first("\"%*pbl\", 12, REC->bits", 1).reader.size, 2);
  EXPECT_EQ(first("\"%*pb\", 1024, REC->bits", 1).reader.size, 16);  // never past the field
  EXPECT_EQ(first("\"%*pbl\", REC->a, REC->bits", 1).reader.size, 16);
  // Not an array field: a plain pointer of the value.
  EXPECT_EQ(first("\"%*pbl\", 64, REC->p", 1).kind, Kind::kPointer);
}

// A '*' of 0 bits is no bytes, not a field of no size ("char buf[]": the
// rest of the record, 24 bytes here).
TEST_F(Classify, ABitmapListOfZeroBitsHasNoBytes) {
  format::Event& e = h_.add(kFields, "\"%*pbl\", 0, REC->bits");
  const Column& c = h_.model(e).columns[0];
  ASSERT_EQ(c.kind, Kind::kBitmask);
  test::Record r = h_.record(e);
  Value v = read_value(h_.source(e), c, r.get());
  EXPECT_TRUE(v.valid);
  EXPECT_EQ(v.bytes.size(), 0u);
}

// BUG (lib/typed/classify.cc, conversion_type): "%lu" of an expression is as
// wide as the trace's long, but "%zu" / "%zd" (and "%t") take the reading
// host's size_t, so a 32-bit trace's size_t values are typed U64 / I64 on a
// 64-bit host (and a 64-bit trace's U32 on a 32-bit one).
TEST_F(Classify, SizeTIsAsWideAsTheTracesLong) {
  test::Handle h32(4);
  format::Event& e = h32.add(kFields, "\"%lu %zu %zd\", REC->a + REC->b, REC->a + REC->b, REC->a + REC->b");
  EXPECT_EQ(h32.classify(e, 0, 0).type, ValueType::kU32);
  EXPECT_EQ(h32.classify(e, 1, 1).type, ValueType::kU32);
  EXPECT_EQ(h32.classify(e, 2, 2).type, ValueType::kI32);
}

// Steps no print fmt the compiler accepts gives, built by hand.
TEST_F(Classify, StepsWithoutAValue) {
  format::Event& e = h_.add(kFields, "\"%d\", REC->a");
  ClassifyContext cx{h_.tep(), e, Constants{}};
  print_plan::Step step;
  step.kind = print_plan::Step::Kind::kBadCount;
  EXPECT_EQ(classify_step(cx, step, test::Handle::arg(e, 0), "").note, "a conversion upstream cannot print");
  step.kind = print_plan::Step::Kind::kLiteral;
  EXPECT_EQ(classify_step(cx, step, nullptr, "").note, "literal text");
  step.kind = print_plan::Step::Kind::kString;  // no StrArg
  EXPECT_EQ(classify_step(cx, step, test::Handle::arg(e, 0), "").note, "no argument");
  print_plan::PointerArg from_function;
  from_function.source = print_plan::PointerArg::Source::kFunction;
  step.kind = print_plan::Step::Kind::kPointer;
  step.pointer = &from_function;
  EXPECT_EQ(classify_step(cx, step, test::Handle::arg(e, 0), "").note, "a print function");
  print_plan::PointerArg text;
  text.source = print_plan::PointerArg::Source::kText;
  step.pointer = &text;
  EXPECT_EQ(classify_step(cx, step, nullptr, "").note, "a string constant");
  print_plan::PointerArg ip;
  ip.kind = print_plan::PointerArg::Kind::kIpNothing;
  step.pointer = &ip;
  EXPECT_EQ(classify_step(cx, step, nullptr, "").note, "an unknown %pI conversion");
}

TEST_F(Classify, IntegerReaderShapes) {
  format::Event& e = h_.add(kFields, "\"%d %d %d %d\", REC->arr[3], (void *)REC->p, (s8)REC->b, REC->a - 1");
  ClassifyContext cx{h_.tep(), e, Constants{}};
  Reader r;
  IntShape element = integer_reader(cx, test::Handle::arg(e, 0), nullptr, r);
  EXPECT_TRUE(element.direct);
  EXPECT_EQ(element.index, 3);
  EXPECT_EQ(element.width, 8);
  EXPECT_EQ(r.offset, 48);
  Reader rp;
  IntShape pointer = integer_reader(cx, test::Handle::arg(e, 1), nullptr, rp);
  EXPECT_TRUE(pointer.pointer);
  EXPECT_TRUE(pointer.direct);
  Reader rc;
  IntShape cast = integer_reader(cx, test::Handle::arg(e, 2), nullptr, rc);
  EXPECT_EQ(cast.width, 1);
  EXPECT_TRUE(cast.is_signed);
  EXPECT_EQ(rc.size, 4);
  Reader rx;
  print_plan::Expr expr;
  IntShape derived = integer_reader(cx, test::Handle::arg(e, 3), &expr, rx);
  EXPECT_FALSE(derived.direct);
  EXPECT_EQ(derived.width, 0);  // no cast: the conversion says
  EXPECT_EQ(rx.from, Reader::From::kExpr);
  EXPECT_EQ(rx.expr, &expr);
  Reader rn;
  IntShape none = integer_reader(cx, nullptr, nullptr, rn);
  EXPECT_FALSE(none.direct);
  EXPECT_EQ(none.field, nullptr);
}

TEST(TypedClassify, OpaqueKeepsItsNote) {
  Column c = opaque("why");
  EXPECT_EQ(c.kind, Kind::kOpaque);
  EXPECT_EQ(c.type, ValueType::kNone);
  EXPECT_EQ(c.reader.from, Reader::From::kNothing);
  EXPECT_EQ(c.note, "why");
}

}  // namespace
}  // namespace tep::typed
