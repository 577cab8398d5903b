// SPDX-License-Identifier: LGPL-2.1
#include "filter/filter_parser.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "filter/filter_nodes.h"
#include "filter/filter_text.h"
#include "filter_test_util.h"

namespace tep::filter {
namespace {

class FilterParser : public ::testing::Test {
 protected:
  void SetUp() override {
    tep_ = testing::load_handle();
    switch_ = tep_find_event_by_name(tep_, "sched", "sched_switch");
    ASSERT_NE(switch_, nullptr);
  }
  void TearDown() override { tep_free(tep_); }

  // The printed tree, or "error <code>: <message>".
  std::string parse(const std::string& text) {
    char errors[TEP_FILTER_ERROR_BUFSZ] = "";
    ParsedExpression out;
    int ret = parse_expression(switch_, text, errors, out);
    if (ret < 0) return "error " + std::to_string(ret) + ": " + errors;
    std::string printed = filter_to_string(out.root).value_or("<none>");
    free_tree(out.root);
    for (char* s : out.retained) free(s);
    return printed;
  }

  tep_handle* tep_ = nullptr;
  tep_event* switch_ = nullptr;
};

TEST_F(FilterParser, AndOrChainLeftToRight) {
  EXPECT_EQ(parse("prev_pid == 1 || next_pid == 2 && prev_prio > 3"),
            "((prev_pid == 1) || (next_pid == 2)) && (prev_prio > 3)");
}

TEST_F(FilterParser, UnknownFieldsFoldAway) {
  EXPECT_EQ(parse("bogus == 1 || prev_pid == 2"), "prev_pid == 2");
  EXPECT_EQ(parse("bogus == 1 && prev_pid == 2"), "FALSE");
  EXPECT_EQ(parse("!(bogus == 1)"), "TRUE");
  EXPECT_EQ(parse("bogus =~ \"x\""), "FALSE");
}

TEST_F(FilterParser, StringComparisonsBecomeStrNodes) {
  char errors[TEP_FILTER_ERROR_BUFSZ] = "";
  ParsedExpression out;
  ASSERT_EQ(parse_expression(switch_, "prev_comm =~ \"^b\"", errors, out), 0);
  ASSERT_EQ(out.root->type, TEP_FILTER_ARG_STR);
  EXPECT_EQ(out.root->str.type, TEP_FILTER_CMP_REGEX);
  EXPECT_STREQ(out.root->str.field->name, "prev_comm");
  EXPECT_STREQ(out.root->str.val, "^b");
  ASSERT_NE(out.root->str.buffer, nullptr);
  EXPECT_EQ(out.root->str.buffer[16], 0);
  free_tree(out.root);
}

TEST_F(FilterParser, CharLiteralComparesAsItsAddress) {
  char errors[TEP_FILTER_ERROR_BUFSZ] = "";
  ParsedExpression out;
  ASSERT_EQ(parse_expression(switch_, "prev_pid == 'a'", errors, out), 0);
  ASSERT_EQ(out.root->type, TEP_FILTER_ARG_NUM);
  EXPECT_EQ(out.root->num.right->value.type, TEP_FILTER_NUMBER);
  ASSERT_EQ(out.retained.size(), 1u);
  EXPECT_EQ(out.root->num.right->value.val, reinterpret_cast<uintptr_t>(out.retained[0]));
  free_tree(out.root);
  for (char* s : out.retained) free(s);
}

TEST_F(FilterParser, ErrorsCarryUpstreamsCaret) {
  EXPECT_EQ(parse(" prev_pid === 1"),
            "error " + std::to_string(TEP_ERRNO__UNKNOWN_TOKEN) + ":  prev_pid === 1\n            ^\nUnknown op token =");
  EXPECT_EQ(parse(" prev_pid == bogus"),
            "error " + std::to_string(TEP_ERRNO__ILLEGAL_RVALUE) + ":  prev_pid == bogus\n                 ^\nIllegal rvalue");
  EXPECT_EQ(parse("prev_comm =~ \"[\""),
            "error " + std::to_string(TEP_ERRNO__INVALID_REGEX) + ": prev_comm =~ \"[\"\n               ^\nRegEx '[' did not compute");
  EXPECT_EQ(parse("prev_pid == 1)"), "error " + std::to_string(TEP_ERRNO__UNBALANCED_PAREN) + ": ");
  EXPECT_EQ(parse("(prev_pid == 1"),
            "error " + std::to_string(TEP_ERRNO__UNBALANCED_PAREN) + ": (prev_pid == 1\n             ^\nUnbalanced number of '('");
}

// Inputs that crash upstream 1.8.4 and 1.9.0 (NULL operands, double frees) are errors.
TEST_F(FilterParser, UpstreamCrashesAreSyntaxErrors) {
  for (const char* text : {"prev_pid ==", "prev_pid == 1 &&", "(prev_state & 3) == 2", "prev_comm == \"bash",
                           "prev_pid == 1 && !", "prev_pid == 1 && next_pid", "prev_pid == 1 && && next_pid == 2",
                           "(prev_pid == 1)(next_pid == 2)", "prev_pid +", "prev_comm == \"x\" && 1"}) {
    std::string result = parse(text);
    EXPECT_EQ(result.rfind("error ", 0), 0u) << text << " -> " << result;
  }
  // Missing operands behind a constant FALSE are never looked at.
  EXPECT_EQ(parse("bogus == 1 && prev_pid =="), "FALSE");
}

TEST_F(FilterParser, DepthIsLimited) {
  std::string ok = std::string(5000, '(') + "prev_pid == 1" + std::string(5000, ')');
  EXPECT_EQ(parse(ok), "prev_pid == 1");
  std::string deep = std::string(kMaxFilterDepth + 10, '(') + "prev_pid == 1" + std::string(kMaxFilterDepth + 10, ')');
  EXPECT_EQ(parse(deep), "error " + std::to_string(TEP_ERRNO__SYNTAX_ERROR) + ": Filter nested too deeply");
  std::string chain = "prev_pid == 1";
  for (size_t i = 0; i < kMaxFilterDepth + 10; i++) chain += " && prev_pid == 1";
  EXPECT_EQ(parse(chain), "error " + std::to_string(TEP_ERRNO__SYNTAX_ERROR) + ": Filter nested too deeply");
}

TEST_F(FilterParser, LongInputKeepsOnlyTheMessage) {
  std::string text = "prev_pid == 1 " + std::string(3000, ' ') + "=== 2";
  EXPECT_EQ(parse(text), "error " + std::to_string(TEP_ERRNO__SYNTAX_ERROR) + ": Syntax error");
}

TEST_F(FilterParser, LongRegexIsRefused) {
  std::string text = "prev_comm =~ \"";
  for (int i = 0; i < 50000; i++) text += "a*";
  text += "\"";
  std::string expected = "error " + std::to_string(TEP_ERRNO__INVALID_REGEX) + ": RegEx 'a*a*";
  EXPECT_EQ(parse(text).substr(0, expected.size()), expected);
}

}  // namespace
}  // namespace tep::filter
