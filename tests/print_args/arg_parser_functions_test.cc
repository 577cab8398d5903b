// SPDX-License-Identifier: LGPL-2.1
// The named helpers of a print fmt (arg_parser_functions.cc), each through
// PrintFmtParser: the node it builds, the fields it resolves or marks, and
// the status each kind of misuse gives.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <ostream>
#include <string>

#include "event_builder.h"
#include "print_args/arg_parser.h"

namespace tep::print_args {

// Failure messages name the status (gtest finds this by argument-dependent lookup).
void PrintTo(ArgParseStatus status, std::ostream* os) { *os << parse_status_text(status); }

namespace {

using testing::make_test_event;

class ArgParserFunctions : public ::testing::Test {
 protected:
  ArgParseStatus parse(const std::string& args, int long_size = 8) {
    event = make_test_event();
    const std::string text = "\"%d\", " + args;
    context = std::make_unique<PrintFmtContext>(PrintFmtContext{functions, long_size});
    PrintFmtParser parser(*context, *event, event->print_args, text);
    return parser.parse();
  }
  const tep_print_arg* arg() const { return event->print_fmt.args; }
  tep_format_field* field(const char* name) const {
    for (tep_format_field* f = event->format.fields; f; f = f->next)
      if (!strcmp(f->name, name)) return f;
    return nullptr;
  }
  void add_function(const char* name, std::initializer_list<tep_func_arg_type> params) {
    auto handler = std::make_unique<tep_function_handler>();
    handler->name = name;
    handler->params = params;
    functions.add(std::move(handler));
  }

  PrintFunctionRegistry functions;
  std::unique_ptr<PrintFmtContext> context;
  std::unique_ptr<format::Event> event;
};

constexpr ArgParseStatus kOk = ArgParseStatus::kOk;

TEST_F(ArgParserFunctions, PrintFlagsBuildsItsTable) {
  ASSERT_EQ(parse(R"(__print_flags(REC->flags, "|", { 1, "A" }, { 0x2, "B" }))"), kOk);
  ASSERT_EQ(arg()->type, TEP_PRINT_FLAGS);
  EXPECT_STREQ(arg()->flags.delim, "|");
  ASSERT_EQ(arg()->flags.field->type, TEP_PRINT_FIELD);
  EXPECT_EQ(arg()->flags.field->field.field, field("flags"));
  const tep_print_flag_sym* s = arg()->flags.flags;
  ASSERT_NE(s, nullptr);
  EXPECT_STREQ(s->value, "1");
  EXPECT_STREQ(s->str, "A");
  ASSERT_NE(s->next, nullptr);
  EXPECT_STREQ(s->next->value, "0x2");  // an atom keeps its spelling
  EXPECT_EQ(s->next->next, nullptr);
  EXPECT_TRUE(field("flags")->flags & TEP_FIELD_IS_FLAG);
  EXPECT_FALSE(field("flags")->flags & TEP_FIELD_IS_SYMBOLIC);
}

TEST_F(ArgParserFunctions, PrintFlagsWithoutDelimiterOrEntries) {
  ASSERT_EQ(parse(R"(__print_flags(REC->a, , { 1, "A" }))"), kOk);
  EXPECT_EQ(arg()->flags.delim, nullptr);
  ASSERT_EQ(parse(R"(__print_flags(REC->a, "", ))"), kOk);
  EXPECT_STREQ(arg()->flags.delim, "");
  EXPECT_EQ(arg()->flags.flags, nullptr);
}

TEST_F(ArgParserFunctions, PrintSymbolicBuildsItsTable) {
  ASSERT_EQ(parse(R"(__print_symbolic(REC->a, { 0, "zero" }, { -1, "minus" }, { (1 << 4), "shifted" }))"), kOk);
  ASSERT_EQ(arg()->type, TEP_PRINT_SYMBOL);
  const tep_print_flag_sym* s = arg()->symbol.symbols;
  ASSERT_NE(s, nullptr);
  EXPECT_STREQ(s->str, "zero");
  EXPECT_STREQ(s->next->value, "-1");
  EXPECT_STREQ(s->next->next->value, "16");  // an expression is evaluated
  EXPECT_TRUE(field("a")->flags & TEP_FIELD_IS_SYMBOLIC);
  EXPECT_FALSE(field("a")->flags & TEP_FIELD_IS_FLAG);
  // No entries at all.
  ASSERT_EQ(parse(R"(__print_symbolic(REC->a, ))"), kOk);
  EXPECT_EQ(arg()->symbol.symbols, nullptr);
}

// The mark goes to the first field read after the helper starts, and only to it.
TEST_F(ArgParserFunctions, FlagMarkGoesToTheFirstFieldOnly) {
  ASSERT_EQ(parse(R"(__print_symbolic(REC->a + REC->b, { 1, "x" }))"), kOk);
  EXPECT_TRUE(field("a")->flags & TEP_FIELD_IS_SYMBOLIC);
  EXPECT_FALSE(field("b")->flags & TEP_FIELD_IS_SYMBOLIC);
  // Without a field in the value, the mark waits for the next one (upstream).
  ASSERT_EQ(parse(R"(__print_flags(3, "|", { 1, "x" }), REC->b)"), kOk);
  EXPECT_TRUE(field("b")->flags & TEP_FIELD_IS_FLAG);
}

TEST_F(ArgParserFunctions, TableMisuse) {
  EXPECT_EQ(parse(R"(__print_flags(REC->a "|", { 1, "A" }))"), ArgParseStatus::kUnexpectedToken);
  EXPECT_EQ(parse(R"(__print_flags(REC->a, "|" { 1, "A" }))"), ArgParseStatus::kUnexpectedToken);
  EXPECT_EQ(parse(R"(__print_symbolic(REC->a))"), ArgParseStatus::kUnexpectedToken);
  EXPECT_EQ(parse(R"(__print_symbolic(REC->a, { 1 "A" }))"), ArgParseStatus::kUnexpectedToken);
  EXPECT_EQ(parse(R"(__print_symbolic(REC->a, { 1, "A" ))"), ArgParseStatus::kUnexpectedToken);
  EXPECT_EQ(parse(R"(__print_symbolic(REC->a, { 1, "A" } { 2, "B" }))"), ArgParseStatus::kUnexpectedToken);
  EXPECT_EQ(parse(R"(__print_symbolic(REC->a, { REC->b, "A" }))"), ArgParseStatus::kBadTableEntry);
  EXPECT_EQ(parse(R"(__print_symbolic(REC->a, { 1, REC->b }))"), ArgParseStatus::kBadTableEntry);
  EXPECT_EQ(parse(R"(__print_symbolic(REC->a, { 1, "A" })"), ArgParseStatus::kUnexpectedEnd);
}

// Constants fold when an operator follows the first operand; a lone
// parenthesis stays as written.
TEST_F(ArgParserFunctions, PrintHexFoldsItsOperands) {
  ASSERT_EQ(parse("__print_hex(REC->name, 8 * 2)"), kOk);
  ASSERT_EQ(arg()->type, TEP_PRINT_HEX);
  EXPECT_EQ(arg()->hex.field->type, TEP_PRINT_FIELD);
  ASSERT_EQ(arg()->hex.size->type, TEP_PRINT_ATOM);
  EXPECT_STREQ(arg()->hex.size->atom.atom, "16");
  ASSERT_EQ(parse("__print_hex_str(REC->name, (8 * 2))"), kOk);
  EXPECT_EQ(arg()->type, TEP_PRINT_HEX_STR);
  EXPECT_EQ(arg()->hex.size->type, TEP_PRINT_OP);
}

TEST_F(ArgParserFunctions, PrintHexAndArrayNeedEveryOperand) {
  EXPECT_EQ(parse("__print_hex(REC->name)"), ArgParseStatus::kUnexpectedToken);
  EXPECT_EQ(parse("__print_hex(REC->name, 16, 1)"), ArgParseStatus::kUnexpectedToken);
  EXPECT_EQ(parse("__print_hex_str(REC->name,"), ArgParseStatus::kUnexpectedEnd);
  EXPECT_EQ(parse("__print_array(REC->name, 4)"), ArgParseStatus::kUnexpectedToken);
  ASSERT_EQ(parse("__print_array(REC->name, 4, 4)"), kOk);
  EXPECT_EQ(arg()->type, TEP_PRINT_INT_ARRAY);
  EXPECT_STREQ(arg()->int_array.count->atom.atom, "4");
  EXPECT_STREQ(arg()->int_array.el_size->atom.atom, "4");
}

// __get_str & co. resolve their field now; a missing one stays null.
TEST_F(ArgParserFunctions, NamedFieldAccessors) {
  ASSERT_EQ(parse("__get_str(str)"), kOk);
  EXPECT_EQ(arg()->type, TEP_PRINT_STRING);
  EXPECT_STREQ(arg()->string.string, "str");
  EXPECT_EQ(arg()->string.field, field("str"));
  ASSERT_EQ(parse("__get_bitmask(mask)"), kOk);
  EXPECT_EQ(arg()->type, TEP_PRINT_BITMASK);
  EXPECT_EQ(arg()->bitmask.field, field("mask"));
  ASSERT_EQ(parse("__get_rel_cpumask(nosuch)"), kOk);
  EXPECT_EQ(arg()->type, TEP_PRINT_CPUMASK);
  EXPECT_STREQ(arg()->bitmask.bitmask, "nosuch");
  EXPECT_EQ(arg()->bitmask.field, nullptr);
  ASSERT_EQ(parse("__get_str(common_pid)"), kOk);  // common fields too
  EXPECT_STREQ(arg()->string.field->name, "common_pid");
  EXPECT_EQ(parse("__get_str(\"str\")"), ArgParseStatus::kUnexpectedToken);
  EXPECT_EQ(parse("__get_str(str, 1)"), ArgParseStatus::kUnexpectedToken);
  EXPECT_EQ(parse("__get_bitmask()"), ArgParseStatus::kUnexpectedToken);
}

TEST_F(ArgParserFunctions, DynamicArrayAccessors) {
  ASSERT_EQ(parse("__get_dynamic_array(buf)"), kOk);
  EXPECT_EQ(arg()->type, TEP_PRINT_DYNAMIC_ARRAY);
  EXPECT_EQ(arg()->dynarray.field, field("buf"));
  ASSERT_EQ(parse("__get_rel_dynamic_array_len(str)"), kOk);
  EXPECT_EQ(arg()->type, TEP_PRINT_DYNAMIC_ARRAY_LEN);
  EXPECT_EQ(arg()->dynarray.field, field("str"));
  EXPECT_EQ(arg()->dynarray.index, nullptr);
  EXPECT_EQ(parse("__get_dynamic_array(nosuch)"), ArgParseStatus::kUnknownField);
  EXPECT_EQ(parse("__get_dynamic_array_len(nosuch)"), ArgParseStatus::kUnknownField);
  EXPECT_EQ(parse("__get_sockaddr(common_pid)"), ArgParseStatus::kUnknownField);  // event fields only
  EXPECT_EQ(parse("__get_dynamic_array(buf"), ArgParseStatus::kUnexpectedEnd);
  EXPECT_EQ(parse("__get_dynamic_array(\"buf\")"), ArgParseStatus::kUnexpectedToken);
}

// The condition is one operand, as upstream reads it: an expression needs parentheses.
TEST_F(ArgParserFunctions, BuiltinExpectBecomesItsCondition) {
  ASSERT_EQ(parse("__builtin_expect(REC->a, 0)"), kOk);
  EXPECT_EQ(arg()->type, TEP_PRINT_FIELD);
  EXPECT_EQ(arg()->field.field, field("a"));
  ASSERT_EQ(parse("__builtin_expect((REC->a > 1), 0)"), kOk);
  EXPECT_EQ(arg()->type, TEP_PRINT_OP);
  EXPECT_STREQ(arg()->op.op, ">");
  EXPECT_EQ(parse("__builtin_expect(REC->a > 1, 0)"), ArgParseStatus::kUnexpectedToken);
  EXPECT_EQ(parse("__builtin_expect(REC->a)"), ArgParseStatus::kUnexpectedToken);
  EXPECT_EQ(parse("__builtin_expect(REC->a, (0))"), ArgParseStatus::kUnexpectedToken);
  EXPECT_EQ(parse("__builtin_expect(REC->a, 0, 1)"), ArgParseStatus::kUnexpectedToken);
}

TEST_F(ArgParserFunctions, SizeofOfEveryType) {
  const std::pair<const char*, const char*> sizes[] = {
      {"int", "4"},   {"unsigned", "4"},      {"unsigned int", "4"}, {"long long", "8"}, {"unsigned long long", "8"},
      {"long", "8"},  {"unsigned long", "8"}, {"u8", "1"},           {"s8", "1"},        {"__u8", "1"},
      {"u16", "2"},   {"__s16", "2"},         {"s32", "4"},          {"__u32", "4"},     {"u64", "8"},
      {"__s64", "8"}, {"REC->a", "4"},        {"REC->flags", "8"}};
  for (const auto& [type, size] : sizes) {
    ASSERT_EQ(parse(std::string("sizeof(") + type + ")"), kOk) << type;
    ASSERT_EQ(arg()->type, TEP_PRINT_ATOM) << type;
    EXPECT_STREQ(arg()->atom.atom, size) << type;
  }
  ASSERT_EQ(parse("sizeof(long)", 4), kOk);
  EXPECT_STREQ(arg()->atom.atom, "4");
}

TEST_F(ArgParserFunctions, SizeofRefusals) {
  for (const char* type : {"char", "__s8", "unsigned char", "struct foo", "void *", "short", "REC->name"})
    EXPECT_EQ(parse(std::string("sizeof(") + type + ")"), ArgParseStatus::kBadSizeof) << type;
  EXPECT_EQ(parse("sizeof(long)", 0), ArgParseStatus::kBadSizeof);
  EXPECT_EQ(parse("sizeof(long)", 2), ArgParseStatus::kBadSizeof);
  EXPECT_EQ(parse("sizeof(REC->nosuch)"), ArgParseStatus::kUnknownField);
  EXPECT_EQ(parse("sizeof(REC.a)"), ArgParseStatus::kUnexpectedToken);
  EXPECT_EQ(parse("sizeof(int, 1)"), ArgParseStatus::kUnexpectedToken);
  EXPECT_EQ(parse("sizeof(unsigned \"x)"), ArgParseStatus::kUnterminatedString);
}

TEST_F(ArgParserFunctions, RegisteredFunctions) {
  add_function("two", {TEP_FUNC_ARG_INT, TEP_FUNC_ARG_PTR});
  ASSERT_EQ(parse("two(REC->a, REC->b)"), kOk);
  ASSERT_EQ(arg()->type, TEP_PRINT_FUNC);
  EXPECT_EQ(arg()->func.func->name, "two");
  ASSERT_NE(arg()->func.args, nullptr);
  EXPECT_EQ(arg()->func.args->field.field, field("a"));
  EXPECT_EQ(arg()->func.args->next->field.field, field("b"));
  EXPECT_EQ(arg()->func.args->next->next, nullptr);
  EXPECT_EQ(parse("two(REC->a)"), ArgParseStatus::kWrongArgumentCount);
  EXPECT_EQ(parse("two(REC->a, REC->b, 1)"), ArgParseStatus::kWrongArgumentCount);
  EXPECT_EQ(parse("three(1, 2, 3)"), ArgParseStatus::kUnknownFunction);
  // The latest registration of a name is the one used.
  add_function("two", {TEP_FUNC_ARG_INT});
  ASSERT_EQ(parse("two(REC->a)"), kOk);
  EXPECT_EQ(arg()->func.func->params.size(), 1u);
}

// Unknown names, including near misses of the helpers, are unknown functions.
TEST_F(ArgParserFunctions, UnknownFunctions) {
  for (const char* call : {"nosuch(1)", "__print_flag(REC->a, \"|\", {1, \"A\"})", "__get_strs(str)",
                           "__PRINT_HEX(REC->name, 2)", "Sizeof(int)"})
    EXPECT_EQ(parse(call), ArgParseStatus::kUnknownFunction) << call;
}

}  // namespace
}  // namespace tep::print_args
