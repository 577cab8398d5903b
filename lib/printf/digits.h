// SPDX-License-Identifier: LGPL-2.1
// Integer digits without printf or the locale: the formatter's and the
// output paths' one digit writer.
#pragma once

#include <cstdint>

namespace tep::fmt {

// Room for any 64-bit value in octal plus a sign or prefix.
constexpr int kIntTextSize = 32;

// Digits of `value` in `base` (8, 10 or 16) ending at `end`; returns the first
// digit: unsigned_digits(255, 16, false, end) writes "ff" before `end`.
char* unsigned_digits(uint64_t value, unsigned base, bool upper, char* end);

}  // namespace tep::fmt
