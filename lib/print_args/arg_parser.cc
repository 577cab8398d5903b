// SPDX-License-Identifier: LGPL-2.1
// The expression grammar of a print fmt: the format string, its arguments, operators,
// casts, "?:" and "[]" (the named helpers such as __print_flags are in
// parser_functions.cc).
#include "print_args/arg_parser.h"

#include <cstring>
#include <optional>

#include "format/field_lookup.h"
#include "print_args/const_eval.h"

namespace tep::print_args {

namespace {

// Binding strength, smaller binds tighter; -1 for what is not a binary operator.
int op_priority(std::string_view op) {
  if (op.size() == 1) {
    switch (op[0]) {
      case '~':
      case '!': return 4;
      case '*':
      case '/':
      case '%': return 6;
      case '+':
      case '-': return 7;
      case '<':
      case '>': return 9;
      case '&': return 11;
      case '^': return 12;
      case '|': return 13;
      case '?': return 16;
      default: return -1;
    }
  }
  if (op == "++" || op == "--") return 3;
  if (op == ">>" || op == "<<") return 8;
  if (op == ">=" || op == "<=") return 9;
  if (op == "==" || op == "!=") return 10;
  if (op == "&&") return 14;
  if (op == "||") return 15;
  return -1;
}

bool is_binary_op(std::string_view op) {
  static constexpr std::string_view kOps[] = {">>", "<<", "&", "|", "&&", "||", "-",  "+",  "*",
                                              "^",  "/",  "%", "<", ">",  "<=", ">=", "==", "!="};
  for (std::string_view known : kOps)
    if (op == known) return true;
  return false;
}

}  // namespace

const char* parse_status_text(ArgParseStatus status) {
  switch (status) {
    case ArgParseStatus::kOk: return "ok";
    case ArgParseStatus::kNoFormatString: return "print fmt does not start with a string";
    case ArgParseStatus::kUnexpectedToken: return "unexpected token";
    case ArgParseStatus::kUnterminatedString: return "unterminated string";
    case ArgParseStatus::kUnexpectedEnd: return "unexpected end of print fmt";
    case ArgParseStatus::kBadOperator: return "bad operator";
    case ArgParseStatus::kBadCast: return "bad type cast";
    case ArgParseStatus::kUnknownFunction: return "function not defined";
    case ArgParseStatus::kWrongArgumentCount: return "wrong number of function arguments";
    case ArgParseStatus::kUnknownField: return "field not found";
    case ArgParseStatus::kBadSizeof: return "unsupported sizeof";
    case ArgParseStatus::kBadTableEntry: return "flag or symbol value cannot be evaluated";
    case ArgParseStatus::TooDeep: return "print fmt nested too deeply";
  }
  return "unknown";
}

PrintFmtParser::PrintFmtParser(const PrintFmtContext& context, format::Event& event, format::ArgTree& tree,
                               std::string_view text)
    : context_(context), event_(event), tree_(tree), lexer_(text, base::kPrintFmtGrammar) {}

// An Error token from the tokenizer reaches the top without a status.
ArgParseStatus PrintFmtParser::failed() {
  if (status_ == ArgParseStatus::kOk) status_ = ArgParseStatus::kUnterminatedString;
  return status_;
}

base::Token PrintFmtParser::fail(ArgParseStatus status) {
  if (status_ == ArgParseStatus::kOk) status_ = status;
  return {base::TokenType::kError, {}};
}

ArgParseStatus PrintFmtParser::status_for(const base::Token& token) {
  if (token.type == base::TokenType::kError) return ArgParseStatus::kUnterminatedString;
  if (token.type == base::TokenType::kNone) return ArgParseStatus::kUnexpectedEnd;
  return ArgParseStatus::kUnexpectedToken;
}

bool PrintFmtParser::read_expected(base::TokenType kind, std::string_view text) {
  base::Token token = lexer_.next();
  if (token.is(kind, text)) return true;
  fail(status_for(token));
  return false;
}

namespace {
// Counts nesting for the duration of one parse step.
class DepthGuard {
 public:
  explicit DepthGuard(int& depth) : depth_(depth) { ++depth_; }
  ~DepthGuard() { --depth_; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;

 private:
  int& depth_;
};
}  // namespace

// "fmt", arg, arg, ...   with "a" "b" joined into the format.
ArgParseStatus PrintFmtParser::parse() {
  base::Token token = lexer_.next();
  if (token.type != base::TokenType::kDQuote) {
    fail(token.type == base::TokenType::kError ? ArgParseStatus::kUnterminatedString : ArgParseStatus::kNoFormatString);
    return status_;
  }
  std::string_view format = token.text;
  std::optional<std::string> joined;  // "fmt" STA_PR_FMT: the macro's string joins the format
  for (token = lexer_.next_item(); token.type == base::TokenType::kDQuote; token = lexer_.next_item()) {
    if (!joined) joined.emplace(format);
    *joined += token.text;
    format = *joined;
  }
  event_.print_fmt.format = tree_.keep(format);
  if (token.type == base::TokenType::kNone) return status_;  // no arguments
  if (!token.is(base::TokenType::kDelim, ",")) {
    fail(status_for(token));
    return status_;
  }

  // As upstream: after an expression the separator is not checked (the next
  // argument simply starts), a newline is skipped, anything else ends the list.
  tep_print_arg** tail = &event_.print_fmt.args;
  base::TokenType kind = base::TokenType::kError;
  do {
    if (kind == base::TokenType::kNewline) {
      kind = lexer_.next_item().type;
      continue;
    }
    tep_print_arg* arg = tree_.new_arg();
    token = process_arg(arg);
    kind = token.type;
    if (!is_ok(token)) return failed();
    *tail = arg;
    ++arg_count_;
    if (kind == base::TokenType::kOp) {
      token = process_op(arg, token);
      kind = token.type;
      if (!is_ok(token)) {
        *tail = nullptr;
        --arg_count_;
        return failed();
      }
      fold_constants(tree_, *arg);
      tail = &arg->next;
      continue;
    }
    if (token.is(base::TokenType::kDelim, ",")) {
      tail = &arg->next;
      continue;
    }
    break;
  } while (kind != base::TokenType::kNone);
  return status_;
}

base::Token PrintFmtParser::process_arg(tep_print_arg* arg) { return process_arg_token(arg, lexer_.next()); }

base::Token PrintFmtParser::process_arg_token(tep_print_arg* arg, base::Token token) {
  DepthGuard guard(depth_);
  if (depth_ > kMaxDepth) return fail(ArgParseStatus::TooDeep);
  switch (token.type) {
    case base::TokenType::kItem: {
      if (token.text == "REC") return process_entry(arg);
      std::string atom(token.text);
      base::Token next = lexer_.next_item();
      if (next.is(base::TokenType::kDelim, "(")) return process_function(arg, atom);
      // "unsigned long" and the like: consecutive items form one atom.
      while (next.type == base::TokenType::kItem) {
        atom += ' ';
        atom += next.text;
        next = lexer_.next_item();
      }
      arg->type = TEP_PRINT_ATOM;
      arg->atom.atom = tree_.keep(atom);
      return next;
    }
    case base::TokenType::kDQuote:
      arg->type = TEP_PRINT_ATOM;
      arg->atom.atom = tree_.keep(token.text);
      return lexer_.next_item();
    case base::TokenType::kSQuote:
      // 'a' becomes its code, "97" (only the first byte counts, as upstream).
      arg->type = TEP_PRINT_ATOM;
      arg->atom.atom = tree_.keep(
          std::to_string(token.text.empty() ? 0 : static_cast<int>(static_cast<signed char>(token.text[0]))));
      return lexer_.next_item();
    case base::TokenType::kDelim:
      if (token.text == "(") return process_paren(arg);
      [[fallthrough]];  // ")" and "," are then rejected as unary operators
    case base::TokenType::kOp:
      arg->type = TEP_PRINT_OP;
      arg->op.op = tree_.keep(token.text);
      arg->op.left = nullptr;
      return process_op(arg, token);
    default: return fail(status_for(token));
  }
}

// REC->field. A bare "REC" followed by ')' leaves the node empty for
// process_paren, which accepts "(REC)->field".
base::Token PrintFmtParser::process_entry(tep_print_arg* arg) {
  base::Token token = lexer_.next();
  if (token.is(base::TokenType::kDelim, ")")) return token;
  if (!token.is(base::TokenType::kOp, "->")) return fail(status_for(token));
  return finish_field(arg);
}

// The field name after "->". Upstream resolves the field pointer lazily at
// print time (except under __print_flags/__print_symbolic); we resolve it now.
base::Token PrintFmtParser::finish_field(tep_print_arg* arg) {
  base::Token name = lexer_.next();
  if (name.type != base::TokenType::kItem) return fail(status_for(name));
  arg->type = TEP_PRINT_FIELD;
  arg->field.name = tree_.keep(name.text);
  arg->field.field = format::find_any_field_in(event_, name.text);
  if (pending_flag_mark_ || pending_symbolic_mark_) {
    if (arg->field.field) arg->field.field->flags |= pending_flag_mark_ ? TEP_FIELD_IS_FLAG : TEP_FIELD_IS_SYMBOLIC;
    pending_flag_mark_ = pending_symbolic_mark_ = false;
  }
  return lexer_.next();
}

// "( expr )", then: a cast when an item, a string or '(' follows,
// "(REC)->field" when the parenthesis held a bare REC.
base::Token PrintFmtParser::process_paren(tep_print_arg* arg) {
  DepthGuard guard(depth_);
  if (depth_ > kMaxDepth) return fail(ArgParseStatus::TooDeep);
  base::Token token = process_arg(arg);
  if (!is_ok(token)) return token;
  if (token.type == base::TokenType::kOp) {
    token = process_op(arg, token);
    if (!is_ok(token)) return token;
  }
  if (!token.is(base::TokenType::kDelim, ")")) return fail(status_for(token));
  token = lexer_.next_item();

  if (arg->type == TEP_PRINT_NULL) {  // (REC)
    if (token.is(base::TokenType::kOp, "->")) return finish_field(arg);
    if (token.is(base::TokenType::kDelim, ")")) return token;  // ((REC))->field
    return fail(ArgParseStatus::kUnexpectedToken);
  }
  if (token.is_item_like() || token.is(base::TokenType::kDelim, "(")) {
    if (arg->type != TEP_PRINT_ATOM) return fail(ArgParseStatus::kBadCast);
    tep_print_arg* item = tree_.new_arg();
    char* type = arg->atom.atom;
    arg->type = TEP_PRINT_TYPE;
    arg->typecast.type = type;
    arg->typecast.item = item;
    return process_arg_token(item, token);
  }
  return token;
}

// `arg` holds the left operand (or, with op.left unset, a unary operator).
// Mirrors upstream's shaping: after the right operand, a following operator
// of lower binding strength takes the whole node as its left operand,
// otherwise it extends the right operand.
base::Token PrintFmtParser::process_op(tep_print_arg* arg, base::Token op) {
  DepthGuard guard(depth_);
  if (depth_ > kMaxDepth) return fail(ArgParseStatus::TooDeep);
  tep_print_arg* right = nullptr;
  base::Token token;

  if (arg->type == TEP_PRINT_OP && !arg->op.left) {
    // Unary: - x, + x, ~ x, ! x (priority 0, left is an empty node).
    if (op.text.size() != 1 || !std::strchr("~!+-", op.text[0])) return fail(ArgParseStatus::kBadOperator);
    arg->op.left = tree_.new_arg();
    right = tree_.new_arg();
    arg->op.right = right;
    token = process_arg(right);
  } else if (op.text == "?") {
    tep_print_arg* left = tree_.new_arg();
    *left = *arg;
    arg->type = TEP_PRINT_OP;
    arg->op.op = tree_.keep(op.text);
    arg->op.left = left;
    arg->op.prio = 0;
    token = process_cond(arg);
  } else if (is_binary_op(op.text)) {
    tep_print_arg* left = tree_.new_arg();
    *left = *arg;
    arg->type = TEP_PRINT_OP;
    arg->op.op = tree_.keep(op.text);
    arg->op.left = left;
    arg->op.right = nullptr;
    arg->op.prio = left->type == TEP_PRINT_NULL ? 0 : op_priority(op.text);

    token = lexer_.next_item();
    // "(char *)": a '*' right before ')' belongs to a type name.
    if (op.text == "*" && token.is(base::TokenType::kDelim, ")")) {
      if (left->type != TEP_PRINT_ATOM) return fail(ArgParseStatus::kBadCast);
      left->atom.atom = tree_.keep(std::string(left->atom.atom) + " *");
      *arg = *left;
      return token;
    }
    right = tree_.new_arg();
    token = process_arg_token(right, token);
    if (!is_ok(token)) return token;
    if (right->type == TEP_PRINT_OP && op_priority(arg->op.op) < op_priority(right->op.op ? right->op.op : "")) {
      // Upstream's rotation: a (b + c) operand gives its left operand away.
      arg->op.right = right->op.left;
      tep_print_arg saved = *arg;
      *arg = *right;
      *right = saved;
      arg->op.left = right;
    } else {
      arg->op.right = right;
    }
  } else if (op.text == "[") {
    tep_print_arg* left = tree_.new_arg();
    *left = *arg;
    arg->type = TEP_PRINT_OP;
    arg->op.op = tree_.keep(op.text);
    arg->op.left = left;
    arg->op.prio = 0;
    token = process_array(arg);
  } else {
    event_.flags |= TEP_EVENT_FL_FAILED;
    return fail(ArgParseStatus::kBadOperator);
  }

  if (!is_ok(token)) return token;
  if (token.type == base::TokenType::kOp && token.text != ":") {
    int prio = op_priority(token.text);
    // An operator without a priority ('[' in "a + b[1]", "-b[1]") is an error
    // here since upstream 1.9.0 (1.8.4 gave it to the right operand).
    if (prio < 0) return fail(ArgParseStatus::kBadOperator);
    if (prio > arg->op.prio) return process_op(arg, token);
    // Upstream 1.8.4 followed a null pointer here ("x[i] * y" after a '['
    // node takes the branch above); it is an error.
    if (!right) return fail(ArgParseStatus::kBadOperator);
    return process_op(right, token);
  }
  return token;
}

// After "cond ?": "a : b" into top->op.right as a ':' node.
base::Token PrintFmtParser::process_cond(tep_print_arg* top) {
  tep_print_arg* arg = tree_.new_arg();
  tep_print_arg* left = tree_.new_arg();
  tep_print_arg* right = tree_.new_arg();
  arg->type = TEP_PRINT_OP;
  arg->op.left = left;
  arg->op.right = right;

  base::Token token = process_arg(left);
  while (is_ok(token) && token.type == base::TokenType::kOp && token.text != ":") token = process_op(left, token);
  if (!is_ok(token)) {
    top->op.right = nullptr;
    return token;
  }
  if (!token.is(base::TokenType::kOp, ":")) {
    top->op.right = nullptr;
    return fail(status_for(token));
  }
  arg->op.op = tree_.keep(":");
  // The third operand is a whole expression ("c ? a : b + 1" is
  // "c ? a : (b + 1)", "c ? a : d ? e : f" nests to the right), as in
  // upstream 1.9.0; a ':' there is an unknown operator, so
  // "c ? d ? a : b : e" fails as it does upstream.
  token = process_arg(right);
  while (is_ok(token) && token.type == base::TokenType::kOp) token = process_op(right, token);
  top->op.right = arg;
  return token;
}

// After "x[": the index (one operand) and ']'.
base::Token PrintFmtParser::process_array(tep_print_arg* top) {
  tep_print_arg* arg = tree_.new_arg();
  base::Token token = process_arg(arg);
  if (!is_ok(token)) return token;
  if (!token.is(base::TokenType::kOp, "]")) return fail(status_for(token));
  top->op.right = arg;
  return lexer_.next_item();
}

}  // namespace tep::print_args
