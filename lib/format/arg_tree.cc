// SPDX-License-Identifier: LGPL-2.1
#include "format/arg_tree.h"

namespace tep::format {

tep_print_arg* ArgTree::new_arg() { return args_.add(); }

tep_print_flag_sym* ArgTree::new_flag_sym() { return syms_.add(); }

// The public nodes hold `char*`; the arena's copies are writable memory.
char* ArgTree::keep(std::string_view text) { return const_cast<char*>(strings_.copy(text)); }

void ArgTree::clear() {
  args_ = {};
  syms_ = {};
  strings_ = {};
}

}  // namespace tep::format
