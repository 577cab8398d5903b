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
void print_info(Output& out, tep_handle& tep, format::Event& event, const tep_record& record);

// "[FAILED TO PARSE]" followed by " name=value" for each field.
void print_failed(Output& s, format::Event& event, const tep_record& record);

}  // namespace tep::print_plan
