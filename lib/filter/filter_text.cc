// SPDX-License-Identifier: LGPL-2.1
#include "filter/filter_text.h"

#include <cinttypes>
#include <cstdio>
#include <utility>
#include <vector>

namespace tep::filter {
namespace {

using Text = std::optional<std::string>;

// -1 unless the text is exactly "TRUE" or "FALSE".
int boolean_of(const std::string& s) {
  if (s == "TRUE") return 1;
  if (s == "FALSE") return 0;
  return -1;
}

// && || ! from the texts of their operands (NOT: `right` only).
Text logic_text(tep_filter_op_type type, Text left, Text right) {
  if (type == TEP_FILTER_OP_NOT) {
    if (!right) return std::nullopt;
    int value = boolean_of(*right);
    if (value >= 0) return std::string(value ? "FALSE" : "TRUE");
    return "!(" + *right + ")";
  }
  if (type != TEP_FILTER_OP_AND && type != TEP_FILTER_OP_OR) return std::nullopt;
  if (!left || !right) return std::nullopt;
  const bool is_and = type == TEP_FILTER_OP_AND;
  int lval = boolean_of(*left);
  int rval = boolean_of(*right);
  if (lval >= 0) {
    if (is_and ? !lval : lval) return left;
    if (rval >= 0) return std::string((is_and ? (lval && rval) : (lval || rval)) ? "TRUE" : "FALSE");
  }
  if (rval >= 0) {
    if (is_and ? !rval : rval) return right;
    return left;  // the constant right side does not change the result
  }
  return "(" + *left + ") " + (is_and ? "&&" : "||") + " (" + *right + ")";
}

const char* exp_symbol(tep_filter_exp_type type) {
  switch (type) {
    case TEP_FILTER_EXP_ADD: return "+";
    case TEP_FILTER_EXP_SUB: return "-";
    case TEP_FILTER_EXP_MUL: return "*";
    case TEP_FILTER_EXP_DIV: return "/";
    case TEP_FILTER_EXP_MOD: return "%";
    case TEP_FILTER_EXP_RSHIFT: return ">>";
    case TEP_FILTER_EXP_LSHIFT: return "<<";
    case TEP_FILTER_EXP_AND: return "&";
    case TEP_FILTER_EXP_OR: return "|";
    case TEP_FILTER_EXP_XOR: return "^";
    default: return "[ERROR IN EXPRESSION TYPE]";
  }
}

const char* cmp_symbol(tep_filter_cmp_type type) {
  switch (type) {
    case TEP_FILTER_CMP_EQ:
    case TEP_FILTER_CMP_MATCH: return "==";
    case TEP_FILTER_CMP_NE:
    case TEP_FILTER_CMP_NOT_MATCH: return "!=";
    case TEP_FILTER_CMP_GT: return ">";
    case TEP_FILTER_CMP_LT: return "<";
    case TEP_FILTER_CMP_GE: return ">=";
    case TEP_FILTER_CMP_LE: return "<=";
    case TEP_FILTER_CMP_REGEX: return "=~";
    case TEP_FILTER_CMP_NOT_REGEX: return "!~";
    default: return nullptr;
  }
}

}  // namespace

namespace {

// The operands a node's text is made of, left first; false for a leaf.
bool operands(const tep_filter_arg* arg, const tep_filter_arg*& left, const tep_filter_arg*& right) {
  switch (arg->type) {
    case TEP_FILTER_ARG_OP:
      left = arg->op.type == TEP_FILTER_OP_NOT ? nullptr : arg->op.left;
      right = arg->op.right;
      return true;
    case TEP_FILTER_ARG_NUM:
      left = arg->num.left;
      right = arg->num.right;
      return true;
    case TEP_FILTER_ARG_EXP:
      left = arg->exp.left;
      right = arg->exp.right;
      return true;
    default: return false;
  }
}

Text leaf_text(const tep_filter_arg* arg) {
  if (!arg) return std::nullopt;
  switch (arg->type) {
    case TEP_FILTER_ARG_BOOLEAN: return std::string(arg->boolean.value ? "TRUE" : "FALSE");
    case TEP_FILTER_ARG_STR: {
      const char* op = arg->str.type >= TEP_FILTER_CMP_MATCH ? cmp_symbol(arg->str.type) : nullptr;
      if (!op || !arg->str.field) return std::nullopt;
      return std::string(arg->str.field->name) + " " + op + " \"" + (arg->str.val ? arg->str.val : "") + "\"";
    }
    case TEP_FILTER_ARG_VALUE: {
      // Upstream prints the value union as a number whatever its type (a
      // string value prints its address).
      char buf[32];
      snprintf(buf, sizeof(buf), "%lld", static_cast<long long>(arg->value.val));
      return std::string(buf);
    }
    case TEP_FILTER_ARG_FIELD:
      if (!arg->field.field || !arg->field.field->name) return std::nullopt;
      return std::string(arg->field.field->name);
    default: return std::nullopt;
  }
}

Text combined_text(const tep_filter_arg* arg, Text left, Text right) {
  switch (arg->type) {
    case TEP_FILTER_ARG_OP: return logic_text(arg->op.type, std::move(left), std::move(right));
    case TEP_FILTER_ARG_NUM: {
      const char* op = arg->num.type <= TEP_FILTER_CMP_LE ? cmp_symbol(arg->num.type) : nullptr;
      if (!left || !right || !op) return std::nullopt;
      return *left + " " + op + " " + *right;
    }
    default:  // TEP_FILTER_ARG_EXP
      if (!left || !right) return std::nullopt;
      return *left + " " + exp_symbol(arg->exp.type) + " " + *right;
  }
}

}  // namespace

// Post-order over an explicit stack: a chain of 10,000 || is a tree that
// deep, too deep for recursion under the sanitizers' larger frames.
Text filter_to_string(const tep_filter_arg* root) {
  struct Step {
    const tep_filter_arg* arg;
    bool operands_done;
  };
  std::vector<Step> steps{{root, false}};
  std::vector<Text> texts;
  while (!steps.empty()) {
    Step step = steps.back();
    steps.pop_back();
    const tep_filter_arg *left = nullptr, *right = nullptr;
    if (!step.arg || !operands(step.arg, left, right)) {
      texts.push_back(leaf_text(step.arg));
      continue;
    }
    if (!step.operands_done) {
      steps.push_back({step.arg, true});
      steps.push_back({right, false});
      if (step.arg->type != TEP_FILTER_ARG_OP || step.arg->op.type != TEP_FILTER_OP_NOT) steps.push_back({left, false});
      continue;
    }
    Text right_text = std::move(texts.back());
    texts.pop_back();
    Text left_text;
    if (step.arg->type != TEP_FILTER_ARG_OP || step.arg->op.type != TEP_FILTER_OP_NOT) {
      left_text = std::move(texts.back());
      texts.pop_back();
    }
    texts.push_back(combined_text(step.arg, std::move(left_text), std::move(right_text)));
  }
  return std::move(texts.back());
}

}  // namespace tep::filter
