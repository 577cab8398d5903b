// SPDX-License-Identifier: LGPL-2.1
// errno_text: a message for each TEP_ERRORS code, in the enum's order, and
// nothing for any other number.
#include "base/errno_text.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <climits>
#include <cstring>

#include "event-parse.h"

namespace tep::base {
namespace {

TEST(ErrnoText, FirstAndLastCodes) {
  EXPECT_STREQ(errno_text(TEP_ERRNO__MEM_ALLOC_FAILED), "failed to allocate memory");
  EXPECT_STREQ(errno_text(TEP_ERRNO__SYNTAX_ERROR), "syntax error");
  EXPECT_STREQ(errno_text(TEP_ERRNO__FILTER_MISS), "record does not match to filter");
}

TEST(ErrnoText, EveryCodeHasAMessage) {
  for (int code = __TEP_ERRNO__START + 1; code < __TEP_ERRNO__END; code++) {
    const char* text = errno_text(code);
    ASSERT_NE(text, nullptr) << code;
    EXPECT_GT(strlen(text), 0u) << code;
  }
}

TEST(ErrnoText, OtherNumbersHaveNone) {
  for (int code : {0, 1, -1, EINVAL, -EINVAL, static_cast<int>(__TEP_ERRNO__START), static_cast<int>(__TEP_ERRNO__END),
                   __TEP_ERRNO__END + 1, __TEP_ERRNO__START - 1, INT_MIN, 1 << 30})
    EXPECT_EQ(errno_text(code), nullptr) << code;
}

// Codes far from the range must not overflow computing the index (UBSan).
TEST(ErrnoText, LargestIntHasNone) { EXPECT_EQ(errno_text(INT_MAX), nullptr); }

}  // namespace
}  // namespace tep::base
