// SPDX-License-Identifier: LGPL-2.1
// The rows of a TraceView whose record an upstream filter expression matches
// ("sched_switch: prev_pid > 10", lib/filter), as `trace-cmd report -F` keeps
// them: a record of an event the expression does not name is left out.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "trace_view/trace_view.h"

namespace tep::trace_view {

// The matching rows in order; on a bad expression none, and `error` says why.
std::vector<uint32_t> matching(const TraceView& view, const char* expression, std::string& error);

}  // namespace tep::trace_view
