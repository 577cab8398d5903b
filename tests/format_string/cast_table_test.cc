// SPDX-License-Identifier: LGPL-2.1
// The one cast table (print plans and parse-time folding).
#include "format_string/cast_table.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>

namespace {

TEST(CastTable, IntegerTypesAreMasks) {
  const std::pair<const char*, uint64_t> casts[] = {
      {"u8", 0xff},      {"s8", 0xff},       {"u16", 0xffff},          {"s16", 0xffff},
      {"u32", 0xffffffff}, {"s32", 0xffffffff}, {"u64", ~0ull},        {"char", 0xff},
      {"unsigned char", 0xff}, {"short", 0xffff}, {"unsigned short", 0xffff}, {"int", 0xffffffff},
      {"unsigned int", 0xffffffff},
  };
  for (const auto& [type, mask] : casts) EXPECT_EQ(tep::format_string::cast_mask(type), mask) << type;
}

TEST(CastTable, OthersKeepTheValue) {
  for (const char* type : {"long", "unsigned long", "pid_t", "char *", "struct x", "struct x *", "", "*", "x"})
    EXPECT_EQ(tep::format_string::cast_mask(type), ~0ull) << type;
}

TEST(CastTable, PointerCastsMaskThePointee) {
  const std::pair<const char*, uint64_t> casts[] = {
      {"u8 *", 0xff}, {"unsigned short *", 0xffff}, {"u8", ~0ull}, {"*", ~0ull}};
  for (const auto& [type, mask] : casts) EXPECT_EQ(tep::format_string::pointer_cast_mask(type), mask) << type;
}

}  // namespace
