// SPDX-License-Identifier: LGPL-2.1
// A filter tree back to text, as tep_filter_make_string prints it:
//   (prev_pid == 1) || (prev_comm =~ "^k")     !(next_pid > 3)     TRUE
// Numbers print as signed decimals (upstream's %lld), strings in double
// quotes without escaping, and constant sides of && || ! fold away.
#pragma once

#include <optional>
#include <string>

#include "event-parse.h"

namespace tep::filter {

// Empty when a node has a type or operator upstream cannot print.
std::optional<std::string> filter_to_string(const tep_filter_arg* arg);

}  // namespace tep::filter
