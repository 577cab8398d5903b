// SPDX-License-Identifier: LGPL-2.1
// parse_print_fmt on hand-built events: tree shapes (checked against upstream
// 1.8.4 with dump_formats), error paths and limits.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "event_builder.h"
#include "print_args/print_fmt_parser.h"

namespace tep::print_args {
namespace {

using testing::make_event;
using testing::make_test_event;

std::string S(const char* text) { return text ? text : "(null)"; }

// A compact rendering of a tree: ATOM "1" -> 1, FIELD a -> $a, OP -> (l op r).
std::string show(const tep_print_arg* arg) {
  if (!arg) return "~";
  switch (arg->type) {
    case TEP_PRINT_NULL: return "_";
    case TEP_PRINT_ATOM: return S(arg->atom.atom);
    case TEP_PRINT_FIELD: return "$" + S(arg->field.name);
    case TEP_PRINT_OP:
      return "(" + show(arg->op.left) + " " + S(arg->op.op) + ":" + std::to_string(arg->op.prio) +
             " " + show(arg->op.right) + ")";
    case TEP_PRINT_TYPE: return "[" + S(arg->typecast.type) + "]" + show(arg->typecast.item);
    case TEP_PRINT_STRING: return "str(" + S(arg->string.string) + ")";
    case TEP_PRINT_BITMASK: return "bitmask(" + S(arg->bitmask.bitmask) + ")";
    case TEP_PRINT_CPUMASK: return "cpumask(" + S(arg->bitmask.bitmask) + ")";
    case TEP_PRINT_DYNAMIC_ARRAY: return "dyn(" + S(arg->dynarray.field->name) + ")";
    case TEP_PRINT_DYNAMIC_ARRAY_LEN: return "dynlen(" + S(arg->dynarray.field->name) + ")";
    case TEP_PRINT_HEX: return "hex(" + show(arg->hex.field) + "," + show(arg->hex.size) + ")";
    case TEP_PRINT_HEX_STR: return "hexstr(" + show(arg->hex.field) + "," + show(arg->hex.size) + ")";
    case TEP_PRINT_INT_ARRAY:
      return "array(" + show(arg->int_array.field) + "," + show(arg->int_array.count) + "," +
             show(arg->int_array.el_size) + ")";
    case TEP_PRINT_FLAGS:
    case TEP_PRINT_SYMBOL: {
      bool flags = arg->type == TEP_PRINT_FLAGS;
      std::string out = flags ? "flags(" + show(arg->flags.field) + ",'" + S(arg->flags.delim) + "'"
                              : "sym(" + show(arg->symbol.field);
      for (auto* s = flags ? arg->flags.flags : arg->symbol.symbols; s; s = s->next)
        out += ",{" + S(s->value) + "," + S(s->str) + "}";
      return out + ")";
    }
    case TEP_PRINT_STACKTRACE:
      return "stack(" + S(arg->stacktrace.stacktrace) + (arg->stacktrace.field ? ",field" : "") + ")";
    case TEP_PRINT_FUNC: {
      std::string out = arg->func.func->name + "(";
      for (auto* a = arg->func.args; a; a = a->next) out += show(a) + (a->next ? "," : "");
      return out + ")";
    }
    default: return "?";
  }
}

struct Parsed {
  bool ok;
  std::string format;
  std::string args;
  bool failed;
};

class PrintFmtParserTest : public ::testing::Test {
 protected:
  PrintFmtParserTest() { tep.long_size = 8; }

  Parsed parse(const char* text) {
    event = make_test_event();
    bool ok = parse_print_fmt({tep.print_functions, tep.long_size}, *event, text);
    Parsed out{ok, S(event->print_fmt.format), "", (event->flags & TEP_EVENT_FL_FAILED) != 0};
    for (auto* a = event->print_fmt.args; a; a = a->next) out.args += show(a) + (a->next ? " | " : "");
    return out;
  }
  std::string args(const char* text) {
    Parsed p = parse(text);
    EXPECT_TRUE(p.ok) << text;
    return p.args;
  }
  void expect_failure(const char* text) {
    Parsed p = parse(text);
    EXPECT_FALSE(p.ok) << text;
    EXPECT_TRUE(p.failed) << text;
  }
  tep_format_field* field(const char* name) {
    for (auto* f = event->format.fields; f; f = f->next)
      if (!std::strcmp(f->name, name)) return f;
    return nullptr;
  }

  tep_handle tep;
  std::unique_ptr<format::Event> event;
};

TEST_F(PrintFmtParserTest, FormatStringIsKeptRawAndJoined) {
  Parsed p = parse(R"("a\n\t\"\\%d" "b\%s" , REC->a)");
  EXPECT_TRUE(p.ok);
  EXPECT_EQ(p.format, R"(a\n\t\"\\%db\%s)");
  EXPECT_EQ(p.args, "$a");
  EXPECT_EQ(parse("\"no args\"\n").args, "");
}

TEST_F(PrintFmtParserTest, FieldsAreResolvedAtParseTime) {
  args(R"("%d %d %d", REC->a, (REC)->b, REC->common_pid)");
  const tep_print_arg* a = event->print_fmt.args;
  EXPECT_EQ(a->field.field, field("a"));
  EXPECT_EQ(a->next->field.field, field("b"));
  EXPECT_STREQ(a->next->next->field.field->name, "common_pid");
  EXPECT_EQ(args(R"("%d", REC->missing)"), "$missing");
  EXPECT_EQ(event->print_fmt.args->field.field, nullptr);
}

TEST_F(PrintFmtParserTest, RecInParentheses) {
  EXPECT_EQ(args(R"("%d", ((REC))->a + 1)"), "($a +:7 1)");
  EXPECT_EQ(args(R"("%d", (foo)(REC)->a)"), "[foo]$a");
  EXPECT_EQ(args(R"("%d", REC)->a)"), "_");  // upstream keeps an empty node and stops
  expect_failure(R"("%d", (REC))");
  expect_failure(R"("%d", (REC) + 1)");
  expect_failure(R"("%d", REC)");
}

TEST_F(PrintFmtParserTest, PrecedenceAndUpstreamShapes) {
  EXPECT_EQ(args(R"("%d", REC->a + REC->b * 2)"), "($a +:7 ($b *:6 2))");
  EXPECT_EQ(args(R"("%d", REC->a * REC->b + 2)"), "(($a *:6 $b) +:7 2)");
  // Equal priority groups to the right.
  EXPECT_EQ(args(R"("%d", REC->a - REC->b - 1)"), "($a -:7 ($b -:7 1))");
  // Upstream's rotation: a parenthesised weaker right operand is split.
  EXPECT_EQ(args(R"("%d", REC->a * (REC->b + 2))"), "(($a *:6 $b) +:7 2)");
  // The third operand of ?: is a whole expression (upstream 1.9.0), folded.
  EXPECT_EQ(args(R"("%d", REC->a ? REC->b : 3 + 4)"), "($a ?:0 ($b ::0 7))");
  EXPECT_EQ(args(R"("%d", REC->a ? 1 : REC->b ? 2 : 3)"), "($a ?:0 (1 ::0 ($b ?:0 (2 ::0 3))))");
  EXPECT_EQ(args(R"("%d", REC->a + REC->b ? 1 : 2)"), "(($a +:7 $b) ?:0 (1 ::0 2))");
  EXPECT_EQ(args(R"("%d", -REC->a + 1)"), "((_ -:0 $a) +:7 1)");
  EXPECT_EQ(args(R"("%d", !REC->a && ~REC->b)"), "((_ !:0 $a) &&:14 (_ ~:0 $b))");
  EXPECT_EQ(args(R"("%d", REC->name[REC->a])"), "($name [:0 $a)");
  EXPECT_EQ(args(R"("%d", REC->a == 1 || REC->b != 2)"), "(($a ==:10 1) ||:15 ($b !=:10 2))");
}

TEST_F(PrintFmtParserTest, UpstreamOneNineRejections) {
  // A ?: nested in the second operand without parentheses: its ':' reaches
  // the inner third operand as an unknown operator.
  expect_failure(R"("%d", REC->a ? REC->b ? 1 : 2 : 3)");
  EXPECT_EQ(args(R"("%d", REC->a ? (REC->b ? 1 : 2) : 3)"), "($a ?:0 (($b ?:0 (1 ::0 2)) ::0 3))");
  // An operator without a priority after a right operand.
  expect_failure(R"("%d", REC->a + REC->name[1])");
  expect_failure(R"("%d", -REC->name[1])");
  expect_failure(R"("%d", REC->a ? 1 : 2 : 3)");
  EXPECT_EQ(args(R"("%d", REC->name[1] + 2)"), "(($name [:0 1) +:7 2)");
  EXPECT_EQ(args(R"("%d", REC->a + (REC->name[1]))"), "($a +:7 ($name [:0 1))");
}

TEST_F(PrintFmtParserTest, TopLevelConstantsFold) {
  EXPECT_EQ(args(R"("%d", 1 + 2, (1 + 2) * 3, REC->a & ((0x1 | 0x2) + 1) << 1)"),
            "3 | 9 | ($a &:11 8)");
  EXPECT_EQ(args(R"("%d", 18446744073709551615 / 2, 1 << 63, 5 - 10)"),
            "9223372036854775807 | -9223372036854775808 | -5");
  // Not folded: a lone parenthesis, unary operators, casts, '?'.
  EXPECT_EQ(args(R"("%d", (1 + 2), -(1 + 2), (int)(1 + 2))"),
            "(1 +:7 2) | (_ -:0 (1 +:7 2)) | [int](1 +:7 2)");
  EXPECT_EQ(args(R"("%d", 1 ? 2 + 3 : 4)"), "(1 ?:0 (5 ::0 4))");
  // Division by zero stays unfolded (upstream crashes).
  EXPECT_EQ(args(R"("%d", 7 / 0, 7 % 0)"), "(7 /:6 0) | (7 %:6 0)");
}

TEST_F(PrintFmtParserTest, AtomsCastsAndCharacters) {
  EXPECT_EQ(args(R"("%d", unsigned long x, "s" "t", 'a', '\n', '')"), "unsigned long x | st | 97 | 92 | 0");
  EXPECT_EQ(args(R"~("%p", (unsigned long *)REC->a, (char *) REC->b, (struct foo *)"x")~"),
            "[unsigned long *]$a | [char *]$b | [struct foo *]x");
  expect_failure(R"("%p", (foo **)REC->a)");
  expect_failure(R"("%p", (1 + 2)REC->a)");
}

TEST_F(PrintFmtParserTest, Sizeof) {
  EXPECT_EQ(args(R"("%d", sizeof(int), sizeof(unsigned), sizeof(unsigned int), sizeof(long long))"),
            "4 | 4 | 4 | 8");
  EXPECT_EQ(args(R"("%d", sizeof(u8), sizeof(s16), sizeof(u32), sizeof(s64), sizeof(REC->b))"),
            "1 | 2 | 4 | 8 | 4");
  EXPECT_EQ(args(R"("%d", sizeof(long), sizeof(unsigned long) * 8)"), "8 | 64");
  tep.long_size = 4;
  EXPECT_EQ(args(R"("%d", sizeof(long))"), "4");
  tep.long_size = 0;  // unknown: an error, not a guess
  expect_failure(R"("%d", sizeof(long))");
  tep.long_size = 8;
  expect_failure(R"("%d", sizeof(char))");
  expect_failure(R"("%d", sizeof(REC->name))");  // arrays are not handled
  expect_failure(R"("%d", sizeof(REC->nope))");
  expect_failure(R"("%d", sizeof()");
}

TEST_F(PrintFmtParserTest, Helpers) {
  EXPECT_EQ(args(R"("%s", __get_str(str), __get_rel_str(str), __get_bitmask(mask), __get_rel_cpumask(mask))"),
            "str(str) | str(str) | bitmask(mask) | cpumask(mask)");
  EXPECT_EQ(event->print_fmt.args->string.field, field("str"));
  EXPECT_EQ(args(R"("%s", __get_dynamic_array(buf), __get_sockaddr(buf), __get_sockaddr_rel(buf), __get_rel_dynamic_array_len(buf))"),
            "dyn(buf) | dyn(buf) | dyn(buf) | dynlen(buf)");
  EXPECT_EQ(event->print_fmt.args->dynarray.field, field("buf"));
  EXPECT_EQ(args(R"("%s", __print_hex(__get_dynamic_array(buf), REC->len ? REC->len * 4 : 0))"),
            "hex(dyn(buf),($len ?:0 (($len *:6 4) ::0 0)))");
  EXPECT_EQ(args(R"("%s", __print_hex_str(REC->name, 16))"), "hexstr($name,16)");
  EXPECT_EQ(args(R"("%s", __print_array(__get_dynamic_array(buf), __get_dynamic_array_len(buf) / 8, 8))"),
            "array(dyn(buf),(dynlen(buf) /:6 8),8)");
  EXPECT_EQ(args(R"("%d", __builtin_expect(REC->a, 0))"), "$a");
  expect_failure(R"("%s", __get_dynamic_array(common_pid))");  // event fields only
  expect_failure(R"("%s", __get_dynamic_array(buf)[0])");     // as upstream
  expect_failure(R"("%s", __print_symbolic_u64(REC->a, {1, "A"}))");
}

TEST_F(PrintFmtParserTest, FlagsAndSymbols) {
  EXPECT_EQ(args(R"("%s", __print_flags(REC->flags & 3, "|", { 0x01, "A" }, { (1UL << 1), "B" }, ))"),
            "flags(($flags &:11 3),'|',{0x01,A},{2,B})");
  EXPECT_TRUE(field("flags")->flags & TEP_FIELD_IS_FLAG);
  EXPECT_EQ(args(R"("%s", __print_symbolic(REC->a, { -1, "m" }, { (u8)300 + 1, "c" }, { (u8)3, "t" }, { ~1, "x" "y" }))"),
            "sym($a,{-1,m},{45,c},{3,t},{-2,xy})");
  EXPECT_TRUE(field("a")->flags & TEP_FIELD_IS_SYMBOLIC);
  EXPECT_EQ(args(R"("%s", __print_flags(REC->a, , {1, "a"}))"), "flags($a,'(null)',{1,a})");
  // Values upstream cannot evaluate make the event fail.
  for (const char* text : {R"("%s", __print_symbolic(REC->a, {1 * 2, "m"}))",
                           R"("%s", __print_symbolic(REC->a, {!0, "m"}))",
                           R"("%s", __print_symbolic(REC->a, {REC->b, "m"}))",
                           R"("%s", __print_symbolic(REC->a, {1 ? 2 : 3, "m"}))",
                           R"("%s", __print_flags(REC->a, "|"))"})
    expect_failure(text);
  // A missing field is neither resolved nor marked (upstream crashes there).
  EXPECT_EQ(args(R"("%s", __print_symbolic(REC->nope, {1, "m"}))"), "sym($nope,{1,m})");
  EXPECT_EQ(event->print_fmt.args->symbol.field->field.field, nullptr);
}

TEST_F(PrintFmtParserTest, ConversionsNeedArguments) {
  expect_failure(R"("%d %s", REC->a)");
  expect_failure(R"("%*.*s", REC->a, REC->b)");
  expect_failure(R"("%lllx", REC->a)");
  EXPECT_TRUE(parse(R"("\%d %% % d %e", REC->a)").ok);
  // What was parsed stays for "[FAILED TO PARSE]" printing.
  Parsed p = parse(R"("%d %d", REC->a)");
  EXPECT_EQ(p.format, "%d %d");
  EXPECT_EQ(p.args, "$a");
}

TEST_F(PrintFmtParserTest, FailedParseKeepsEarlierArguments) {
  Parsed p = parse(R"("%d %d %d", REC->a, undefined_helper(REC->b), REC->a)");
  EXPECT_FALSE(p.ok);
  EXPECT_TRUE(p.failed);
  EXPECT_EQ(p.format, "%d %d %d");
  EXPECT_EQ(p.args, "$a");
  p = parse(R"("%d", REC->a + 1 $ 2)");
  EXPECT_EQ(p.args, "");
  p = parse("1 + 2");
  EXPECT_EQ(p.format, "(null)");
}

TEST_F(PrintFmtParserTest, RegisteredFunctions) {
  auto handler = std::make_unique<tep_function_handler>();
  handler->name = "twice";
  handler->params = {TEP_FUNC_ARG_INT, TEP_FUNC_ARG_LONG};
  tep.print_functions.add(std::move(handler));
  EXPECT_EQ(args(R"("%d", twice(REC->a, (REC->b + 1)))"), "twice($a,($b +:7 1))");
  const tep_function_handler* used = event->print_fmt.args->func.func;
  expect_failure(R"("%d", twice(REC->a))");
  expect_failure(R"("%d", twice(REC->a, REC->b, 3))");
  expect_failure(R"("%d", twice(REC->a + 1, 2))");  // arguments are single operands upstream
  // Replacing the function keeps the handler the old tree points at alive.
  auto replacement = std::make_unique<tep_function_handler>();
  replacement->name = "twice";
  EXPECT_TRUE(tep.print_functions.add(std::move(replacement)));
  EXPECT_EQ(used->name, "twice");
  EXPECT_EQ(used->params.size(), 2u);
  // No parameters: the ')' is left to the caller, which ends the list.
  EXPECT_EQ(args(R"("%d", twice(), REC->a)"), "twice()");
}

TEST_F(PrintFmtParserTest, FtraceEventsWithoutArgumentsPrintTheirFields) {
  event = make_event({{"unsigned long", "ip", 8, 8}, {"int", "depth", 16, 4}}, "ftrace", "old");
  event->flags |= TEP_EVENT_FL_ISFTRACE;
  ASSERT_TRUE(parse_print_fmt({tep.print_functions, tep.long_size}, *event, "\"%lx %d\"\n"));
  const tep_print_arg* a = event->print_fmt.args;
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->type, TEP_PRINT_FIELD);
  EXPECT_STREQ(a->field.name, "ip");
  EXPECT_EQ(a->field.field, event->format.fields);
  ASSERT_NE(a->next, nullptr);
  EXPECT_STREQ(a->next->field.name, "depth");
  // The fields still have to cover the conversions.
  event = make_event({{"unsigned long", "ip", 8, 8}}, "ftrace", "old");
  event->flags |= TEP_EVENT_FL_ISFTRACE;
  EXPECT_FALSE(parse_print_fmt({tep.print_functions, tep.long_size}, *event, "\"%lx %d\"\n"));
  EXPECT_TRUE(event->flags & TEP_EVENT_FL_FAILED);
}

TEST_F(PrintFmtParserTest, ReparsingReplacesTheTree) {
  args(R"("%d", REC->a)");
  ASSERT_TRUE(parse_print_fmt({tep.print_functions, tep.long_size}, *event, R"("%s", __get_str(str))"));
  EXPECT_EQ(event->print_fmt.args->type, TEP_PRINT_STRING);
  EXPECT_EQ(event->print_fmt.args->next, nullptr);
  EXPECT_STREQ(event->print_fmt.format, "%s");
}

TEST_F(PrintFmtParserTest, EveryTruncationFailsCleanly) {
  std::string text =
      R"("%s %d %s %s %d", __print_flags(REC->flags & 3, "|", {1, "A"}), (u8)REC->a ? sizeof(long) : -(REC->b[2]),)"
      R"( __print_symbolic(REC->a, {1, "x"}), __print_hex(__get_dynamic_array(buf), 4), (REC)->b)";
  ASSERT_TRUE(parse(text.c_str()).ok);
  for (size_t n = 0; n < text.size(); ++n) {
    event = make_test_event();
    parse_print_fmt({tep.print_functions, tep.long_size}, *event, std::string_view(text).substr(0, n));  // must not crash or hang
  }
}

TEST_F(PrintFmtParserTest, DeepNestingFailsCleanly) {
  for (const char* unit : {"(", "-", "!", "(u8)", "~(", "__print_hex(", "a ? "}) {
    std::string text = "\"%d\", ";
    for (int i = 0; i < 10000; ++i) text += unit;
    text += "1";
    expect_failure(text.c_str());
  }
  std::string chain = "\"%d\", 1";
  for (int i = 0; i < 10000; ++i) chain += " + 1";
  expect_failure(chain.c_str());
  // Realistic nesting is far below the limit.
  std::string nested = "\"%d\", ";
  for (int i = 0; i < 100; ++i) nested += "(";
  nested += "REC->a";
  for (int i = 0; i < 100; ++i) nested += ")";
  EXPECT_EQ(args(nested.c_str()), "$a");
}

TEST_F(PrintFmtParserTest, MalformedInputs) {
  // "(int)" at the end is an atom, as upstream.
  EXPECT_EQ(args(R"("%d", (int))"), "int");
  for (const char* text :
       {"\"unterminated", "\"x\", \"unterminated", "\"x\" REC->a", "\"x\",", "\"x\", REC->",
        "\"x\", REC->a +", "\"x\", (", "\"x\", REC->a ?", "\"x\", REC->a ? 1 :", "\"x\", REC->a[",
        "\"x\", __print_flags(", "\"x\", __print_flags(REC->a, \"|\", {", "\"x\", \\",
        "\"x\", REC->a = 1", "\"x\", , REC->a", "\"x\", * REC->a", "\"x\", __get_str(str",
        "\"x\", 'a", "\"x\\", "\"x\", __print_array(REC->a, 1,"})
    expect_failure(text);
}

// Upstream 1.9.0's helpers. __get_stacktrace takes any name, resolved when
// printed; __print_dynamic_array needs an event field and an element size.
TEST_F(PrintFmtParserTest, Stacktrace) {
  EXPECT_EQ(args(R"("%s %d", __get_stacktrace(mask), REC->a)"), "stack(mask) | $a");
  EXPECT_EQ(args(R"("%s", __get_stacktrace(nosuch))"), "stack(nosuch)");
  EXPECT_EQ(args(R"("%s", __get_stacktrace(mask) + 1)"), "(stack(mask) +:7 1)");
  for (const char* bad : {R"("%s", __get_stacktrace())", R"("%s", __get_stacktrace(mask, 1))",
                          R"("%s", __get_stacktrace(REC->mask))", R"("%s", __get_stacktrace("mask"))",
                          R"("%s", __get_stacktrace(mask)", R"("%s", __get_stacktrace()",
                          R"("%s", __get_rel_stacktrace(mask))"})
    expect_failure(bad);
}

TEST_F(PrintFmtParserTest, PrintDynamicArray) {
  EXPECT_EQ(args(R"("%s", __print_dynamic_array(buf, 1))"), "array(dyn(buf),~,1)");
  EXPECT_EQ(args(R"("%s", __print_dynamic_array(mask, sizeof(unsigned long)))"), "array(dyn(mask),~,8)");
  // The size is any expression, its constants folded.
  EXPECT_EQ(args(R"("%s", __print_dynamic_array(buf, 2 * 4))"), "array(dyn(buf),~,8)");
  EXPECT_EQ(args(R"("%s", __print_dynamic_array(buf, REC->a))"), "array(dyn(buf),~,$a)");
  EXPECT_EQ(args(R"("%s", __print_dynamic_array(buf, x))"), "array(dyn(buf),~,x)");
  EXPECT_EQ(args(R"("%s", __print_dynamic_array(a, -1))"), "array(dyn(a),~,(_ -:0 1))");
  for (const char* bad :
       {R"("%s", __print_dynamic_array(nosuch, 1))", R"("%s", __print_dynamic_array(common_pid, 1))",
        R"("%s", __print_dynamic_array(buf))", R"("%s", __print_dynamic_array())",
        R"("%s", __print_dynamic_array(buf, 1, 2))", R"("%s", __print_dynamic_array(REC->buf, 1))",
        R"("%s", __print_dynamic_array(__get_dynamic_array(buf), 1))",
        R"("%s", __print_dynamic_array(buf, 1)", R"("%s", __print_dynamic_array(buf,)",
        R"("%s", __print_rel_dynamic_array(buf, 1))"})
    expect_failure(bad);
}

}  // namespace
}  // namespace tep::print_args
