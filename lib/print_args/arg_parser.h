// SPDX-License-Identifier: LGPL-2.1
// PrintFmtParser: builds the public tep_print_arg tree for the text after
// "print fmt: ", e.g.
//   "prev_comm=%s prev_state=%s", REC->prev_comm,
//   __print_flags(REC->prev_state & 0xff, "|", { 0x01, "S" }, { 0x02, "D" })
// The tree has exactly upstream's shape, quirks included, because consumers
// walk it: operators associate to the right at equal priority, a parenthesised
// right operand of higher priority is rotated as upstream rotates it
// ("a * (b + c)" becomes "(a * b) + c"), "c ? a : b + 1" is "c ? a : (b + 1)",
// "(type)" casts wrap the next operand, flag/symbol values are stored as text.
// Recursion is bounded (kMaxDepth); every node lives in the event's format::ArgTree.
#pragma once

#include <string>
#include <string_view>

#include "base/tokenizer.h"
#include "format/arg_tree.h"
#include "format/event.h"
#include "print_args/print_fmt_parser.h"

namespace tep::print_args {

enum class ArgParseStatus {
  kOk,
  kNoFormatString,      // the text does not start with "..."
  kUnexpectedToken,     // a token that does not fit (missing ',' or ')', stray op)
  kUnterminatedString,  // "abc<end of input>
  kUnexpectedEnd,       // input ended inside an expression
  kBadOperator,         // unknown operator, or a unary operator that is not ~ ! + -
  kBadCast,             // "(x + 1) y" or "(a **)": not something upstream casts
  kUnknownFunction,     // neither a helper nor a registered print function
  kWrongArgumentCount,  // a registered print function called with another count
  kUnknownField,        // __get_dynamic_array(x) or sizeof(REC->x) without field x
  kBadSizeof,           // sizeof(char), sizeof(REC->array), sizeof(long) without a long size
  kBadTableEntry,       // { 1 * 2, "x" }: a value upstream cannot evaluate
  TooDeep,              // nesting beyond kMaxDepth
};

const char* parse_status_text(ArgParseStatus status);

class PrintFmtParser {
 public:
  // Nesting bound: each '(' or operator costs a level or two, so 10,000
  // nested parentheses stop here instead of overflowing the stack.
  static constexpr int kMaxDepth = 1000;

  PrintFmtParser(const PrintFmtContext& context, format::Event& event, format::ArgTree& tree, std::string_view text);

  // Fills event.print_fmt.format and .args. On failure the format and the
  // arguments completed before the error stay (upstream keeps them too).
  ArgParseStatus parse();
  // Number of top-level arguments parsed.
  int arg_count() const { return arg_count_; }

 private:
  static bool is_ok(const base::Token& token) { return token.type != base::TokenType::kError; }
  // The status a token that does not fit stands for (the first failure's wins).
  static ArgParseStatus status_for(const base::Token& token);
  base::Token fail(ArgParseStatus status);
  ArgParseStatus failed();
  base::Token process_arg(tep_print_arg* arg);
  base::Token process_arg_token(tep_print_arg* arg, base::Token token);
  base::Token process_entry(tep_print_arg* arg);
  base::Token finish_field(tep_print_arg* arg);
  base::Token process_paren(tep_print_arg* arg);
  base::Token process_op(tep_print_arg* arg, base::Token op);
  base::Token process_cond(tep_print_arg* top);
  base::Token process_array(tep_print_arg* top);
  // The named helpers (parser_functions.cc).
  base::Token process_function(tep_print_arg* arg, const std::string& name);
  base::Token process_field_arg(tep_print_arg* arg);
  base::Token process_flags(tep_print_arg* arg);
  base::Token process_symbols(tep_print_arg* arg);
  base::Token process_table_value(tep_print_arg*& value);
  base::Token process_table(tep_print_flag_sym** list);
  base::Token process_hex(tep_print_arg* arg, tep_print_arg_type type);
  base::Token process_int_array(tep_print_arg* arg);
  base::Token process_named_field(tep_print_arg* arg, tep_print_arg_type type);
  base::Token process_dynamic_array(tep_print_arg* arg);
  base::Token process_dynamic_array_len(tep_print_arg* arg);
  base::Token process_stacktrace(tep_print_arg* arg);
  base::Token process_print_dynamic_array(tep_print_arg* arg);
  base::Token process_builtin_expect(tep_print_arg* arg);
  base::Token process_sizeof(tep_print_arg* arg);
  base::Token process_func_handler(tep_print_arg* arg, const tep_function_handler& handler);
  // Parses one expression into a new node, folded, and requires `delim` after it.
  tep_print_arg* arg_then(std::string_view delim);

  bool read_expected(base::TokenType kind, std::string_view text);

  const PrintFmtContext& context_;
  format::Event& event_;
  format::ArgTree& tree_;
  base::Tokenizer lexer_;
  ArgParseStatus status_ = ArgParseStatus::kOk;
  int depth_ = 0;
  int arg_count_ = 0;
  // Set by __print_flags / __print_symbolic: the next REC->field gets the
  // TEP_FIELD_IS_FLAG / _SYMBOLIC mark (upstream keeps this across events).
  bool pending_flag_mark_ = false;
  bool pending_symbolic_mark_ = false;
};

}  // namespace tep::print_args
