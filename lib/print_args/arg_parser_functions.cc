// SPDX-License-Identifier: LGPL-2.1
// The named helpers a print fmt calls, each with its own argument grammar:
//   __print_flags(REC->flags, "|", { 1, "A" }), __print_symbolic(...),
//   __print_hex(buf, len), __print_array(a, n, size), __print_dynamic_array(a,
//   size), __get_str(name) and the other __get_* accessors, __get_stacktrace(name),
//   __builtin_expect(c, h), sizeof(type), and the functions a plugin registered
//   with tep_register_print_function.
#include "print_args/arg_parser.h"

#include "format/field_lookup.h"
#include "print_args/const_eval.h"

namespace tep::print_args {

namespace {

tep_format_field* find_event_field(format::Event& event, std::string_view name) {
  return format::find_field_in(event.format.fields, name);
}

}  // namespace

base::Token PrintFmtParser::process_function(tep_print_arg* arg, const std::string& name) {
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
  if (name == "__get_bitmask" || name == "__get_rel_bitmask") return process_named_field(arg, TEP_PRINT_BITMASK);
  if (name == "__get_cpumask" || name == "__get_rel_cpumask") return process_named_field(arg, TEP_PRINT_CPUMASK);
  if (name == "__get_dynamic_array" || name == "__get_rel_dynamic_array" || name == "__get_sockaddr" ||
      name == "__get_sockaddr_rel")
    return process_dynamic_array(arg);
  if (name == "__get_dynamic_array_len" || name == "__get_rel_dynamic_array_len") return process_dynamic_array_len(arg);
  if (name == "__get_stacktrace") return process_stacktrace(arg);
  if (name == "__print_dynamic_array") return process_print_dynamic_array(arg);
  if (name == "__builtin_expect") return process_builtin_expect(arg);
  if (name == "sizeof") return process_sizeof(arg);
  if (const tep_function_handler* handler = context_.functions.find(name)) return process_func_handler(arg, *handler);
  return fail(ArgParseStatus::kUnknownFunction);
}

base::Token PrintFmtParser::process_field_arg(tep_print_arg* arg) {
  base::Token token = process_arg(arg);
  while (is_ok(token) && token.type == base::TokenType::kOp) token = process_op(arg, token);
  return token;
}

// The `value,` that __print_flags and __print_symbolic start with.
base::Token PrintFmtParser::process_table_value(tep_print_arg*& value) {
  tep_print_arg* field = tree_.new_arg();
  base::Token token = process_field_arg(field);
  if (!is_ok(token)) return token;
  if (!token.is(base::TokenType::kDelim, ",")) return fail(status_for(token));
  value = field;
  return token;
}

// __print_flags(value, "delim", { 1, "A" }, { 2, "B" })  (the delimiter may be absent)
base::Token PrintFmtParser::process_flags(tep_print_arg* arg) {
  *arg = tep_print_arg{};
  arg->type = TEP_PRINT_FLAGS;
  base::Token token = process_table_value(arg->flags.field);
  if (!is_ok(token)) return token;

  token = lexer_.next_item();
  if (token.is_item_like()) {
    arg->flags.delim = tree_.keep(token.text);
    token = lexer_.next_item();
  }
  if (!token.is(base::TokenType::kDelim, ",")) return fail(status_for(token));
  return process_table(&arg->flags.flags);
}

// __print_symbolic(value, { 1, "A" }, { 2, "B" })
base::Token PrintFmtParser::process_symbols(tep_print_arg* arg) {
  *arg = tep_print_arg{};
  arg->type = TEP_PRINT_SYMBOL;
  base::Token token = process_table_value(arg->symbol.field);
  if (!is_ok(token)) return token;
  return process_table(&arg->symbol.symbols);
}

// The `{ 1, "A" }, { 2, "B" })` that both end with, through the `)` (a trailing ','
// before it is tolerated).
base::Token PrintFmtParser::process_table(tep_print_flag_sym** list) {
  base::Token token;
  do {
    token = lexer_.next_item();
    if (!token.is(base::TokenType::kOp, "{")) break;

    tep_print_arg* value = tree_.new_arg();
    token = process_arg(value);
    if (is_ok(token) && token.type == base::TokenType::kOp) token = process_op(value, token);
    if (!is_ok(token)) return token;
    if (!token.is(base::TokenType::kDelim, ",")) return fail(status_for(token));
    char* value_text = table_entry_text(tree_, *value);
    if (!value_text) return fail(ArgParseStatus::kBadTableEntry);

    tep_print_arg* text = tree_.new_arg();
    token = process_arg(text);
    if (!is_ok(token)) return token;
    if (!token.is(base::TokenType::kOp, "}")) return fail(status_for(token));
    char* text_text = table_entry_text(tree_, *text);
    if (!text_text) return fail(ArgParseStatus::kBadTableEntry);

    tep_print_flag_sym* entry = tree_.new_flag_sym();
    entry->value = value_text;
    entry->str = text_text;
    *list = entry;
    list = &entry->next;
    token = lexer_.next_item();
  } while (token.is(base::TokenType::kDelim, ","));
  if (!is_ok(token)) return token;
  if (!token.is(base::TokenType::kDelim, ")")) return fail(status_for(token));
  return lexer_.next_item();
}

// The arguments of __print_hex, __print_array and __print_dynamic_array have
// their constants folded as top-level arguments do, when an operator follows
// their first operand ("8 * 2" is "16", "(8 * 2)" stays).
tep_print_arg* PrintFmtParser::arg_then(std::string_view delim) {
  tep_print_arg* arg = tree_.new_arg();
  base::Token token = process_arg(arg);
  const bool operation = token.type == base::TokenType::kOp;
  while (is_ok(token) && token.type == base::TokenType::kOp) token = process_op(arg, token);
  if (!is_ok(token)) return nullptr;
  if (!token.is(base::TokenType::kDelim, delim)) {
    fail(status_for(token));
    return nullptr;
  }
  if (operation) fold_constants(tree_, *arg);
  return arg;
}

// __print_hex(buf, len) and __print_hex_str(buf, len).
base::Token PrintFmtParser::process_hex(tep_print_arg* arg, tep_print_arg_type type) {
  *arg = tep_print_arg{};
  arg->type = type;
  if (!(arg->hex.field = arg_then(","))) return {base::TokenType::kError, {}};
  if (!(arg->hex.size = arg_then(")"))) return {base::TokenType::kError, {}};
  return lexer_.next_item();
}

// __print_array(array, count, element size)
base::Token PrintFmtParser::process_int_array(tep_print_arg* arg) {
  *arg = tep_print_arg{};
  arg->type = TEP_PRINT_INT_ARRAY;
  if (!(arg->int_array.field = arg_then(","))) return {base::TokenType::kError, {}};
  if (!(arg->int_array.count = arg_then(","))) return {base::TokenType::kError, {}};
  if (!(arg->int_array.el_size = arg_then(")"))) return {base::TokenType::kError, {}};
  return lexer_.next_item();
}

// __get_str(name), __get_bitmask(name), __get_cpumask(name) and their _rel
// forms. Upstream resolves the field when first printed; we resolve it here
// (it stays NULL when there is no such field, as upstream's lookup).
base::Token PrintFmtParser::process_named_field(tep_print_arg* arg, tep_print_arg_type type) {
  base::Token name = lexer_.next();
  if (name.type != base::TokenType::kItem) return fail(status_for(name));
  arg->type = type;
  tep_format_field* field = format::find_any_field_in(event_, name.text);
  if (type == TEP_PRINT_STRING) {
    arg->string.string = tree_.keep(name.text);
    arg->string.field = field;
  } else {
    arg->bitmask.bitmask = tree_.keep(name.text);
    arg->bitmask.field = field;
  }
  if (!read_expected(base::TokenType::kDelim, ")")) return {base::TokenType::kError, {}};
  return lexer_.next();
}

// __get_dynamic_array(name): the field must be an event (not common) field.
// Upstream rejects a following "[index]" and, when the index is not closed
// by ']', drops it together with the token after it; both are kept as is.
base::Token PrintFmtParser::process_dynamic_array(tep_print_arg* arg) {
  *arg = tep_print_arg{};
  arg->type = TEP_PRINT_DYNAMIC_ARRAY;
  base::Token name = lexer_.next();
  if (name.type != base::TokenType::kItem) return fail(status_for(name));
  tep_format_field* field = find_event_field(event_, name.text);
  if (!field) return fail(ArgParseStatus::kUnknownField);
  arg->dynarray.field = field;
  if (!read_expected(base::TokenType::kDelim, ")")) return {base::TokenType::kError, {}};
  base::Token token = lexer_.next_item();
  if (!token.is(base::TokenType::kOp, "[")) return token;

  tep_print_arg* index = tree_.new_arg();
  token = process_arg(index);
  if (!is_ok(token)) return token;
  if (token.is(base::TokenType::kOp, "]")) return fail(ArgParseStatus::kUnexpectedToken);
  return lexer_.next_item();
}

// __get_stacktrace(name) (upstream 1.9.0). The field is left unresolved, as
// upstream leaves it until the event is printed: any name parses.
base::Token PrintFmtParser::process_stacktrace(tep_print_arg* arg) {
  base::Token name = lexer_.next();
  if (name.type != base::TokenType::kItem) return fail(status_for(name));
  *arg = tep_print_arg{};
  arg->type = TEP_PRINT_STACKTRACE;
  arg->stacktrace.stacktrace = tree_.keep(name.text);
  if (!read_expected(base::TokenType::kDelim, ")")) return {base::TokenType::kError, {}};
  return lexer_.next();
}

// __print_dynamic_array(name, element size) (upstream 1.9.0): an int array
// whose source is the event field `name` read as a dynamic array and whose
// count is left out (the printer divides the array's length by the size).
base::Token PrintFmtParser::process_print_dynamic_array(tep_print_arg* arg) {
  base::Token name = lexer_.next();
  if (name.type != base::TokenType::kItem) return fail(status_for(name));
  tep_format_field* field = find_event_field(event_, name.text);
  if (!field) return fail(ArgParseStatus::kUnknownField);
  if (!read_expected(base::TokenType::kDelim, ",")) return {base::TokenType::kError, {}};
  *arg = tep_print_arg{};
  arg->type = TEP_PRINT_INT_ARRAY;
  tep_print_arg* source = tree_.new_arg();
  source->type = TEP_PRINT_DYNAMIC_ARRAY;
  source->dynarray.field = field;
  arg->int_array.field = source;
  if (!(arg->int_array.el_size = arg_then(")"))) return {base::TokenType::kError, {}};
  return lexer_.next_item();
}

// __get_dynamic_array_len(name)
base::Token PrintFmtParser::process_dynamic_array_len(tep_print_arg* arg) {
  base::Token name = lexer_.next();
  if (name.type != base::TokenType::kItem) return fail(status_for(name));
  arg->type = TEP_PRINT_DYNAMIC_ARRAY_LEN;
  tep_format_field* field = find_event_field(event_, name.text);
  if (!field) return fail(ArgParseStatus::kUnknownField);
  arg->dynarray.field = field;
  arg->dynarray.index = nullptr;
  if (!read_expected(base::TokenType::kDelim, ")")) return {base::TokenType::kError, {}};
  return lexer_.next();
}

// __builtin_expect(cond, hint): the node becomes `cond` itself.
base::Token PrintFmtParser::process_builtin_expect(tep_print_arg* arg) {
  base::Token token = process_arg(arg);
  if (!is_ok(token)) return token;
  if (!token.is(base::TokenType::kDelim, ",")) return fail(status_for(token));
  base::Token hint = lexer_.next();
  if (hint.type != base::TokenType::kItem) return fail(status_for(hint));
  if (!read_expected(base::TokenType::kDelim, ")")) return {base::TokenType::kError, {}};
  return lexer_.next_item();
}

// Like upstream, the type words are compared as text whatever their token kind.
// sizeof(int), sizeof(unsigned [int]), sizeof(long), sizeof(long long),
// sizeof(u8 .. s64), sizeof(__u8 .. __s64) but __s8, and sizeof(REC->scalar_field)
// become atoms.
base::Token PrintFmtParser::process_sizeof(tep_print_arg* arg) {
  base::Token token = lexer_.next_item();
  arg->type = TEP_PRINT_ATOM;
  bool have_next = false;  // `token` already holds what follows the type
  std::string size;

  bool bare_unsigned = false;
  if (token.text == "unsigned") {
    token = lexer_.next_item();
    if (!is_ok(token)) return fail(ArgParseStatus::kUnterminatedString);
    if (token.type != base::TokenType::kItem) {
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
      if (context_.long_size != 4 && context_.long_size != 8) return fail(ArgParseStatus::kBadSizeof);
      size = context_.long_size == 4 ? "4" : "8";
      have_next = true;
    }
  } else if (token.text == "REC") {
    token = lexer_.next_item();
    if (!token.is(base::TokenType::kOp, "->")) return fail(status_for(token));
    base::Token name = lexer_.next();
    if (name.type != base::TokenType::kItem) return fail(status_for(name));
    tep_format_field* field = format::find_any_field_in(event_, name.text);
    if (!field) return fail(ArgParseStatus::kUnknownField);
    if (field->flags & TEP_FIELD_IS_ARRAY) return fail(ArgParseStatus::kBadSizeof);
    size = std::to_string(field->size);
  } else if (token.text == "u8" || token.text == "s8" || token.text == "__u8") {
    // Upstream 1.9.0 added the __ forms, all but __s8.
    size = "1";
  } else if (token.text == "u16" || token.text == "s16" || token.text == "__u16" || token.text == "__s16") {
    size = "2";
  } else if (token.text == "u32" || token.text == "s32" || token.text == "__u32" || token.text == "__s32") {
    size = "4";
  } else if (token.text == "u64" || token.text == "s64" || token.text == "__u64" || token.text == "__s64") {
    size = "8";
  } else {
    return fail(ArgParseStatus::kBadSizeof);
  }
  arg->atom.atom = tree_.keep(size);
  if (!have_next) token = lexer_.next_item();
  if (!token.is(base::TokenType::kDelim, ")")) return fail(status_for(token));
  return lexer_.next_item();
}

// A registered print function: exactly as many single-operand arguments as
// it declared. With no parameters the ')' is left for the caller, as upstream.
base::Token PrintFmtParser::process_func_handler(tep_print_arg* arg, const tep_function_handler& handler) {
  arg->type = TEP_PRINT_FUNC;
  arg->func.func = const_cast<tep_function_handler*>(&handler);
  arg->func.args = nullptr;
  tep_print_arg** tail = &arg->func.args;
  const size_t count = handler.params.size();
  for (size_t i = 0; i < count; ++i) {
    tep_print_arg* param = tree_.new_arg();
    base::Token token = process_arg(param);
    if (!is_ok(token)) return token;
    if (!token.is(base::TokenType::kDelim, i + 1 < count ? "," : ")")) return fail(ArgParseStatus::kWrongArgumentCount);
    *tail = param;
    tail = &param->next;
  }
  return lexer_.next();
}

}  // namespace tep::print_args
