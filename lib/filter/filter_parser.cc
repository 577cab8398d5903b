// SPDX-License-Identifier: LGPL-2.1
#include "filter/filter_parser.h"

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <regex.h>
#include <string>
#include <utility>

#include "base/number_scan.h"
#include "base/tokenizer.h"
#include "filter/filter_collapse.h"
#include "filter/filter_error.h"
#include "filter/filter_nodes.h"
#include "format/field_lookup.h"

namespace tep::filter {
namespace {

enum class OpClass { kNone, kBool, kNot, kExp, kCmp };

struct Operator {
  OpClass cls = OpClass::kNone;
  tep_filter_op_type logic = TEP_FILTER_OP_NOT;
  tep_filter_exp_type exp = TEP_FILTER_EXP_NONE;
  tep_filter_cmp_type cmp = TEP_FILTER_CMP_NONE;
};

Operator classify_operator(std::string_view t) {
  Operator op;
  if (t == "&&" || t == "||") {
    op.cls = OpClass::kBool;
    op.logic = t == "&&" ? TEP_FILTER_OP_AND : TEP_FILTER_OP_OR;
    return op;
  }
  if (t == "!") {
    op.cls = OpClass::kNot;
    return op;
  }
  static const std::pair<const char*, tep_filter_exp_type> exps[] = {
      {"+", TEP_FILTER_EXP_ADD},     {"-", TEP_FILTER_EXP_SUB}, {"*", TEP_FILTER_EXP_MUL},
      {"/", TEP_FILTER_EXP_DIV},     {"%", TEP_FILTER_EXP_MOD}, {">>", TEP_FILTER_EXP_RSHIFT},
      {"<<", TEP_FILTER_EXP_LSHIFT}, {"&", TEP_FILTER_EXP_AND}, {"|", TEP_FILTER_EXP_OR},
      {"^", TEP_FILTER_EXP_XOR},     {"~", TEP_FILTER_EXP_NOT}};
  for (const auto& [text, type] : exps)
    if (t == text) {
      op.cls = OpClass::kExp;
      op.exp = type;
      return op;
    }
  static const std::pair<const char*, tep_filter_cmp_type> cmps[] = {
      {"==", TEP_FILTER_CMP_EQ},    {"!=", TEP_FILTER_CMP_NE},       {"<", TEP_FILTER_CMP_LT},
      {">", TEP_FILTER_CMP_GT},     {"<=", TEP_FILTER_CMP_LE},       {">=", TEP_FILTER_CMP_GE},
      {"=~", TEP_FILTER_CMP_REGEX}, {"!~", TEP_FILTER_CMP_NOT_REGEX}};
  for (const auto& [text, type] : cmps)
    if (t == text) {
      op.cls = OpClass::kCmp;
      op.cmp = type;
      return op;
    }
  return op;
}

char* dup_string(std::string_view s) {
  char* copy = strndup(s.data(), s.size());
  if (!copy) throw std::bad_alloc();
  return copy;
}

// A level of nesting: the whole expression, a parenthesis, or the operand of '!'.
struct Level {
  enum class Kind { kTop, kParen, kNot } kind = Kind::kTop;
  tep_filter_arg* current_op = nullptr;   // the last && / || / ! of this level
  tep_filter_arg* current_exp = nullptr;  // the last comparison, arithmetic or sub-level
  tep_filter_arg* left_item = nullptr;    // a value or field waiting for its operator
  size_t bool_ops = 0;                    // && / || so far: each adds a tree level above the last
};

// How a level ended: 0 (complete), TEP_ERRNO__UNBALANCED_PAREN (a ')' closed
// it, which is success for a parenthesis), or another error.
struct LevelEnd {
  int status;
  tep_filter_arg* result;
};

class Parser {
 public:
  Parser(tep_event* event, std::string_view text, char* error_buffer)
      : event_(event), lexer_(text, base::kFilterGrammar), errors_(error_buffer, text) {}

  int run(ParsedExpression& out);

 private:
  std::optional<LevelEnd> on_token(Level& level, const base::Token& tok);
  std::optional<LevelEnd> on_operator(Level& level, const base::Token& tok);
  std::optional<LevelEnd> on_child(Level& parent, Level::Kind child, LevelEnd end);
  std::optional<LevelEnd> finish(Level& level);
  std::optional<LevelEnd> open_level(Level::Kind kind);

  tep_filter_arg* make_item(const base::Token& tok);
  int add_left(tep_filter_arg* op, tep_filter_arg* item);
  int add_right(tep_filter_arg* op, tep_filter_arg* arg);
  int to_string_compare(tep_filter_arg* op, tep_filter_arg* value);
  static bool is_complete(const tep_filter_arg* arg);
  bool too_deep(tep_filter_arg* root) const;

  LevelEnd fail(int status) { return LevelEnd{status, nullptr}; }
  LevelEnd fail_syntax() {
    errors_.show(lexer_.pos(), "Syntax error");
    return fail(TEP_ERRNO__SYNTAX_ERROR);
  }

  tep_event* event_;
  base::Tokenizer lexer_;
  ErrorReport errors_;
  NodePool pool_;
  std::vector<Level> levels_;
};

int Parser::run(ParsedExpression& out) {
  levels_.push_back(Level{});
  for (;;) {
    base::Token tok = lexer_.next_item();
    std::optional<LevelEnd> end = on_token(levels_.back(), tok);
    while (end) {
      Level::Kind kind = levels_.back().kind;
      levels_.pop_back();
      if (levels_.empty()) {
        if (end->status < 0) return end->status;
        out.root = pool_.take(end->result, out.retained);
        return 0;
      }
      end = on_child(levels_.back(), kind, *end);
    }
  }
}

std::optional<LevelEnd> Parser::open_level(Level::Kind kind) {
  if (levels_.size() >= kMaxFilterDepth) {
    errors_.show(lexer_.pos(), "Filter nested too deeply");
    return fail(TEP_ERRNO__SYNTAX_ERROR);
  }
  Level level;
  level.kind = kind;
  levels_.push_back(level);
  return std::nullopt;
}

std::optional<LevelEnd> Parser::on_token(Level& level, const base::Token& tok) {
  switch (tok.type) {
    case base::TokenType::kItem:
    case base::TokenType::kDQuote:
    case base::TokenType::kSQuote: {
      tep_filter_arg* item = make_item(tok);
      if (!level.left_item) {
        level.left_item = item;
        return std::nullopt;
      }
      if (!level.current_exp) return fail_syntax();
      int ret = add_right(level.current_exp, item);
      if (ret < 0) return fail(ret);
      level.left_item = nullptr;
      // The operand of '!' is a single expression: done.
      if (level.kind == Level::Kind::kNot) {
        if (level.current_op) return fail_syntax();
        return LevelEnd{0, level.current_exp};
      }
      return std::nullopt;
    }
    case base::TokenType::kDelim:
      if (tok.text == ",") {
        errors_.show(lexer_.pos(), "Illegal token ','");
        return fail(TEP_ERRNO__ILLEGAL_TOKEN);
      }
      if (tok.text == "(") {
        if (level.left_item) {
          errors_.show(lexer_.pos(), "Open paren can not come after item");
          return fail(TEP_ERRNO__INVALID_PAREN);
        }
        if (level.current_exp) {
          errors_.show(lexer_.pos(), "Open paren can not come after expression");
          return fail(TEP_ERRNO__INVALID_PAREN);
        }
        return open_level(Level::Kind::kParen);
      }
      // ')': everything at this level must be complete.
      if (!level.current_op && !level.current_exp) return fail_syntax();
      if (level.current_exp && !is_complete(level.current_exp)) return fail_syntax();
      if (level.current_op && !is_complete(level.current_op)) return fail_syntax();
      return LevelEnd{TEP_ERRNO__UNBALANCED_PAREN, level.current_op ? level.current_op : level.current_exp};
    case base::TokenType::kOp: return on_operator(level, tok);
    case base::TokenType::kNone:
    case base::TokenType::kError:  // "bash<end>: upstream reads the filter as ending there
      return finish(level);
    default: return fail_syntax();
  }
}

std::optional<LevelEnd> Parser::on_operator(Level& level, const base::Token& tok) {
  Operator op = classify_operator(tok.text);
  switch (op.cls) {
    case OpClass::kNone:
      errors_.show(lexer_.pos(), "Unknown op token %.*s", static_cast<int>(tok.text.size()), tok.text.data());
      return fail(TEP_ERRNO__UNKNOWN_TOKEN);
    case OpClass::kBool:
      if (!level.current_exp && !level.current_op) return fail_syntax();
      [[fallthrough]];
    case OpClass::kNot:
      if (level.left_item) return fail_syntax();
      break;
    case OpClass::kExp:
    case OpClass::kCmp:
      if (!level.left_item) return fail_syntax();
      break;
  }

  if (op.cls == OpClass::kBool) {
    // A chain this long fails the depth check at the end anyway: stop now
    // rather than build the rest of a 100 MB input first.
    if (++level.bool_ops >= kMaxFilterDepth) {
      errors_.show(lexer_.pos(), "Filter nested too deeply");
      return fail(TEP_ERRNO__SYNTAX_ERROR);
    }
    tep_filter_arg* node = pool_.make(TEP_FILTER_ARG_OP);
    node->op.type = op.logic;
    node->op.left = level.current_op ? level.current_op : level.current_exp;
    level.current_op = node;
    level.current_exp = nullptr;
    return std::nullopt;
  }
  if (op.cls == OpClass::kNot) {
    tep_filter_arg* node = pool_.make(TEP_FILTER_ARG_OP);
    node->op.type = TEP_FILTER_OP_NOT;
    if (level.current_op) {
      int ret = add_right(level.current_op, node);
      if (ret < 0) return fail(ret);
    }
    level.current_exp = node;
    return open_level(Level::Kind::kNot);
  }
  tep_filter_arg* node;
  if (op.cls == OpClass::kExp) {
    node = pool_.make(TEP_FILTER_ARG_EXP);
    node->exp.type = op.exp;
  } else {
    node = pool_.make(TEP_FILTER_ARG_NUM);
    node->num.type = op.cmp;
  }
  if (level.current_op) {
    int ret = add_right(level.current_op, node);
    if (ret < 0) return fail(ret);
  }
  if (add_left(node, level.left_item) < 0) return fail_syntax();
  level.current_exp = node;
  return std::nullopt;
}

// A nested level ended; `parent` continues after its '(' or '!'.
std::optional<LevelEnd> Parser::on_child(Level& parent, Level::Kind child, LevelEnd end) {
  if (child == Level::Kind::kNot) {
    if (end.status < 0) return end;
    int ret = add_right(parent.current_exp, end.result);
    if (ret < 0) return fail(ret);
    return std::nullopt;
  }
  if (end.status != TEP_ERRNO__UNBALANCED_PAREN) {
    if (end.status == 0) {  // the input ended inside the parenthesis
      errors_.show(lexer_.pos(), "Unbalanced number of '('");
      return fail(TEP_ERRNO__UNBALANCED_PAREN);
    }
    return end;
  }
  if (parent.kind == Level::Kind::kNot) {
    if (parent.current_op) return fail_syntax();
    return LevelEnd{0, end.result};
  }
  if (parent.current_op) {
    int ret = add_right(parent.current_op, end.result);
    if (ret < 0) return fail(ret);
  } else {
    parent.current_exp = end.result;
  }
  return std::nullopt;
}

// End of input at this level: fold what was built.
std::optional<LevelEnd> Parser::finish(Level& level) {
  if (!level.current_op && !level.current_exp) return fail_syntax();
  tep_filter_arg* root = level.current_op ? level.current_op : level.current_exp;
  if (too_deep(root)) {
    errors_.show(lexer_.pos(), "Filter nested too deeply");
    return fail(TEP_ERRNO__SYNTAX_ERROR);
  }
  tep_filter_arg* folded;
  int ret = collapse_tree(root, pool_, errors_, lexer_.pos(), &folded);
  if (ret < 0) return fail(ret);
  return LevelEnd{0, folded};
}

bool Parser::too_deep(tep_filter_arg* root) const {
  std::vector<std::pair<tep_filter_arg*, size_t>> todo{{root, 1}};
  while (!todo.empty()) {
    auto [node, depth] = todo.back();
    todo.pop_back();
    if (depth > kMaxFilterDepth) return true;
    tep_filter_arg* kids[2];
    children_of(node, kids);
    for (tep_filter_arg* kid : kids)
      if (kid) todo.push_back({kid, depth + 1});
  }
  return false;
}

bool Parser::is_complete(const tep_filter_arg* arg) {
  switch (arg->type) {
    case TEP_FILTER_ARG_EXP: return arg->exp.right != nullptr;
    case TEP_FILTER_ARG_OP: return arg->op.right != nullptr;
    case TEP_FILTER_ARG_NUM: return arg->num.right != nullptr;
    case TEP_FILTER_ARG_STR:      // a string comparison is complete once made
    case TEP_FILTER_ARG_BOOLEAN:  // a comparison on a missing field
      return true;
    default: return false;
  }
}

// "123" "0x1f" -> number (strtoull, base from the prefix); "abc" / 'abc' ->
// string / char; a field name -> that field (COMM and CPU when the event has
// no such field); any other word -> FALSE.
tep_filter_arg* Parser::make_item(const base::Token& tok) {
  if (tok.type == base::TokenType::kDQuote || tok.type == base::TokenType::kSQuote) {
    tep_filter_arg* node = pool_.make(TEP_FILTER_ARG_VALUE);
    node->value.type = tok.type == base::TokenType::kDQuote ? TEP_FILTER_STRING : TEP_FILTER_CHAR;
    node->value.str = dup_string(tok.text);
    return node;
  }
  if (isdigit(static_cast<unsigned char>(tok.text[0]))) {
    tep_filter_arg* node = pool_.make(TEP_FILTER_ARG_VALUE);
    node->value.type = TEP_FILTER_NUMBER;
    node->value.val = base::scan_number(tok.text, base::kStrtoull).bits;
    return node;
  }
  tep_format_field* field = format::find_any_field_in(*event_, tok.text);
  if (!field) {
    if (tok.text == "COMM")
      field = comm_field();
    else if (tok.text == "CPU")
      field = cpu_field();
  }
  if (!field) {
    tep_filter_arg* node = pool_.make(TEP_FILTER_ARG_BOOLEAN);
    node->boolean.value = TEP_FILTER_FALSE;
    return node;
  }
  tep_filter_arg* node = pool_.make(TEP_FILTER_ARG_FIELD);
  node->field.field = field;
  return node;
}

int Parser::add_left(tep_filter_arg* op, tep_filter_arg* item) {
  if (op->type == TEP_FILTER_ARG_EXP) {
    op->exp.left = item;
    return 0;
  }
  // The left of a comparison must be a field (or a missing one).
  if (item->type != TEP_FILTER_ARG_FIELD && item->type != TEP_FILTER_ARG_BOOLEAN) return TEP_ERRNO__INVALID_ARG_TYPE;
  op->num.left = item;
  return 0;
}

int Parser::add_right(tep_filter_arg* op, tep_filter_arg* arg) {
  switch (op->type) {
    case TEP_FILTER_ARG_EXP:
      if (op->exp.right) break;
      op->exp.right = arg;
      return 0;
    case TEP_FILTER_ARG_OP:
      if (op->op.right) break;
      op->op.right = arg;
      return 0;
    case TEP_FILTER_ARG_NUM:
      if (op->num.right) break;
      if (arg->type == TEP_FILTER_ARG_FIELD) {
        // Upstream reads this field node as a value node and finds a garbage
        // value type (its pointer's low bits): a syntax error in practice.
        break;
      }
      if (arg->type != TEP_FILTER_ARG_VALUE) {
        errors_.show(lexer_.pos(), "Illegal rvalue");
        return TEP_ERRNO__ILLEGAL_RVALUE;
      }
      if (arg->value.type == TEP_FILTER_CHAR && strlen(arg->value.str) == 1 && op->num.type != TEP_FILTER_CMP_REGEX &&
          op->num.type != TEP_FILTER_CMP_NOT_REGEX) {
        // 'c' compares as a number: upstream's number is the string's address.
        pool_.retain_string(arg->value.str);
        arg->value.type = TEP_FILTER_NUMBER;
      }
      if (arg->value.type != TEP_FILTER_NUMBER) return to_string_compare(op, arg);
      if (op->num.type == TEP_FILTER_CMP_REGEX || op->num.type == TEP_FILTER_CMP_NOT_REGEX) {
        errors_.show(lexer_.pos(), "Op not allowed with integers");
        return TEP_ERRNO__ILLEGAL_INTEGER_CMP;
      }
      op->num.right = arg;
      return 0;
    default: break;
  }
  errors_.show(lexer_.pos(), "Syntax error");
  return TEP_ERRNO__SYNTAX_ERROR;
}

// field == "text" turns the comparison node into a STR node in place.
int Parser::to_string_compare(tep_filter_arg* op, tep_filter_arg* value) {
  const tep_filter_cmp_type cmp = op->num.type;
  tep_filter_arg* left = op->num.left;
  const char* text = value->value.str;
  memset(op, 0, sizeof(*op));
  if (left->type == TEP_FILTER_ARG_BOOLEAN) {  // the field does not exist
    op->type = TEP_FILTER_ARG_BOOLEAN;
    op->boolean.value = TEP_FILTER_FALSE;
    return 0;
  }
  if (left->type != TEP_FILTER_ARG_FIELD) {
    errors_.show(lexer_.pos(), "Illegal lvalue for string comparison");
    return TEP_ERRNO__ILLEGAL_LVALUE;
  }
  tep_filter_cmp_type str_cmp;
  switch (cmp) {
    case TEP_FILTER_CMP_EQ: str_cmp = TEP_FILTER_CMP_MATCH; break;
    case TEP_FILTER_CMP_NE: str_cmp = TEP_FILTER_CMP_NOT_MATCH; break;
    case TEP_FILTER_CMP_REGEX:
    case TEP_FILTER_CMP_NOT_REGEX:
      if (strlen(text) > kMaxRegexLength || regcomp(&op->str.reg, text, REG_ICASE | REG_NOSUB) != 0) {
        memset(&op->str.reg, 0, sizeof(op->str.reg));
        errors_.show(lexer_.pos(), "RegEx '%s' did not compute", text);
        return TEP_ERRNO__INVALID_REGEX;
      }
      str_cmp = cmp;
      break;
    default: errors_.show(lexer_.pos(), "Illegal comparison for string"); return TEP_ERRNO__ILLEGAL_STRING_CMP;
  }
  tep_format_field* field = left->field.field;
  op->type = TEP_FILTER_ARG_STR;
  op->str.type = str_cmp;
  op->str.field = field;
  op->str.val = strdup(text);
  // A copy buffer for values that are not NUL-terminated (read by consumers only).
  const size_t size = field->size > 0 ? static_cast<size_t>(field->size) : 0;
  op->str.buffer = static_cast<char*>(malloc(size + 1));
  if (!op->str.val || !op->str.buffer) throw std::bad_alloc();
  op->str.buffer[size] = 0;
  return 0;
}

}  // namespace

int parse_expression(tep_event* event, std::string_view text, char* error_buffer, ParsedExpression& out) {
  Parser parser(event, text, error_buffer);
  return parser.run(out);
}

}  // namespace tep::filter
