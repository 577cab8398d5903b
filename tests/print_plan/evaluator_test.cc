// SPDX-License-Identifier: LGPL-2.1
// lib/print_plan/evaluator.cc: the operators on unsigned 64-bit values, every
// kind of expression on hand-built trees, the location of dynamic fields,
// print function calls and the number appenders. Reads outside the record
// give 0 (upstream reads the heap there).
#include "print_plan/evaluator.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

#include "plan_fixture.h"

namespace tep::print_plan {
namespace {

using testing::Bytes;
using testing::field;
using testing::Handle;
using testing::printed;
using testing::Record;
using Op = Expr::Op;
using K = Expr::Kind;

TEST(ApplyOperator, UnsignedArithmeticAsUpstreamComputesIt) {
  EXPECT_EQ(apply_operator(Op::kSub, 5, 7), 0xfffffffffffffffeULL);
  EXPECT_EQ(apply_operator(Op::kAdd, ~0ULL, 2), 1u);
  EXPECT_EQ(apply_operator(Op::kMul, 1ULL << 63, 2), 0u);
  EXPECT_EQ(apply_operator(Op::kDiv, -1024ULL, 3), 6148914691236516864ULL);  // unsigned division
  EXPECT_EQ(apply_operator(Op::kMod, 17, 5), 2u);
  EXPECT_EQ(apply_operator(Op::kAnd, 0xf0, 0x3c), 0x30u);
  EXPECT_EQ(apply_operator(Op::kOr, 0xf0, 0x0f), 0xffu);
  EXPECT_EQ(apply_operator(Op::kBitNot, 123, 0), ~0ULL);
  EXPECT_EQ(apply_operator(Op::kNot, 123, 0), 1u);
  EXPECT_EQ(apply_operator(Op::kNot, 0, 7), 0u);
}

TEST(ApplyOperator, ComparisonsAndLogicGiveZeroOrOne) {
  EXPECT_EQ(apply_operator(Op::kLt, -1ULL, 0), 0u);  // -1 is the largest value
  EXPECT_EQ(apply_operator(Op::kLe, 3, 3), 1u);
  EXPECT_EQ(apply_operator(Op::kGt, 4, 3), 1u);
  EXPECT_EQ(apply_operator(Op::kGe, 2, 3), 0u);
  EXPECT_EQ(apply_operator(Op::kEq, 9, 9), 1u);
  EXPECT_EQ(apply_operator(Op::kNe, 9, 9), 0u);
  EXPECT_EQ(apply_operator(Op::kLogAnd, 2, 4), 1u);
  EXPECT_EQ(apply_operator(Op::kLogAnd, 2, 0), 0u);
  EXPECT_EQ(apply_operator(Op::kLogOr, 0, 0), 0u);
  EXPECT_EQ(apply_operator(Op::kLogOr, 0, 8), 1u);
}

TEST(ApplyOperator, ShiftsTakeTheCountModulo64) {
  // What the x86 instruction upstream's binary runs does; C leaves it undefined.
  EXPECT_EQ(apply_operator(Op::kShl, 1, 64), 1u);
  EXPECT_EQ(apply_operator(Op::kShl, 1, 65), 2u);
  EXPECT_EQ(apply_operator(Op::kShr, 0x80, 68), 8u);
  EXPECT_EQ(apply_operator(Op::kShr, 1ULL << 63, 63), 1u);
}

TEST(ApplyOperator, DivisionByZeroAndUnknownOperatorsGiveZero) {
  // Upstream dies of SIGFPE on the divisions.
  EXPECT_EQ(apply_operator(Op::kDiv, 10, 0), 0u);
  EXPECT_EQ(apply_operator(Op::kMod, 10, 0), 0u);
  EXPECT_EQ(apply_operator(Op::kUnknown, 10, 3), 0u);
}

TEST(Appenders, NumbersWithoutPrintf) {
  EXPECT_EQ(printed([](seq::Output& o) { append_hex(o, 0, true); }), "0x0");
  EXPECT_EQ(printed([](seq::Output& o) { append_hex(o, 0xabcdef, false); }), "abcdef");
  EXPECT_EQ(printed([](seq::Output& o) { append_hex(o, ~0ULL, true); }), "0xffffffffffffffff");
  EXPECT_EQ(printed([](seq::Output& o) { append_byte_hex(o, 0x0f); }), "0f");
  EXPECT_EQ(printed([](seq::Output& o) { append_byte_hex(o, 0xab, true); }), "AB");
  EXPECT_EQ(printed([](seq::Output& o) { append_decimal(o, 0); }), "0");
  EXPECT_EQ(printed([](seq::Output& o) { append_decimal(o, -42); }), "-42");
  EXPECT_EQ(printed([](seq::Output& o) { append_decimal(o, INT64_MIN); }), "-9223372036854775808");
  EXPECT_EQ(printed([](seq::Output& o) { append_unsigned(o, ~0ULL); }), "18446744073709551615");
}

// Hand-built expressions over one event's record:
//   8: u32 a   12: u16 h   16: __data_loc u8[] d   20: __rel_loc u8[] r
//   24: u32 arr[4]   40: 2-byte __data_loc (offset only)
class Evaluator : public ::testing::Test {
 protected:
  Evaluator() : bytes_(48) {
    event_ = handle_.event(field("u32 a", 8, 4) + field("u16 h", 12, 2) + field("__data_loc u8[] d", 16, 4) +
                               field("__rel_loc u8[] r", 20, 4) + field("u32 arr[4]", 24, 16) +
                               field("__data_loc char[] old", 40, 2),
                           "\"\"");
    bytes_.put<uint32_t>(8, 0x11223344).put<uint16_t>(12, 0xbeef);
    for (uint32_t i = 0; i < 4; i++) bytes_.put<uint32_t>(24 + 4 * i, 100 + i);
  }

  Expr& expr(K kind) { return exprs_.emplace_back(Expr{.kind = kind}); }
  Expr& field_expr(K kind, int offset, int size, bool relative = false) {
    Expr& e = expr(kind);
    e.field = FieldRef{.offset = offset, .size = size, .is_relative = relative, .valid = true};
    return e;
  }
  Expr& constant(uint64_t v) {
    Expr& e = expr(K::kConstant);
    e.constant = v;
    return e;
  }
  uint64_t eval(const Expr& e, int size = -1) {
    Record r(bytes_, size);
    return evaluate(r.context(handle_.tep(), *event_), e);
  }

  Handle handle_;
  format::Event* event_ = nullptr;
  Bytes bytes_;
  std::deque<Expr> exprs_;
};

TEST_F(Evaluator, LeavesAndFields) {
  ASSERT_NE(event_, nullptr);
  EXPECT_EQ(eval(expr(K::kZero)), 0u);
  EXPECT_EQ(eval(constant(77)), 77u);
  EXPECT_EQ(eval(field_expr(K::kField, 8, 4)), 0x11223344u);
  EXPECT_EQ(eval(field_expr(K::kField, 12, 2)), 0xbeefu);
  // A field reaching past the record, and sizes no number has, read as 0.
  EXPECT_EQ(eval(field_expr(K::kField, 8, 4), 11), 0u);
  EXPECT_EQ(eval(field_expr(K::kField, 8, 3)), 0u);
  EXPECT_EQ(eval(field_expr(K::kField, -4, 4)), 0u);
}

TEST_F(Evaluator, MasksConditionalsAndOperators) {
  Expr& mask = expr(K::kMask);
  mask.a = &field_expr(K::kField, 8, 4);
  mask.constant = 0xff;
  EXPECT_EQ(eval(mask), 0x44u);

  Expr& cond = expr(K::kConditional);
  cond.a = &field_expr(K::kField, 12, 2);
  cond.b = &constant(1);
  cond.c = &constant(2);
  EXPECT_EQ(eval(cond), 1u);
  EXPECT_EQ(eval(cond, 12), 2u);  // the test reads 0 past the record

  Expr& sum = expr(K::kBinary);
  sum.op = Op::kAdd;
  sum.a = &mask;
  sum.b = &cond;
  EXPECT_EQ(eval(sum), 0x45u);
  EXPECT_EQ(value_of(Record(bytes_).context(handle_.tep(), *event_), sum), 0x45u);
}

TEST_F(Evaluator, IndexedFieldsScaleTheIndexAndStayInTheRecord) {
  Expr& index = expr(K::kFieldIndex);
  index.field = FieldRef{.offset = 24, .size = 16, .element_size = 4, .is_array = true, .valid = true};
  index.element_size = 4;
  index.constant = ~0ULL;
  index.a = &constant(2);
  EXPECT_EQ(eval(index), 102u);
  index.constant = 0x3;  // a cast of the element
  EXPECT_EQ(eval(index), 2u);
  index.constant = ~0ULL;
  index.a = &constant(3);
  EXPECT_EQ(eval(index, 39), 0u);  // the element runs past the record
  index.a = &constant(1000000);    // far outside
  EXPECT_EQ(eval(index), 0u);
}

TEST_F(Evaluator, DynamicArrays) {
  bytes_.dynamic(16, std::string("\x01\x02\x03\x04", 4));  // payload at 48
  Record whole(bytes_);
  const Context ctx = whole.context(handle_.tep(), *event_);
  Expr& address = field_expr(K::kDynamicAddress, 16, 4);
  EXPECT_EQ(evaluate(ctx, address), reinterpret_cast<uintptr_t>(static_cast<const uint8_t*>(whole.data()) + 48));
  Expr& length = field_expr(K::kDynamicLength, 16, 4);
  EXPECT_EQ(evaluate(ctx, length), 4u);
  // A payload running past a record cut short: no address, the length as written.
  EXPECT_EQ(eval(address, 50), 0u);
  EXPECT_EQ(eval(length, 50), 4u);
  // The word itself cut off: nothing.
  EXPECT_EQ(eval(length, 18), 0u);

  // ((u8 *)__get_dynamic_array(d))[i]: the index in bytes, unscaled, as upstream.
  Expr& element = field_expr(K::kDynamicIndex, 16, 4);
  element.element_size = 1;
  element.constant = ~0ULL;
  element.a = &constant(2);
  EXPECT_EQ(evaluate(ctx, element), 3u);
  element.element_size = 2;
  element.a = &constant(1);
  uint16_t two;
  memcpy(&two, "\x02\x03", 2);
  EXPECT_EQ(evaluate(ctx, element), two);
  element.a = &constant(3);  // the second byte lies past the record
  EXPECT_EQ(evaluate(ctx, element), 0u);
}

TEST_F(Evaluator, RelativeAndOldDynamicLocations) {
  bytes_.dynamic(20, std::string("\x07\x08", 2), true);  // payload at 48, written as 24
  Record whole(bytes_);
  const Context ctx = whole.context(handle_.tep(), *event_);
  int64_t offset = -1, length = -1;
  dynamic_location(ctx, 20, 4, true, offset, length);
  EXPECT_EQ(offset, 48);
  EXPECT_EQ(length, 2);
  // Read as a __data_loc, the same word points at 24.
  dynamic_location(ctx, 20, 4, false, offset, length);
  EXPECT_EQ(offset, 24);

  // A 2-byte word holds the offset alone: the payload is the rest of the record.
  bytes_.put<uint16_t>(40, 44);
  Record old(bytes_);
  dynamic_location(old.context(handle_.tep(), *event_), 40, 2, false, offset, length);
  EXPECT_EQ(offset, 44);
  EXPECT_EQ(length, static_cast<int64_t>(bytes_.size()) - 44);
  // An offset past the record's end leaves nothing.
  bytes_.put<uint16_t>(40, 0xfff0);
  Record past(bytes_);
  dynamic_location(past.context(handle_.tep(), *event_), 40, 2, false, offset, length);
  EXPECT_EQ(length, 0);

  // The word outside the record: nothing at all.
  Record cut(bytes_, 22);
  dynamic_location(cut.context(handle_.tep(), *event_), 20, 4, true, offset, length);
  EXPECT_EQ(offset, 0);
  EXPECT_EQ(length, 0);
}

TEST_F(Evaluator, BprintArgumentsAreValuesOrZero) {
  BprintValue args[2];
  args[0].value = 42;
  args[1].is_string = true;
  args[1].text = "text";
  Record r(bytes_);
  Context ctx{handle_.tep(), *event_, RecordView(handle_.tep(), r.data(), r.size()), args, 2};
  Expr& arg = expr(K::kBprintArg);
  EXPECT_EQ(evaluate(ctx, arg), 42u);
  arg.index = 1;  // a string
  EXPECT_EQ(evaluate(ctx, arg), 0u);
  arg.index = 2;  // past the record's values
  EXPECT_EQ(evaluate(ctx, arg), 0u);
}

// The arguments a print function got, as text, and how often it ran.
std::string g_seen;
int g_calls = 0;

unsigned long long remember_args(trace_seq* s, unsigned long long* args) {
  g_calls++;
  g_seen = std::to_string(args[0]) + "," + reinterpret_cast<const char*>(args[1]);
  trace_seq_puts(s, "<printed>");
  return args[0] + 1;
}

unsigned long long sum_four_bytes(trace_seq* s, unsigned long long* args) {
  const auto* p = reinterpret_cast<const uint8_t*>(args[0]);
  unsigned sum = p ? p[0] + p[1] + p[2] + p[3] : 999;
  trace_seq_printf(s, "%u", sum);
  return sum;
}

unsigned long long no_args(trace_seq* s, unsigned long long* args) {
  trace_seq_puts(s, args ? "args" : "none");
  return 5;
}

TEST_F(Evaluator, PrintFunctionsGetNumbersAndStrings) {
  tep_function_handler handler;
  handler.func = remember_args;
  handler.params = {TEP_FUNC_ARG_INT, TEP_FUNC_ARG_STRING};
  StrArg text{.kind = StrArg::Kind::kText, .text = "hello"};
  FunctionCall call{.handler = &handler,
                    .params = {{.number = &field_expr(K::kField, 12, 2)}, {.is_string = true, .string = &text}}};
  Record r(bytes_);
  const Context ctx = r.context(handle_.tep(), *event_);
  g_calls = 0;
  EXPECT_EQ(printed([&](seq::Output& o) { EXPECT_EQ(call_function(o, ctx, call), 0xbef0u); }), "<printed>");
  EXPECT_EQ(g_seen, "48879,hello");
  // As a number its output goes nowhere.
  Expr& value = expr(K::kFunction);
  value.call = &call;
  EXPECT_EQ(printed([&](seq::Output& o) { o.append(std::to_string(evaluate(ctx, value))); }), "48880");
  EXPECT_EQ(g_calls, 2);
}

TEST_F(Evaluator, PrintFunctionWithoutParametersOrHandler) {
  tep_function_handler handler;
  handler.func = no_args;
  FunctionCall call{.handler = &handler};
  Record r(bytes_);
  const Context ctx = r.context(handle_.tep(), *event_);
  EXPECT_EQ(printed([&](seq::Output& o) { EXPECT_EQ(call_function(o, ctx, call), 5u); }), "none");
  handler.func = nullptr;
  EXPECT_EQ(printed([&](seq::Output& o) { EXPECT_EQ(call_function(o, ctx, call), 0u); }), "");
  FunctionCall unknown;
  EXPECT_EQ(printed([&](seq::Output& o) { EXPECT_EQ(call_function(o, ctx, unknown), 0u); }), "");
}

TEST_F(Evaluator, PrintFunctionPointerToAnArrayOfAShortRecordIsAPaddedCopy) {
  tep_function_handler handler;
  handler.func = sum_four_bytes;
  handler.params = {TEP_FUNC_ARG_PTR};
  bytes_.dynamic(16, std::string("\x01\x02\x03\x04", 4));  // payload at 48
  FunctionCall call{.handler = &handler, .params = {{.number = &field_expr(K::kDynamicAddress, 16, 4)}}};
  auto sum = [&](int size) {
    Record r(bytes_, size);
    const Context ctx = r.context(handle_.tep(), *event_);
    return printed([&](seq::Output& o) { call_function(o, ctx, call); });
  };
  EXPECT_EQ(sum(-1), "10");
  EXPECT_EQ(sum(50), "3");  // two bytes inside, the rest zero
  EXPECT_EQ(sum(18), "0");  // the word cut off: offset and length 0, the record's first bytes
}

}  // namespace
}  // namespace tep::print_plan
