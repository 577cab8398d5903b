// SPDX-License-Identifier: LGPL-2.1
// ExpressionParser: one filter expression, for one event, into the public
// tree upstream builds, e.g. for sched_switch
//   prev_comm =~ "^k" && !(prev_pid == 1)
//   -> OP(&&, STR(=~ prev_comm "^k"), OP(!, NUM(== FIELD prev_pid, VALUE 1)))
// Upstream's grammar is a small state machine rather than a precedence
// grammar (&& and || chain left to right, an arithmetic operator only works
// where no comparison follows, unknown fields compare FALSE); which inputs it
// accepts and how it shapes them is the contract, so the machine is kept:
// per nesting level a current logical operator, a current expression and a
// pending left item. Nesting is an explicit stack of levels with a depth
// limit, and inputs that crash upstream (missing operands, double frees on
// error paths) are syntax errors here.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "event-parse.h"

namespace tep::filter {

// Deeper parentheses / ! nesting, or deeper trees (long && chains), are
// rejected: the folding and printing of trees recurse.
inline constexpr size_t kMaxFilterDepth = 12000;

struct ParsedExpression {
  tep_filter_arg* root = nullptr;  // free_tree() when done
  std::vector<char*> retained;     // strings whose address the tree uses as a number
};

// 0 and `out` filled, or a negative tep_errno with the message written to
// `error_buffer` (TEP_FILTER_ERROR_BUFSZ bytes; may be null).
int parse_expression(tep_event* event, std::string_view text, char* error_buffer, ParsedExpression& out);

}  // namespace tep::filter
