// SPDX-License-Identifier: LGPL-2.1
// Whether a print fmt's conversions find their arguments. Upstream walks the
// format when the event is parsed and marks the event failed when
//   "%d %d", REC->a            (a conversion without an argument),
//   "%*.*s"                    (a second '*' width in one conversion),
//   "%lllx"                    (more than two 'l' or 'h'),
//   "%000...0d"                (a conversion longer than its 32-byte buffer)
// occur. Literal text follows the print-time rules: "\%d" and "%%" consume
// nothing, "% d" is not a conversion (' ' is not a flag upstream knows).
// The format is read once (format_string::PrintFmt, kept in the event); this judges it.
#pragma once

#include <string_view>

#include "event-parse.h"
#include "format_string/print_fmt.h"

namespace tep::print_args {

// False when upstream would set TEP_EVENT_FL_FAILED for this format.
bool format_args_match(const format_string::PrintFmt& format);
// The same for a format and its argument list not read yet.
bool format_args_match(std::string_view format, const tep_print_arg* args);

}  // namespace tep::print_args
