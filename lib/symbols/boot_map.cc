// SPDX-License-Identifier: LGPL-2.1
#include "symbols/boot_map.h"

#include <algorithm>
#include <cstring>

#include "base/number_scan.h"
#include "base/text_reader.h"
#include "symbols/upstream_order.h"

namespace tep::symbols {

namespace {

// Upstream takes any name starting with "[kernel]" for the kernel's line.
bool is_kernel(std::string_view name) { return name.substr(0, 8) == "[kernel]"; }

// Upstream reads last_boot_info lines with sscanf("%16llx %ms") and
// /proc/modules lines with sscanf("%ms %*s %*s %*s %*s %18llx"): glibc's %llx
// (sign and "0x" count against the width, "0x" alone is 0, a value beyond 64
// bits saturates with ERANGE).
constexpr base::NumberSyntax hex_field(size_t width) {
  return {.base = 16, .skip_blanks = false, .prefix_without_digits_consumed = true, .width = width};
}

void skip_blanks(std::string_view line, size_t& pos) {
  while (pos < line.size() && base::TextReader::is_space(line[pos])) ++pos;
}

// %s: blanks, then one or more non-blanks. False at the end of the line.
bool take_word(std::string_view line, size_t& pos, size_t& start) {
  skip_blanks(line, pos);
  if (pos >= line.size()) return false;
  start = pos;
  while (pos < line.size() && !base::TextReader::is_space(line[pos])) ++pos;
  return true;
}

base::ScannedNumber take_hex(std::string_view line, size_t& pos, size_t width) {
  skip_blanks(line, pos);
  base::ScannedNumber n = base::scan_number(line.substr(pos), hex_field(width));
  pos += n.end;
  return n;
}

// Calls read(line, offset of the line in text) for each line upstream's
// strtok(buf, "\n") gives (empty lines skipped); false as soon as one does.
template <class ReadLine>
bool for_each_line(std::string_view text, ReadLine read) {
  base::TextReader reader(text);
  while (!reader.at_end()) {
    size_t offset = reader.pos();
    std::string_view line = reader.take_line();
    if (!line.empty() && !read(line, offset)) return false;
  }
  return true;
}

}  // namespace

BootMap::LastBootStatus BootMap::parse_last_boot_info(std::string_view text) {
  if (text.substr(0, 9) == "# Current") return LastBootStatus::kCurrent;
  auto table = std::make_unique<Table>();
  const bool ok = for_each_line(text, [&](std::string_view line, size_t offset) {
    size_t pos = 0, name = 0;
    base::ScannedNumber addr = take_hex(line, pos, 16);  // 16 bytes hold no more than 64 bits
    if (!addr.found() || !take_word(line, pos, name)) return false;
    table->entries.push_back({addr.bits, offset + name, pos - name});
    return true;
  });
  if (!ok) return LastBootStatus::kBadLine;
  table->text = std::make_unique<char[]>(text.size());
  memcpy(table->text.get(), text.data(), text.size());
  std::stable_sort(table->entries.begin(), table->entries.end(),
                   [](const Entry& a, const Entry& b) { return a.addr < b.addr; });
  last_boot_ = std::move(table);
  if (const Entry* kernel = first_kernel(); kernel && text_addr_ != 0) kernel_delta_ = text_addr_ - kernel->addr;
  if (modules_) join();
  rebuild_range_deltas();
  return LastBootStatus::kOk;
}

BootMap::ModulesStatus BootMap::load_modules(std::string_view text) {
  auto table = std::make_unique<Table>();
  ModulesStatus status = ModulesStatus::kOk;
  for_each_line(text, [&](std::string_view line, size_t offset) {
    size_t pos = 0, name = 0, skipped;
    status = ModulesStatus::kBadLine;
    if (!take_word(line, pos, name)) return false;
    const size_t name_end = pos;
    for (int i = 0; i < 4; ++i)
      if (!take_word(line, pos, skipped)) return false;
    base::ScannedNumber addr = take_hex(line, pos, 18);
    if (!addr.found()) return false;
    if (addr.saturated) {
      status = ModulesStatus::kOutOfRange;
      return false;
    }
    status = ModulesStatus::kOk;
    table->entries.push_back({addr.bits, offset + name, name_end - name});
    return true;
  });
  if (status != ModulesStatus::kOk) return status;
  table->text = std::make_unique<char[]>(text.size());
  memcpy(table->text.get(), text.data(), text.size());
  const Table& t = *table;
  std::stable_sort(table->entries.begin(), table->entries.end(),
                   [&](const Entry& a, const Entry& b) { return t.name(a) < t.name(b); });
  modules_ = std::move(table);
  if (last_boot_) join();
  rebuild_range_deltas();
  return ModulesStatus::kOk;
}

void BootMap::set_text_address(uint64_t addr) {
  text_addr_ = addr;
  if (const Entry* kernel = first_kernel()) kernel_delta_ = addr - kernel->addr;
}

const BootMap::Entry* BootMap::first_kernel() const {
  if (!last_boot_) return nullptr;
  for (const Entry& e : last_boot_->entries)
    if (is_kernel(last_boot_->name(e))) return &e;
  return nullptr;
}

ptrdiff_t BootMap::find_module(std::string_view name) const {
  const size_t count = modules_->entries.size();
  size_t i = upstream::bsearch_index(count, [&](size_t k) {
    int c = name.compare(modules_->name(k));
    return c < 0 ? -1 : c > 0 ? 1 : 0;
  });
  return i == count ? -1 : static_cast<ptrdiff_t>(i);
}

void BootMap::join() {
  for (const Entry& e : last_boot_->entries) {
    std::string_view name = last_boot_->name(e);
    if (is_kernel(name)) continue;
    if (module_start_ == 0) module_start_ = e.addr;
    if (ptrdiff_t m = find_module(name); m >= 0) modules_->entries[static_cast<size_t>(m)].addr -= e.addr;
  }
}

void BootMap::rebuild_range_deltas() {
  range_deltas_.clear();
  if (!last_boot_) return;
  range_deltas_.reserve(last_boot_->entries.size());
  for (const Entry& e : last_boot_->entries) {
    ptrdiff_t m = modules_ ? find_module(last_boot_->name(e)) : -1;
    range_deltas_.push_back(m >= 0 ? modules_->entries[static_cast<size_t>(m)].addr : 0);
  }
}

// The last range starting at or below addr (of equal starts, the last one).
uint64_t BootMap::range_delta(uint64_t addr) const {
  if (!last_boot_) return 0;
  const auto& entries = last_boot_->entries;
  auto after =
      std::upper_bound(entries.begin(), entries.end(), addr, [](uint64_t a, const Entry& e) { return a < e.addr; });
  if (after == entries.begin()) return 0;
  return range_deltas_[static_cast<size_t>(after - entries.begin() - 1)];
}

}  // namespace tep::symbols
