// SPDX-License-Identifier: LGPL-2.1
// filter_to_string on hand-built trees: every leaf, comparison and
// arithmetic operator, the folding of constant sides of && || !, nodes
// upstream cannot print, and trees too deep for recursion.
#include "filter/filter_text.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>

#include "filter/filter_nodes.h"
#include "filter_trees.h"

namespace tep::filter {
namespace {

class FilterText : public ::testing::Test {
 protected:
  // The text of `root`, or "<none>"; the tree is freed.
  std::string text(tep_filter_arg* root) {
    std::optional<std::string> out = filter_to_string(root);
    free_tree(root);
    return out.value_or("<none>");
  }
  tep_filter_arg* cmp(tep_filter_cmp_type type, unsigned long long value) {
    return t.num(type, t.field(&pid.field), t.number(value));
  }

  testing::Trees t;
  testing::NamedField pid{"pid"};
  testing::NamedField comm{"comm"};
};

TEST_F(FilterText, Leaves) {
  EXPECT_EQ(text(t.boolean(true)), "TRUE");
  EXPECT_EQ(text(t.boolean(false)), "FALSE");
  EXPECT_EQ(text(t.number(42)), "42");
  EXPECT_EQ(text(t.field(&pid.field)), "pid");
  EXPECT_EQ(text(t.str(TEP_FILTER_CMP_MATCH, &comm.field, "bash")), "comm == \"bash\"");
  EXPECT_EQ(text(t.str(TEP_FILTER_CMP_NOT_MATCH, &comm.field, "sh")), "comm != \"sh\"");
  EXPECT_EQ(text(t.str(TEP_FILTER_CMP_REGEX, &comm.field, "^k")), "comm =~ \"^k\"");
  EXPECT_EQ(text(t.str(TEP_FILTER_CMP_NOT_REGEX, &comm.field, "x$")), "comm !~ \"x$\"");
}

// Upstream's %lld: values past INT64_MAX print negative.
TEST_F(FilterText, NumbersPrintAsSignedDecimals) {
  EXPECT_EQ(text(t.number(~0ULL)), "-1");
  EXPECT_EQ(text(t.number(1ULL << 63)), "-9223372036854775808");
  EXPECT_EQ(text(t.number(0)), "0");
}

// Strings are printed as they are, without escaping (upstream's way).
TEST_F(FilterText, StringsAreNotEscaped) {
  EXPECT_EQ(text(t.str(TEP_FILTER_CMP_MATCH, &comm.field, "a\"b\\c")), "comm == \"a\"b\\c\"");
  EXPECT_EQ(text(t.str(TEP_FILTER_CMP_MATCH, &comm.field, nullptr)), "comm == \"\"");
}

// A string VALUE prints its pointer as a number, as upstream prints the union.
TEST_F(FilterText, StringValuePrintsItsAddress) {
  tep_filter_arg* node = t.string_value("abc");
  const std::string address = std::to_string(static_cast<long long>(node->value.val));
  EXPECT_EQ(text(node), address);
}

TEST_F(FilterText, EveryComparison) {
  EXPECT_EQ(text(cmp(TEP_FILTER_CMP_EQ, 1)), "pid == 1");
  EXPECT_EQ(text(cmp(TEP_FILTER_CMP_NE, 1)), "pid != 1");
  EXPECT_EQ(text(cmp(TEP_FILTER_CMP_GT, 1)), "pid > 1");
  EXPECT_EQ(text(cmp(TEP_FILTER_CMP_LT, 1)), "pid < 1");
  EXPECT_EQ(text(cmp(TEP_FILTER_CMP_GE, 1)), "pid >= 1");
  EXPECT_EQ(text(cmp(TEP_FILTER_CMP_LE, 1)), "pid <= 1");
}

TEST_F(FilterText, EveryArithmeticOperator) {
  const std::pair<tep_filter_exp_type, const char*> ops[] = {
      {TEP_FILTER_EXP_ADD, "+"},     {TEP_FILTER_EXP_SUB, "-"}, {TEP_FILTER_EXP_MUL, "*"},
      {TEP_FILTER_EXP_DIV, "/"},     {TEP_FILTER_EXP_MOD, "%"}, {TEP_FILTER_EXP_RSHIFT, ">>"},
      {TEP_FILTER_EXP_LSHIFT, "<<"}, {TEP_FILTER_EXP_AND, "&"}, {TEP_FILTER_EXP_OR, "|"},
      {TEP_FILTER_EXP_XOR, "^"}};
  for (const auto& [type, symbol] : ops)
    EXPECT_EQ(text(t.num(TEP_FILTER_CMP_GT, t.exp(type, t.field(&pid.field), t.number(3)), t.number(0))),
              std::string("pid ") + symbol + " 3 > 0");
  // Upstream's placeholder for operators it has no symbol for.
  EXPECT_EQ(text(t.exp(TEP_FILTER_EXP_NOT, t.number(1), t.number(2))), "1 [ERROR IN EXPRESSION TYPE] 2");
  EXPECT_EQ(text(t.exp(TEP_FILTER_EXP_NONE, t.number(1), t.number(2))), "1 [ERROR IN EXPRESSION TYPE] 2");
}

TEST_F(FilterText, LogicalOperatorsParenthesiseTheirOperands) {
  EXPECT_EQ(text(t.op(TEP_FILTER_OP_AND, cmp(TEP_FILTER_CMP_EQ, 1), cmp(TEP_FILTER_CMP_EQ, 2))),
            "(pid == 1) && (pid == 2)");
  EXPECT_EQ(text(t.op(TEP_FILTER_OP_OR, cmp(TEP_FILTER_CMP_EQ, 1),
                      t.op(TEP_FILTER_OP_AND, cmp(TEP_FILTER_CMP_GT, 2), cmp(TEP_FILTER_CMP_LT, 9)))),
            "(pid == 1) || ((pid > 2) && (pid < 9))");
  EXPECT_EQ(text(t.op_not(cmp(TEP_FILTER_CMP_GT, 3))), "!(pid > 3)");
  EXPECT_EQ(text(t.op_not(t.op_not(cmp(TEP_FILTER_CMP_GT, 3)))), "!(!(pid > 3))");
}

// NOT reads only its right operand: whatever sits on its left is ignored.
TEST_F(FilterText, NotIgnoresItsLeftOperand) {
  tep_filter_arg* stray = t.boolean(false);
  tep_filter_arg* node = t.op(TEP_FILTER_OP_NOT, stray, cmp(TEP_FILTER_CMP_EQ, 1));
  EXPECT_EQ(filter_to_string(node).value_or("<none>"), "!(pid == 1)");
  node->op.left = nullptr;
  free_tree(node);
  free_tree(stray);
}

// As upstream: a constant that decides the result replaces the operation, a
// constant right side that does not is dropped, a constant left side that
// does not stays in the text.
TEST_F(FilterText, ConstantSidesFold) {
  auto x = [&] { return cmp(TEP_FILTER_CMP_EQ, 7); };
  EXPECT_EQ(text(t.op(TEP_FILTER_OP_AND, t.boolean(false), x())), "FALSE");
  EXPECT_EQ(text(t.op(TEP_FILTER_OP_OR, t.boolean(true), x())), "TRUE");
  EXPECT_EQ(text(t.op(TEP_FILTER_OP_AND, x(), t.boolean(true))), "pid == 7");
  EXPECT_EQ(text(t.op(TEP_FILTER_OP_AND, x(), t.boolean(false))), "FALSE");
  EXPECT_EQ(text(t.op(TEP_FILTER_OP_OR, x(), t.boolean(true))), "TRUE");
  EXPECT_EQ(text(t.op(TEP_FILTER_OP_OR, x(), t.boolean(false))), "pid == 7");
  EXPECT_EQ(text(t.op(TEP_FILTER_OP_AND, t.boolean(true), x())), "(TRUE) && (pid == 7)");
  EXPECT_EQ(text(t.op(TEP_FILTER_OP_OR, t.boolean(false), x())), "(FALSE) || (pid == 7)");
  EXPECT_EQ(text(t.op(TEP_FILTER_OP_AND, t.boolean(true), t.boolean(false))), "FALSE");
  EXPECT_EQ(text(t.op(TEP_FILTER_OP_AND, t.boolean(true), t.boolean(true))), "TRUE");
  EXPECT_EQ(text(t.op(TEP_FILTER_OP_OR, t.boolean(false), t.boolean(false))), "FALSE");
  EXPECT_EQ(text(t.op_not(t.boolean(true))), "FALSE");
  EXPECT_EQ(text(t.op_not(t.boolean(false))), "TRUE");
  // Folding goes up the tree: !(TRUE) || x is FALSE || x, x && !(FALSE) is x.
  EXPECT_EQ(text(t.op(TEP_FILTER_OP_OR, t.op_not(t.boolean(true)), x())), "(FALSE) || (pid == 7)");
  EXPECT_EQ(text(t.op(TEP_FILTER_OP_AND, x(), t.op_not(t.boolean(false)))), "pid == 7");
  EXPECT_EQ(text(t.op(TEP_FILTER_OP_OR, x(), t.op(TEP_FILTER_OP_AND, t.boolean(false), x()))), "pid == 7");
}

TEST_F(FilterText, UnprintableNodesGiveNothing) {
  EXPECT_EQ(filter_to_string(nullptr), std::nullopt);
  EXPECT_EQ(text(t.field(nullptr)), "<none>");
  testing::NamedField unnamed("x");
  unnamed.field.name = nullptr;
  EXPECT_EQ(text(t.field(&unnamed.field)), "<none>");
  EXPECT_EQ(text(t.str(TEP_FILTER_CMP_MATCH, nullptr, "x")), "<none>");
  EXPECT_EQ(text(t.str(TEP_FILTER_CMP_EQ, &comm.field, "x")), "<none>");  // a numeric operator on a string
  EXPECT_EQ(text(cmp(TEP_FILTER_CMP_MATCH, 1)), "<none>");                // a string operator on numbers
  EXPECT_EQ(text(cmp(TEP_FILTER_CMP_NONE, 1)), "<none>");
  EXPECT_EQ(text(t.op(static_cast<tep_filter_op_type>(0), t.boolean(true), t.boolean(true))), "<none>");
  tep_filter_arg* none = new_node(TEP_FILTER_ARG_NONE);
  EXPECT_EQ(text(none), "<none>");
}

// A missing operand, at any depth, makes the whole text unprintable.
TEST_F(FilterText, MissingOperandsGiveNothing) {
  EXPECT_EQ(text(t.num(TEP_FILTER_CMP_EQ, t.field(&pid.field), nullptr)), "<none>");
  EXPECT_EQ(text(t.exp(TEP_FILTER_EXP_ADD, nullptr, t.number(1))), "<none>");
  EXPECT_EQ(text(t.op(TEP_FILTER_OP_AND, cmp(TEP_FILTER_CMP_EQ, 1), nullptr)), "<none>");
  EXPECT_EQ(text(t.op(TEP_FILTER_OP_OR, nullptr, t.boolean(true))), "<none>");
  EXPECT_EQ(text(t.op_not(nullptr)), "<none>");
  EXPECT_EQ(text(t.op(TEP_FILTER_OP_OR, cmp(TEP_FILTER_CMP_EQ, 1), t.op_not(t.field(nullptr)))), "<none>");
}

// 50,000 levels print without recursion. Constant sides fold at every level,
// so the texts stay short (unfolded, each level copies the whole text below it).
TEST_F(FilterText, DeepTreesPrint) {
  tep_filter_arg* nots = t.boolean(true);
  for (int i = 0; i < 50 * 1000; i++) nots = t.op_not(nots);
  EXPECT_EQ(text(nots), "TRUE");
  tep_filter_arg* ands = t.boolean(false);
  for (int i = 0; i < 50 * 1000; i++) ands = t.op(TEP_FILTER_OP_AND, ands, t.field(&pid.field));
  EXPECT_EQ(text(ands), "FALSE");
}

// Unfolded text: each || opens a parenthesis before the innermost comparison.
TEST_F(FilterText, LongChainsPrintWhole) {
  tep_filter_arg* root = t.chain(TEP_FILTER_OP_OR, &pid.field, 1000);
  const std::optional<std::string> out = filter_to_string(root);
  free_tree(root);
  ASSERT_TRUE(out.has_value());
  EXPECT_EQ(out->substr(out->size() - 17), ") || (pid == 999)");
  EXPECT_EQ(out->find_first_not_of('('), 999u);
  EXPECT_EQ(out->find("pid == 0)"), 999u);
}

}  // namespace
}  // namespace tep::filter
