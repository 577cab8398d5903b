// SPDX-License-Identifier: LGPL-2.1
#include "output/latency.h"

#include "trace_seq/int_text.h"
#include "trace_seq/seq.h"

namespace tep::output {

namespace {

// The kernel's TRACE_FLAG_* bits in common_flags.
constexpr unsigned kIrqsOff = 0x01;
constexpr unsigned kIrqsNoSupport = 0x02;
constexpr unsigned kNeedResched = 0x04;
constexpr unsigned kHardirq = 0x08;
constexpr unsigned kSoftirq = 0x10;

}  // namespace

void print_latency(trace_seq* s, int flags, int preempt_count) {
  unsigned bits = static_cast<unsigned>(flags);
  bool hardirq = bits & kHardirq, softirq = bits & kSoftirq;
  char column[3] = {
      (bits & kIrqsOff) ? 'd' : (bits & kIrqsNoSupport) ? 'X' : '.',
      (bits & kNeedResched) ? 'N' : '.',
      (hardirq && softirq) ? 'H' : hardirq ? 'h' : softirq ? 's' : '.',
  };
  seq::append(s, std::string_view(column, 3));
  unsigned pc = static_cast<unsigned>(preempt_count);
  if (pc & 0xf) seq::append_hex(s, pc & 0xf);
  else seq::append_char(s, '.');
  if (pc & 0xf0) seq::append_hex(s, pc >> 4);
  else seq::append_char(s, '.');
}

}  // namespace tep::output
