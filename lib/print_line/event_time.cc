// SPDX-License-Identifier: LGPL-2.1
#include "print_line/event_time.h"

#include "base/number_scan.h"
#include "base/digits.h"

namespace tep::print_line {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// atoi as glibc has it: strtol (saturating at the long range) cast to int.
int c_atoi(std::string_view text) { return static_cast<int>(base::scan_number(text, base::kAtol).as_signed()); }

// "%*llu" (pad ' ') and "%0*llu" (pad '0'): the pad written before the digits
// when it fits the buffer, so the whole number is one append.
void append_padded(seq::Output& out, uint64_t value, int min_digits, char pad) {
  char buf[2 * base::kIntTextSize];
  char* end = buf + sizeof(buf);
  char* start = base::unsigned_digits(value, 10, false, end);
  const int64_t pad_count = min_digits - (end - start);
  if (pad_count > 0 && pad_count <= start - buf) {
    for (int64_t i = 0; i < pad_count; i++) *--start = pad;
  } else {
    out.append_repeated(pad, pad_count);
  }
  out.append(std::string_view(start, static_cast<size_t>(end - start)));
}

}  // namespace

TimeLayout parse_time_directive(std::string_view directive) {
  TimeLayout layout;
  if (directive.size() > 1 && is_digit(directive[1])) layout.precision = c_atoi(directive.substr(1));
  size_t dot = directive.find('.');
  if (dot != std::string_view::npos && dot + 1 < directive.size() && is_digit(directive[dot + 1]))
    layout.divisor = c_atoi(directive.substr(dot + 1));
  // 10^32 is 0 modulo 2^32, so longer (or negative, i.e. ~2^32 steps) loops end at 0.
  uint32_t scale = 1;
  if (layout.precision < 0 || layout.precision >= 32) {
    scale = 0;
  } else {
    for (int i = 0; i < layout.precision; i++) scale *= 10;
  }
  layout.scale = static_cast<int32_t>(scale);
  return layout;
}

namespace {

// "secs.fraction" with the fraction `precision` digits wide, in one piece.
void append_seconds(seq::Output& out, uint64_t seconds, uint64_t fraction, int precision) {
  char buf[2 * base::kIntTextSize + 32];
  char* end = buf + sizeof(buf);
  char* dot = base::padded_decimal(fraction, precision, '0', end) - 1;
  *dot = '.';
  char* start = base::padded_decimal(seconds, 5, ' ', dot);
  out.append(std::string_view(start, static_cast<size_t>(end - start)));
}

}  // namespace

void print_time(seq::Output& out, const TimeLayout& layout, uint64_t ts) {
  // trace-cmd's " %6.1000d": constant divisors, so multiplies rather than three
  // 64-bit divisions a record.
  if (layout.divisor == 1000 && layout.precision == 6) {
    const uint64_t usecs = (ts + 500) / 1000;
    return append_seconds(out, usecs / 1000000, usecs % 1000000, 6);
  }
  uint64_t time = ts;
  if (layout.divisor) {
    time += static_cast<uint64_t>(static_cast<int64_t>(layout.divisor / 2));
    time /= static_cast<uint64_t>(static_cast<int64_t>(layout.divisor));
  }
  if (layout.scale > 1) {
    uint64_t scale = static_cast<uint64_t>(layout.scale);
    if (layout.precision >= 0 && layout.precision <= 16)  // "%5llu.%06llu" in one piece
      return append_seconds(out, time / scale, time % scale, layout.precision);
    append_padded(out, time / scale, 5, ' ');
    out.append_char('.');
    append_padded(out, time % scale, layout.precision, '0');
  } else {
    char buf[2 * base::kIntTextSize];
    char* end = buf + sizeof(buf);
    char* start = base::padded_decimal(time, 12, ' ', end);
    out.append(std::string_view(start, static_cast<size_t>(end - start)));
  }
}

}  // namespace tep::print_line
