// SPDX-License-Identifier: LGPL-2.1
// The lines `trace-cmd report` prints for a trace's records, made by this
// library alone (what the browser module shows): the "cpus=N" header, then per
// record
//   [a dropped-events line] [instance ": "] comm-pid [cpu] time: name: info
// laid out as trace-cmd lays them out with tep_print_event, byte for byte.
#pragma once

#include <string>

#include "trace_view/trace_view.h"

namespace tep::trace_view {

// "cpus=N\n".
std::string report_header(const TraceView& view);
// Appends the lines of records [first, first + count) to `out`.
void append_report(const TraceView& view, size_t first, size_t count, std::string& out);

}  // namespace tep::trace_view
