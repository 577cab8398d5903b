// SPDX-License-Identifier: LGPL-2.1
#include "symbols/function_table.h"

#include <cerrno>
#include <cstring>
#include <mutex>

#include "base/text_reader.h"
#include "base/log.h"
#include "base/per_thread.h"
#include "symbols/kallsyms_line.h"
#include "symbols/upstream_order.h"

namespace tep::symbols {

namespace {

std::atomic<uint64_t> next_serial{1};

// The last answers of this thread, by address: a trace asks for the same few
// hundred call sites over and over, and a hit skips the lock and the search.
struct LookupCache {
  struct Slot {
    const FunctionTable* table = nullptr;
    uint64_t serial = 0;
    uint64_t version = 0;
    uint64_t addr = 0;
    bool found = false;
    FunctionTable::CMatch match;
    uint32_t name_size = 0;  // the texts' lengths, for FunctionMatch's views
    uint32_t module_size = 0;
  };
  static constexpr unsigned kBits = 8;
  Slot slots[1u << kBits];
  Slot& slot(uint64_t addr) { return slots[(addr * 0x9E3779B97F4A7C15ull) >> (64 - kBits)]; }
};

}  // namespace

FunctionTable::FunctionTable() : serial_(next_serial.fetch_add(1, std::memory_order_relaxed)) {}

LinesStatus FunctionTable::parse_kallsyms(std::string_view text) {
  text = text.substr(0, text.find('\0'));
  std::unique_lock lock(mutex_);
  version_.fetch_add(1, std::memory_order_release);
  entries_.reserve(entries_.size() + text.size() / 40);  // kallsyms lines average ~44 bytes
  // Only names and modules are kept, in the arena's small blocks: a copy of
  // the whole text was twice the memory, in one block so large that glibc
  // returned it to the kernel on free and the next handle faulted it in
  // again. A module's text is shared by the run of its symbols.
  std::string_view module_text;
  const char* module_copy = nullptr;
  base::TextReader reader(text);
  while (!reader.at_end()) {
    std::string_view line;
    KallsymsLine parsed;
    size_t line_size;
    // Upstream clears errno before reading each line: callers see 0 after.
    if (scan_usual_kallsyms_line(reader.rest(), parsed, line_size)) {  // no memchr for the line's end
      line = reader.rest().substr(0, line_size);
      reader.seek(reader.pos() + line_size + 1);
      errno = 0;  // (that scan sets none)
    } else {
      line = reader.take_line();
      if (line.empty()) continue;  // upstream's strtok skips empty lines
      errno = 0;
      parsed = scan_kallsyms_line(line);
    }
    if (parsed.conversions != 2 || parsed.name_end == 0) {
      lock.unlock();
      tep_warning("Failed to parse kallsyms n=%d func_end=%d", parsed.conversions, static_cast<int>(parsed.name_end));
      return LinesStatus::kBadLine;
    }
    if (parsed.ignored(line)) continue;
    const char* module = nullptr;
    if (parsed.has_module()) {
      std::string_view m = line.substr(parsed.module_start, parsed.module_end - 1 - parsed.module_start);
      if (!module_copy || m != module_text) {
        module_copy = strings_.copy(m);
        module_text = std::string_view(module_copy, m.size());
      }
      module = module_copy;
    }
    std::string_view name = line.substr(parsed.name_start, parsed.name_end - parsed.name_start);
    note_text_symbol(name, parsed.addr, module);
    append({parsed.addr, strings_.copy(name), module});
  }
  return LinesStatus::kOk;
}

void FunctionTable::add(std::string_view name, uint64_t addr, const char* module) {
  std::unique_lock lock(mutex_);
  version_.fetch_add(1, std::memory_order_release);
  const char* stored_module = module ? strings_.copy(module) : nullptr;
  note_text_symbol(name, addr, stored_module);
  append({addr, strings_.copy(name), stored_module});
}

// This boot's "_text" (the last one registered without a module) is what the
// kernel's addresses of an earlier boot are moved against.
void FunctionTable::note_text_symbol(std::string_view name, uint64_t addr, const char* module) {
  if (!module && name == "_text") boot_.set_text_address(addr);
}

BootMap::LastBootStatus FunctionTable::parse_last_boot_info(std::string_view text) {
  std::unique_lock lock(mutex_);
  version_.fetch_add(1, std::memory_order_release);
  BootMap::LastBootStatus status = boot_.parse_last_boot_info(text);
  lock.unlock();
  if (status == BootMap::LastBootStatus::kBadLine) tep_warning("Failed to parse last_boot_info");
  return status;
}

BootMap::ModulesStatus FunctionTable::load_modules(std::string_view text) {
  std::unique_lock lock(mutex_);
  version_.fetch_add(1, std::memory_order_release);
  BootMap::ModulesStatus status = boot_.load_modules(text);
  lock.unlock();
  if (status == BootMap::ModulesStatus::kBadLine) tep_warning("Failed to parse /proc/modules");
  return status;
}

void FunctionTable::append(const Entry& e) {
  if (sorted_current_) {
    entries_.pop_back();  // the sentinel
    sorted_current_ = false;
  }
  entries_.push_back(e);
}

void FunctionTable::ensure_sorted(std::shared_lock<std::shared_mutex>& lock) const {
  if (sorted_current_) return;
  lock.unlock();
  {
    std::unique_lock writer(mutex_);
    if (!sorted_current_) {
      auto less = [](const Entry& a, const Entry& b) { return a.addr < b.addr; };
      auto equal = [](const Entry& a, const Entry& b) { return a.addr == b.addr; };
      // The sorted part back in registration order, then all of it sorted.
      upstream::reverse_equal_runs(entries_.begin(), entries_.begin() + static_cast<std::ptrdiff_t>(sorted_count_),
                                   equal);
      upstream::sort_newest_first(entries_, less, equal);
      sorted_count_ = entries_.size();
      entries_.push_back({0, nullptr, nullptr});  // upstream's end marker
      sorted_current_ = true;
    }
  }
  lock.lock();
  // A registration may have slipped in between: then it is simply not seen yet.
}

// Upstream's func_bcmp: a key matches an entry when it equals its address or lies
// between it and the next entry's address (the end marker's is 0).
size_t FunctionTable::find_index(uint64_t addr) const {
  size_t count = entries_.size() - 1;
  return upstream::bsearch_index(count, [&](size_t i) {
    if (addr == entries_[i].addr) return 0;
    if (addr < entries_[i].addr) return -1;
    return addr < entries_[i + 1].addr ? 0 : 1;
  });
}

// The thread's slot for `addr` holding this table's current answer; null when
// a resolver answers, into `resolved` (`found` saying whether it knew it).
// A writer moves the version before it changes anything, under the lock: an
// answer computed after reading a version is at least that version's.
const void* FunctionTable::kept_answer(uint64_t addr, CMatch& resolved, bool& found) const {
  const uint64_t version = version_.load(std::memory_order_acquire);
  LookupCache::Slot& slot = base::per_thread<LookupCache>().slot(addr);
  if (slot.table == this && slot.serial == serial_ && slot.version == version && slot.addr == addr) return &slot;
  std::shared_lock lock(mutex_);
  if (resolver_) {
    found = resolve(addr, resolved, lock);
    return nullptr;
  }
  ensure_sorted(lock);
  size_t i = find_index(addr + boot_.delta(addr));
  slot = {this, serial_, version, addr, false, {}, 0, 0};
  if (i < entries_.size() - 1) {
    const Entry& e = entries_[i];
    slot.found = true;
    slot.match = {e.name, e.module, e.addr, entries_[i + 1].addr - e.addr, boot_start(e.addr, e.module)};
    slot.name_size = static_cast<uint32_t>(strlen(e.name));
    slot.module_size = e.module ? static_cast<uint32_t>(strlen(e.module)) : 0;
  }
  return &slot;
}

bool FunctionTable::lookup(uint64_t addr, CMatch& out) const {
  bool found = false;
  if (const auto* slot = static_cast<const LookupCache::Slot*>(kept_answer(addr, out, found))) {
    out = slot->match;
    return slot->found;
  }
  return found;
}

// A resolver's answers are not cached: it may answer differently each time.
bool FunctionTable::resolve(uint64_t addr, CMatch& out, std::shared_lock<std::shared_mutex>& lock) const {
  tep_func_resolver_t* resolver = resolver_;
  void* priv = resolver_priv_;
  lock.unlock();  // the resolver may call back into the library
  unsigned long long start = addr;
  char* module = nullptr;
  char* name = resolver(priv, &start, &module);
  if (!name) return false;
  lock.lock();
  out = {name, module, start, 0, boot_start(start, module)};
  return true;
}

bool FunctionTable::lookup(uint64_t addr, FunctionMatch& out) const {
  CMatch match;
  bool found = false;
  if (const auto* slot = static_cast<const LookupCache::Slot*>(kept_answer(addr, match, found))) {
    if (!slot->found) return false;
    out = {{slot->match.name, slot->name_size},
           slot->match.module ? std::string_view(slot->match.module, slot->module_size) : std::string_view(),
           slot->match.start,
           slot->match.size};
    return true;
  }
  if (!found) return false;
  out = {match.name, match.module ? std::string_view(match.module) : std::string_view(), match.start, match.size};
  return true;
}

void FunctionTable::set_resolver(tep_func_resolver_t* resolver, void* priv) {
  std::unique_lock lock(mutex_);
  version_.fetch_add(1, std::memory_order_release);
  resolver_ = resolver;
  resolver_priv_ = priv;
}

int FunctionTable::count() const {
  std::shared_lock lock(mutex_);
  return static_cast<int>(entries_.size() - (sorted_current_ ? 1 : 0));
}

void FunctionTable::print(FILE* out) const {
  std::shared_lock lock(mutex_);
  ensure_sorted(lock);
  for (size_t i = 0; i + 1 < entries_.size(); ++i) {
    const Entry& e = entries_[i];
    fprintf(out, "%016llx %s", static_cast<unsigned long long>(e.addr), e.name);
    if (e.module)
      fprintf(out, " [%s]\n", e.module);
    else
      fputc('\n', out);
  }
}

}  // namespace tep::symbols
