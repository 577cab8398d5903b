// SPDX-License-Identifier: LGPL-2.1
// The INFO part of tep_print_event: an event's print fmt evaluated against a
// record, byte for byte as upstream 1.8.4 prints it (no handler installed;
// lib/print_line deals with handlers, raw printing and the line layout).
#pragma once

#include "core/handle.h"
#include "format/event.h"
#include "print_plan/evaluator.h"

namespace tep::print_plan {

// Appends what upstream prints for TEP_PRINT_INFO. Events flagged
// TEP_EVENT_FL_FAILED print "[FAILED TO PARSE]" and their fields instead.
// Into `out`, which the caller flushes (a line gathers all its pieces there).
void print_info(Output& out, tep_handle& tep, Event& event, const tep_record& record);

// "[FAILED TO PARSE]" followed by " name=value" for each field.
void print_failed(Output& s, Event& event, const tep_record& record);

// The event's current print plan, built (or rebuilt after a generation
// change) on first use; lib/typed reads its columns through it.
const Plan& plan_for(tep_handle& tep, Event& event);

// Runs one step of a plan (lib/typed prints a column's steps alone).
void run_step(Output& s, const Context& ctx, const Step& step);

// Runs a compiled plan's steps (used for bprint's per-format plans too).
void run_steps(Output& s, const Context& ctx, const Plan& plan);

}  // namespace tep::print_plan
