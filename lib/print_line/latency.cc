// SPDX-License-Identifier: LGPL-2.1
#include "print_line/latency.h"

#include "base/digits.h"

namespace tep::print_line {

namespace {

// The kernel's TRACE_FLAG_* bits in common_flags. 0x02 was IRQS_NOSUPPORT
// ('X' in column 1) until upstream 1.9.0 read it as NEED_RESCHED_LAZY.
constexpr unsigned kIrqsOff = 0x01;
constexpr unsigned kNeedReschedLazy = 0x02;
constexpr unsigned kNeedResched = 0x04;
constexpr unsigned kHardirq = 0x08;
constexpr unsigned kSoftirq = 0x10;

}  // namespace

void print_latency(seq::Output& out, int flags, int preempt_count) {
  unsigned bits = static_cast<unsigned>(flags);
  bool hardirq = bits & kHardirq, softirq = bits & kSoftirq;
  char column[3] = {
      (bits & kIrqsOff) ? 'd' : '.',
      (bits & kNeedResched)       ? 'N'
      : (bits & kNeedReschedLazy) ? 'L'
                                  : '.',
      (hardirq && softirq) ? 'H'
      : hardirq            ? 'h'
      : softirq            ? 's'
                           : '.',
  };
  out.append(std::string_view(column, 3));
  unsigned pc = static_cast<unsigned>(preempt_count);
  out.append_char((pc & 0xf) ? base::kHexDigits[0][pc & 0xf] : '.');
  if (pc & 0xf0) {  // "%x" of the whole count shifted, as upstream
    char buf[base::kIntTextSize];
    char* end = buf + sizeof(buf);
    char* start = base::unsigned_digits(pc >> 4, 16, false, end);
    out.append(std::string_view(start, static_cast<size_t>(end - start)));
  } else {
    out.append_char('.');
  }
}

}  // namespace tep::print_line
