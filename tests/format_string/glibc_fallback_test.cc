// SPDX-License-Identifier: LGPL-2.1
// glibc_format: one directive through vsnprintf, with the star argument
// passed first when there is one, output of any length, and an empty result
// where glibc refuses the directive.
#include "format_string/glibc_fallback.h"

#include <gtest/gtest.h>

#include <climits>
#include <string>
#include <string_view>

namespace tep::format_string {
namespace {

TEST(GlibcFallback, PlainDirectives) {
  EXPECT_EQ(glibc_format("%d", nullptr, 42), "42");
  EXPECT_EQ(glibc_format("%x", nullptr, -1), "ffffffff");
  EXPECT_EQ(glibc_format("%lld", nullptr, LLONG_MIN), "-9223372036854775808");
  EXPECT_EQ(glibc_format("%llx", nullptr, 0x123456789abcLL), "123456789abc");
  EXPECT_EQ(glibc_format("%s", nullptr, "abc"), "abc");
  EXPECT_EQ(glibc_format("%.2s", nullptr, "abc"), "ab");
  EXPECT_EQ(glibc_format("%hhd", nullptr, 300), "44");
}

TEST(GlibcFallback, StarComesBeforeTheValue) {
  const int five = 5, minus_five = -5, three = 3;
  EXPECT_EQ(glibc_format("%*d", &five, 42), "   42");
  EXPECT_EQ(glibc_format("%*d", &minus_five, 42), "42   ");  // a negative width left-aligns
  EXPECT_EQ(glibc_format("%.*d", &three, 7), "007");
  EXPECT_EQ(glibc_format("%*lld", &five, 1LL), "    1");
  EXPECT_EQ(glibc_format("%*s", &five, "ab"), "   ab");
  EXPECT_EQ(glibc_format("%.*s", &three, "abcdef"), "abc");
}

// The readings the formatter leaves to glibc (glibc_fallback.h).
TEST(GlibcFallback, GlibcsOwnReadings) {
  EXPECT_EQ(glibc_format("%5-d", nullptr, 42), "%5-d");     // not a conversion: printed as written
  EXPECT_EQ(glibc_format("%05s", nullptr, "ab"), "   ab");  // '0' pads only numbers
  EXPECT_EQ(glibc_format("%-05d", nullptr, 42), "42   ");
}

TEST(GlibcFallback, TextAroundTheDirectiveIsKept) {
  EXPECT_EQ(glibc_format("<%d>", nullptr, 1), "<1>");
  EXPECT_EQ(glibc_format("plain", nullptr, 1), "plain");
  EXPECT_EQ(glibc_format("", nullptr, 1), "");
}

// The directive is a view: only its own bytes are read.
TEST(GlibcFallback, DirectiveIsNotNulTerminated) {
  const std::string_view directive = std::string_view("%dXYZ%s").substr(0, 2);
  EXPECT_EQ(glibc_format(directive, nullptr, 42), "42");
  const std::string_view text = std::string_view("%sZ%d").substr(0, 2);
  EXPECT_EQ(glibc_format(text, nullptr, "abc"), "abc");
}

// Output longer than the 256-byte stack buffer takes the second pass.
TEST(GlibcFallback, LongOutputs) {
  for (int width : {254, 255, 256, 257, 9999}) {
    const std::string directive = "%" + std::to_string(width) + "d";
    const std::string out = glibc_format(directive, nullptr, 7);
    ASSERT_EQ(out.size(), static_cast<size_t>(width)) << width;
    EXPECT_EQ(out, std::string(static_cast<size_t>(width) - 1, ' ') + "7");
  }
  const int wide = 5000;
  const std::string padded = glibc_format("%-*s|", &wide, "x");
  EXPECT_EQ(padded, "x" + std::string(4999, ' ') + "|");
}

TEST(GlibcFallback, RefusedDirectivesGiveNothing) {
  // A width past INT_MAX: vsnprintf fails (EOVERFLOW).
  EXPECT_EQ(glibc_format("%2147483648d", nullptr, 1), "");
  EXPECT_EQ(glibc_format("%2147483648s", nullptr, "a"), "");
  EXPECT_EQ(glibc_format("%2147483648lld", nullptr, 1LL), "");
}

}  // namespace
}  // namespace tep::format_string
