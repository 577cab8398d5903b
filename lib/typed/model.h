// SPDX-License-Identifier: LGPL-2.1
// Model: an event's typed view, built once from its parsed format and print
// plan. `fields` are the raw fields (common ones first), always present and
// never lossy; `columns` are what the print fmt prints, in order, each with
// the literal text before it, so that
//   prefix(0) text(0) prefix(1) text(1) ... suffix
// is exactly what tep_print_event prints for TEP_PRINT_INFO without a handler.
// Three layouts:
//   PrintFmt  one column per conversion (a MAJOR,MINOR pair is one Device column)
//   Failed    the print fmt cannot be printed (upstream prints "[FAILED TO
//             PARSE]" and the fields): one column per event field, typed by
//             the arguments that did parse where they read the field as is
//   Bprint    ftrace:bprint: the caller's symbol and the formatted message
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "base/generation_slot.h"
#include "format/event.h"
#include "core/handle.h"
#include "print_plan/plan.h"
#include "typed/column.h"
#include "typed/tables.h"

namespace tep::typed {

// Its generation (base::Generated) is the plan's plus the catalog's constants
// version: both only grow, so the sum moves whenever either does.
struct Model : base::Generated {
  enum class Layout : uint8_t { kPrintFmt, kFailed, kBprint };
  Layout layout = Layout::kPrintFmt;
  const print_plan::Plan* plan = nullptr;  // the plan it was built from (lib/print_plan owns it)
  std::vector<Column> columns;
  std::vector<Column> fields;
  std::string suffix;  // literal text after the last column
  int id = -1;
  int type_offset = 0, type_size = 0;  // common_type, checked on every record
  // Bprint: the "%ps" of the caller's address, printed as the plan prints it.
  std::deque<print_plan::Expr> exprs;
  std::deque<print_plan::PointerArg> pointers;
};

// Names from the print fmt's labels, else the column's default name, else the
// field read, else the argument's position; a repeated name gets "#2", "#3".
void name_columns(std::vector<Column>& columns);

std::unique_ptr<Model> build_model(const tep_handle& tep, const format::Event& event, const print_plan::Plan& plan,
                                   const Constants& constants, uint64_t generation);

}  // namespace tep::typed
