// SPDX-License-Identifier: LGPL-2.1
#include "format/arg_tree.h"

namespace tep {

tep_print_arg* ArgTree::new_arg() {
  tep_print_arg& arg = args_.emplace_back();
  arg = tep_print_arg{};
  return &arg;
}

tep_print_flag_sym* ArgTree::new_flag_sym() {
  tep_print_flag_sym& sym = syms_.emplace_back();
  sym = tep_print_flag_sym{};
  return &sym;
}

char* ArgTree::keep(std::string_view text) {
  return strings_.emplace_back(text).data();
}

void ArgTree::clear() {
  args_.clear();
  syms_.clear();
  strings_.clear();
}

}  // namespace tep
