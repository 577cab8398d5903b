// SPDX-License-Identifier: LGPL-2.1
// How raw output prints a scalar field: upstream 1.8.4 prints it through the
// first print-fmt conversion whose argument is that bare field (casts aside),
// keeping a "0x" written just before it:
//   print fmt: "ip=0x%lx fn=%ps", REC->ip, (void *)REC->fn
//   raw:       " ip=0xffffffff81000010 fn=schedule"
// Fields used only inside expressions or helpers keep the default layout.
#pragma once

#include <string_view>

#include "event-parse.h"

namespace tep::output {

struct FieldConversion {
  std::string_view directive;            // "%lx", "%*d", "%ps"
  bool zero_x_prefix = false;            // the text before it ends in "0x"
  const tep_print_arg* star = nullptr;   // the argument a '*' takes
};

// False when no conversion prints the bare field. Walks the print fmt (no
// allocation): a per-event cache would need a slot in tep::Event.
bool find_field_conversion(const tep_event& event, const tep_format_field& field, FieldConversion& out);

}  // namespace tep::output
