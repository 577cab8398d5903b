// SPDX-License-Identifier: LGPL-2.1
// Enum and flag tables of a column, from a __print_symbolic / __print_flags
// node. The parser keeps each key as text ("8", "-6", "I_DIRTY_SYNC"); here a
// key means what the kernel meant: negative keys are two's complement (upstream
// cannot match them), names the kernel never expanded take a value from the
// catalog's constants when it has one and stay unresolved otherwise.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "event-parse.h"
#include "print_plan/plan.h"
#include "typed/column.h"

namespace tep::typed {

// Names a consumer supplied (tev_catalog_define), e.g. "I_DIRTY_SYNC" -> 1.
using Constants = std::map<std::string, uint64_t, std::less<>>;

// The entries of `list` in order; `compiled` (the plan's StrArg for the same
// node) gives the values upstream knows for a few names (HI_SOFTIRQ, ...).
std::vector<TableEntry> table_entries(const tep_print_flag_sym* list, const print_plan::StrArg* compiled,
                                      const Constants& constants);

// A key's value: number text with an optional '-', else false.
bool key_number(const char* text, uint64_t& value);

}  // namespace tep::typed
