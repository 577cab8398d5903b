// SPDX-License-Identifier: LGPL-2.1
// Evaluating a compiled plan against one record: numbers (upstream's
// eval_num_arg), registered print functions, and what %s / %p print.
#pragma once

#include <cstdint>
#include <string_view>

#include "seq/output_buffer.h"
#include "print_plan/plan.h"
#include "print_plan/record_view.h"
#include "record/dynamic_word.h"

namespace tep::print_plan {

// The printers gather their pieces in the seq buffer of lib/seq.
using seq::Output;

// One argument a bprint record carries in its binary buffer.
struct BprintValue {
  bool is_string = false;
  uint64_t value = 0;
  std::string_view text;
};

struct Context {
  tep_handle& tep;
  format::Event& event;
  RecordView record;
  const BprintValue* bprint_args = nullptr;
  int bprint_count = 0;
};

uint64_t evaluate(const Context& ctx, const Expr& e);

// One binary or unary operator on unsigned 64-bit values, as upstream computes it.
inline uint64_t apply_operator(Expr::Op op, uint64_t l, uint64_t r) {
  using Op = Expr::Op;
  switch (op) {
    case Op::kNot: return !r;
    case Op::kNe: return l != r;
    case Op::kBitNot: return ~r;
    case Op::kLogOr: return l || r;
    case Op::kOr: return l | r;
    case Op::kLogAnd: return l && r;
    case Op::kAnd: return l & r;
    case Op::kLt: return l < r;
    case Op::kShl: return l << (r & 63);  // the x86 shift upstream's binary performs
    case Op::kLe: return l <= r;
    case Op::kGt: return l > r;
    case Op::kShr: return l >> (r & 63);
    case Op::kGe: return l >= r;
    case Op::kEq: return l == r;
    case Op::kSub: return l - r;
    case Op::kAdd: return l + r;
    case Op::kDiv: return r ? l / r : 0;  // upstream dies of SIGFPE
    case Op::kMod: return r ? l % r : 0;
    case Op::kMul: return l * r;
    case Op::kUnknown: return 0;
  }
  return 0;
}

// evaluate() with the common leaves (a plain field, a constant) handled in
// line: most expressions are one, and most operators have one on each side.
inline uint64_t value_of(const Context& ctx, const Expr& e) {
  if (e.kind == Expr::Kind::kField) return ctx.record.number(e.field.offset, e.field.size);
  if (e.kind == Expr::Kind::kConstant) return e.constant;
  return evaluate(ctx, e);
}

// Calls a registered print function with its evaluated arguments; it may print into s.
uint64_t call_function(Output& s, const Context& ctx, const FunctionCall& call);

// Where a __data_loc / __rel_loc field's payload lies (offset, length), both 0
// when the field itself lies outside the record.
// The field is given by its offset, size and kind (a step keeps them in line).
inline void dynamic_location(const Context& ctx, int32_t field_offset, int32_t field_size, bool relative,
                             int64_t& offset, int64_t& length) {
  offset = length = 0;
  if (int64_t{field_offset} + field_size > ctx.record.size) return;
  const record::DynamicWord word(ctx.record.number(field_offset, field_size));
  offset = word.located(field_offset, field_size, relative);
  length = word.length();
  // Old kernels wrote a 2-byte __data_loc (offset only): the payload is the
  // rest of the record.
  if (field_size == 2) length = offset <= ctx.record.size ? ctx.record.size - offset : 0;
}
inline void dynamic_location(const Context& ctx, const FieldRef& f, int64_t& offset, int64_t& length) {
  dynamic_location(ctx, f.offset, f.size, f.is_relative, offset, length);
}

// Where a __get_str payload starts; false when upstream prints nothing: a
// zero length, or a payload running past the record (dynamic_offset zeroes
// its length).
inline bool dynamic_string_at(const Context& ctx, int32_t field_offset, int32_t field_size, bool relative,
                              int64_t& offset) {
  int64_t length;
  dynamic_location(ctx, field_offset, field_size, relative, offset, length);
  return length && offset + length <= ctx.record.size;
}

// What a %s conversion prints for `arg`.
// `star` feeds the conversion's '*' (null without one).
void print_string(Output& s, const Context& ctx, const StrArg& arg, const format_string::PrintFmtConversion& c,
                  const int* star);

// What a %p conversion prints; plen is the '*' argument (1 without one).
void print_pointer(Output& s, const Context& ctx, const PointerArg& arg, int plen);

// "0x" + lowercase hex, or plain hex, without vsnprintf.
void append_hex(Output& s, uint64_t v, bool prefix);
// A byte as two hex digits ("%02x", "%02X").
void append_byte_hex(Output& s, uint8_t b, bool upper = false);
void append_decimal(Output& s, int64_t v);    // "%lld"
void append_unsigned(Output& s, uint64_t v);  // "%llu"

}  // namespace tep::print_plan
