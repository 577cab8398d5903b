// SPDX-License-Identifier: LGPL-2.1
// TEP_NO_PARSING_WARNINGS (upstream 1.9.0): a print fmt that fails to parse
// stays silent under it; a print fmt whose conversions and arguments do not
// match still warns, as upstream's "no argument match" does.
#include <gtest/gtest.h>

#include <cstdarg>
#include <cstdio>
#include <string>
#include <vector>

#include "event-parse.h"
#include "test_formats.h"

namespace {
std::vector<std::string>& log_lines() {
  static std::vector<std::string> lines;
  return lines;
}
}  // namespace

// The library's log sink is interposable: capture every message.
extern "C" __attribute__((visibility("default"))) int tep_vprint(const char*, enum tep_loglevel,
                                                                bool, const char* fmt,
                                                                va_list ap) {
  char buf[4096];
  int n = std::vsnprintf(buf, sizeof buf, fmt, ap);
  log_lines().push_back(buf);
  return n;
}

namespace tep::testing {
namespace {

class ParsingWarnings : public ::testing::Test {
 protected:
  void SetUp() override {
    tep_set_loglevel(TEP_LOG_ALL);
    log_lines().clear();
    tep_ = tep_alloc();
  }
  void TearDown() override {
    tep_free(tep_);
    tep_set_loglevel(TEP_LOG_CRITICAL);
  }
  size_t parse(int id, const std::string& print) {
    log_lines().clear();
    std::string text = make_format("w" + std::to_string(id), id,
                                   "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n", print);
    EXPECT_EQ(tep_parse_event(tep_, text.data(), text.size(), "s"), TEP_ERRNO__SUCCESS);
    tep_event* e = tep_find_event(tep_, id);
    EXPECT_NE(e, nullptr);
    if (e) EXPECT_TRUE(e->flags & TEP_EVENT_FL_FAILED);
    return log_lines().size();
  }
  tep_handle* tep_ = nullptr;
};

TEST_F(ParsingWarnings, ShownByDefault) {
  EXPECT_GT(parse(1, "\"x\", nosuch_function(REC->a)"), 0u);
  EXPECT_GT(parse(2, "\"%d\", REC->a ? REC->a ? 1 : 2 : 3"), 0u);
  EXPECT_GT(parse(3, "\"%d %d\", REC->a"), 0u);
}

TEST_F(ParsingWarnings, FlagSilencesParseFailuresOnly) {
  tep_set_flag(tep_, TEP_NO_PARSING_WARNINGS);
  EXPECT_EQ(parse(1, "\"x\", nosuch_function(REC->a)"), 0u);
  EXPECT_EQ(parse(2, "\"%d\", REC->a ? REC->a ? 1 : 2 : 3"), 0u);
  EXPECT_EQ(parse(4, "\"%s\", __print_dynamic_array(a)"), 0u);
  // Parsed, then found short of arguments: still a warning.
  EXPECT_GT(parse(3, "\"%d %d\", REC->a"), 0u);
  tep_clear_flag(tep_, TEP_NO_PARSING_WARNINGS);
  EXPECT_GT(parse(5, "\"x\", nosuch_function(REC->a)"), 0u);
}

}  // namespace
}  // namespace tep::testing
