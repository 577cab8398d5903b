// SPDX-License-Identifier: LGPL-2.1
// ArgTree: the arena that owns an event's parsed print fmt. Every public
// tep_print_arg / tep_print_flag_sym node and every string they point at
// (format text, atoms, op names, field names) lives here and never moves, so
// consumers may walk and cache event->print_fmt for the event's lifetime.
// Nothing is freed piecemeal: an abandoned half-built tree on an error path is
// reclaimed with the event, which is what makes error paths leak-free.
#pragma once

#include <algorithm>
#include <memory>
#include <string_view>
#include <vector>

#include "base/string_arena.h"
#include "event-parse.h"

namespace tep::format {

// Zeroed objects that never move, in chunks that double from 4 to 64: most
// events have a few dozen nodes, and a handle has thousands of events.
template <typename T>
class StableChunks {
 public:
  T* add() {
    if (used_ == capacity_) {
      capacity_ = chunks_.empty() ? 4 : std::min<size_t>(capacity_ * 2, 64);
      chunks_.push_back(std::make_unique<T[]>(capacity_));
      used_ = 0;
    }
    count_++;
    return &chunks_.back()[used_++];
  }
  size_t size() const { return count_; }

 private:
  std::vector<std::unique_ptr<T[]>> chunks_;
  size_t capacity_ = 0, used_ = 0, count_ = 0;
};

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

 private:
  StableChunks<tep_print_arg> args_;
  StableChunks<tep_print_flag_sym> syms_;
  base::StringArena strings_;
};

}  // namespace tep::format
