// SPDX-License-Identifier: LGPL-2.1
// lib/typed/field_column: a raw field's column, typed from its declaration.
#include "typed/field_column.h"

#include <gtest/gtest.h>

namespace tep::typed {
namespace {

// A field as the format parser leaves it.
tep_format_field field(const char* type, const char* name, int offset, int size, unsigned long flags = 0,
                       unsigned elementsize = 0) {
  tep_format_field f{};
  f.type = const_cast<char*>(type);
  f.name = const_cast<char*>(name);
  f.offset = offset;
  f.size = size;
  f.elementsize = elementsize;
  f.flags = flags;
  return f;
}

TEST(TypedFieldColumn, ScalarsOfEachWidthAndSign) {
  tep_format_field s8 = field("s8", "a", 8, 1, TEP_FIELD_IS_SIGNED);
  tep_format_field u16 = field("u16", "b", 10, 2);
  tep_format_field i32 = field("int", "c", 12, 4, TEP_FIELD_IS_SIGNED);
  tep_format_field u64 = field("u64", "d", 16, 8);
  Column a = field_column(s8, 8), b = field_column(u16, 8), c = field_column(i32, 8), d = field_column(u64, 8);
  EXPECT_EQ(a.kind, Kind::kInt);
  EXPECT_EQ(a.type, ValueType::kI8);
  EXPECT_EQ(b.kind, Kind::kUint);
  EXPECT_EQ(b.type, ValueType::kU16);
  EXPECT_EQ(c.type, ValueType::kI32);
  EXPECT_EQ(d.type, ValueType::kU64);
  EXPECT_EQ(c.reader.from, Reader::From::kScalar);
  EXPECT_EQ(c.reader.offset, 12);
  EXPECT_EQ(c.reader.size, 4);
  EXPECT_EQ(c.reader.needs, 16);
  EXPECT_EQ(c.name, "c");
  EXPECT_EQ(c.field, &i32);
  EXPECT_EQ(c.print_arg, -1);
}

TEST(TypedFieldColumn, SizeAndSignednessWinOverTheDeclaredType) {
  tep_format_field dfd = field("int", "dfd", 16, 8);  // "int dfd; size:8; signed:0"
  Column c = field_column(dfd, 8);
  EXPECT_EQ(c.kind, Kind::kUint);
  EXPECT_EQ(c.type, ValueType::kU64);
}

TEST(TypedFieldColumn, BoolsAndPointers) {
  tep_format_field b = field("bool", "on", 8, 1);
  tep_format_field p = field("const char *", "name", 16, 8, TEP_FIELD_IS_SIGNED);
  tep_format_field flagged = field("unsigned long", "addr", 24, 8, TEP_FIELD_IS_POINTER);
  tep_format_field wide_bool = field("bool", "on", 8, 4);  // not one byte: an integer
  EXPECT_EQ(field_column(b, 8).kind, Kind::kBool);
  EXPECT_EQ(field_column(b, 8).type, ValueType::kBool);
  Column pc = field_column(p, 8);
  EXPECT_EQ(pc.kind, Kind::kPointer);
  EXPECT_EQ(pc.type, ValueType::kU64);  // a pointer is unsigned whatever the format says
  EXPECT_EQ(field_column(flagged, 8).kind, Kind::kPointer);
  EXPECT_EQ(field_column(wide_bool, 8).kind, Kind::kUint);
}

TEST(TypedFieldColumn, CharArraysAreStrings) {
  tep_format_field comm = field("char", "comm", 8, 16, TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_SIGNED, 1);
  Column c = field_column(comm, 8);
  EXPECT_EQ(c.kind, Kind::kString);
  EXPECT_EQ(c.type, ValueType::kBytes);
  EXPECT_EQ(c.reader.from, Reader::From::kFixedBytes);
  EXPECT_TRUE(c.reader.cut_at_nul);
  EXPECT_EQ(c.reader.needs, 24);
}

TEST(TypedFieldColumn, DynamicArrays) {
  tep_format_field name = field("__data_loc char[]", "name", 8, 4, TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_DYNAMIC, 1);
  tep_format_field rel =
      field("__rel_loc char[]", "rel", 12, 4, TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_DYNAMIC | TEP_FIELD_IS_RELATIVE, 1);
  tep_format_field mask = field("__data_loc cpumask_t", "mask", 16, 4, TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_DYNAMIC);
  Column n = field_column(name, 8), r = field_column(rel, 8), m = field_column(mask, 8);
  EXPECT_EQ(n.kind, Kind::kString);
  EXPECT_EQ(n.reader.from, Reader::From::kDynamicBytes);
  EXPECT_FALSE(n.reader.relative);
  EXPECT_TRUE(r.reader.relative);
  EXPECT_EQ(m.kind, Kind::kCpuSet);
  EXPECT_EQ(m.reader.from, Reader::From::kDynamicBytes);
  EXPECT_FALSE(m.reader.cut_at_nul);
}

TEST(TypedFieldColumn, IntegerArraysKeepTheirElementType) {
  tep_format_field ints = field("s32", "v", 8, 16, TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_SIGNED, 4);
  tep_format_field longs = field("unsigned long", "caller", 8, 32, TEP_FIELD_IS_ARRAY, 8);
  Column a = field_column(ints, 8), b = field_column(longs, 8);
  EXPECT_EQ(a.kind, Kind::kArray);
  EXPECT_EQ(a.element, ValueType::kI32);
  EXPECT_EQ(b.element, ValueType::kU64);
}

TEST(TypedFieldColumn, ADynamicArraysElementFromItsDeclaredType) {
  // The parser gives no element size for "__data_loc unsigned int[]".
  tep_format_field lengths =
      field("__data_loc unsigned int[]", "lengths", 8, 4, TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_DYNAMIC, 0);
  tep_format_field rel =
      field("__rel_loc u16[]", "ids", 12, 4, TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_DYNAMIC | TEP_FIELD_IS_RELATIVE, 0);
  Column a = field_column(lengths, 8), b = field_column(rel, 8);
  EXPECT_EQ(a.kind, Kind::kArray);
  EXPECT_EQ(a.element, ValueType::kU32);
  EXPECT_EQ(b.kind, Kind::kArray);
  EXPECT_EQ(b.element, ValueType::kU16);
  // "unsigned long" follows the handle's long size.
  tep_format_field longs = field("__data_loc unsigned long[]", "l", 8, 4, TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_DYNAMIC, 0);
  EXPECT_EQ(field_column(longs, 4).element, ValueType::kU32);
  EXPECT_EQ(field_column(longs, 8).element, ValueType::kU64);
}

TEST(TypedFieldColumn, ByteArraysAndUnknownElementsAreBytes) {
  tep_format_field u8s = field("u8", "saddr", 8, 28, TEP_FIELD_IS_ARRAY, 1);
  tep_format_field structs =
      field("__data_loc struct foo[]", "foos", 8, 4, TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_DYNAMIC, 0);
  Column a = field_column(u8s, 8), b = field_column(structs, 8);
  EXPECT_EQ(a.kind, Kind::kBytes);
  EXPECT_EQ(a.element, ValueType::kNone);
  EXPECT_EQ(b.kind, Kind::kBytes);
  EXPECT_EQ(b.type, ValueType::kBytes);
}

TEST(TypedFieldColumn, OddSizedScalarsAreBytes) {
  // "char buf; size:0" of old ftrace events: the rest of the record.
  tep_format_field buf = field("char", "buf", 8, 0);
  tep_format_field odd = field("u8", "odd", 8, 3);
  Column b = field_column(buf, 8), o = field_column(odd, 8);
  EXPECT_EQ(b.kind, Kind::kBytes);
  EXPECT_EQ(b.reader.from, Reader::From::kFixedBytes);
  EXPECT_EQ(b.reader.size, 0);
  EXPECT_EQ(b.reader.needs, 8);
  EXPECT_EQ(o.kind, Kind::kBytes);
  EXPECT_EQ(o.reader.size, 3);
}

TEST(TypedFieldColumn, NoNameNoType) {
  tep_format_field f = field(nullptr, nullptr, 8, 4);
  Column c = field_column(f, 8);
  EXPECT_EQ(c.name, "");
  EXPECT_EQ(c.kind, Kind::kUint);
}

}  // namespace
}  // namespace tep::typed
