// SPDX-License-Identifier: LGPL-2.1
#include "filter/filter_text.h"

#include <cinttypes>
#include <cstdio>

namespace tep::filter {
namespace {

using Text = std::optional<std::string>;

// -1 unless the text is exactly "TRUE" or "FALSE".
int boolean_of(const std::string& s) {
  if (s == "TRUE") return 1;
  if (s == "FALSE") return 0;
  return -1;
}

Text logic_to_string(const tep_filter_arg* arg) {
  const tep_filter_op_type type = arg->op.type;
  if (type == TEP_FILTER_OP_NOT) {
    Text right = filter_to_string(arg->op.right);
    if (!right) return std::nullopt;
    int value = boolean_of(*right);
    if (value >= 0) return std::string(value ? "FALSE" : "TRUE");
    return "!(" + *right + ")";
  }
  if (type != TEP_FILTER_OP_AND && type != TEP_FILTER_OP_OR) return std::nullopt;
  Text left = filter_to_string(arg->op.left);
  Text right = filter_to_string(arg->op.right);
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
    case TEP_FILTER_CMP_EQ: case TEP_FILTER_CMP_MATCH: return "==";
    case TEP_FILTER_CMP_NE: case TEP_FILTER_CMP_NOT_MATCH: return "!=";
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

Text filter_to_string(const tep_filter_arg* arg) {
  if (!arg) return std::nullopt;
  switch (arg->type) {
    case TEP_FILTER_ARG_BOOLEAN:
      return std::string(arg->boolean.value ? "TRUE" : "FALSE");
    case TEP_FILTER_ARG_OP:
      return logic_to_string(arg);
    case TEP_FILTER_ARG_NUM: {
      Text left = filter_to_string(arg->num.left);
      Text right = filter_to_string(arg->num.right);
      const char* op = arg->num.type <= TEP_FILTER_CMP_LE ? cmp_symbol(arg->num.type) : nullptr;
      if (!left || !right || !op) return std::nullopt;
      return *left + " " + op + " " + *right;
    }
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
    case TEP_FILTER_ARG_EXP: {
      Text left = filter_to_string(arg->exp.left);
      Text right = filter_to_string(arg->exp.right);
      if (!left || !right) return std::nullopt;
      return *left + " " + exp_symbol(arg->exp.type) + " " + *right;
    }
    default:
      return std::nullopt;
  }
}

}  // namespace tep::filter
