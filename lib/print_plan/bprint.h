// SPDX-License-Identifier: LGPL-2.1
// ftrace:bprint (trace_printk): the print fmt only says "%ps: %s"; the real
// format is the printk string at REC->fmt, and its arguments are packed in
// REC->buf the way the kernel's vbin_printf wrote them.
#pragma once

#include <string>
#include <vector>

#include "print_plan/evaluator.h"

namespace tep::print_plan {

BprintFormat prepare_bprint_format(const tep_handle& tep, std::string text);

// Prints one bprint record with the event's plan (plan.is_bprint).
void print_bprint(Output& s, const Context& ctx, const Plan& plan);

}  // namespace tep::print_plan
