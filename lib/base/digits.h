// SPDX-License-Identifier: LGPL-2.1
// Integer digits without printf or the locale: the formatter's and the
// output paths' one digit writer.
#pragma once

#include <cstdint>

namespace tep {

// Room for any 64-bit value in octal plus a sign or prefix.
constexpr int kIntTextSize = 32;

// Digits of `value` in `base` (8, 10 or 16) ending at `end`; returns the first
// digit: unsigned_digits(255, 16, false, end) writes "ff" before `end`.
// Inline: it is most of the formatter's work on the per-record paths.
inline char* unsigned_digits(uint64_t value, unsigned base, bool upper, char* end) {
  char* p = end;
  // Constant divisors per base: a multiply, not a divide, per digit; decimal
  // goes two digits at a time.
  if (base == 10) {
    static constexpr char kPairs[] =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
        "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
        "8081828384858687888990919293949596979899";
    while (value >= 100) {
      const char* pair = kPairs + (value % 100) * 2;
      value /= 100;
      *--p = pair[1];
      *--p = pair[0];
    }
    if (value >= 10) {
      *--p = kPairs[value * 2 + 1];
      *--p = kPairs[value * 2];
    } else {
      *--p = static_cast<char>('0' + value);
    }
    return p;
  }
  if (base == 16) {
    const char* digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    do {
      *--p = digits[value & 15];
      value >>= 4;
    } while (value);
    return p;
  }
  do {  // octal
    *--p = static_cast<char>('0' + (value & 7));
    value >>= 3;
  } while (value);
  return p;
}

}  // namespace tep
