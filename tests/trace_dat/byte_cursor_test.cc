// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/byte_cursor.h"

#include <gtest/gtest.h>

namespace tep::trace_dat {
namespace {

TEST(ByteCursor, ReadsNumbersInEitherOrder) {
  const std::string_view data("\x01\x02\x03\x04\x05\x06\x07\x08", 8);
  ByteCursor little(as_bytes(data), base::kHostBigEndian);
  EXPECT_EQ(little.u16(), 0x0201u);
  EXPECT_EQ(little.u16(), 0x0403u);
  EXPECT_EQ(little.u32(), 0x08070605u);
  ByteCursor big(as_bytes(data), !base::kHostBigEndian);
  EXPECT_EQ(big.u64(), 0x0102030405060708u);
  EXPECT_FALSE(big.failed());
}

TEST(ByteCursor, AReadPastTheEndFailsAndKeepsFailing) {
  const std::string_view data("\x01\x02\x03", 3);
  ByteCursor c(as_bytes(data), false);
  EXPECT_EQ(c.u32(), 0u);
  EXPECT_TRUE(c.failed());
  EXPECT_EQ(c.number(1), 0u);
  EXPECT_TRUE(c.bytes(1).empty());
}

TEST(ByteCursor, StringsEndAtNul) {
  const std::string_view data("abc\0de", 6);
  ByteCursor c(as_bytes(data), false);
  EXPECT_EQ(c.cstring(), "abc");
  EXPECT_EQ(c.pos(), 4u);
  EXPECT_EQ(c.cstring(), "");  // no NUL before the end
  EXPECT_TRUE(c.failed());
}

TEST(ByteCursor, BytesAndSeekStayInside) {
  const std::string_view data("abcdef", 6);
  ByteCursor c(as_bytes(data), false);
  EXPECT_EQ(c.text(2), "ab");
  c.seek(6);
  EXPECT_FALSE(c.failed());
  EXPECT_EQ(c.remaining(), 0u);
  c.seek(7);
  EXPECT_TRUE(c.failed());
  ByteCursor huge(as_bytes(data), false);
  EXPECT_TRUE(huge.bytes(~0ull).empty());
  EXPECT_TRUE(huge.failed());
}

}  // namespace
}  // namespace tep::trace_dat
