// SPDX-License-Identifier: LGPL-2.1
// What one print fmt conversion means: its compiled step (lib/print_plan) and its
// argument's tree give a column's kind, value type and reader. Anything the
// builder cannot be sure of (a kernel variable, a print function, an unknown
// shape) is opaque: it keeps upstream's text, never a guessed type.
#pragma once

#include <string_view>

#include "format/event.h"
#include "core/handle.h"
#include "print_plan/plan.h"
#include "typed/column.h"
#include "typed/tables.h"

namespace tep::typed {

struct ClassifyContext {
  const tep_handle& tep;
  const format::Event& event;
  const Constants& constants;
};

// The column of a Number, String or Pointer step whose argument is `node`
// (null when the step has none). `after` is the literal text the plan prints
// right after it. Sets kind, type, reader, tables and note; the caller names it.
Column classify_step(const ClassifyContext& cx, const print_plan::Step& step, const tep_print_arg* node,
                     std::string_view after);

// How an integer argument is read, and what it is.
struct IntShape {
  int width = 0;  // 0: not known from the argument (an expression without a cast)
  bool is_signed = false;
  bool direct = false;  // a field (or a constant index into one), read in place
  bool pointer = false;
  bool boolean = false;
  bool array = false;  // the argument is a whole array field: no integer at all
  const tep_format_field* field = nullptr;
  int index = -1;  // a constant index into an array field
};
// Points `r` at the integer `node` (compiled as `e`): a field read in place
// when the argument is one, else the evaluator.
IntShape integer_reader(const ClassifyContext& cx, const tep_print_arg* node, const print_plan::Expr* e, Reader& r);

// The %s half of classify_step.
Column classify_string(const ClassifyContext& cx, const print_plan::StrArg& arg, const tep_print_arg* node);

// An opaque column with the reason why.
Column opaque(std::string note);

}  // namespace tep::typed
