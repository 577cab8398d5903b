// SPDX-License-Identifier: LGPL-2.1
#include "record/field_access.h"

#include <gtest/gtest.h>

#include "core/handle.h"

namespace tep {
namespace {

tep_format_field make_field(int offset, int size, unsigned long flags = 0) {
  tep_format_field f{};
  f.offset = offset;
  f.size = size;
  f.flags = flags;
  return f;
}

TEST(FieldAccess, ReadNumberBothByteOrders) {
  tep_handle tep;
  tep.file_bigendian = false;  // the bytes below are little-endian
  const unsigned char b[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  EXPECT_EQ(core::read_in_file_order(tep, b, 1), 1u);
  EXPECT_EQ(core::read_in_file_order(tep, b, 2), 0x0201u);
  EXPECT_EQ(core::read_in_file_order(tep, b, 4), 0x04030201u);
  EXPECT_EQ(core::read_in_file_order(tep, b, 8), 0x0807060504030201ull);
  EXPECT_EQ(core::read_in_file_order(tep, b, 3), 0u);
  tep.file_bigendian = true;
  EXPECT_EQ(core::read_in_file_order(tep, b, 2), 0x0102u);
  EXPECT_EQ(core::read_in_file_order(tep, b, 4), 0x01020304u);
  EXPECT_EQ(core::read_in_file_order(tep, b, 8), 0x0102030405060708ull);
}

TEST(FieldAccess, FieldValueSignExtendsAndStaysInside) {
  tep_handle tep;
  tep.file_bigendian = false;  // the bytes below are little-endian
  const unsigned char b[8] = {0xff, 0xfe, 0, 0, 0x80, 0, 0, 0};
  uint64_t v = 0;
  auto s16 = make_field(0, 2, TEP_FIELD_IS_SIGNED);
  ASSERT_TRUE(core::read_field_value(tep, s16, b, sizeof b, v));
  EXPECT_EQ(static_cast<int64_t>(v), -257);
  auto u16 = make_field(0, 2);
  ASSERT_TRUE(core::read_field_value(tep, u16, b, sizeof b, v));
  EXPECT_EQ(v, 0xfeffu);
  auto s32 = make_field(4, 4, TEP_FIELD_IS_SIGNED);
  ASSERT_TRUE(core::read_field_value(tep, s32, b, sizeof b, v));
  EXPECT_EQ(v, 0x80u);
  auto past_end = make_field(6, 4);
  EXPECT_FALSE(core::read_field_value(tep, past_end, b, sizeof b, v));
  auto negative = make_field(-2, 2);
  EXPECT_FALSE(core::read_field_value(tep, negative, b, sizeof b, v));
  auto odd = make_field(0, 3);
  EXPECT_FALSE(core::read_field_value(tep, odd, b, sizeof b, v));
}

TEST(FieldAccess, DynamicLocations) {
  tep_handle tep;
  tep.file_bigendian = false;  // the bytes below are little-endian
  // __data_loc at 0: offset 8, length 4.
  unsigned char b[16] = {8, 0, 4, 0, 0, 0, 0, 0, 'a', 'b', 'c', 0};
  auto loc = make_field(0, 4, TEP_FIELD_IS_DYNAMIC);
  int offset = -1, length = -1;
  ASSERT_TRUE(core::resolve_dynamic(tep, loc, b, sizeof b, offset, length));
  EXPECT_EQ(offset, 8);
  EXPECT_EQ(length, 4);
  // __rel_loc: relative to the end of the 4-byte field (4 + 4 = 8).
  unsigned char r[16] = {4, 0, 3, 0};
  auto rel = make_field(0, 4, TEP_FIELD_IS_DYNAMIC | TEP_FIELD_IS_RELATIVE);
  ASSERT_TRUE(core::resolve_dynamic(tep, rel, r, sizeof r, offset, length));
  EXPECT_EQ(offset, 8);
  EXPECT_EQ(length, 3);
  // Pointing outside the record.
  unsigned char bad[8] = {6, 0, 4, 0};
  EXPECT_FALSE(core::resolve_dynamic(tep, loc, bad, sizeof bad, offset, length));
  // Old 2-byte location: offset only.
  unsigned char old[8] = {4, 0};
  auto loc2 = make_field(0, 2, TEP_FIELD_IS_DYNAMIC);
  ASSERT_TRUE(core::resolve_dynamic(tep, loc2, old, sizeof old, offset, length));
  EXPECT_EQ(offset, 4);
  EXPECT_EQ(length, 0);
}

}  // namespace
}  // namespace tep
