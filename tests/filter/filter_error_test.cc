// SPDX-License-Identifier: LGPL-2.1
// ErrorReport::show: the expression, a caret under the position (clamped to
// the expression), then the message, all within TEP_FILTER_ERROR_BUFSZ bytes;
// only the message where the expression would not fit.
#include "filter/filter_error.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "event-parse.h"

namespace tep::filter {
namespace {

// The buffer is filled with 'X' first: a missing NUL shows as a long text.
std::string report(std::string_view input, size_t position, const char* message) {
  char buffer[TEP_FILTER_ERROR_BUFSZ + 1];
  memset(buffer, 'X', sizeof(buffer));
  buffer[TEP_FILTER_ERROR_BUFSZ] = '\0';
  ErrorReport(buffer, input).show(position, "%s", message);
  return buffer;
}

TEST(FilterError, CaretUnderThePosition) {
  EXPECT_EQ(report("prev_pid === 1", 11, "Unknown op token ="), "prev_pid === 1\n          ^\nUnknown op token =");
  EXPECT_EQ(report("abc", 2, "m"), "abc\n ^\nm");
}

// Positions 0 and 1 both point at the first column; past the end, the last.
TEST(FilterError, PositionIsClamped) {
  EXPECT_EQ(report("abc", 0, "m"), "abc\n^\nm");
  EXPECT_EQ(report("abc", 1, "m"), "abc\n^\nm");
  EXPECT_EQ(report("abc", 3, "m"), "abc\n  ^\nm");
  EXPECT_EQ(report("abc", 4, "m"), "abc\n  ^\nm");
  EXPECT_EQ(report("abc", SIZE_MAX, "m"), "abc\n  ^\nm");
  EXPECT_EQ(report("a", 7, "m"), "a\n^\nm");
}

TEST(FilterError, EmptyInputGivesOnlyTheMessage) { EXPECT_EQ(report("", 5, "Syntax error"), "Syntax error"); }

TEST(FilterError, MessageIsFormatted) {
  char buffer[TEP_FILTER_ERROR_BUFSZ];
  ErrorReport(buffer, "x == 1").show(1, "Unknown op token %s at %d", "==", 3);
  EXPECT_STREQ(buffer, "x == 1\n^\nUnknown op token == at 3");
}

// The input is a view: only its bytes are copied, NULs included.
TEST(FilterError, InputIsAView) {
  EXPECT_EQ(report(std::string_view("abcdef", 3), 2, "m"), "abc\n ^\nm");
  const std::string with_nul("a\0b", 3);
  char buffer[TEP_FILTER_ERROR_BUFSZ];
  ErrorReport(buffer, with_nul).show(3, "m");
  EXPECT_EQ(std::string(buffer, 9), std::string("a\0b\n  ^\nm", 9));
}

// Input, newline, column, newline: kept while that and the NUL fit.
TEST(FilterError, LongInputsKeepOnlyTheMessage) {
  const size_t fits = TEP_FILTER_ERROR_BUFSZ - 4;  // len + column(1) + 2 = BUFSZ - 1
  std::string input(fits, 'a');
  EXPECT_EQ(report(input, 1, ""), input + "\n^\n");
  input += 'a';
  EXPECT_EQ(report(input, 1, "only this"), "only this");
  EXPECT_EQ(report(std::string(100000, 'b'), 50000, "only this"), "only this");
  // A caret far to the right counts against the room too.
  const std::string half(TEP_FILTER_ERROR_BUFSZ / 2, 'c');
  EXPECT_EQ(report(half, half.size(), "msg"), "msg");
}

// A message longer than the room left is cut, still NUL-terminated.
TEST(FilterError, MessageIsCutToTheBuffer) {
  const std::string longer(2 * TEP_FILTER_ERROR_BUFSZ, 'm');
  const std::string out = report("abc", 2, longer.c_str());
  EXPECT_EQ(out.size(), static_cast<size_t>(TEP_FILTER_ERROR_BUFSZ - 1));
  EXPECT_EQ(out.substr(0, 7), "abc\n ^\n");
  EXPECT_EQ(out.substr(7), std::string(TEP_FILTER_ERROR_BUFSZ - 8, 'm'));
  EXPECT_EQ(report("", 0, longer.c_str()), std::string(TEP_FILTER_ERROR_BUFSZ - 1, 'm'));
}

TEST(FilterError, NullBufferDropsTheError) {
  ErrorReport(nullptr, "abc").show(2, "%s", "dropped");
  ErrorReport(nullptr, "").show(0, "dropped");
}

}  // namespace
}  // namespace tep::filter
