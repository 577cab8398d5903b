// SPDX-License-Identifier: LGPL-2.1
#include "base/text_reader.h"

#include <gtest/gtest.h>

namespace tep {
namespace {

TEST(TextReader, StopsAtNulAndEnd) {
  TextReader r(std::string_view("ab\0cd", 5));
  EXPECT_EQ(r.text(), "ab");
  EXPECT_EQ(r.next(), 'a');
  EXPECT_EQ(r.next(), 'b');
  EXPECT_TRUE(r.at_end());
  EXPECT_EQ(r.next(), '\0');
  EXPECT_EQ(r.peek(5), '\0');
}

TEST(TextReader, Numbers) {
  // "ffffffff81000000 T _stext" starts every kallsyms line.
  TextReader r("ffffffff81000000 T _stext");
  uint64_t v = 0;
  ASSERT_TRUE(r.take_unsigned(v, 16));
  EXPECT_EQ(v, 0xffffffff81000000ull);
  EXPECT_EQ(r.peek(), ' ');
  TextReader d("0x1f 017 -42 x");
  ASSERT_TRUE(d.take_unsigned(v));
  EXPECT_EQ(v, 0x1fu);
  d.skip_spaces();
  ASSERT_TRUE(d.take_unsigned(v));
  EXPECT_EQ(v, 017u);
  d.skip_spaces();
  int64_t s = 0;
  ASSERT_TRUE(d.take_signed(s));
  EXPECT_EQ(s, -42);
  d.skip_spaces();
  EXPECT_FALSE(d.take_unsigned(v));
  EXPECT_EQ(d.peek(), 'x');
}

TEST(TextReader, Lines) {
  TextReader r("one\ntwo");
  EXPECT_EQ(r.take_line(), "one");
  EXPECT_EQ(r.take_line(), "two");
  EXPECT_TRUE(r.at_end());
  EXPECT_EQ(r.take_line(), "");
}

}  // namespace
}  // namespace tep
