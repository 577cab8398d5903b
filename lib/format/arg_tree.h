// SPDX-License-Identifier: LGPL-2.1
// ArgTree: the arena that owns an event's parsed print fmt. Every public
// tep_print_arg / tep_print_flag_sym node and every string they point at
// (format text, atoms, op names, field names) lives here and never moves, so
// consumers may walk and cache event->print_fmt for the event's lifetime.
// Nothing is freed piecemeal: an abandoned half-built tree on an error path is
// reclaimed with the event, which is what makes error paths leak-free.
#pragma once

#include <deque>
#include <string>
#include <string_view>

#include "event-parse.h"

namespace tep {

class ArgTree {
 public:
  ArgTree() = default;
  ArgTree(const ArgTree&) = delete;
  ArgTree& operator=(const ArgTree&) = delete;

  // A zeroed node (type TEP_PRINT_NULL).
  tep_print_arg* new_arg();
  tep_print_flag_sym* new_flag_sym();
  // A NUL-terminated copy that stays put until clear().
  char* keep(std::string_view text);
  // Drops every node and string (before re-parsing an event).
  void clear();

  size_t node_count() const { return args_.size() + syms_.size(); }

 private:
  std::deque<tep_print_arg> args_;
  std::deque<tep_print_flag_sym> syms_;
  std::deque<std::string> strings_;
};

}  // namespace tep
