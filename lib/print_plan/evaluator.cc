// SPDX-License-Identifier: LGPL-2.1
#include "print_plan/evaluator.h"

#include <string>
#include <vector>

#include "base/digits.h"
#include "seq/seq.h"

namespace tep::print_plan {

void append_hex(Output& s, uint64_t v, bool prefix) {
  char buf[base::kIntTextSize];
  char* end = buf + sizeof(buf);
  char* p = base::unsigned_digits(v, 16, false, end);
  if (prefix) {
    *--p = 'x';
    *--p = '0';
  }
  s.append(std::string_view(p, static_cast<size_t>(end - p)));
}

void append_byte_hex(Output& s, uint8_t b, bool upper) {
  const char* digits = base::kHexDigits[upper];
  char two[2] = {digits[b >> 4], digits[b & 15]};
  s.append(std::string_view(two, 2));
}

void append_decimal(Output& s, int64_t v) {
  char buf[base::kIntTextSize];
  char* end = buf + sizeof(buf);
  uint64_t mag = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  char* p = base::unsigned_digits(mag, 10, false, end);
  if (v < 0) *--p = '-';
  s.append(std::string_view(p, static_cast<size_t>(end - p)));
}

void append_unsigned(Output& s, uint64_t v) {
  char buf[base::kIntTextSize];
  char* end = buf + sizeof(buf);
  char* p = base::unsigned_digits(v, 10, false, end);
  s.append(std::string_view(p, static_cast<size_t>(end - p)));
}

namespace {

// Bytes past a dynamic array a print function may still read (scsi_trace_parse_cdb
// decodes a 32-byte variable-length CDB from its opcode, whatever the length says).
constexpr size_t kPaddingPastArray = 64;

// A print function's pointer to a __data_loc array: the array in the record
// when it lies inside, as upstream passes it; for a record cut short, a
// zero-padded copy of what is there, so the function reads no byte past the record.
uint64_t dynamic_array_pointer(const Context& ctx, const FieldRef& f, std::vector<std::vector<uint8_t>>& padded) {
  int64_t offset, length;
  dynamic_location(ctx, f, offset, length);
  if (ctx.record.inside(offset, length))
    return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(ctx.record.data + offset));
  std::vector<uint8_t>& copy = padded.emplace_back(static_cast<size_t>(length) + kPaddingPastArray, 0);
  ctx.record.copy(offset, static_cast<int>(length), copy.data());
  return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(copy.data()));
}

// A print function's value, its output discarded; out of line, as its seq
// would weigh on every evaluation's frame.
__attribute__((noinline)) uint64_t function_value(const Context& ctx, const FunctionCall& call) {
  trace_seq scratch;
  seq::init(&scratch);
  uint64_t v;
  {
    Output out(&scratch);
    v = call_function(out, ctx, call);
  }
  seq::destroy(&scratch);
  return v;
}

}  // namespace

uint64_t call_function(Output& s, const Context& ctx, const FunctionCall& call) {
  if (!call.handler || !call.handler->func) return 0;
  if (call.params.empty()) return call.handler->func(s.seq(), nullptr);
  static const format_string::PrintFmtConversion plain_s{format_string::Directive{.conversion = 's'}, "%s"};
  std::vector<unsigned long long> args(call.params.size());
  std::vector<std::string> strings;
  strings.reserve(call.params.size());
  // Filled only for records cut short; the copies' buffers stay put as it grows.
  std::vector<std::vector<uint8_t>> padded;
  for (size_t i = 0; i < call.params.size(); i++) {
    const FunctionCall::Param& p = call.params[i];
    if (p.is_string) {
      trace_seq str;
      seq::init(&str);
      {
        Output out(&str);
        if (p.string) print_string(out, ctx, *p.string, plain_s, nullptr);
      }
      seq::terminate(&str);
      strings.emplace_back(str.buffer ? str.buffer : "");
      seq::destroy(&str);
      args[i] = reinterpret_cast<uintptr_t>(strings.back().c_str());
    } else if (p.number && p.number->kind == Expr::Kind::kDynamicAddress) {
      args[i] = dynamic_array_pointer(ctx, p.number->field, padded);
    } else {
      args[i] = p.number ? evaluate(ctx, *p.number) : 0;
    }
  }
  return call.handler->func(s.seq(), args.data());
}

uint64_t evaluate(const Context& ctx, const Expr& e) {
  using K = Expr::Kind;
  const RecordView& rec = ctx.record;
  switch (e.kind) {
    case K::kZero: return 0;
    case K::kConstant: return e.constant;
    case K::kField: return rec.number(e.field.offset, e.field.size);
    case K::kDynamicAddress: {
      int64_t offset, length;
      dynamic_location(ctx, e.field, offset, length);
      // Outside a print function's argument list nothing dereferences this;
      // an array running past a record cut short gives NULL rather than a
      // pointer past it.
      if (!rec.inside(offset, length)) return 0;
      return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(rec.data) + offset);
    }
    case K::kDynamicLength: {
      int64_t offset, length;
      dynamic_location(ctx, e.field, offset, length);
      return static_cast<uint64_t>(length);
    }
    case K::kFieldIndex: {
      uint64_t index = value_of(ctx, *e.a);
      int64_t offset = static_cast<int64_t>(e.field.offset + index * e.element_size);
      return rec.number(offset, e.element_size) & e.constant;
    }
    case K::kDynamicIndex: {
      // Upstream adds the index to the payload offset as written, unscaled.
      uint64_t index = value_of(ctx, *e.a);
      const record::DynamicWord word(rec.number(e.field.offset, e.field.size));
      int64_t offset = static_cast<int64_t>(static_cast<uint64_t>(word.as_written()) + index);
      return rec.number(offset, e.element_size) & e.constant;
    }
    case K::kMask: return value_of(ctx, *e.a) & e.constant;
    case K::kConditional: return value_of(ctx, *e.a) ? value_of(ctx, *e.b) : value_of(ctx, *e.c);
    case K::kFunction: return function_value(ctx, *e.call);
    case K::kBprintArg:
      if (e.index < ctx.bprint_count && !ctx.bprint_args[e.index].is_string) return ctx.bprint_args[e.index].value;
      return 0;
    case K::kBinary: break;
  }
  return apply_operator(e.op, value_of(ctx, *e.a), value_of(ctx, *e.b));
}

}  // namespace tep::print_plan
