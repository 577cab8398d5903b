// SPDX-License-Identifier: LGPL-2.1
// TEP_PRINT_TIME: a record's timestamp through a "%<precision>.<divisor>d"
// directive, as upstream renders it:
//   "%6.1000d"  ts 123456789012 -> "  123.456789" ((ts + 500) / 1000 as secs.usecs)
//   "%d"        ts 5            -> "           5"  ("%12llu")
// The divisor rounds before dividing, so microseconds never read ".1000000".
// Upstream's arithmetic is kept, overflow included: the divisor is a C int
// (atoi), and 10^precision is computed in an int that wraps.
#pragma once

#include <cstdint>
#include <string_view>

#include "seq/output_buffer.h"

namespace tep::print_line {

struct TimeLayout {
  int precision = 0;  // digits after the dot
  int divisor = 0;    // 0: none
  int32_t scale = 1;  // 10^precision in a wrapping int
};

TimeLayout parse_time_directive(std::string_view directive);
void print_time(seq::Output& out, const TimeLayout& layout, uint64_t ts);

}  // namespace tep::print_line
