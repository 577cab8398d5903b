// SPDX-License-Identifier: LGPL-2.1
#include "print_plan/compiler.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "format/field_lookup.h"
#include "print_plan/compiler_state.h"
#include "print_plan/evaluator.h"
#include "format_string/cast_table.h"
#include "record/field_access.h"

namespace tep::print_plan {
namespace compiling {

FieldRef field_ref(const tep_format_field& f) {
  FieldRef r;
  r.offset = f.offset;
  r.size = f.size;
  r.element_size = static_cast<int>(f.elementsize);
  const unsigned long flags = record::field_flags(f);
  r.is_array = flags & TEP_FIELD_IS_ARRAY;
  r.is_dynamic = flags & TEP_FIELD_IS_DYNAMIC;
  r.is_relative = flags & TEP_FIELD_IS_RELATIVE;
  r.valid = true;
  return r;
}

int64_t flag_value(const char* text) {
  if (!text) return -1;
  if (isdigit(static_cast<unsigned char>(text[0]))) return static_cast<int64_t>(strtoull(text, nullptr, 0));
  static const struct {
    const char* name;
    int64_t value;
  } known[] = {
      {"HI_SOFTIRQ", 0},      {"TIMER_SOFTIRQ", 1},    {"NET_TX_SOFTIRQ", 2},    {"NET_RX_SOFTIRQ", 3},
      {"BLOCK_SOFTIRQ", 4},   {"IRQ_POLL_SOFTIRQ", 5}, {"TASKLET_SOFTIRQ", 6},   {"SCHED_SOFTIRQ", 7},
      {"HRTIMER_SOFTIRQ", 8}, {"RCU_SOFTIRQ", 9},      {"HRTIMER_NORESTART", 0}, {"HRTIMER_RESTART", 1},
  };
  for (const auto& k : known)
    if (strcmp(k.name, text) == 0) return k.value;
  return -1;
}

int value_bits(const Expr& e, int depth) {
  using K = Expr::Kind;
  using Op = Expr::Op;
  auto width = [](uint64_t v) { return v ? 64 - __builtin_clzll(v) : 0; };
  if (depth > 8) return 64;
  switch (e.kind) {
    case K::kZero: return 0;
    case K::kConstant: return width(e.constant);
    case K::kField: return e.field.size >= 1 && e.field.size < 8 ? 8 * e.field.size : 64;
    case K::kMask: return std::min(value_bits(*e.a, depth + 1), width(e.constant));
    case K::kConditional: return std::max(value_bits(*e.b, depth + 1), value_bits(*e.c, depth + 1));
    case K::kBinary:
      switch (e.op) {
        case Op::kAnd: return std::min(value_bits(*e.a, depth + 1), value_bits(*e.b, depth + 1));
        case Op::kOr: return std::max(value_bits(*e.a, depth + 1), value_bits(*e.b, depth + 1));
        case Op::kShr:
          if (e.b->kind != K::kConstant) return value_bits(*e.a, depth + 1);
          return std::max(0, value_bits(*e.a, depth + 1) - static_cast<int>(e.b->constant & 63));
        case Op::kNot:
        case Op::kNe:
        case Op::kLogOr:
        case Op::kLogAnd:
        case Op::kLt:
        case Op::kLe:
        case Op::kGt:
        case Op::kGe:
        case Op::kEq: return 1;
        default: return 64;
      }
    default: return 64;
  }
}

Expr::Op op_from(const char* op) {
  using Op = Expr::Op;
  if (!op || !op[0]) return Op::kUnknown;
  char a = op[0], b = op[1];
  switch (a) {
    case '!': return b == 0 ? Op::kNot : b == '=' ? Op::kNe : Op::kUnknown;
    case '~': return Op::kBitNot;
    case '|': return b ? Op::kLogOr : Op::kOr;
    case '&': return b ? Op::kLogAnd : Op::kAnd;
    case '<': return b == 0 ? Op::kLt : b == '<' ? Op::kShl : b == '=' ? Op::kLe : Op::kUnknown;
    case '>': return b == 0 ? Op::kGt : b == '>' ? Op::kShr : b == '=' ? Op::kGe : Op::kUnknown;
    case '=': return b == '=' ? Op::kEq : Op::kUnknown;
    case '-': return Op::kSub;
    case '+': return Op::kAdd;
    case '/': return Op::kDiv;
    case '%': return Op::kMod;
    case '*': return Op::kMul;
    default: return Op::kUnknown;
  }
}

// The common shapes run in run_steps' loop; a '*', or a conversion glibc
// prints, goes through run_step.
void Compiler::choose_run(Step& step) {
  using Run = Step::Run;
  step.run = Run::kOther;
  if (step.star || (step.kind != Step::Kind::kPointer && !step.conversion.by_hand)) return;
  switch (step.kind) {
    case Step::Kind::kNumber: {
      step.run = Run::kNumber;
      const FieldRef& f = step.number->field;
      if (step.number->kind != Expr::Kind::kField || f.offset < 0) return;
      switch (f.size) {
        case 1: step.run = Run::kField1; break;
        case 2: step.run = Run::kField2; break;
        case 4: step.run = Run::kField4; break;
        case 8: step.run = Run::kField8; break;
        default: return;
      }
      step.field_offset = f.offset;
      step.field_size = f.size;
      return;
    }
    case Step::Kind::kString:
      step.run = step.string->kind == StrArg::Kind::kDynString ? Run::kDynString : Run::kString;
      if (step.run == Run::kDynString) {
        step.field_offset = step.string->field.offset;
        step.field_size = step.string->field.size;
        step.relative = step.string->field.is_relative;
      }
      return;
    case Step::Kind::kPointer: step.run = Run::kPointer; return;
    default: return;
  }
}

const FunctionCall* Compiler::call(const tep_print_arg* node, int depth) {
  auto fc = std::make_unique<FunctionCall>();
  fc->handler = node->func.func;
  const tep_print_arg* arg = node->func.args;
  if (fc->handler) {
    for (tep_func_arg_type type : fc->handler->params) {
      FunctionCall::Param p;
      if (type == TEP_FUNC_ARG_STRING) {
        p.is_string = true;
        p.string = string(arg, depth + 1);
      } else {
        p.number = number(arg, depth + 1);
      }
      fc->params.push_back(p);
      if (arg) arg = arg->next;
    }
  }
  return &plan_.calls.emplace_back(std::move(*fc));
}

// The steps of a print fmt read once (format_string::PrintFmt): its literal text, and
// each conversion with the arguments it takes.
void Compiler::format(std::string_view text, const format_string::PrintFmt& parsed, const std::vector<ArgRef>& args) {
  using Kind = format_string::PrintFmtPiece::Kind;
  for (const format_string::PrintFmtPiece& piece : parsed.pieces()) {
    literal(parsed.literal(piece));
    const format_string::Parsed& p = piece.parsed;
    Step step;
    step.star = piece.star_arg >= 0 ? number(args[piece.star_arg]) : nullptr;
    switch (piece.kind) {
      case Kind::kEnd:
      case Kind::kCut: continue;
      case Kind::kNoArgument: plan_.failed = true; continue;
      case Kind::kUnknown: {
        char shown[4] = {'>', p.letter, '<', 0};  // upstream shows the letter it does not know
        literal(shown);
        continue;
      }
      case Kind::kBadLength:
        plan_.failed = true;
        step.kind = Step::Kind::kBadCount;
        break;
      case Kind::kConversion:
        if (p.letter == 'p') {
          step.kind = Step::Kind::kPointer;
          step.pointer = pointer(args[piece.arg], text.substr(p.letter_end, p.end - p.letter_end));
          // Not printed from (print_pointer is): the "%pS" typed columns report.
          step.conversion = format_string::PrintFmt::conversion(text, piece);
          step.conversion.text = text.substr(p.start, p.end - p.start);
          break;
        }
        step.conversion = format_string::PrintFmt::conversion(text, piece);
        if (p.letter == 's') {
          step.kind = Step::Kind::kString;
          step.string = string(args[piece.arg]);
        } else {
          step.kind = Step::Kind::kNumber;
          format_string::follow_trace_long(step.conversion, tep_.long_size);
          step.number = number(args[piece.arg]);
        }
        break;
    }
    choose_run(step);
    add_step(step);
  }
}

}  // namespace compiling

FieldRef resolve_field(const format::Event& event, const tep_format_field* field, const char* name) {
  if (!field && name) field = format::find_any_field_in(event, name);
  return field ? compiling::field_ref(*field) : FieldRef{};
}

void compile_format(const tep_handle& tep, const format::Event& event, std::string_view format,
                    const format_string::PrintFmt& parsed, const std::vector<ArgRef>& args, Plan& plan) {
  compiling::Compiler compiler(tep, event, plan);
  compiler.format(format, parsed, args);
  compiler.flush_literal();
  plan.printed.clear();
  const Step* literal = nullptr;  // not yet in `printed`
  for (const Step& step : plan.steps) {
    if (step.kind == Step::Kind::kLiteral) {
      if (literal) plan.printed.push_back({{}, literal});
      literal = &step;
      continue;
    }
    plan.printed.push_back({literal ? literal->literal : std::string_view(), &step});
    literal = nullptr;
  }
  if (literal) plan.printed.push_back({{}, literal});
}

}  // namespace tep::print_plan
