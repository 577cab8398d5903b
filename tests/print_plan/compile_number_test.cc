// SPDX-License-Identifier: LGPL-2.1
// Compiler::number (lib/print_plan/compile_number.cc): the expression each
// kind of print fmt argument becomes (fields resolved, casts as masks that
// vanish where they cut nothing, constant arithmetic and indexes folded), and
// what it evaluates to on a record.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "plan_fixture.h"
#include "print_plan/compiler_state.h"

namespace tep::print_plan {
namespace {

using testing::arguments;
using testing::Bytes;
using testing::field;
using testing::Handle;
using testing::Record;
using K = Expr::Kind;

const std::string kFields = field("u8 b", 8, 1) + field("u32 c", 12, 4) + field("u64 q", 16, 8) +
                            field("u32 arr[4]", 24, 16) + field("__data_loc u16[] d", 40, 4) +
                            field("__data_loc char[] s", 44, 4) + field("int i", 48, 4, true);
constexpr int kFixedSize = 52;

class CompileNumber : public ::testing::Test {
 protected:
  CompileNumber() : bytes_(kFixedSize) {
    bytes_.put<uint8_t>(8, 0xab).put<uint32_t>(12, 0x1234).put<uint64_t>(16, 0x123456789abcdef0ULL);
    for (uint32_t k = 0; k < 4; k++) bytes_.put<uint32_t>(24 + 4 * k, 100 + k);
    bytes_.put<int32_t>(48, 2);
    const uint16_t d[3] = {0x1111, 0x2222, 0x3333};
    bytes_.dynamic(40, std::string(reinterpret_cast<const char*>(d), sizeof d));
  }

  // The first argument of a print fmt "%d" taking `argument`, compiled as a number.
  const Expr& number(const std::string& argument) {
    event_ = handle_.event(kFields, "\"%d\", " + argument);
    if (!event_) throw std::runtime_error("not parsed: " + argument);
    compiling::Compiler compiler(handle_.tep(), *event_, plan_);
    return *compiler.number(ArgRef{arguments(*event_).at(0), -1});
  }
  uint64_t value(const Expr& e) {
    Record r(bytes_);
    return evaluate(r.context(handle_.tep(), *event_), e);
  }

  Handle handle_;
  Bytes bytes_;
  format::Event* event_ = nullptr;
  Plan plan_;
};

TEST_F(CompileNumber, AtomsAreConstants) {
  EXPECT_EQ(number("42").kind, K::kConstant);
  EXPECT_EQ(number("42").constant, 42u);
  EXPECT_EQ(number("0x10").constant, 16u);
  EXPECT_EQ(number("010").constant, 8u);  // strtoull's base 0, as upstream
}

TEST_F(CompileNumber, FieldsAreResolvedOnce) {
  const Expr& e = number("REC->c");
  ASSERT_EQ(e.kind, K::kField);
  EXPECT_EQ(e.field.offset, 12);
  EXPECT_EQ(e.field.size, 4);
  EXPECT_TRUE(e.field.valid);
  EXPECT_EQ(value(e), 0x1234u);
  // A field the event lacks is 0.
  EXPECT_EQ(number("REC->nosuch").kind, K::kZero);
}

TEST_F(CompileNumber, CastsMaskOnlyWhereTheyCutBits) {
  const Expr& byte = number("(u8)REC->c");
  ASSERT_EQ(byte.kind, K::kMask);
  EXPECT_EQ(byte.constant, 0xffu);
  EXPECT_EQ(value(byte), 0x34u);
  // Casts that keep every bit the value can have compile away.
  EXPECT_EQ(number("(u32)REC->c").kind, K::kField);
  EXPECT_EQ(number("(unsigned long)REC->c").kind, K::kField);
  EXPECT_EQ(number("(unsigned int)(REC->q >> 40)").kind, K::kBinary);
  EXPECT_EQ(number("(u16)(REC->c >> 4)").kind, K::kMask);  // 28 bits left
}

TEST_F(CompileNumber, ShiftedFieldsKeepTheirMaskWhenWider) {
  const Expr& e = number("(u8)(REC->c >> 4)");
  ASSERT_EQ(e.kind, K::kMask);
  EXPECT_EQ(value(e), 0x23u);
  EXPECT_EQ(value(number("(u16)(REC->q >> 8)")), 0xbcdeu);
}

TEST_F(CompileNumber, ConstantArithmeticFolds) {
  const Expr& e = number("((1 << 8) - 1) & 0xf0");
  ASSERT_EQ(e.kind, K::kConstant);
  EXPECT_EQ(e.constant, 0xf0u);
  EXPECT_EQ(number("(u8)0x1234").constant, 0x34u);
  EXPECT_EQ(number("10 / 0").constant, 0u);  // upstream dies of SIGFPE
  // A constant condition picks its branch at compile time.
  const Expr& branch = number("1 ? REC->c : REC->b");
  EXPECT_EQ(branch.kind, K::kField);
  EXPECT_EQ(branch.field.offset, 12);
  EXPECT_EQ(number("0 ? REC->c : REC->b").field.offset, 8);
  const Expr& cond = number("REC->i ? REC->c : REC->b");
  EXPECT_EQ(cond.kind, K::kConditional);
  EXPECT_EQ(value(cond), 0x1234u);
}

TEST_F(CompileNumber, ConstantIndexesBecomeFields) {
  const Expr& e = number("REC->arr[2]");
  ASSERT_EQ(e.kind, K::kField);
  EXPECT_EQ(e.field.offset, 24 + 8);
  EXPECT_EQ(e.field.size, 4);
  EXPECT_EQ(value(e), 102u);
  // An index past the record compiles the same; it reads 0.
  EXPECT_EQ(value(number("REC->arr[1000]")), 0u);
}

TEST_F(CompileNumber, VariableIndexesScaleByTheElementSize) {
  const Expr& e = number("REC->arr[REC->i]");
  ASSERT_EQ(e.kind, K::kFieldIndex);
  EXPECT_EQ(e.element_size, 4);
  EXPECT_EQ(value(e), 102u);
}

TEST_F(CompileNumber, DynamicArrayElementsIndexInBytes) {
  const Expr& e = number("((u16 *)__get_dynamic_array(d))[REC->i]");
  ASSERT_EQ(e.kind, K::kDynamicIndex);
  EXPECT_EQ(e.element_size, 2);
  uint16_t at_two;
  memcpy(&at_two, "\x22\x22", 2);  // bytes 2 and 3 of the payload: d[1]
  EXPECT_EQ(value(e), at_two);
  EXPECT_EQ(number("__get_dynamic_array(d)").kind, K::kDynamicAddress);
  const Expr& len = number("__get_dynamic_array_len(d)");
  ASSERT_EQ(len.kind, K::kDynamicLength);
  EXPECT_EQ(value(len), 6u);
}

TEST_F(CompileNumber, IndexingNothingIsAnUnknownOperator) {
  const Expr& e = number("(REC->c + 1)[2]");
  ASSERT_EQ(e.kind, K::kBinary);
  EXPECT_EQ(e.op, Expr::Op::kUnknown);
  EXPECT_EQ(value(e), 0u);
}

TEST_F(CompileNumber, StringsFlagsAndMasksAreZero) {
  EXPECT_EQ(number("__get_str(s)").kind, K::kZero);
  EXPECT_EQ(number("__print_flags(REC->c, \"|\", {1, \"A\"})").kind, K::kZero);
  EXPECT_EQ(number("__print_symbolic(REC->c, {1, \"A\"})").kind, K::kZero);
  EXPECT_EQ(number("__print_hex(REC->arr, 4)").kind, K::kZero);
}

TEST_F(CompileNumber, FunctionsAreCalls) {
  tep_register_print_function(
      &handle_.tep(), [](trace_seq*, unsigned long long* args) -> unsigned long long { return args[0] * 3; },
      TEP_FUNC_ARG_INT, const_cast<char*>("triple"), TEP_FUNC_ARG_INT, TEP_FUNC_ARG_VOID);
  const Expr& e = number("triple(REC->b)");
  ASSERT_EQ(e.kind, K::kFunction);
  ASSERT_NE(e.call, nullptr);
  EXPECT_EQ(e.call->params.size(), 1u);
  EXPECT_EQ(value(e), 3u * 0xab);
}

TEST_F(CompileNumber, NoNodeIsZero) {
  event_ = handle_.event(kFields, "\"\"");
  ASSERT_NE(event_, nullptr);
  compiling::Compiler compiler(handle_.tep(), *event_, plan_);
  EXPECT_EQ(compiler.number(ArgRef{})->kind, K::kZero);
  EXPECT_FALSE(plan_.failed);
}

TEST_F(CompileNumber, BprintArgumentsAreTheirValues) {
  event_ = handle_.event(kFields, "\"\"");
  compiling::Compiler compiler(handle_.tep(), *event_, plan_);
  const Expr* e = compiler.number(ArgRef{nullptr, 3});
  EXPECT_EQ(e->kind, K::kBprintArg);
  EXPECT_EQ(e->index, 3);
}

// A tree deeper than any the print fmt parser builds fails the plan rather
// than recursing without bound.
TEST_F(CompileNumber, TooDeepATreeFailsThePlan) {
  event_ = handle_.event(kFields, "\"\"");
  ASSERT_NE(event_, nullptr);
  std::vector<tep_print_arg> chain(compiling::kMaxDepth + 10);
  char type[] = "u64";
  for (size_t k = 0; k < chain.size(); k++) {
    chain[k].type = TEP_PRINT_TYPE;
    chain[k].typecast.type = type;
    chain[k].typecast.item = k + 1 < chain.size() ? &chain[k + 1] : nullptr;
  }
  compiling::Compiler compiler(handle_.tep(), *event_, plan_);
  compiler.number(ArgRef{&chain[0], -1});
  EXPECT_TRUE(plan_.failed);
}

}  // namespace
}  // namespace tep::print_plan
