// SPDX-License-Identifier: LGPL-2.1
// Evaluating a compiled plan against one record: numbers (upstream's
// eval_num_arg), registered print functions, and what %s / %p print.
#pragma once

#include <cstdint>
#include <string_view>

#include "trace_seq/output_buffer.h"
#include "print/plan.h"
#include "print/record_view.h"

namespace tep::print {

// The printers gather their pieces in the seq buffer of lib/trace_seq.
using seq::Output;

// One argument a bprint record carries in its binary buffer.
struct BprintValue {
  bool is_string = false;
  uint64_t value = 0;
  std::string_view text;
};

struct Context {
  tep_handle& tep;
  Event& event;
  RecordView record;
  const BprintValue* bprint_args = nullptr;
  int bprint_count = 0;
};

uint64_t evaluate(const Context& ctx, const Expr& e);

// One binary or unary operator on unsigned 64-bit values, as upstream computes it.
uint64_t apply_operator(Expr::Op op, uint64_t l, uint64_t r);

// evaluate() with the common leaf (a plain field) handled in line.
inline uint64_t value_of(const Context& ctx, const Expr& e) {
  if (e.kind == Expr::Kind::Field) return ctx.record.number(e.field.offset, e.field.size);
  return evaluate(ctx, e);
}

// Calls a registered print function with its evaluated arguments; it may print into s.
uint64_t call_function(Output& s, const Context& ctx, const FunctionCall& call);

// Where a __data_loc / __rel_loc field's payload lies (offset, length), both 0
// when the field itself lies outside the record.
void dynamic_location(const Context& ctx, const FieldRef& f, int64_t& offset, int64_t& length);

// What a %s conversion prints for `arg`.
// `star` feeds the conversion's '*' (null without one).
void print_string(Output& s, const Context& ctx, const StrArg& arg, const fmt::PrintFmtConversion& c,
                  const int* star);

// What a %p conversion prints; plen is the '*' argument (1 without one).
void print_pointer(Output& s, const Context& ctx, const PointerArg& arg, int plen);

// "0x" + lowercase hex, or plain hex, without vsnprintf.
void append_hex(Output& s, uint64_t v, bool prefix);
void append_decimal(Output& s, int64_t v);

}  // namespace tep::print
