// SPDX-License-Identifier: LGPL-2.1
#include "print_args/format_args_check.h"

#include <gtest/gtest.h>

#include <vector>

namespace tep::print_args {
namespace {

// `count` chained argument nodes.
struct Args {
  explicit Args(int count) : nodes(count) {
    for (int i = 0; i + 1 < count; ++i) nodes[i].next = &nodes[i + 1];
  }
  const tep_print_arg* list() const { return nodes.empty() ? nullptr : &nodes[0]; }
  std::vector<tep_print_arg> nodes;
};

bool match(const char* format, int count) { return format_args_match(format, Args(count).list()); }

TEST(PrintFmtArgsCheck, ConversionsConsumeArguments) {
  for (const char* f : {"%c", "%+d", "%s", "%p", "%pS", "%x", "%X", "%o", "%i", "%u", "%lu", "%llx",
                        "%hhd", "%zu", "%#x", "%-8s", "%08llx", "%Lu"}) {
    EXPECT_FALSE(match(f, 0)) << f;
    EXPECT_TRUE(match(f, 1)) << f;
  }
  EXPECT_FALSE(match("%d %d", 1));
  EXPECT_TRUE(match("%d", 3));  // extra arguments are fine
}

TEST(PrintFmtArgsCheck, TextThatConsumesNothing) {
  for (const char* f : {"% d", "%e", "%f", "%n", "%%d", "\\%d", "%", "abc%", "%5", "plain", ""})
    EXPECT_TRUE(match(f, 0)) << f;
  EXPECT_FALSE(match("\\\\%d", 0));  // an escaped backslash, then a conversion
  EXPECT_TRUE(match("abc\\", 0));    // a trailing backslash stays in bounds
}

TEST(PrintFmtArgsCheck, WidthsAndLimits) {
  EXPECT_FALSE(match("%*d", 1));
  EXPECT_TRUE(match("%*d", 2));
  EXPECT_FALSE(match("%*.*s", 3));  // a second '*' fails upstream
  EXPECT_FALSE(match("%lllld", 1));
  EXPECT_FALSE(match("%lllc", 1));
  EXPECT_FALSE(match("%hhhx", 1));
  EXPECT_TRUE(match("%llls", 1));
  EXPECT_TRUE(match("%00000000000000000000000000000s", 1));   // 31 bytes
  EXPECT_FALSE(match("%000000000000000000000000000000s", 1)); // 32
  EXPECT_TRUE(match("%0000000000000000000000000000d", 1));    // 30
  EXPECT_FALSE(match("%00000000000000000000000000000d", 1));  // 31
}

}  // namespace
}  // namespace tep::print_args
