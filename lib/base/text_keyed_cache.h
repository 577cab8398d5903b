// SPDX-License-Identifier: LGPL-2.1
// A per-thread cache of what is derived from a caller's format text
// (tep_print_event's and trace_seq_printf's formats, split once). Callers pass
// the same few literals on every call, so an entry is found by the pointer,
// in a set of two, and confirmed by the text: a caller may reuse one buffer
// for other text, unless the text is one of the main program's literals,
// which never change (immutable_text.h). Entry has `std::string text` (its
// own copy), `const char* pointer` (where the caller's copy was last seen)
// and `bool immutable` (that copy is such a literal).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>

#include "base/immutable_text.h"

namespace tep::base {

template <typename Entry, size_t kSetBits>
class TextKeyedCache {
 public:
  // The entry made for `text`, if it is still here.
  Entry* find(const char* text) {
    Set& set = set_of(text);
    for (unsigned way = 0; way < 2; way++) {
      Entry* entry = set.ways[way].get();
      if (entry && entry->pointer == text && (entry->immutable || strcmp(entry->text.c_str(), text) == 0)) {
        set.next_victim = way ^ 1;
        return entry;
      }
    }
    return nullptr;
  }
  // Keeps `entry` for `text` in place of the set's least recent one that
  // `evictable` lets go; returns it, or null when none may go (`entry` is
  // then left to the caller).
  template <typename Evictable>
  Entry* insert(const char* text, std::unique_ptr<Entry>& entry, Evictable evictable) {
    Set& set = set_of(text);
    for (unsigned i = 0; i < 2; i++) {
      unsigned way = set.next_victim ^ i;
      if (set.ways[way] && !evictable(*set.ways[way])) continue;
      entry->pointer = text;
      entry->immutable = in_main_program_rodata(text, entry->text.size() + 1);
      set.ways[way] = std::move(entry);
      set.next_victim = way ^ 1;
      return set.ways[way].get();
    }
    return nullptr;
  }

 private:
  struct Set {
    std::array<std::unique_ptr<Entry>, 2> ways;
    unsigned next_victim = 0;
  };
  Set& set_of(const char* text) {
    const uint64_t h = reinterpret_cast<uintptr_t>(text) * 0x9E3779B97F4A7C15ull;
    return sets_[static_cast<size_t>(h >> (64 - kSetBits))];
  }
  std::array<Set, size_t{1} << kSetBits> sets_;
};

}  // namespace tep::base
