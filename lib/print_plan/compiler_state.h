// SPDX-License-Identifier: LGPL-2.1
// The print fmt compiler's state and helpers, shared by its files: compiler.cc
// (steps, literal text, function calls, the plan's entry points) and the
// argument kinds, compile_number.cc, compile_string.cc, compile_pointer.cc.
// Private to lib/print_plan.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "print_plan/compiler.h"

namespace tep::print_plan::compiling {

// The print fmt parser stops at PrintFmtParser::kMaxDepth levels of nesting,
// which never builds a tree this deep; a deeper tree fails the plan rather
// than printing a cut expression as 0.
constexpr int kMaxDepth = 4096;

FieldRef field_ref(const tep_format_field& f);
// A __print_flags / __print_symbolic value (eval_flag): numbers, a few softirq
// and hrtimer names, and -1 for anything else.
int64_t flag_value(const char* text);
// How many low bits of a value of `e` may be set (64 when not known). Looks a
// few levels down: casts and shifts of a field.
int value_bits(const Expr& e, int depth);
Expr::Op op_from(const char* op);

class Compiler {
 public:
  Compiler(const tep_handle& tep, const format::Event& event, Plan& plan) : tep_(tep), event_(event), plan_(plan) {}

  const Expr* number(ArgRef ref) {
    if (ref.bprint_index >= 0) {
      Expr* e = new_expr(Expr::Kind::kBprintArg);
      e->index = ref.bprint_index;
      return e;
    }
    return number(ref.node, 0);
  }

  const StrArg* string(ArgRef ref) {
    if (ref.bprint_index >= 0) {
      StrArg* s = new_string(StrArg::Kind::kBprintArg);
      s->index = ref.bprint_index;
      return s;
    }
    return string(ref.node, 0);
  }

  const PointerArg* pointer(ArgRef ref, std::string_view letters);

  void format(std::string_view text, const format_string::PrintFmt& parsed, const std::vector<ArgRef>& args);

 private:
  Expr* new_expr(Expr::Kind kind) {
    Expr& e = plan_.exprs.emplace_back();
    e.kind = kind;
    return &e;
  }
  StrArg* new_string(StrArg::Kind kind) {
    StrArg& a = plan_.strings.emplace_back();
    a.kind = kind;
    return &a;
  }

  const Expr* constant(uint64_t v) {
    Expr* e = new_expr(Expr::Kind::kConstant);
    e->constant = v;
    return e;
  }

  // `item & mask`, folded for a constant; none at all where the mask keeps
  // every bit the item can have ((unsigned long)REC->x, (u32) of 4 bytes,
  // (unsigned int)(REC->dev >> 20)).
  const Expr* masked(const Expr* item, uint64_t mask) {
    if (item->kind == Expr::Kind::kConstant) return constant(item->constant & mask);
    int bits = value_bits(*item, 0);
    uint64_t low = bits >= 64 ? ~0ULL : (1ULL << bits) - 1;
    if ((mask & low) == low) return item;
    Expr* e = new_expr(Expr::Kind::kMask);
    e->a = item;
    e->constant = mask;
    return e;
  }

  FieldRef field_of(const tep_print_arg* node) { return resolve_field(event_, node->field.field, node->field.name); }

  const Expr* number(const tep_print_arg* node, int depth);
  const StrArg* string(const tep_print_arg* node, int depth);
  const FunctionCall* call(const tep_print_arg* node, int depth);
  void choose_run(Step& step);
  // Literal text accumulates until the next conversion.
 public:
  void literal(std::string_view text) { pending_.append(text); }
  void flush_literal() {
    if (pending_.empty()) return;
    Step step;
    step.kind = Step::Kind::kLiteral;
    step.literal = keep(pending_);
    plan_.steps.push_back(step);
    pending_.clear();
  }
  std::string_view keep(std::string_view text) { return plan_.texts.emplace_back(text); }
  void add_step(Step step) {
    flush_literal();
    plan_.steps.push_back(step);
  }

 private:
  const tep_handle& tep_;
  const format::Event& event_;
  Plan& plan_;
  std::string pending_;
};

}  // namespace tep::print_plan::compiling
