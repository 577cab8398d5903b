// SPDX-License-Identifier: LGPL-2.1
// Runs a compiled print plan against a record: what tep_print_event's INFO
// and bprint print, and what lib/typed prints a column's steps with.
#pragma once

#include "print_plan/evaluator.h"
#include "print_plan/plan.h"

namespace tep::print_plan {

// Runs one step of a plan (lib/typed prints a column's steps alone).
void run_step(Output& s, const Context& ctx, const Step& step);

// Runs a compiled plan's steps (used for bprint's per-format plans too).
void run_steps(Output& s, const Context& ctx, const Plan& plan);

}  // namespace tep::print_plan
