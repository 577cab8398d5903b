// SPDX-License-Identifier: LGPL-2.1
// The print fmt parser: turns the text after "print fmt: " into the public
// tep_print_arg tree that consumers walk (event->print_fmt.args).
#pragma once

#include <string_view>

#include "format/event.h"
#include "print_args/print_functions.h"

namespace tep::print_args {

// What a print fmt is read against besides its event: the registered print
// functions (tep_register_print_function) and the trace's sizeof(long).
struct PrintFmtContext {
  const PrintFunctionRegistry& functions;
  int long_size;
  // False under TEP_NO_PARSING_WARNINGS (upstream 1.9.0): a print fmt that
  // fails to parse says nothing (a count mismatch found after it still warns).
  bool warn = true;
};

// Fills event.print_fmt (format string and args), owned by event.print_args.
// Returns false and sets TEP_EVENT_FL_FAILED when the text cannot be parsed;
// the event itself stays usable.
bool parse_print_fmt(const PrintFmtContext& context, format::Event& event, std::string_view text);

}  // namespace tep::print_args
