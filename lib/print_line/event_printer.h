// SPDX-License-Identifier: LGPL-2.1
// tep_print_event: one output line of a record, laid out by the caller's
// printf-like format whose arguments name what to print:
//   tep_print_event(tep, s, rec, "%16s-%-5d [%03d] %s %6.1000d: %s: %s",
//                   TEP_PRINT_COMM, TEP_PRINT_PID, TEP_PRINT_CPU, TEP_PRINT_LATENCY,
//                   TEP_PRINT_TIME, TEP_PRINT_NAME, TEP_PRINT_INFO);
//   ->      bash-1234  [003] d..2.   123.456789: sched_switch: prev_comm=...
// The format is split once per thread and found again by its content
// (output/line_plan.h). format::Event handlers may re-enter this function (the
// function plugin prints a copy of the record from its handler).
#pragma once

#include <cstdarg>

#include "event-parse.h"

namespace tep::print_line {

void print_event(tep_handle& tep, trace_seq* s, tep_record& record, const char* format, va_list args);

}  // namespace tep::print_line
