// SPDX-License-Identifier: LGPL-2.1
// Compiler::string (lib/print_plan/compile_string.cc): the %s argument each
// kind of print fmt argument becomes: texts, fields read as bytes or as an
// address, flag and symbol tables, hex dumps and arrays with their sources,
// dynamic strings and masks, ?: between strings, print functions.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "plan_fixture.h"
#include "print_plan/compiler_state.h"

namespace tep::print_plan {
namespace {

using testing::arguments;
using testing::field;
using testing::Handle;
using K = StrArg::Kind;

const std::string kFields = field("u32 c", 8, 4) + field("unsigned long ptr", 16, 8) + field("char name[8]", 24, 8) +
                            field("__data_loc char[] s", 32, 4) + field("__rel_loc char[] r", 36, 4) +
                            field("__data_loc unsigned long[] mask", 40, 4) + field("__data_loc u8[] d", 44, 4);

class CompileString : public ::testing::Test {
 protected:
  // The first argument of a print fmt "%s" taking `argument`, compiled as a string.
  const StrArg& string(const std::string& argument) {
    event_ = handle_.event(kFields, "\"%s\", " + argument);
    if (!event_) throw std::runtime_error("not parsed: " + argument);
    compiling::Compiler compiler(handle_.tep(), *event_, plan_);
    return *compiler.string(ArgRef{arguments(*event_).at(0), -1});
  }

  Handle handle_;
  format::Event* event_ = nullptr;
  Plan plan_;
};

TEST_F(CompileString, AtomsAreText) {
  const StrArg& s = string("\"text\"");
  EXPECT_EQ(s.kind, K::kText);
  EXPECT_EQ(s.text, "text");
  EXPECT_EQ(string("42").text, "42");
}

TEST_F(CompileString, FieldsAreBytesOrAnAddress) {
  const StrArg& name = string("REC->name");
  EXPECT_EQ(name.kind, K::kFieldBytes);
  EXPECT_EQ(name.field.offset, 24);
  EXPECT_EQ(name.field.size, 8);
  EXPECT_TRUE(name.field.is_array);
  // A long-sized scalar holds the address of a kernel string.
  EXPECT_EQ(string("REC->ptr").kind, K::kAddress);
  EXPECT_EQ(string("REC->c").kind, K::kFieldBytes);
  EXPECT_EQ(string("REC->nosuch").kind, K::kNothing);
}

TEST_F(CompileString, LongSizeDecidesWhichScalarIsAnAddress) {
  tep_set_long_size(&handle_.tep(), 4);
  EXPECT_EQ(string("REC->c").kind, K::kAddress);
  EXPECT_EQ(string("REC->ptr").kind, K::kFieldBytes);
}

TEST_F(CompileString, FlagTables) {
  const StrArg& s = string("__print_flags(REC->c, \"|\", {0x1, \"A\"}, {FOO, \"foo\"}, {0, \"Z\"}, {4, \"C\"})");
  ASSERT_EQ(s.kind, K::kFlags);
  EXPECT_TRUE(s.has_delimiter);
  EXPECT_EQ(s.text, "|");
  ASSERT_EQ(s.symbols.size(), 4u);
  EXPECT_EQ(s.symbols[0].value, 1);
  EXPECT_EQ(s.symbols[1].value, -1);  // an unknown name
  EXPECT_EQ(s.symbols[3].text, "C");
  // Entries of value 0 or below never match a bit.
  EXPECT_EQ(s.flag_bits, (std::vector<uint64_t>{1, ~0ULL, ~0ULL, 4}));
  // One past the last negative entry: those print once no bit is left.
  EXPECT_EQ(s.negative_end, 2u);
  ASSERT_NE(s.value, nullptr);
  EXPECT_EQ(s.value->kind, Expr::Kind::kField);
}

TEST_F(CompileString, SymbolTablesKnowSoftirqNames) {
  const StrArg& s = string("__print_symbolic(REC->c, {HI_SOFTIRQ, \"hi\"}, {RCU_SOFTIRQ, \"rcu\"}, {0x10, \"x\"})");
  ASSERT_EQ(s.kind, K::kSymbols);
  ASSERT_EQ(s.symbols.size(), 3u);
  EXPECT_EQ(s.symbols[0].value, 0);
  EXPECT_EQ(s.symbols[1].value, 9);
  EXPECT_EQ(s.symbols[2].value, 16);
  EXPECT_TRUE(s.flag_bits.empty());
}

TEST_F(CompileString, HexDumpsAndArraysKeepTheirSource) {
  const StrArg& hex = string("__print_hex(__get_dynamic_array(d), 4)");
  EXPECT_EQ(hex.kind, K::kHex);
  EXPECT_TRUE(hex.source_is_dynamic);
  EXPECT_EQ(hex.field.offset, 44);
  EXPECT_EQ(hex.value->constant, 4u);
  const StrArg& hex_str = string("__print_hex_str(REC->name, REC->c)");
  EXPECT_EQ(hex_str.kind, K::kHexString);
  EXPECT_FALSE(hex_str.source_is_dynamic);
  EXPECT_EQ(hex_str.field.offset, 24);
  EXPECT_EQ(hex_str.value->kind, Expr::Kind::kField);
  const StrArg& array = string("__print_array(REC->name, 2, 4)");
  EXPECT_EQ(array.kind, K::kIntArray);
  EXPECT_EQ(array.element_size->constant, 4u);
  EXPECT_FALSE(array.count_from_length);
  // __print_dynamic_array(x, size): the count is the array's length.
  const StrArg& dynamic = string("__print_dynamic_array(d, 2)");
  EXPECT_EQ(dynamic.kind, K::kIntArray);
  EXPECT_TRUE(dynamic.count_from_length);
  EXPECT_EQ(dynamic.element_size->constant, 2u);
}

TEST_F(CompileString, HexDumpsOfNothingPrintNothing) {
  EXPECT_EQ(string("__print_hex(REC->nosuch, 4)").kind, K::kNothing);
  EXPECT_EQ(string("__print_hex(REC->c + 1, 4)").kind, K::kNothing);
}

TEST_F(CompileString, DynamicStringsAndMasks) {
  const StrArg& s = string("__get_str(s)");
  EXPECT_EQ(s.kind, K::kDynString);
  EXPECT_TRUE(s.field.is_dynamic);
  EXPECT_FALSE(s.field.is_relative);
  const StrArg& r = string("__get_rel_str(r)");
  EXPECT_EQ(r.kind, K::kDynString);
  EXPECT_TRUE(r.field.is_relative);
  EXPECT_EQ(string("__get_bitmask(mask)").kind, K::kBitmask);
  EXPECT_EQ(string("__get_cpumask(mask)").kind, K::kCpumask);
  EXPECT_EQ(string("__get_stacktrace(mask)").kind, K::kStacktrace);
  // Unknown names print nothing.
  EXPECT_EQ(string("__get_str(nosuch)").kind, K::kNothing);
  EXPECT_EQ(string("__get_bitmask(nosuch)").kind, K::kNothing);
  EXPECT_EQ(string("__get_stacktrace(nosuch)").kind, K::kNothing);
}

TEST_F(CompileString, ConditionalsChooseBetweenStrings) {
  const StrArg& s = string("REC->c ? \"yes\" : __get_str(s)");
  ASSERT_EQ(s.kind, K::kConditional);
  EXPECT_EQ(s.value->kind, Expr::Kind::kField);
  EXPECT_EQ(s.yes->kind, K::kText);
  EXPECT_EQ(s.no->kind, K::kDynString);
  // Any other operator gives no string.
  EXPECT_EQ(string("REC->c + 1").kind, K::kNothing);
}

TEST_F(CompileString, FunctionsAreCalls) {
  tep_register_print_function(
      &handle_.tep(), [](trace_seq*, unsigned long long*) -> unsigned long long { return 0; }, TEP_FUNC_ARG_STRING,
      const_cast<char*>("describe"), TEP_FUNC_ARG_STRING, TEP_FUNC_ARG_INT, TEP_FUNC_ARG_VOID);
  const StrArg& s = string("describe(__get_str(s), REC->c)");
  ASSERT_EQ(s.kind, K::kFunction);
  ASSERT_EQ(s.call->params.size(), 2u);
  EXPECT_TRUE(s.call->params[0].is_string);
  EXPECT_EQ(s.call->params[0].string->kind, K::kDynString);
  EXPECT_FALSE(s.call->params[1].is_string);
  EXPECT_EQ(s.call->params[1].number->kind, Expr::Kind::kField);
}

TEST_F(CompileString, OtherArgumentsPrintNothing) {
  EXPECT_EQ(string("__get_dynamic_array(d)").kind, K::kNothing);
  event_ = handle_.event(kFields, "\"\"");
  compiling::Compiler compiler(handle_.tep(), *event_, plan_);
  EXPECT_EQ(compiler.string(ArgRef{})->kind, K::kNothing);
  const StrArg* bprint = compiler.string(ArgRef{nullptr, 2});
  EXPECT_EQ(bprint->kind, K::kBprintArg);
  EXPECT_EQ(bprint->index, 2);
}

TEST_F(CompileString, TooDeepATreeFailsThePlan) {
  event_ = handle_.event(kFields, "\"\"");
  ASSERT_NE(event_, nullptr);
  // "c ? (c ? (c ? ... : "") : "") : """, deeper than the parser ever builds.
  const int depth = compiling::kMaxDepth + 10;
  std::vector<tep_print_arg> nodes(3 * static_cast<size_t>(depth) + 1);
  char question[] = "?", colon[] = ":", empty[] = "";
  tep_print_arg* text = &nodes.back();
  text->type = TEP_PRINT_ATOM;
  text->atom.atom = empty;
  for (int k = 0; k < depth; k++) {
    tep_print_arg& test = nodes[3 * k];
    tep_print_arg& branches = nodes[3 * k + 1];
    tep_print_arg& atom = nodes[3 * k + 2];
    atom.type = TEP_PRINT_ATOM;
    atom.atom.atom = empty;
    test.type = TEP_PRINT_OP;
    test.op.op = question;
    test.op.left = &atom;
    test.op.right = &branches;
    branches.type = TEP_PRINT_OP;
    branches.op.op = colon;
    branches.op.left = k + 1 < depth ? &nodes[3 * (k + 1)] : text;
    branches.op.right = text;
  }
  compiling::Compiler compiler(handle_.tep(), *event_, plan_);
  compiler.string(ArgRef{&nodes[0], -1});
  EXPECT_TRUE(plan_.failed);
}

}  // namespace
}  // namespace tep::print_plan
