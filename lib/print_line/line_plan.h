// SPDX-License-Identifier: LGPL-2.1
// tep_print_event's format, split once: trace-cmd passes the same few formats
// for every record ("%16s-%-5d [%03d] %s %6.1000d: %s: %s"), so each thread
// keeps the last few (lib/base/text_keyed_cache.h). A plan in use by a call is
// never evicted, so a handler re-entering tep_print_event with another format
// is safe.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/per_thread.h"
#include "base/text_keyed_cache.h"
#include "print_line/event_time.h"
#include "format_string/line_format.h"

namespace tep::print_line {

// A piece of the format (lib/format_string reads it in the kLine dialect).
struct LinePiece {
  format_string::LinePiece format;
  TimeLayout time;  // for an int directive given TEP_PRINT_TIME
  // The texts this piece printed last, and what they were printed from: the
  // same pids, CPUs and comms come back record after record (two, for the
  // records of two CPUs interleaved). Plans are per thread.
  struct Memo {
    uint64_t key = 0;
    uint64_t key2 = 0;  // 0: holds nothing
    uint8_t size = 0;
    char text[46];
    std::string_view view() const { return {text, size}; }
  };
  mutable Memo memos[2];
  mutable uint8_t older_memo = 0;  // the one a new text replaces
};

class LinePlans {
 public:
  struct Plan {
    std::string text;  // the pieces point into this copy
    std::vector<LinePiece> pieces;
    const char* pointer = nullptr;  // where the caller's copy was last seen
    bool immutable = false;         // and it is a literal of the main program
    int users = 0;
  };

  using Cache = base::TextKeyedCache<Plan, 2>;

  // The plan of `format` for the duration of one call. Inline: found in the
  // thread's cache on every call.
  class Use {
   public:
    explicit Use(const char* format) : plan_(base::per_thread<Cache>().find(format)) {
      if (__builtin_expect(!plan_, 0)) make(format);
      plan_->users++;
    }
    ~Use() { plan_->users--; }
    Use(const Use&) = delete;
    Use& operator=(const Use&) = delete;
    const std::vector<LinePiece>& pieces() const { return plan_->pieces; }

   private:
    void make(const char* format);
    std::unique_ptr<Plan> owned_;  // when every cached plan is in use
    Plan* plan_;
  };
};

}  // namespace tep::print_line
