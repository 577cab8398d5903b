// SPDX-License-Identifier: LGPL-2.1
// The one cast table (print plans and parse-time folding).
#include "printf/cast_table.h"

#include <gtest/gtest.h>

namespace {

using tep::fmt::cast_mask;
using tep::fmt::pointer_cast_mask;

TEST(CastTable, IntegerTypesAreMasks) {
  EXPECT_EQ(cast_mask("u8"), 0xffu);
  EXPECT_EQ(cast_mask("s8"), 0xffu);
  EXPECT_EQ(cast_mask("u16"), 0xffffu);
  EXPECT_EQ(cast_mask("s16"), 0xffffu);
  EXPECT_EQ(cast_mask("u32"), 0xffffffffu);
  EXPECT_EQ(cast_mask("s32"), 0xffffffffu);
  EXPECT_EQ(cast_mask("u64"), ~0ull);
  EXPECT_EQ(cast_mask("char"), 0xffu);
  EXPECT_EQ(cast_mask("unsigned char"), 0xffu);
  EXPECT_EQ(cast_mask("short"), 0xffffu);
  EXPECT_EQ(cast_mask("unsigned short"), 0xffffu);
  EXPECT_EQ(cast_mask("int"), 0xffffffffu);
  EXPECT_EQ(cast_mask("unsigned int"), 0xffffffffu);
}

TEST(CastTable, OthersKeepTheValue) {
  for (const char* type : {"long", "unsigned long", "pid_t", "char *", "struct x", "struct x *", "", "*", "x"})
    EXPECT_EQ(cast_mask(type), ~0ull) << type;
}

TEST(CastTable, PointerCastsMaskThePointee) {
  EXPECT_EQ(pointer_cast_mask("u8 *"), 0xffu);
  EXPECT_EQ(pointer_cast_mask("unsigned short *"), 0xffffu);
  EXPECT_EQ(pointer_cast_mask("u8"), ~0ull);
  EXPECT_EQ(pointer_cast_mask("*"), ~0ull);
}

}  // namespace
