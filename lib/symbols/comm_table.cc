// SPDX-License-Identifier: LGPL-2.1
#include "symbols/comm_table.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <mutex>

#include "core/text_reader.h"
#include "symbols/upstream_order.h"

namespace tep {

namespace {

constexpr const char* kUnknownComm = "<...>";
constexpr const char* kIdleComm = "<idle>";

bool is_c_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

// One saved_cmdlines line the way upstream's sscanf(line, "%d %m[^\n]s") reads
// it: "  1234 bash" -> pid 1234, comm "bash" (trailing blanks kept). A pid out
// of long's range sets errno there, which upstream treats as an error too.
bool scan_cmdline(std::string_view line, int& pid, std::string_view& comm) {
  size_t pos = 0;
  while (pos < line.size() && is_c_space(line[pos])) ++pos;
  bool negative = false;
  if (pos < line.size() && (line[pos] == '-' || line[pos] == '+')) negative = line[pos++] == '-';
  size_t digits_start = pos;
  unsigned long long magnitude = 0;
  bool overflow = false;
  for (; pos < line.size() && line[pos] >= '0' && line[pos] <= '9'; ++pos) {
    magnitude = magnitude * 10 + static_cast<unsigned>(line[pos] - '0');
    if (magnitude > static_cast<unsigned long long>(LONG_MAX) + 1) overflow = true;
  }
  if (pos == digits_start) return false;
  if (overflow || (!negative && magnitude > static_cast<unsigned long long>(LONG_MAX)))
    return false;
  long value = negative ? static_cast<long>(0 - magnitude) : static_cast<long>(magnitude);
  pid = static_cast<int>(value);  // %d stores the long's low bits
  while (pos < line.size() && is_c_space(line[pos])) ++pos;
  if (pos >= line.size()) return false;
  comm = line.substr(pos);
  return true;
}

}  // namespace

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
  std::unique_lock lock(mutex_);
  const char* name = strings_.copy(comm);
  if (!sorted_mode_) {
    if (!override) {
      pending_.push_back(new_entry(name, pid));
      return RegisterStatus::kOk;
    }
    sort_locked();
  }
  if (pid == 0) return RegisterStatus::kOk;  // upstream keeps no pid 0 in the array
  size_t i = find_index(pid);
  if (i < sorted_.size()) {
    if (!override) return RegisterStatus::kPidExists;
    // The old name stays allocated: callers may still hold it.
    sorted_[i]->comm = name;
    return RegisterStatus::kOk;
  }
  auto at = std::upper_bound(sorted_.begin(), sorted_.end(), pid,
                             [](int p, const tep_cmdline* e) { return p < e->pid; });
  sorted_.insert(at, new_entry(name, pid));
  return RegisterStatus::kOk;
}

const char* CommTable::comm_of(int pid) const {
  if (pid == 0) return kIdleComm;
  std::shared_lock lock(mutex_);
  ensure_sorted(lock);
  size_t i = find_index(pid);
  return i < sorted_.size() ? sorted_[i]->comm : kUnknownComm;
}

bool CommTable::is_registered(int pid) const {
  if (pid == 0) return true;
  std::shared_lock lock(mutex_);
  ensure_sorted(lock);
  return find_index(pid) < sorted_.size();
}

// Upstream's array walk restarts *at* `after` (so a caller looping on it never
// advances); we continue after it, as its documentation describes.
const tep_cmdline* CommTable::find_by_comm(const char* comm, const tep_cmdline* after) const {
  std::string_view wanted(comm);
  std::shared_lock lock(mutex_);
  if (sorted_mode_) {
    auto from = std::find(sorted_.begin(), sorted_.end(), after);
    from = from == sorted_.end() ? sorted_.begin() : from + 1;
    auto hit = std::find_if(from, sorted_.end(),
                            [&](const tep_cmdline* e) { return wanted == e->comm; });
    return hit == sorted_.end() ? nullptr : *hit;
  }
  auto from = std::find(pending_.rbegin(), pending_.rend(), after);
  from = from == pending_.rend() ? pending_.rbegin() : from + 1;
  auto hit = std::find_if(from, pending_.rend(),
                          [&](const tep_cmdline* e) { return wanted == e->comm; });
  return hit == pending_.rend() ? nullptr : *hit;
}

CommTable::ParseStatus CommTable::parse_saved_cmdlines(std::string_view text) {
  TextReader reader(text);
  while (!reader.at_end()) {
    std::string_view line = reader.take_line();
    if (line.empty()) continue;
    int pid = 0;
    std::string_view comm;
    if (!scan_cmdline(line, pid, comm)) return ParseStatus::kBadLine;
    add_name(comm, pid, false);
  }
  return ParseStatus::kOk;
}

}  // namespace tep
