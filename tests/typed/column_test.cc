// SPDX-License-Identifier: LGPL-2.1
// lib/typed/column: kind names, value types and their sizes.
#include "typed/column.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace tep::typed {
namespace {

TEST(TypedColumn, KindNamesMatchThePublicEnum) {
  EXPECT_STREQ(kind_name(Kind::kOpaque), "opaque");
  EXPECT_STREQ(kind_name(Kind::kInt), "int");
  EXPECT_STREQ(kind_name(Kind::kFlags), "flags");
  EXPECT_STREQ(kind_name(Kind::kCpuSet), "cpuset");
  EXPECT_STREQ(kind_name(Kind::kSockaddr), "sockaddr");
  EXPECT_STREQ(kind_name(Kind::kDerived), "derived");
  // One name per kind, none repeated.
  std::set<std::string> names;
  for (int k = 0; k < kKindCount; k++) names.insert(kind_name(static_cast<Kind>(k)));
  EXPECT_EQ(names.size(), static_cast<size_t>(kKindCount));
  EXPECT_EQ(names.count("?"), 0u);
}

TEST(TypedColumn, KindNameOfAnUnknownKindIsAQuestionMark) {
  EXPECT_STREQ(kind_name(static_cast<Kind>(kKindCount)), "?");
  EXPECT_STREQ(kind_name(static_cast<Kind>(255)), "?");
}

TEST(TypedColumn, IntegerTypeOfEachWidth) {
  EXPECT_EQ(integer_type(1, true), ValueType::kI8);
  EXPECT_EQ(integer_type(1, false), ValueType::kU8);
  EXPECT_EQ(integer_type(2, true), ValueType::kI16);
  EXPECT_EQ(integer_type(2, false), ValueType::kU16);
  EXPECT_EQ(integer_type(4, true), ValueType::kI32);
  EXPECT_EQ(integer_type(4, false), ValueType::kU32);
  EXPECT_EQ(integer_type(8, true), ValueType::kI64);
  EXPECT_EQ(integer_type(8, false), ValueType::kU64);
}

TEST(TypedColumn, IntegerTypeOfAnOddWidthIs64Bits) {
  EXPECT_EQ(integer_type(0, false), ValueType::kU64);
  EXPECT_EQ(integer_type(3, true), ValueType::kI64);
  EXPECT_EQ(integer_type(16, false), ValueType::kU64);
  EXPECT_EQ(integer_type(-1, true), ValueType::kI64);
}

TEST(TypedColumn, ValueTypeSizesAndClasses) {
  EXPECT_EQ(value_type_size(ValueType::kNone), 0);
  EXPECT_EQ(value_type_size(ValueType::kBool), 1);
  EXPECT_EQ(value_type_size(ValueType::kI16), 2);
  EXPECT_EQ(value_type_size(ValueType::kU32), 4);
  EXPECT_EQ(value_type_size(ValueType::kI64), 8);
  EXPECT_EQ(value_type_size(ValueType::kBytes), static_cast<int>(sizeof(BytesView)));
  EXPECT_FALSE(is_integer(ValueType::kNone));
  EXPECT_TRUE(is_integer(ValueType::kI8));
  EXPECT_TRUE(is_integer(ValueType::kBool));  // stored as 0 or 1
  EXPECT_FALSE(is_integer(ValueType::kBytes));
  EXPECT_TRUE(is_signed_type(ValueType::kI64));
  EXPECT_FALSE(is_signed_type(ValueType::kU8));
  EXPECT_FALSE(is_signed_type(ValueType::kBool));
}

}  // namespace
}  // namespace tep::typed
