// SPDX-License-Identifier: LGPL-2.1
// ArgTree: where an event's parsed print fmt is made. Every public
// tep_print_arg / tep_print_flag_sym node and every string they point at
// (format text, atoms, op names, field names) lives in its arena and never moves, so
// consumers may walk and cache event->print_fmt for the event's lifetime.
// Nothing is freed piecemeal: nodes and strings are the arena's (the handle's
// events share one), so an abandoned half-built tree on an error path is
// reclaimed with it, which is what makes error paths leak-free.
#pragma once

#include <string_view>

#include "base/string_arena.h"
#include "event-parse.h"

namespace tep::format {

class ArgTree {
 public:
  // Nodes and strings go to `memory`, which outlives the tree.
  explicit ArgTree(base::StringArena& memory) : memory_(memory) {}
  ArgTree(const ArgTree&) = delete;
  ArgTree& operator=(const ArgTree&) = delete;

  // A zeroed node (type TEP_PRINT_NULL).
  tep_print_arg* new_arg() { return memory_.make_zeroed<tep_print_arg>(); }
  tep_print_flag_sym* new_flag_sym() { return memory_.make_zeroed<tep_print_flag_sym>(); }
  // A NUL-terminated copy that stays put as long as the arena.
  char* keep(std::string_view text);

 private:
  base::StringArena& memory_;
};

}  // namespace tep::format
