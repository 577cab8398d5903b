// SPDX-License-Identifier: LGPL-2.1
#include "base/text_reader.h"

#include <gtest/gtest.h>

namespace tep {
namespace {

TEST(TextReader, StopsAtNulAndEnd) {
  base::TextReader r(std::string_view("ab\0cd", 5));
  EXPECT_EQ(r.text(), "ab");
  r.seek(1);
  EXPECT_EQ(r.rest(), "b");
  r.seek(5);  // past the NUL: clamped to the end
  EXPECT_TRUE(r.at_end());
  EXPECT_EQ(r.pos(), 2u);
  EXPECT_EQ(r.rest(), "");
}

TEST(TextReader, Lines) {
  base::TextReader r("one\ntwo\n\nthree");
  EXPECT_EQ(r.take_line(), "one");
  EXPECT_EQ(r.take_line(), "two");
  EXPECT_EQ(r.take_line(), "");
  EXPECT_EQ(r.take_until('e'), "thr");
  EXPECT_EQ(r.take_line(), "ee");
  EXPECT_TRUE(r.at_end());
  EXPECT_EQ(r.take_line(), "");
}

TEST(TextReader, CBlanks) {
  for (char c : {' ', '\t', '\n', '\v', '\f', '\r'}) EXPECT_TRUE(base::TextReader::is_space(c));
  for (char c : {'\0', 'a', '\x1c', '\x85', '\xa0'}) EXPECT_FALSE(base::TextReader::is_space(c));
}

}  // namespace
}  // namespace tep
