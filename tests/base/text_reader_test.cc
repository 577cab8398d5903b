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

TEST(TextReader, Lines) {
  TextReader r("one\ntwo");
  EXPECT_EQ(r.take_line(), "one");
  EXPECT_EQ(r.take_line(), "two");
  EXPECT_TRUE(r.at_end());
  EXPECT_EQ(r.take_line(), "");
}

}  // namespace
}  // namespace tep
