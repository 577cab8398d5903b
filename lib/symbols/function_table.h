// SPDX-License-Identifier: LGPL-2.1
// FunctionTable: kernel functions by address, from kallsyms text or
// tep_register_function, or from a resolver installed with
// tep_set_function_resolver (which then answers every lookup). With a
// last_boot_info (and /proc/modules) loaded, addresses of an earlier boot are
// translated to this boot's before the search (BootMap); a resolver gets them
// as they are, as upstream's does.
// Registration is cheap (kallsyms is copied once and its names are cut in
// place); the sorted array is built on the first lookup after a change, in
// upstream's order, so duplicate addresses pick the same name as upstream.
// Lookups may run on several threads at once, also during registration.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <shared_mutex>
#include <string_view>
#include <vector>

#include "event-parse.h"
#include "base/string_arena.h"
#include "symbols/boot_map.h"
#include "symbols/lines_status.h"

namespace tep::symbols {

// The function containing an address: from kallsyms / tep_register_function,
// or from a resolver installed with tep_set_function_resolver.
// name.data() and module.data() are NUL-terminated and stay valid as long as the
// table (resolver results: as long as the resolver keeps them).
struct FunctionMatch {
  std::string_view name;
  std::string_view module;  // empty when none
  uint64_t start = 0;
  uint64_t size = 0;
};

class FunctionTable {
 public:
  FunctionTable();
  FunctionTable(const FunctionTable&) = delete;
  FunctionTable& operator=(const FunctionTable&) = delete;

  // /proc/kallsyms text; stops at the first line upstream rejects (warning
  // "Failed to parse kallsyms ..."), keeping the lines before it.
  LinesStatus parse_kallsyms(std::string_view text);
  // tep_register_function: `module` may be null.
  void add(std::string_view name, uint64_t addr, const char* module);

  // tep_parse_last_boot_info and tep_load_modules (BootMap); a bad line warns
  // as upstream does ("Failed to parse last_boot_info", ".. /proc/modules").
  BootMap::LastBootStatus parse_last_boot_info(std::string_view text);
  BootMap::ModulesStatus load_modules(std::string_view text);

  bool lookup(uint64_t addr, FunctionMatch& out) const;
  // The C API's view of a lookup: module is null when there is none.
  struct CMatch {
    const char* name = nullptr;
    const char* module = nullptr;
    uint64_t start = 0;  // this boot's address (what the search found)
    uint64_t size = 0;
    // tep_find_function_info's start: upstream takes a function without a
    // module back to the earlier boot by the delta it would apply to `start`
    // itself taken as an earlier boot's address; otherwise `start`.
    uint64_t boot_start = 0;
  };
  bool lookup(uint64_t addr, CMatch& out) const;

  void set_resolver(tep_func_resolver_t* resolver, void* priv);
  void reset_resolver() { set_resolver(nullptr, nullptr); }

  // Registrations so far, duplicates included (tep_get_function_count).
  int count() const;
  // tep_print_funcs: "%016llx name[ [module]]" per entry, in lookup order.
  void print(FILE* out) const;

 private:
  struct Entry {
    uint64_t addr;
    const char* name;
    const char* module;  // null when none
  };

  // Sorts the registrations if some arrived since the last build; returns with
  // `lock` held shared and entries_ sorted.
  void ensure_sorted(std::shared_lock<std::shared_mutex>& lock) const;
  size_t find_index(uint64_t addr) const;  // entries_.size() - 1 (the sentinel) if none
  void append(const Entry& e);
  void note_text_symbol(std::string_view name, uint64_t addr, const char* module);
  uint64_t boot_start(uint64_t start, const char* module) const { return module ? start : start - boot_.delta(start); }
  bool resolve(uint64_t addr, CMatch& out, std::shared_lock<std::shared_mutex>& lock) const;
  const void* kept_answer(uint64_t addr, CMatch& resolved, bool& found) const;

  mutable std::shared_mutex mutex_;
  base::StringArena strings_;
  // One copy of the registrations (kallsyms has 100k+): sorted, they are in
  // upstream's order with the sentinel {0} after them; registrations since
  // follow (without it). Reversing the runs of equal addresses of the sorted
  // part gives back their registration order, all a re-sort needs.
  mutable std::vector<Entry> entries_;
  mutable size_t sorted_count_ = 0;      // entries_[0, sorted_count_) in upstream's order
  mutable bool sorted_current_ = false;  // and the sentinel after them, nothing else
  BootMap boot_;
  tep_func_resolver_t* resolver_ = nullptr;
  void* resolver_priv_ = nullptr;
  // Per-thread caches of answers (plugins and %pS ask for the same call sites
  // record after record) are valid while both match: `serial_` tells this
  // table from one made later at the same address, `version_` moves with
  // every change (registration, resolver).
  const uint64_t serial_;
  std::atomic<uint64_t> version_{0};
};

}  // namespace tep::symbols
