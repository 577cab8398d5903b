// SPDX-License-Identifier: LGPL-2.1
// printf's integer and string conversions done by hand, byte for byte as
// glibc prints them, so per-record paths skip vsnprintf:
//   "%-08.3lx" -> left, zero, width 8, precision 3, length l, conversion 'x'
// format_by_hand() runs a whole trace_seq_printf format this way when every
// conversion in it is one of these; anything else (%p, %f, %n, %ls, '$', ...)
// is left to vsnprintf.
#pragma once

#include <cstdarg>
#include <cstdint>
#include <string_view>

#include "trace-seq.h"

namespace tep::seq {

struct Conversion {
  bool left = false, plus = false, space = false, alternate = false, zero = false;
  bool star_width = false, star_precision = false;  // '*': the width / precision is an argument
  bool other_flag = false;  // ' or I: locale-dependent, not printed by hand
  int64_t width = 0;
  int64_t precision = -1;   // -1: none
  int length = 0;           // -2 hh, -1 h, 0 none, 1 l, 2 ll/q/L/j/z/Z/t
  char conversion = 0;      // 0: the text ended inside the conversion
  bool star() const { return star_width || star_precision; }
};

// Parses the conversion starting after the '%' at text[i]; leaves i after it.
Conversion parse_conversion(std::string_view text, size_t& i);

// printf of an integer conversion (d i u x X o c) whose argument was passed in a
// 64-bit register: the length modifier says how much of it is read.
void format_int(trace_seq* s, const Conversion& c, uint64_t reg);
// printf of "%s" with `text` (width and precision applied).
void format_string(trace_seq* s, const Conversion& c, std::string_view text);

bool is_int_conversion(char c);

// A width or precision taken from a record ("%*d", REC->w), bounded: past
// 1 MiB upstream pads gigabytes (and does not finish). Every printer of record
// data clamps its star value through this.
constexpr int kMaxStarValue = 1 << 20;
inline int bounded_star(int value) {
  return value > kMaxStarValue ? kMaxStarValue : value < -kMaxStarValue ? -kMaxStarValue : value;
}

// vsnprintf(fmt, ap) appended to `s`, by hand; the number of characters
// written, or -1 (nothing written, `ap` untouched) when `fmt` holds a
// conversion not done by hand.
int format_by_hand(trace_seq* s, const char* fmt, va_list ap);

}  // namespace tep::seq
