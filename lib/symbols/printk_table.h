// SPDX-License-Identifier: LGPL-2.1
// PrintkTable: the format strings of trace_printk / bprint events by address,
// from printk_formats text or tep_register_print_string:
//   0xffffffff828195af : "thaw_processes"
// Stored as upstream stores them: one leading '"' dropped, a trailing '"'
// dropped and, only then, a trailing "\n" (backslash, n) dropped; other escapes
// stay as written. Duplicate addresses resolve as upstream's bsearch does.
// Lookups may run on several threads at once, also during registration.
#pragma once

#include <cstdint>
#include <cstdio>
#include <shared_mutex>
#include <string_view>
#include <vector>

#include "base/string_arena.h"

namespace tep::symbols {

class PrintkTable {
 public:
  PrintkTable() = default;
  PrintkTable(const PrintkTable&) = delete;
  PrintkTable& operator=(const PrintkTable&) = delete;

  // The format string registered for a printk address (bprint's REC->fmt), or nullptr.
  const char* find(uint64_t addr) const;

  // tep_register_print_string.
  void add(std::string_view fmt, uint64_t addr);
  // printk_formats text. Lines read "ADDR : FORMAT"; an entry made only of ':'
  // ends the parse with upstream's warning "printk format with empty entry".
  void parse(std::string_view text);

  int count() const;
  // tep_print_printk: "%016llx format" per entry, in lookup order.
  void print(FILE* out) const;

 private:
  struct Entry {
    uint64_t addr;
    const char* format;
  };
  void ensure_sorted(std::shared_lock<std::shared_mutex>& lock) const;

  mutable std::shared_mutex mutex_;
  base::StringArena strings_;
  std::vector<Entry> registered_;  // oldest first
  mutable std::vector<Entry> sorted_;
  mutable bool sorted_current_ = false;
};

}  // namespace tep::symbols
