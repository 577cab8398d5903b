// SPDX-License-Identifier: LGPL-2.1
// collapse_tree on hand-built trees: constants decide or drop out of && || !,
// a constant whole becomes one BOOLEAN node, the folded root keeps its
// address, and malformed trees (a missing operand, an unknown node, a
// logical operator under a comparison) give upstream's error and message.
#include "filter/filter_collapse.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "filter/filter_text.h"
#include "filter_trees.h"

namespace tep::filter {
namespace {

constexpr char kInput[] = "pid == 1 && bogus";

class FilterCollapse : public ::testing::Test {
 protected:
  // Folds `root`: the folded text, or "error <code>: <message>". Every node
  // is freed (the pool's own, and the caller's share after take()).
  std::string collapse(tep_filter_arg* root, size_t position = 9) {
    ErrorReport errors(buffer_, kInput);
    tep_filter_arg* out = reinterpret_cast<tep_filter_arg*>(1);
    const int ret = collapse_tree(root, pool_, errors, position, &out);
    out_ = out;
    if (ret < 0) {
      EXPECT_EQ(out, nullptr);
      return "error " + std::to_string(ret) + ": " + buffer_;
    }
    std::vector<char*> retained;
    pool_.take(out, retained);
    std::string text = filter_to_string(out).value_or("<none>");
    free_tree(out);
    return text;
  }
  tep_filter_arg* cmp(int value) { return t.num(TEP_FILTER_CMP_EQ, t.field(&pid.field), t.number(value)); }

  char buffer_[TEP_FILTER_ERROR_BUFSZ] = "";
  NodePool pool_;
  testing::Trees t{&pool_};
  testing::NamedField pid{"pid"};
  tep_filter_arg* out_ = nullptr;
};

TEST_F(FilterCollapse, NothingToFoldKeepsTheRoot) {
  tep_filter_arg* root = t.op(TEP_FILTER_OP_OR, cmp(1), t.op_not(cmp(2)));
  EXPECT_EQ(collapse(root), "(pid == 1) || (!(pid == 2))");
  EXPECT_EQ(out_, root);
}

TEST_F(FilterCollapse, ConstantWholeBecomesOneBoolean) {
  EXPECT_EQ(collapse(t.boolean(true)), "TRUE");
  EXPECT_EQ(collapse(t.op(TEP_FILTER_OP_AND, t.boolean(false), cmp(1))), "FALSE");
  EXPECT_EQ(collapse(t.op(TEP_FILTER_OP_OR, cmp(1), t.boolean(true))), "TRUE");
  EXPECT_EQ(collapse(t.op_not(t.boolean(true))), "FALSE");
  EXPECT_EQ(collapse(t.op_not(t.op_not(t.boolean(true)))), "TRUE");
  EXPECT_EQ(collapse(t.op(TEP_FILTER_OP_AND, t.boolean(true), t.boolean(false))), "FALSE");
  EXPECT_EQ(collapse(t.op(TEP_FILTER_OP_OR, t.boolean(false), t.boolean(false))), "FALSE");
}

// The new BOOLEAN is a node of its own, not the old root rewritten.
TEST_F(FilterCollapse, BooleanResultIsANewNode) {
  tep_filter_arg* root = t.op(TEP_FILTER_OP_AND, t.boolean(false), cmp(1));
  ErrorReport errors(buffer_, kInput);
  tep_filter_arg* out = nullptr;
  ASSERT_EQ(collapse_tree(root, pool_, errors, 0, &out), 0);
  ASSERT_NE(out, nullptr);
  EXPECT_NE(out, root);
  EXPECT_EQ(out->type, TEP_FILTER_ARG_BOOLEAN);
  EXPECT_EQ(out->boolean.value, TEP_FILTER_FALSE);
  EXPECT_EQ(root->type, TEP_FILTER_ARG_OP);  // left as it was, for the pool to free
}

// At the root, the surviving child's contents move into the root node.
TEST_F(FilterCollapse, SurvivingChildTakesTheRootsPlace) {
  for (tep_filter_arg* root :
       {t.op(TEP_FILTER_OP_OR, t.boolean(false), cmp(1)), t.op(TEP_FILTER_OP_AND, t.boolean(true), cmp(1)),
        t.op(TEP_FILTER_OP_OR, cmp(1), t.boolean(false)), t.op(TEP_FILTER_OP_AND, cmp(1), t.boolean(true))}) {
    EXPECT_EQ(collapse(root), "pid == 1");
    EXPECT_EQ(out_, root);
  }
}

TEST_F(FilterCollapse, FoldingBelowTheRootRewiresTheParent) {
  EXPECT_EQ(collapse(t.op(TEP_FILTER_OP_OR, t.op(TEP_FILTER_OP_AND, t.boolean(true), cmp(1)), cmp(2))),
            "(pid == 1) || (pid == 2)");
  EXPECT_EQ(collapse(t.op(TEP_FILTER_OP_AND, cmp(1), t.op(TEP_FILTER_OP_OR, cmp(2), t.boolean(false)))),
            "(pid == 1) && (pid == 2)");
  EXPECT_EQ(collapse(t.op_not(t.op(TEP_FILTER_OP_OR, t.boolean(false), cmp(3)))), "!(pid == 3)");
  EXPECT_EQ(collapse(t.op(TEP_FILTER_OP_AND, t.op(TEP_FILTER_OP_OR, t.boolean(true), cmp(1)), cmp(2))), "pid == 2");
}

// A constant operand of a comparison or arithmetic decides the whole node.
TEST_F(FilterCollapse, ConstantInsideAComparisonDecidesIt) {
  EXPECT_EQ(collapse(t.num(TEP_FILTER_CMP_EQ, t.boolean(false), t.number(1))), "FALSE");
  EXPECT_EQ(
      collapse(t.num(TEP_FILTER_CMP_EQ, t.exp(TEP_FILTER_EXP_ADD, t.field(&pid.field), t.boolean(true)), t.number(1))),
      "TRUE");
}

TEST_F(FilterCollapse, MissingOperandIsASyntaxError) {
  EXPECT_EQ(collapse(t.op(TEP_FILTER_OP_AND, cmp(1), nullptr)),
            "error " + std::to_string(TEP_ERRNO__SYNTAX_ERROR) + ": " + kInput + "\n        ^\nSyntax error");
  const std::string syntax = "error " + std::to_string(TEP_ERRNO__SYNTAX_ERROR) + ": ";
  EXPECT_EQ(collapse(t.op(TEP_FILTER_OP_OR, nullptr, cmp(1))).substr(0, syntax.size()), syntax);
  EXPECT_EQ(collapse(t.num(TEP_FILTER_CMP_EQ, t.field(&pid.field), nullptr), 1),
            "error " + std::to_string(TEP_ERRNO__SYNTAX_ERROR) + ": " + kInput + "\n^\nSyntax error");
  EXPECT_EQ(collapse(t.op_not(nullptr)).substr(0, syntax.size()), syntax);
  EXPECT_EQ(collapse(nullptr).substr(0, syntax.size()), syntax);
}

TEST_F(FilterCollapse, UnknownNodeIsABadArgument) {
  EXPECT_EQ(collapse(t.op(TEP_FILTER_OP_AND, cmp(1), pool_.make(TEP_FILTER_ARG_NONE)), 100),
            "error " + std::to_string(TEP_ERRNO__BAD_FILTER_ARG) + ": " + kInput + "\n" +
                std::string(sizeof(kInput) - 2, ' ') + "^\nbad arg in filter tree");
}

// A logical operator folding away under a comparison cannot be reparented.
TEST_F(FilterCollapse, ReparentUnderAComparisonFails) {
  const std::string result =
      collapse(t.num(TEP_FILTER_CMP_EQ, t.op(TEP_FILTER_OP_AND, t.boolean(true), t.number(4)), t.number(4)));
  EXPECT_EQ(result.substr(0, result.find(':')), "error " + std::to_string(TEP_ERRNO__REPARENT_NOT_OP));
  EXPECT_NE(result.find("can not reparent other than OP"), std::string::npos);
}

// Without an error buffer the code still comes back.
TEST_F(FilterCollapse, ErrorsWithoutABuffer) {
  ErrorReport silent(nullptr, kInput);
  tep_filter_arg* out = nullptr;
  EXPECT_EQ(collapse_tree(t.op(TEP_FILTER_OP_OR, cmp(1), nullptr), pool_, silent, 3, &out), TEP_ERRNO__SYNTAX_ERROR);
  EXPECT_EQ(out, nullptr);
}

}  // namespace
}  // namespace tep::filter
