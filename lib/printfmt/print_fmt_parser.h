// SPDX-License-Identifier: LGPL-2.1
// The print fmt parser: turns the text after "print fmt: " into the public
// tep_print_arg tree that consumers walk (event->print_fmt.args).
// (Declaration fixed for the other folders; lib/printfmt implements it.)
#pragma once

#include <string_view>

#include "core/event.h"

namespace tep::printfmt {

// Fills event.print_fmt (format string and args), owned by event.print_args.
// Returns false and sets TEP_EVENT_FL_FAILED when the text cannot be parsed;
// the event itself stays usable.
bool parse_print_fmt(tep_handle& tep, Event& event, std::string_view text);

}  // namespace tep::printfmt
