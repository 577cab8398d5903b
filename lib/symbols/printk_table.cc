// SPDX-License-Identifier: LGPL-2.1
#include "symbols/printk_table.h"

#include <cerrno>
#include <mutex>

#include "base/number_scan.h"
#include "base/text_reader.h"
#include "base/log.h"
#include "symbols/upstream_order.h"

namespace tep::symbols {

namespace {

// Upstream reads the address with strtoull(text, NULL, 16), which sets errno
// to ERANGE on overflow (callers of tep_parse_printk_formats see it).
uint64_t parse_hex_address(std::string_view text) {
  base::ScannedNumber number = base::scan_number(text, base::NumberSyntax{.base = 16});
  if (number.saturated) errno = ERANGE;
  return number.bits;
}

}  // namespace

void PrintkTable::add(std::string_view fmt, uint64_t addr) {
  fmt = fmt.substr(0, fmt.find('\0'));
  if (!fmt.empty() && fmt.front() == '"') fmt.remove_prefix(1);
  if (!fmt.empty() && fmt.back() == '"') {
    fmt.remove_suffix(1);
    if (fmt.size() >= 2 && fmt.substr(fmt.size() - 2) == "\\n") fmt.remove_suffix(2);
  }
  std::unique_lock lock(mutex_);
  registered_.push_back({addr, strings_.copy(fmt)});
  sorted_current_ = false;
}

// Upstream cuts each line at its first ':' (after skipping leading ones) and
// takes the format from one character past it ("ADDR : FORMAT" has a blank
// there). When nothing follows the ':' (or there is none), that character is
// the line break itself, and upstream's format runs on through the rest of the
// text; we do the same, and take "" at the very end of the text.
void PrintkTable::parse(std::string_view text) {
  text = text.substr(0, text.find('\0'));
  base::TextReader reader(text);
  while (!reader.at_end()) {
    std::string_view line = reader.take_line();
    if (line.empty()) continue;
    size_t start = line.find_first_not_of(':');
    if (start == std::string_view::npos) {
      tep_warning("printk format with empty entry");
      return;
    }
    size_t colon = line.find(':', start);
    std::string_view address =
        line.substr(start, colon == std::string_view::npos ? std::string_view::npos : colon - start);
    size_t format_start = (colon == std::string_view::npos ? line.size() : colon + 1) + 1;
    std::string_view format;
    if (format_start <= line.size()) {
      format = line.substr(format_start);
    } else {
      size_t line_end = static_cast<size_t>(line.data() - text.data()) + line.size();
      format = line_end < text.size() ? text.substr(line_end + 1) : std::string_view();
    }
    add(format, parse_hex_address(address));
  }
}

void PrintkTable::ensure_sorted(std::shared_lock<std::shared_mutex>& lock) const {
  if (sorted_current_) return;
  lock.unlock();
  {
    std::unique_lock writer(mutex_);
    if (!sorted_current_) {
      sorted_ = upstream::sorted_newest_first(
          registered_, [](const Entry& a, const Entry& b) { return a.addr < b.addr; },
          [](const Entry& a, const Entry& b) { return a.addr == b.addr; });
      sorted_current_ = true;
    }
  }
  lock.lock();
}

const char* PrintkTable::find(uint64_t addr) const {
  std::shared_lock lock(mutex_);
  ensure_sorted(lock);
  size_t i = upstream::bsearch_index(sorted_.size(), [&](size_t k) {
    return addr < sorted_[k].addr ? -1 : addr > sorted_[k].addr ? 1 : 0;
  });
  return i < sorted_.size() ? sorted_[i].format : nullptr;
}

int PrintkTable::count() const {
  std::shared_lock lock(mutex_);
  return static_cast<int>(registered_.size());
}

void PrintkTable::print(FILE* out) const {
  std::shared_lock lock(mutex_);
  ensure_sorted(lock);
  for (const Entry& e : sorted_) fprintf(out, "%016llx %s\n", static_cast<unsigned long long>(e.addr), e.format);
}

}  // namespace tep::symbols
