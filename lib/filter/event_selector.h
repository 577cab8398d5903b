// SPDX-License-Identifier: LGPL-2.1
// Which events a filter string names, before its ':':
//   "sched_switch"  "sched/sched_switch"  "sched/.*,irq_handler_entry: irq == 3"
// Each comma-separated name is a case-insensitive POSIX basic regex anchored
// at both ends; "sys/name" must match both, a lone name matches an event's
// system or its name. Upstream's quirks are kept: the list is cut at the
// first ':' but a ',' after it still starts another name, which upstream
// fails to allocate (TEP_ERRNO__MEM_ALLOC_FAILED).
#pragma once

#include <vector>

#include "event-parse.h"

namespace tep::filter {

// 0 with the events in upstream's processing order (the reverse of how they
// were found) and `expression` pointing after the ':' (nullptr without one),
// or a negative tep_errno.
int select_events(tep_handle* tep, const char* filter_str, std::vector<tep_event*>& events, const char** expression);

}  // namespace tep::filter
