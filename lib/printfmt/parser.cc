// SPDX-License-Identifier: LGPL-2.1
#include "printfmt/parser.h"

#include <cstring>
#include <optional>

#include "format/field_lookup.h"
#include "printfmt/const_eval.h"

namespace tep::printfmt {

namespace {

tep_format_field* find_event_field(Event& event, std::string_view name) {
  return find_field_in(event.format.fields, name);
}

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
  static constexpr std::string_view kOps[] = {">>", "<<", "&", "|", "&&", "||", "-", "+", "*",
                                              "^",  "/",  "%", "<", ">", "<=", ">=", "==", "!="};
  for (std::string_view known : kOps)
    if (op == known) return true;
  return false;
}

bool is_ok(const Token& token) { return token.type != TokenType::Error; }

}  // namespace

const char* parse_status_text(ParseStatus status) {
  switch (status) {
    case ParseStatus::Ok: return "ok";
    case ParseStatus::NoFormatString: return "print fmt does not start with a string";
    case ParseStatus::UnexpectedToken: return "unexpected token";
    case ParseStatus::UnterminatedString: return "unterminated string";
    case ParseStatus::UnexpectedEnd: return "unexpected end of print fmt";
    case ParseStatus::BadOperator: return "bad operator";
    case ParseStatus::BadCast: return "bad type cast";
    case ParseStatus::UnknownFunction: return "function not defined";
    case ParseStatus::WrongArgumentCount: return "wrong number of function arguments";
    case ParseStatus::UnknownField: return "field not found";
    case ParseStatus::BadSizeof: return "unsupported sizeof";
    case ParseStatus::BadTableEntry: return "flag or symbol value cannot be evaluated";
    case ParseStatus::TooDeep: return "print fmt nested too deeply";
  }
  return "unknown";
}

PrintFmtParser::PrintFmtParser(const PrintFmtContext& context, Event& event, ArgTree& tree,
                               std::string_view text)
    : context_(context), event_(event), tree_(tree), lexer_(text, kPrintFmtGrammar) {}

// An Error token from the tokenizer reaches the top without a status.
ParseStatus PrintFmtParser::failed() {
  if (status_ == ParseStatus::Ok) status_ = ParseStatus::UnterminatedString;
  return status_;
}

Token PrintFmtParser::fail(ParseStatus status) {
  if (status_ == ParseStatus::Ok) status_ = status;
  return {TokenType::Error, {}};
}

// A failed token is reported once: the status of the first failure wins.
static ParseStatus status_for(const Token& token) {
  if (token.type == TokenType::Error) return ParseStatus::UnterminatedString;
  if (token.type == TokenType::None) return ParseStatus::UnexpectedEnd;
  return ParseStatus::UnexpectedToken;
}

bool PrintFmtParser::read_expected(TokenType kind, std::string_view text) {
  Token token = lexer_.next();
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
ParseStatus PrintFmtParser::parse() {
  Token token = lexer_.next();
  if (token.type != TokenType::DQuote) {
    fail(token.type == TokenType::Error ? ParseStatus::UnterminatedString
                                        : ParseStatus::NoFormatString);
    return status_;
  }
  std::string_view format = token.text;
  std::optional<std::string> joined;  // "fmt" STA_PR_FMT: the macro's string joins the format
  for (token = lexer_.next_item(); token.type == TokenType::DQuote; token = lexer_.next_item()) {
    if (!joined) joined.emplace(format);
    *joined += token.text;
    format = *joined;
  }
  event_.print_fmt.format = tree_.keep(format);
  if (token.type == TokenType::None) return status_;  // no arguments
  if (!token.is(TokenType::Delim, ",")) {
    fail(status_for(token));
    return status_;
  }

  // As upstream: after an expression the separator is not checked (the next
  // argument simply starts), a newline is skipped, anything else ends the list.
  tep_print_arg** tail = &event_.print_fmt.args;
  TokenType kind = TokenType::Error;
  do {
    if (kind == TokenType::Newline) {
      kind = lexer_.next_item().type;
      continue;
    }
    tep_print_arg* arg = tree_.new_arg();
    token = process_arg(arg);
    kind = token.type;
    if (!is_ok(token)) return failed();
    *tail = arg;
    ++arg_count_;
    if (kind == TokenType::Op) {
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
    if (token.is(TokenType::Delim, ",")) {
      tail = &arg->next;
      continue;
    }
    break;
  } while (kind != TokenType::None);
  return status_;
}

Token PrintFmtParser::process_arg(tep_print_arg* arg) {
  return process_arg_token(arg, lexer_.next());
}

Token PrintFmtParser::process_arg_token(tep_print_arg* arg, Token token) {
  DepthGuard guard(depth_);
  if (depth_ > kMaxDepth) return fail(ParseStatus::TooDeep);
  switch (token.type) {
    case TokenType::Item: {
      if (token.text == "REC") return process_entry(arg);
      std::string atom(token.text);
      Token next = lexer_.next_item();
      if (next.is(TokenType::Delim, "(")) return process_function(arg, atom);
      // "unsigned long" and the like: consecutive items form one atom.
      while (next.type == TokenType::Item) {
        atom += ' ';
        atom += next.text;
        next = lexer_.next_item();
      }
      arg->type = TEP_PRINT_ATOM;
      arg->atom.atom = tree_.keep(atom);
      return next;
    }
    case TokenType::DQuote:
      arg->type = TEP_PRINT_ATOM;
      arg->atom.atom = tree_.keep(token.text);
      return lexer_.next_item();
    case TokenType::SQuote:
      // 'a' becomes its code, "97" (only the first byte counts, as upstream).
      arg->type = TEP_PRINT_ATOM;
      arg->atom.atom = tree_.keep(
          std::to_string(token.text.empty() ? 0 : static_cast<int>(static_cast<signed char>(token.text[0]))));
      return lexer_.next_item();
    case TokenType::Delim:
      if (token.text == "(") return process_paren(arg);
      [[fallthrough]];  // ")" and "," are then rejected as unary operators
    case TokenType::Op:
      arg->type = TEP_PRINT_OP;
      arg->op.op = tree_.keep(token.text);
      arg->op.left = nullptr;
      return process_op(arg, token);
    default:
      return fail(status_for(token));
  }
}

// REC->field. A bare "REC" followed by ')' leaves the node empty for
// process_paren, which accepts "(REC)->field".
Token PrintFmtParser::process_entry(tep_print_arg* arg) {
  Token token = lexer_.next();
  if (token.is(TokenType::Delim, ")")) return token;
  if (!token.is(TokenType::Op, "->")) return fail(status_for(token));
  return finish_field(arg);
}

// The field name after "->". Upstream resolves the field pointer lazily at
// print time (except under __print_flags/__print_symbolic); we resolve it now.
Token PrintFmtParser::finish_field(tep_print_arg* arg) {
  Token name = lexer_.next();
  if (name.type != TokenType::Item) return fail(status_for(name));
  arg->type = TEP_PRINT_FIELD;
  arg->field.name = tree_.keep(name.text);
  arg->field.field = find_any_field_in(event_, name.text);
  if (pending_flag_mark_ || pending_symbolic_mark_) {
    if (arg->field.field)
      arg->field.field->flags |= pending_flag_mark_ ? TEP_FIELD_IS_FLAG : TEP_FIELD_IS_SYMBOLIC;
    pending_flag_mark_ = pending_symbolic_mark_ = false;
  }
  return lexer_.next();
}

// "( expr )", then: a cast when an item, a string or '(' follows,
// "(REC)->field" when the parenthesis held a bare REC.
Token PrintFmtParser::process_paren(tep_print_arg* arg) {
  DepthGuard guard(depth_);
  if (depth_ > kMaxDepth) return fail(ParseStatus::TooDeep);
  Token token = process_arg(arg);
  if (!is_ok(token)) return token;
  if (token.type == TokenType::Op) {
    token = process_op(arg, token);
    if (!is_ok(token)) return token;
  }
  if (!token.is(TokenType::Delim, ")")) return fail(status_for(token));
  token = lexer_.next_item();

  if (arg->type == TEP_PRINT_NULL) {  // (REC)
    if (token.is(TokenType::Op, "->")) return finish_field(arg);
    if (token.is(TokenType::Delim, ")")) return token;  // ((REC))->field
    return fail(ParseStatus::UnexpectedToken);
  }
  if (token.is_item_like() || token.is(TokenType::Delim, "(")) {
    if (arg->type != TEP_PRINT_ATOM) return fail(ParseStatus::BadCast);
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
Token PrintFmtParser::process_op(tep_print_arg* arg, Token op) {
  DepthGuard guard(depth_);
  if (depth_ > kMaxDepth) return fail(ParseStatus::TooDeep);
  tep_print_arg* right = nullptr;
  Token token;

  if (arg->type == TEP_PRINT_OP && !arg->op.left) {
    // Unary: - x, + x, ~ x, ! x (priority 0, left is an empty node).
    if (op.text.size() != 1 || !std::strchr("~!+-", op.text[0])) return fail(ParseStatus::BadOperator);
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
    if (op.text == "*" && token.is(TokenType::Delim, ")")) {
      if (left->type != TEP_PRINT_ATOM) return fail(ParseStatus::BadCast);
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
    return fail(ParseStatus::BadOperator);
  }

  if (!is_ok(token)) return token;
  if (token.type == TokenType::Op && token.text != ":") {
    int prio = op_priority(token.text);
    if (prio > arg->op.prio) return process_op(arg, token);
    // Upstream would follow a null pointer here ("c ? a : b [" and "x[i] ["
    // with an unknown operator); it is an error.
    if (!right) return fail(ParseStatus::BadOperator);
    return process_op(right, token);
  }
  return token;
}

// After "cond ?": "a : b" into top->op.right as a ':' node.
Token PrintFmtParser::process_cond(tep_print_arg* top) {
  tep_print_arg* arg = tree_.new_arg();
  tep_print_arg* left = tree_.new_arg();
  tep_print_arg* right = tree_.new_arg();
  arg->type = TEP_PRINT_OP;
  arg->op.left = left;
  arg->op.right = right;

  Token token = process_arg(left);
  while (is_ok(token) && token.type == TokenType::Op && token.text != ":")
    token = process_op(left, token);
  if (!is_ok(token)) {
    top->op.right = nullptr;
    return token;
  }
  if (!token.is(TokenType::Op, ":")) {
    top->op.right = nullptr;
    return fail(status_for(token));
  }
  arg->op.op = tree_.keep(":");
  token = process_arg(right);
  top->op.right = arg;
  return token;
}

// After "x[": the index (one operand) and ']'.
Token PrintFmtParser::process_array(tep_print_arg* top) {
  tep_print_arg* arg = tree_.new_arg();
  Token token = process_arg(arg);
  if (!is_ok(token)) return token;
  if (!token.is(TokenType::Op, "]")) return fail(status_for(token));
  top->op.right = arg;
  return lexer_.next_item();
}

Token PrintFmtParser::process_function(tep_print_arg* arg, const std::string& name) {
  if (name == "__print_flags") {
    pending_flag_mark_ = true;
    return process_flags(arg);
  }
  if (name == "__print_symbolic") {
    pending_symbolic_mark_ = true;
    return process_symbols(arg);
  }
  if (name == "__print_hex") return process_hex(arg, TEP_PRINT_HEX);
  if (name == "__print_hex_str") return process_hex(arg, TEP_PRINT_HEX_STR);
  if (name == "__print_array") return process_int_array(arg);
  if (name == "__get_str" || name == "__get_rel_str") return process_named_field(arg, TEP_PRINT_STRING);
  if (name == "__get_bitmask" || name == "__get_rel_bitmask")
    return process_named_field(arg, TEP_PRINT_BITMASK);
  if (name == "__get_cpumask" || name == "__get_rel_cpumask")
    return process_named_field(arg, TEP_PRINT_CPUMASK);
  if (name == "__get_dynamic_array" || name == "__get_rel_dynamic_array" ||
      name == "__get_sockaddr" || name == "__get_sockaddr_rel")
    return process_dynamic_array(arg);
  if (name == "__get_dynamic_array_len" || name == "__get_rel_dynamic_array_len")
    return process_dynamic_array_len(arg);
  if (name == "__builtin_expect") return process_builtin_expect(arg);
  if (name == "sizeof") return process_sizeof(arg);
  if (const tep_function_handler* handler = context_.functions.find(name))
    return process_func_handler(arg, *handler);
  return fail(ParseStatus::UnknownFunction);
}

Token PrintFmtParser::process_field_arg(tep_print_arg* arg) {
  Token token = process_arg(arg);
  while (is_ok(token) && token.type == TokenType::Op) token = process_op(arg, token);
  return token;
}

// __print_flags(value, "delim", { 1, "A" }, { 2, "B" })  (the delimiter may be absent)
Token PrintFmtParser::process_flags(tep_print_arg* arg) {
  *arg = tep_print_arg{};
  arg->type = TEP_PRINT_FLAGS;
  tep_print_arg* field = tree_.new_arg();
  Token token = process_field_arg(field);
  if (!is_ok(token)) return token;
  if (!token.is(TokenType::Delim, ",")) return fail(status_for(token));
  arg->flags.field = field;

  token = lexer_.next_item();
  if (token.is_item_like()) {
    arg->flags.delim = tree_.keep(token.text);
    token = lexer_.next_item();
  }
  if (!token.is(TokenType::Delim, ",")) return fail(status_for(token));
  token = process_table(&arg->flags.flags);
  if (!is_ok(token)) return token;
  if (!token.is(TokenType::Delim, ")")) return fail(status_for(token));
  return lexer_.next_item();
}

// __print_symbolic(value, { 1, "A" }, { 2, "B" })
Token PrintFmtParser::process_symbols(tep_print_arg* arg) {
  *arg = tep_print_arg{};
  arg->type = TEP_PRINT_SYMBOL;
  tep_print_arg* field = tree_.new_arg();
  Token token = process_field_arg(field);
  if (!is_ok(token)) return token;
  if (!token.is(TokenType::Delim, ",")) return fail(status_for(token));
  arg->symbol.field = field;
  token = process_table(&arg->symbol.symbols);
  if (!is_ok(token)) return token;
  if (!token.is(TokenType::Delim, ")")) return fail(status_for(token));
  return lexer_.next_item();
}

// { value, "text" }, { value, "text" } ... (a trailing ',' is tolerated).
Token PrintFmtParser::process_table(tep_print_flag_sym** list) {
  Token token;
  do {
    token = lexer_.next_item();
    if (!token.is(TokenType::Op, "{")) break;

    tep_print_arg* value = tree_.new_arg();
    token = process_arg(value);
    if (is_ok(token) && token.type == TokenType::Op) token = process_op(value, token);
    if (!is_ok(token)) return token;
    if (!token.is(TokenType::Delim, ",")) return fail(status_for(token));
    char* value_text = table_entry_text(tree_, *value);
    if (!value_text) return fail(ParseStatus::BadTableEntry);

    tep_print_arg* text = tree_.new_arg();
    token = process_arg(text);
    if (!is_ok(token)) return token;
    if (!token.is(TokenType::Op, "}")) return fail(status_for(token));
    char* text_text = table_entry_text(tree_, *text);
    if (!text_text) return fail(ParseStatus::BadTableEntry);

    tep_print_flag_sym* entry = tree_.new_flag_sym();
    entry->value = value_text;
    entry->str = text_text;
    *list = entry;
    list = &entry->next;
    token = lexer_.next_item();
  } while (token.is(TokenType::Delim, ","));
  return token;
}

tep_print_arg* PrintFmtParser::arg_then(std::string_view delim) {
  tep_print_arg* arg = tree_.new_arg();
  Token token = process_field_arg(arg);
  if (!is_ok(token)) return nullptr;
  if (!token.is(TokenType::Delim, delim)) {
    fail(status_for(token));
    return nullptr;
  }
  return arg;
}

// __print_hex(buf, len) and __print_hex_str(buf, len).
Token PrintFmtParser::process_hex(tep_print_arg* arg, tep_print_arg_type type) {
  *arg = tep_print_arg{};
  arg->type = type;
  if (!(arg->hex.field = arg_then(","))) return {TokenType::Error, {}};
  if (!(arg->hex.size = arg_then(")"))) return {TokenType::Error, {}};
  return lexer_.next_item();
}

// __print_array(array, count, element size)
Token PrintFmtParser::process_int_array(tep_print_arg* arg) {
  *arg = tep_print_arg{};
  arg->type = TEP_PRINT_INT_ARRAY;
  if (!(arg->int_array.field = arg_then(","))) return {TokenType::Error, {}};
  if (!(arg->int_array.count = arg_then(","))) return {TokenType::Error, {}};
  if (!(arg->int_array.el_size = arg_then(")"))) return {TokenType::Error, {}};
  return lexer_.next_item();
}

// __get_str(name), __get_bitmask(name), __get_cpumask(name) and their _rel
// forms. Upstream resolves the field when first printed; we resolve it here
// (it stays NULL when there is no such field, as upstream's lookup).
Token PrintFmtParser::process_named_field(tep_print_arg* arg, tep_print_arg_type type) {
  Token name = lexer_.next();
  if (name.type != TokenType::Item) return fail(status_for(name));
  arg->type = type;
  tep_format_field* field = find_any_field_in(event_, name.text);
  if (type == TEP_PRINT_STRING) {
    arg->string.string = tree_.keep(name.text);
    arg->string.field = field;
  } else {
    arg->bitmask.bitmask = tree_.keep(name.text);
    arg->bitmask.field = field;
  }
  if (!read_expected(TokenType::Delim, ")")) return {TokenType::Error, {}};
  return lexer_.next();
}

// __get_dynamic_array(name): the field must be an event (not common) field.
// Upstream rejects a following "[index]" and, when the index is not closed
// by ']', drops it together with the token after it; both are kept as is.
Token PrintFmtParser::process_dynamic_array(tep_print_arg* arg) {
  *arg = tep_print_arg{};
  arg->type = TEP_PRINT_DYNAMIC_ARRAY;
  Token name = lexer_.next();
  if (name.type != TokenType::Item) return fail(status_for(name));
  tep_format_field* field = find_event_field(event_, name.text);
  if (!field) return fail(ParseStatus::UnknownField);
  arg->dynarray.field = field;
  if (!read_expected(TokenType::Delim, ")")) return {TokenType::Error, {}};
  Token token = lexer_.next_item();
  if (!token.is(TokenType::Op, "[")) return token;

  tep_print_arg* index = tree_.new_arg();
  token = process_arg(index);
  if (!is_ok(token)) return token;
  if (token.is(TokenType::Op, "]")) return fail(ParseStatus::UnexpectedToken);
  return lexer_.next_item();
}

// __get_dynamic_array_len(name)
Token PrintFmtParser::process_dynamic_array_len(tep_print_arg* arg) {
  Token name = lexer_.next();
  if (name.type != TokenType::Item) return fail(status_for(name));
  arg->type = TEP_PRINT_DYNAMIC_ARRAY_LEN;
  tep_format_field* field = find_event_field(event_, name.text);
  if (!field) return fail(ParseStatus::UnknownField);
  arg->dynarray.field = field;
  arg->dynarray.index = nullptr;
  if (!read_expected(TokenType::Delim, ")")) return {TokenType::Error, {}};
  return lexer_.next();
}

// __builtin_expect(cond, hint): the node becomes `cond` itself.
Token PrintFmtParser::process_builtin_expect(tep_print_arg* arg) {
  Token token = process_arg(arg);
  if (!is_ok(token)) return token;
  if (!token.is(TokenType::Delim, ",")) return fail(status_for(token));
  Token hint = lexer_.next();
  if (hint.type != TokenType::Item) return fail(status_for(hint));
  if (!read_expected(TokenType::Delim, ")")) return {TokenType::Error, {}};
  return lexer_.next_item();
}

// Like upstream, the type words are compared as text whatever their token kind.
// sizeof(int), sizeof(unsigned [int]), sizeof(long), sizeof(long long),
// sizeof(u8 .. s64) and sizeof(REC->scalar_field) become atoms.
Token PrintFmtParser::process_sizeof(tep_print_arg* arg) {
  Token token = lexer_.next_item();
  arg->type = TEP_PRINT_ATOM;
  bool have_next = false;  // `token` already holds what follows the type
  std::string size;

  bool bare_unsigned = false;
  if (token.text == "unsigned") {
    token = lexer_.next_item();
    if (!is_ok(token)) return fail(ParseStatus::UnterminatedString);
    if (token.type != TokenType::Item) {
      bare_unsigned = true;
      have_next = true;
    }
  }
  if (bare_unsigned || token.text == "int") {
    size = "4";
  } else if (token.text == "long") {
    token = lexer_.next_item();
    if (token.text == "long") {
      size = "8";
    } else {
      if (context_.long_size != 4 && context_.long_size != 8) return fail(ParseStatus::BadSizeof);
      size = context_.long_size == 4 ? "4" : "8";
      have_next = true;
    }
  } else if (token.text == "REC") {
    token = lexer_.next_item();
    if (!token.is(TokenType::Op, "->")) return fail(status_for(token));
    Token name = lexer_.next();
    if (name.type != TokenType::Item) return fail(status_for(name));
    tep_format_field* field = find_any_field_in(event_, name.text);
    if (!field) return fail(ParseStatus::UnknownField);
    if (field->flags & TEP_FIELD_IS_ARRAY) return fail(ParseStatus::BadSizeof);
    size = std::to_string(field->size);
  } else if (token.text == "u8" || token.text == "s8") {
    size = "1";
  } else if (token.text == "u16" || token.text == "s16") {
    size = "2";
  } else if (token.text == "u32" || token.text == "s32") {
    size = "4";
  } else if (token.text == "u64" || token.text == "s64") {
    size = "8";
  } else {
    return fail(ParseStatus::BadSizeof);
  }
  arg->atom.atom = tree_.keep(size);
  if (!have_next) token = lexer_.next_item();
  if (!token.is(TokenType::Delim, ")")) return fail(status_for(token));
  return lexer_.next_item();
}

// A registered print function: exactly as many single-operand arguments as
// it declared. With no parameters the ')' is left for the caller, as upstream.
Token PrintFmtParser::process_func_handler(tep_print_arg* arg, const tep_function_handler& handler) {
  arg->type = TEP_PRINT_FUNC;
  arg->func.func = const_cast<tep_function_handler*>(&handler);
  arg->func.args = nullptr;
  tep_print_arg** tail = &arg->func.args;
  const size_t count = handler.params.size();
  for (size_t i = 0; i < count; ++i) {
    tep_print_arg* param = tree_.new_arg();
    Token token = process_arg(param);
    if (!is_ok(token)) return token;
    if (!token.is(TokenType::Delim, i + 1 < count ? "," : ")"))
      return fail(ParseStatus::WrongArgumentCount);
    *tail = param;
    tail = &param->next;
  }
  return lexer_.next();
}

}  // namespace tep::printfmt
