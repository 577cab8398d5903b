// SPDX-License-Identifier: LGPL-2.1
// Compiles a print fmt (its text and argument list) into a Plan: upstream's
// parse_args, with each argument turned into an evaluator.
#pragma once

#include <string_view>
#include <vector>

#include "print_plan/plan.h"

namespace tep::print_plan {

// An argument as the format sees it: a node of the print fmt tree, or the
// i-th value a bprint record carries in its binary buffer.
struct ArgRef {
  const tep_print_arg* node = nullptr;
  int bprint_index = -1;
};

// Appends the steps for `format` (read once as `parsed`, for args.size()
// arguments) to plan.steps, and sets plan.printed from them. Sets plan.failed where upstream flags the event
// TEP_EVENT_FL_FAILED: a conversion without an argument, two '*', a bad
// 'h'/'l' count.
void compile_format(const tep_handle& tep, const format::Event& event, std::string_view format,
                    const format_string::PrintFmt& parsed, const std::vector<ArgRef>& args, Plan& plan);

// The field a print fmt node names: its resolved pointer, else looked up by name
// among the common fields then the event's (tep_find_any_field).
FieldRef resolve_field(const format::Event& event, const tep_format_field* field, const char* name);

}  // namespace tep::print_plan
