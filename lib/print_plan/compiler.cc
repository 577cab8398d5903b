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
    case K::Zero: return 0;
    case K::Constant: return width(e.constant);
    case K::Field: return e.field.size >= 1 && e.field.size < 8 ? 8 * e.field.size : 64;
    case K::Mask: return std::min(value_bits(*e.a, depth + 1), width(e.constant));
    case K::Conditional: return std::max(value_bits(*e.b, depth + 1), value_bits(*e.c, depth + 1));
    case K::Binary:
      switch (e.op) {
        case Op::And: return std::min(value_bits(*e.a, depth + 1), value_bits(*e.b, depth + 1));
        case Op::Or: return std::max(value_bits(*e.a, depth + 1), value_bits(*e.b, depth + 1));
        case Op::Shr:
          if (e.b->kind != K::Constant) return value_bits(*e.a, depth + 1);
          return std::max(0, value_bits(*e.a, depth + 1) - static_cast<int>(e.b->constant & 63));
        case Op::Not:
        case Op::Ne:
        case Op::LogOr:
        case Op::LogAnd:
        case Op::Lt:
        case Op::Le:
        case Op::Gt:
        case Op::Ge:
        case Op::Eq: return 1;
        default: return 64;
      }
    default: return 64;
  }
}

Expr::Op op_from(const char* op) {
  using Op = Expr::Op;
  if (!op || !op[0]) return Op::Unknown;
  char a = op[0], b = op[1];
  switch (a) {
    case '!': return b == 0 ? Op::Not : b == '=' ? Op::Ne : Op::Unknown;
    case '~': return Op::BitNot;
    case '|': return b ? Op::LogOr : Op::Or;
    case '&': return b ? Op::LogAnd : Op::And;
    case '<': return b == 0 ? Op::Lt : b == '<' ? Op::Shl : b == '=' ? Op::Le : Op::Unknown;
    case '>': return b == 0 ? Op::Gt : b == '>' ? Op::Shr : b == '=' ? Op::Ge : Op::Unknown;
    case '=': return b == '=' ? Op::Eq : Op::Unknown;
    case '-': return Op::Sub;
    case '+': return Op::Add;
    case '/': return Op::Div;
    case '%': return Op::Mod;
    case '*': return Op::Mul;
    default: return Op::Unknown;
  }
}

// The common shapes run in run_steps' loop; a '*', or a conversion glibc
// prints, goes through run_step.
void Compiler::choose_run(Step& step) {
  using Run = Step::Run;
  step.run = Run::Other;
  if (step.star || (step.kind != Step::Kind::Pointer && !step.conversion.by_hand)) return;
  switch (step.kind) {
    case Step::Kind::Number: {
      step.run = Run::Number;
      const FieldRef& f = step.number->field;
      if (step.number->kind != Expr::Kind::Field || f.offset < 0) return;
      switch (f.size) {
        case 1: step.run = Run::Field1; break;
        case 2: step.run = Run::Field2; break;
        case 4: step.run = Run::Field4; break;
        case 8: step.run = Run::Field8; break;
        default: return;
      }
      step.field_offset = f.offset;
      step.field_size = f.size;
      return;
    }
    case Step::Kind::String:
      step.run = step.string->kind == StrArg::Kind::DynString ? Run::DynString : Run::String;
      if (step.run == Run::DynString) {
        step.field_offset = step.string->field.offset;
        step.field_size = step.string->field.size;
        step.relative = step.string->field.is_relative;
      }
      return;
    case Step::Kind::Pointer: step.run = Run::Pointer; return;
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
        step.kind = Step::Kind::BadCount;
        break;
      case Kind::kConversion:
        if (p.letter == 'p') {
          step.kind = Step::Kind::Pointer;
          step.pointer = pointer(args[piece.arg], text.substr(p.letter_end, p.end - p.letter_end));
          // Not printed from (print_pointer is): the "%pS" typed columns report.
          step.conversion = format_string::PrintFmt::conversion(text, piece);
          step.conversion.text = text.substr(p.start, p.end - p.start);
          break;
        }
        step.conversion = format_string::PrintFmt::conversion(text, piece);
        if (p.letter == 's') {
          step.kind = Step::Kind::String;
          step.string = string(args[piece.arg]);
        } else {
          step.kind = Step::Kind::Number;
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

FieldRef resolve_field(const Event& event, const tep_format_field* field, const char* name) {
  if (!field && name) field = find_any_field_in(event, name);
  return field ? compiling::field_ref(*field) : FieldRef{};
}

void compile_format(const tep_handle& tep, const Event& event, std::string_view format,
                    const format_string::PrintFmt& parsed, const std::vector<ArgRef>& args, Plan& plan) {
  compiling::Compiler compiler(tep, event, plan);
  compiler.format(format, parsed, args);
  compiler.flush_literal();
  plan.printed.clear();
  const Step* literal = nullptr;  // not yet in `printed`
  for (const Step& step : plan.steps) {
    if (step.kind == Step::Kind::Literal) {
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
