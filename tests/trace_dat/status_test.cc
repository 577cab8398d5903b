// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/status.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace tep::trace_dat {
namespace {

TEST(Status, EachHasItsOwnText) {
  std::set<std::string> texts;
  for (int s = static_cast<int>(Status::kOk); s <= static_cast<int>(Status::kNotFlyrecord); ++s) {
    std::string text(status_text(static_cast<Status>(s)));
    EXPECT_FALSE(text.empty());
    EXPECT_TRUE(texts.insert(text).second) << text;
  }
  EXPECT_EQ(status_text(Status::kOk), "success");
}

}  // namespace
}  // namespace tep::trace_dat
