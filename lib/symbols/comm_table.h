// SPDX-License-Identifier: LGPL-2.1
// CommTable: pid -> command name, from tep_register_comm/tep_override_comm and
// saved_cmdlines text ("1234 bash"), as upstream keeps it:
//  - registrations first go to a list (duplicates allowed, newest first);
//  - the first lookup by pid (or an override) turns the list into an array
//    sorted by pid, newest first among equal pids; later registrations are
//    inserted in place, and a pid already there is refused (or replaced by an
//    override);
//  - tep_data_pid_from_comm walks the list newest first, the array by pid.
// Entries and comm strings are never freed before the table, so every pointer
// handed out stays valid; lookups may run while another thread registers.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <shared_mutex>
#include <string_view>
#include <vector>

#include "base/string_arena.h"
#include "symbols/lines_status.h"

// The public API's opaque cmdline (event-parse.h declares it incomplete).
struct tep_cmdline {
  const char* comm;
  int pid;
};

namespace tep::symbols {

class CommTable {
 public:
  enum class RegisterStatus { kOk, kPidExists };

  CommTable();
  CommTable(const CommTable&) = delete;
  CommTable& operator=(const CommTable&) = delete;

  // A null comm registers "<...>". With `override`, an existing pid gets the new
  // name; without it, a pid already in the sorted array is refused.
  RegisterStatus add(const char* comm, int pid, bool override);

  // "<idle>" for pid 0, "<...>" for a pid nobody registered.
  const char* comm_of(int pid) const;
  // Moves to a value no table had before with every change: an answer of
  // comm_of() found under one version holds while the version is the same.
  uint64_t version() const { return version_.load(std::memory_order_acquire); }
  bool is_registered(int pid) const;

  // The first entry named `comm` after `after` (from the start when null or not
  // an entry of the current walk), or null.
  const tep_cmdline* find_by_comm(const char* comm, const tep_cmdline* after) const;

  // saved_cmdlines text: "PID COMM" per line; stops at the first line that is
  // not, keeping those before it.
  LinesStatus parse_saved_cmdlines(std::string_view text);

 private:
  RegisterStatus add_name(std::string_view comm, int pid, bool override);
  void ensure_sorted(std::shared_lock<std::shared_mutex>& lock) const;
  void sort_locked() const;          // needs the unique lock
  size_t find_index(int pid) const;  // sorted_.size() when absent
  tep_cmdline* new_entry(const char* comm, int pid) const;

  struct Lookup {
    const char* comm = nullptr;
    bool registered = false;
  };
  Lookup lookup(int pid) const;  // a non-zero pid, in array mode
  // Where the per-thread cache of lookups (comm_table.cc) stands: a new value,
  // unique in the process, with every change of the table.
  void changed() const;
  bool cached_lookup(int pid, const char*& comm, bool& registered) const;
  void remember_lookup(int pid, const char* comm, bool registered) const;
  mutable std::atomic<uint64_t> version_;

  mutable std::shared_mutex mutex_;
  mutable base::StringArena strings_;
  mutable std::deque<tep_cmdline> entries_;    // every entry ever made, never moved
  mutable std::vector<tep_cmdline*> pending_;  // list mode, oldest first
  mutable std::vector<tep_cmdline*> sorted_;   // array mode
  mutable bool sorted_mode_ = false;
};

}  // namespace tep::symbols
