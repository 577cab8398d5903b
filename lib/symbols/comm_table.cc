// SPDX-License-Identifier: LGPL-2.1
#include "symbols/comm_table.h"

#include <algorithm>
#include <array>
#include <mutex>

#include "base/number_scan.h"
#include "base/text_reader.h"
#include "base/per_thread.h"
#include "symbols/upstream_order.h"

namespace tep::symbols {

namespace {

constexpr const char* kUnknownComm = "<...>";
constexpr const char* kIdleComm = "<idle>";

// One saved_cmdlines line the way upstream's sscanf(line, "%d %m[^\n]s") reads
// it: "  1234 bash" -> pid 1234, comm "bash" (trailing blanks kept). A pid out
// of long's range sets errno there, which upstream treats as an error too.
bool scan_cmdline(std::string_view line, int& pid, std::string_view& comm) {
  base::ScannedNumber number = base::scan_number(line, base::kScanfInt);
  if (!number.found()) return false;
  pid = static_cast<int>(number.as_signed());  // %d stores the long's low bits
  size_t pos = number.end;
  while (pos < line.size() && base::TextReader::is_space(line[pos])) ++pos;
  if (pos >= line.size()) return false;
  comm = line.substr(pos);
  return true;
}

std::atomic<uint64_t> last_version{0};

// A thread's recent lookups by pid (trace-cmd asks for the comm of every
// record, and sched_switch registers the same pids again and again); valid
// while the table's version is the one they were made under.
struct RecentLookups {
  struct Entry {
    const CommTable* table = nullptr;
    uint64_t version = 0;
    int pid = 0;
    bool registered = false;
    const char* comm = nullptr;
  };
  std::array<Entry, 64> entries;
  static size_t slot_of(int pid) { return static_cast<unsigned>(pid) % 64; }
};

}  // namespace

CommTable::CommTable() : version_(last_version.fetch_add(1, std::memory_order_relaxed) + 1) {}

void CommTable::changed() const {
  version_.store(last_version.fetch_add(1, std::memory_order_relaxed) + 1, std::memory_order_release);
}

bool CommTable::cached_lookup(int pid, const char*& comm, bool& registered) const {
  const RecentLookups::Entry& e = base::per_thread<RecentLookups>().entries[RecentLookups::slot_of(pid)];
  if (e.table != this || e.pid != pid || e.version != version_.load(std::memory_order_acquire)) return false;
  comm = e.comm;
  registered = e.registered;
  return true;
}

// Called with the table locked (shared or not), so `version_` is the one the
// answer was found under.
void CommTable::remember_lookup(int pid, const char* comm, bool registered) const {
  RecentLookups::Entry& e = base::per_thread<RecentLookups>().entries[RecentLookups::slot_of(pid)];
  e = {this, version_.load(std::memory_order_relaxed), pid, registered, comm};
}

tep_cmdline* CommTable::new_entry(const char* comm, int pid) const {
  entries_.push_back({comm, pid});
  return &entries_.back();
}

// The list becomes upstream's array: newest first, stably sorted by pid. The
// array gets entries of its own, so a list entry is no longer "in the array"
// (as with upstream, whose list nodes are gone by then).
void CommTable::sort_locked() const {
  std::vector<tep_cmdline*> array;
  array.reserve(pending_.size());
  for (tep_cmdline* e : pending_) array.push_back(new_entry(e->comm, e->pid));
  sorted_ = upstream::sorted_newest_first(
      array, [](const tep_cmdline* a, const tep_cmdline* b) { return a->pid < b->pid; },
      [](const tep_cmdline* a, const tep_cmdline* b) { return a->pid == b->pid; });
  pending_.clear();
  sorted_mode_ = true;
  changed();
}

void CommTable::ensure_sorted(std::shared_lock<std::shared_mutex>& lock) const {
  if (sorted_mode_) return;
  lock.unlock();
  {
    std::unique_lock writer(mutex_);
    if (!sorted_mode_) sort_locked();
  }
  lock.lock();
}

size_t CommTable::find_index(int pid) const {
  return upstream::bsearch_index(sorted_.size(), [&](size_t i) {
    return pid < sorted_[i]->pid ? -1 : pid > sorted_[i]->pid ? 1 : 0;
  });
}

CommTable::RegisterStatus CommTable::add(const char* comm, int pid, bool override) {
  return add_name(comm ? comm : kUnknownComm, pid, override);
}

CommTable::RegisterStatus CommTable::add_name(std::string_view comm, int pid, bool override) {
  // A pid known to be in the array refuses a plain registration: no lock taken.
  const char* known = nullptr;
  bool registered = false;
  if (!override && pid != 0 && cached_lookup(pid, known, registered) && registered) return RegisterStatus::kPidExists;
  std::unique_lock lock(mutex_);
  if (!sorted_mode_) {
    if (!override) {
      pending_.push_back(new_entry(strings_.copy(comm), pid));
      changed();
      return RegisterStatus::kOk;
    }
    sort_locked();
  }
  if (pid == 0) return RegisterStatus::kOk;  // upstream keeps no pid 0 in the array
  // The name is copied only once it is kept: sched_switch registers the same
  // pids on every record, and the arena never gives memory back.
  size_t i = find_index(pid);
  if (i < sorted_.size()) {
    if (!override) {
      remember_lookup(pid, sorted_[i]->comm, true);
      return RegisterStatus::kPidExists;
    }
    // The old name stays allocated: callers may still hold it.
    if (comm != sorted_[i]->comm) {
      sorted_[i]->comm = strings_.copy(comm);
      changed();
    }
    return RegisterStatus::kOk;
  }
  auto at =
      std::upper_bound(sorted_.begin(), sorted_.end(), pid, [](int p, const tep_cmdline* e) { return p < e->pid; });
  sorted_.insert(at, new_entry(strings_.copy(comm), pid));
  changed();
  return RegisterStatus::kOk;
}

CommTable::Lookup CommTable::lookup(int pid) const {
  Lookup found;
  if (cached_lookup(pid, found.comm, found.registered)) return found;
  std::shared_lock lock(mutex_);
  ensure_sorted(lock);
  size_t i = find_index(pid);
  found.registered = i < sorted_.size();
  found.comm = found.registered ? sorted_[i]->comm : kUnknownComm;
  remember_lookup(pid, found.comm, found.registered);
  return found;
}

const char* CommTable::comm_of(int pid) const { return pid == 0 ? kIdleComm : lookup(pid).comm; }

bool CommTable::is_registered(int pid) const { return pid == 0 || lookup(pid).registered; }

// Upstream's array walk restarts *at* `after` (so a caller looping on it never
// advances); we continue after it, as its documentation describes.
const tep_cmdline* CommTable::find_by_comm(const char* comm, const tep_cmdline* after) const {
  std::string_view wanted(comm);
  std::shared_lock lock(mutex_);
  if (sorted_mode_) {
    auto from = std::find(sorted_.begin(), sorted_.end(), after);
    from = from == sorted_.end() ? sorted_.begin() : from + 1;
    auto hit = std::find_if(from, sorted_.end(), [&](const tep_cmdline* e) { return wanted == e->comm; });
    return hit == sorted_.end() ? nullptr : *hit;
  }
  auto from = std::find(pending_.rbegin(), pending_.rend(), after);
  from = from == pending_.rend() ? pending_.rbegin() : from + 1;
  auto hit = std::find_if(from, pending_.rend(), [&](const tep_cmdline* e) { return wanted == e->comm; });
  return hit == pending_.rend() ? nullptr : *hit;
}

LinesStatus CommTable::parse_saved_cmdlines(std::string_view text) {
  base::TextReader reader(text);
  while (!reader.at_end()) {
    std::string_view line = reader.take_line();
    if (line.empty()) continue;
    int pid = 0;
    std::string_view comm;
    if (!scan_cmdline(line, pid, comm)) return LinesStatus::kBadLine;
    add_name(comm, pid, false);
  }
  return LinesStatus::kOk;
}

}  // namespace tep::symbols
