// SPDX-License-Identifier: LGPL-2.1
// lib/print_plan/compiler.cc: compile_format (a print fmt's steps, how each
// runs, the literal paired with each conversion, and when the plan fails as
// upstream fails the event), resolve_field and the compiler's helpers
// (flag values, operators, how many bits a value can have).
#include "print_plan/compiler.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "plan_fixture.h"
#include "print_plan/compiler_state.h"
#include "print_plan/plan_runner.h"

namespace tep::print_plan {
namespace {

using testing::arguments;
using testing::Bytes;
using testing::field;
using testing::Handle;
using testing::printed;
using testing::Record;

TEST(FlagValue, NumbersAndTheNamesUpstreamKnows) {
  EXPECT_EQ(compiling::flag_value("0x10"), 16);
  EXPECT_EQ(compiling::flag_value("010"), 8);
  EXPECT_EQ(compiling::flag_value("7"), 7);
  EXPECT_EQ(compiling::flag_value("HI_SOFTIRQ"), 0);
  EXPECT_EQ(compiling::flag_value("NET_RX_SOFTIRQ"), 3);
  EXPECT_EQ(compiling::flag_value("RCU_SOFTIRQ"), 9);
  EXPECT_EQ(compiling::flag_value("HRTIMER_NORESTART"), 0);
  EXPECT_EQ(compiling::flag_value("HRTIMER_RESTART"), 1);
  EXPECT_EQ(compiling::flag_value("GFP_KERNEL"), -1);
  EXPECT_EQ(compiling::flag_value(""), -1);
  EXPECT_EQ(compiling::flag_value(nullptr), -1);
}

TEST(OpFrom, EveryOperatorUpstreamEvaluates) {
  using Op = Expr::Op;
  const std::pair<const char*, Op> table[] = {
      {"!", Op::kNot},     {"!=", Op::kNe},  {"~", Op::kBitNot}, {"||", Op::kLogOr}, {"|", Op::kOr},
      {"&&", Op::kLogAnd}, {"&", Op::kAnd},  {"<", Op::kLt},     {"<<", Op::kShl},   {"<=", Op::kLe},
      {">", Op::kGt},      {">>", Op::kShr}, {">=", Op::kGe},    {"==", Op::kEq},    {"-", Op::kSub},
      {"+", Op::kAdd},     {"/", Op::kDiv},  {"%", Op::kMod},    {"*", Op::kMul},
  };
  for (const auto& [text, op] : table) EXPECT_EQ(compiling::op_from(text), op) << text;
  for (const char* unknown : {"=", "!x", "<>", "=<", "^", "", "?"}) {
    EXPECT_EQ(compiling::op_from(unknown), Op::kUnknown) << unknown;
  }
  EXPECT_EQ(compiling::op_from(nullptr), Op::kUnknown);
}

TEST(ValueBits, HowManyLowBitsAValueCanHave) {
  using K = Expr::Kind;
  Expr zero{.kind = K::kZero};
  Expr constant{.kind = K::kConstant, .constant = 0x1ff};
  Expr byte{.kind = K::kField, .field = FieldRef{.size = 1}};
  Expr word{.kind = K::kField, .field = FieldRef{.size = 4}};
  Expr wide{.kind = K::kField, .field = FieldRef{.size = 8}};
  Expr odd{.kind = K::kField, .field = FieldRef{.size = 16}};
  EXPECT_EQ(compiling::value_bits(zero, 0), 0);
  EXPECT_EQ(compiling::value_bits(constant, 0), 9);
  EXPECT_EQ(compiling::value_bits(byte, 0), 8);
  EXPECT_EQ(compiling::value_bits(word, 0), 32);
  EXPECT_EQ(compiling::value_bits(wide, 0), 64);
  EXPECT_EQ(compiling::value_bits(odd, 0), 64);

  Expr mask{.kind = K::kMask, .constant = 0xf, .a = &word};
  EXPECT_EQ(compiling::value_bits(mask, 0), 4);
  Expr cond{.kind = K::kConditional, .a = &wide, .b = &byte, .c = &constant};
  EXPECT_EQ(compiling::value_bits(cond, 0), 9);
  Expr and_op{.kind = K::kBinary, .op = Expr::Op::kAnd, .a = &word, .b = &byte};
  EXPECT_EQ(compiling::value_bits(and_op, 0), 8);
  Expr or_op{.kind = K::kBinary, .op = Expr::Op::kOr, .a = &word, .b = &byte};
  EXPECT_EQ(compiling::value_bits(or_op, 0), 32);
  Expr shift_by{.kind = K::kConstant, .constant = 20};
  Expr shr{.kind = K::kBinary, .op = Expr::Op::kShr, .a = &word, .b = &shift_by};
  EXPECT_EQ(compiling::value_bits(shr, 0), 12);
  Expr shr_by_field{.kind = K::kBinary, .op = Expr::Op::kShr, .a = &word, .b = &byte};
  EXPECT_EQ(compiling::value_bits(shr_by_field, 0), 32);
  Expr shift_all{.kind = K::kConstant, .constant = 40};
  Expr shr_all{.kind = K::kBinary, .op = Expr::Op::kShr, .a = &word, .b = &shift_all};
  EXPECT_EQ(compiling::value_bits(shr_all, 0), 0);
  Expr compare{.kind = K::kBinary, .op = Expr::Op::kLt, .a = &wide, .b = &wide};
  EXPECT_EQ(compiling::value_bits(compare, 0), 1);
  Expr sum{.kind = K::kBinary, .op = Expr::Op::kAdd, .a = &byte, .b = &byte};
  EXPECT_EQ(compiling::value_bits(sum, 0), 64);  // a carry: not worth tracking
  Expr call{.kind = K::kFunction};
  EXPECT_EQ(compiling::value_bits(call, 0), 64);
  // Past a few levels it gives up.
  EXPECT_EQ(compiling::value_bits(mask, 9), 64);
}

const std::string kFields = field("u8 b", 8, 1) + field("short h", 10, 2, true) + field("int i", 12, 4, true) +
                            field("u64 q", 16, 8) + field("__data_loc char[] s", 24, 4, true) +
                            field("__rel_loc u8[] r", 28, 4) + field("u8 arr[3]", 32, 3);

class CompileFormat : public ::testing::Test {
 protected:
  CompileFormat() : bytes_(40) {
    bytes_.put<uint8_t>(8, 9).put<int16_t>(10, -7).put<int32_t>(12, 5).put<uint64_t>(16, 0xabc);
    bytes_.dynamic(24, std::string("str\0", 4));
  }
  // `format` compiled with the arguments of `print_args` (a print fmt's text after its format).
  void compile(const std::string& format, const std::string& print_args = "") {
    event_ = handle_.event(kFields, "\"" + format + "\"" + print_args);
    ASSERT_NE(event_, nullptr);
    std::vector<ArgRef> args;
    for (const tep_print_arg* a : arguments(*event_)) args.push_back(ArgRef{a, -1});
    // The steps point into the text: the event's copy, which lives as long as the plan.
    const std::string_view text = event_->print_fmt.format;
    ASSERT_EQ(text, format);
    compile_format(handle_.tep(), *event_, text, format_string::PrintFmt(text, args.size()), args, plan_);
  }
  std::string run() {
    Record r(bytes_);
    return printed([&](seq::Output& o) { run_steps(o, r.context(handle_.tep(), *event_), plan_); });
  }
  std::vector<Step::Kind> kinds() const {
    std::vector<Step::Kind> out;
    for (const Step& s : plan_.steps) out.push_back(s.kind);
    return out;
  }

  Handle handle_;
  Bytes bytes_;
  format::Event* event_ = nullptr;
  Plan plan_;
};

using SK = Step::Kind;

TEST_F(CompileFormat, LiteralsAndConversionsAlternate) {
  compile("b=%u h=%hd s=%s p=%p end", ", REC->b, REC->h, __get_str(s), REC->q");
  EXPECT_EQ(kinds(), (std::vector<SK>{SK::kLiteral, SK::kNumber, SK::kLiteral, SK::kNumber, SK::kLiteral, SK::kString,
                                      SK::kLiteral, SK::kPointer, SK::kLiteral}));
  EXPECT_FALSE(plan_.failed);
  ASSERT_EQ(plan_.printed.size(), 5u);
  EXPECT_EQ(plan_.printed[0].prefix, "b=");
  EXPECT_EQ(plan_.printed[3].prefix, " p=");
  EXPECT_EQ(plan_.printed[4].prefix, "");
  EXPECT_EQ(plan_.printed[4].step->literal, " end");
  EXPECT_EQ(run(), "b=9 h=-7 s=str p=0xabc end");
}

TEST_F(CompileFormat, EachConversionChoosesHowItRuns) {
  compile("%u%d%d%llu%d%s%s%p%*d%5-d",
          ", REC->b, REC->h, REC->i, REC->q, REC->arr, __get_str(s), \"t\", REC->q, "
          "REC->i, REC->b, REC->b");
  using Run = Step::Run;
  std::vector<Run> runs;
  for (const Step& s : plan_.steps) runs.push_back(s.run);
  EXPECT_EQ(runs, (std::vector<Run>{Run::kField1, Run::kField2, Run::kField4, Run::kField8, Run::kNumber,
                                    Run::kDynString, Run::kString, Run::kPointer, Run::kOther, Run::kOther}));
  EXPECT_EQ(plan_.steps[0].field_offset, 8);
  EXPECT_EQ(plan_.steps[0].field_size, 1);
  EXPECT_EQ(plan_.steps[5].field_offset, 24);
  EXPECT_FALSE(plan_.steps[5].relative);
  ASSERT_NE(plan_.steps[8].star, nullptr);
  EXPECT_EQ(plan_.steps[8].star->kind, Expr::Kind::kField);
}

TEST_F(CompileFormat, RelLocStringsRunInTheLoopToo) {
  bytes_.dynamic(28, std::string("rel\0", 4), true);
  compile("[%s]", ", __get_rel_str(r)");
  ASSERT_EQ(plan_.steps.size(), 3u);
  EXPECT_EQ(plan_.steps[1].run, Step::Run::kDynString);
  EXPECT_TRUE(plan_.steps[1].relative);
  EXPECT_EQ(run(), "[rel]");
}

TEST_F(CompileFormat, PointerStepsKeepTheirDirectiveText) {
  compile("%pS and %pI4h", ", REC->q, REC->arr");
  ASSERT_EQ(plan_.steps.size(), 3u);
  EXPECT_EQ(plan_.steps[0].conversion.text, "%pS");
  EXPECT_EQ(plan_.steps[2].conversion.text, "%pI4h");
  EXPECT_EQ(plan_.steps[2].pointer->kind, PointerArg::Kind::kIpv4);
}

TEST_F(CompileFormat, MissingArgumentsFailThePlan) {
  compile("%d %d", ", REC->b");
  EXPECT_TRUE(plan_.failed);
  // The conversion that has its argument still compiles.
  EXPECT_EQ(plan_.steps[0].kind, SK::kNumber);
}

TEST_F(CompileFormat, TooManyLengthLettersFailThePlan) {
  compile("[%llld]", ", REC->q");
  EXPECT_TRUE(plan_.failed);
  EXPECT_EQ(kinds(), (std::vector<SK>{SK::kLiteral, SK::kBadCount, SK::kLiteral}));
}

TEST_F(CompileFormat, UnknownLettersShowAsText) {
  compile("a%yb%d%%c", ", REC->b");
  EXPECT_FALSE(plan_.failed);
  // ">y<" joins the literal around it; "%%" is a '%'.
  EXPECT_EQ(kinds(), (std::vector<SK>{SK::kLiteral, SK::kNumber, SK::kLiteral}));
  EXPECT_EQ(plan_.steps[0].literal, "a>y<b");
  EXPECT_EQ(run(), "a>y<b9%c");
}

TEST_F(CompileFormat, FormatEndingInsideADirectivePrintsTheTextBefore) {
  compile("abc %", ", REC->b");
  EXPECT_FALSE(plan_.failed);
  EXPECT_EQ(kinds(), (std::vector<SK>{SK::kLiteral}));
  EXPECT_EQ(run(), "abc ");
}

TEST_F(CompileFormat, EmptyFormatHasNoStep) {
  compile("");
  EXPECT_TRUE(plan_.steps.empty());
  EXPECT_TRUE(plan_.printed.empty());
  EXPECT_EQ(run(), "");
}

TEST_F(CompileFormat, BprintArgumentsCompileToTheirValues) {
  event_ = handle_.event(kFields, "\"\"");
  static const char format[] = "%d %s %pS";
  std::vector<ArgRef> args(3);
  for (int k = 0; k < 3; k++) args[k].bprint_index = k;
  compile_format(handle_.tep(), *event_, format, format_string::PrintFmt(format, args.size()), args, plan_);
  ASSERT_EQ(plan_.steps.size(), 5u);
  EXPECT_EQ(plan_.steps[0].number->kind, Expr::Kind::kBprintArg);
  EXPECT_EQ(plan_.steps[2].string->kind, StrArg::Kind::kBprintArg);
  EXPECT_EQ(plan_.steps[2].string->index, 1);
  EXPECT_EQ(plan_.steps[4].pointer->source, PointerArg::Source::kBprintArg);
  EXPECT_EQ(plan_.steps[4].pointer->index, 2);
}

TEST_F(CompileFormat, ResolveFieldByPointerOrName) {
  event_ = handle_.event(kFields, "\"\"");
  ASSERT_NE(event_, nullptr);
  // The common fields come first, as tep_find_any_field looks.
  const FieldRef pid = resolve_field(*event_, nullptr, "common_pid");
  EXPECT_TRUE(pid.valid);
  EXPECT_EQ(pid.offset, 4);
  EXPECT_EQ(pid.size, 4);
  const FieldRef arr = resolve_field(*event_, nullptr, "arr");
  EXPECT_TRUE(arr.is_array);
  EXPECT_EQ(arr.element_size, 1);
  const FieldRef r = resolve_field(*event_, nullptr, "r");
  EXPECT_TRUE(r.is_dynamic);
  EXPECT_TRUE(r.is_relative);
  EXPECT_FALSE(resolve_field(*event_, nullptr, "nosuch").valid);
  EXPECT_FALSE(resolve_field(*event_, nullptr, nullptr).valid);
  // A resolved pointer wins over the name.
  const tep_format_field* q = tep_find_field(event_, "q");
  EXPECT_EQ(resolve_field(*event_, q, "b").offset, 16);
}

}  // namespace
}  // namespace tep::print_plan
