// SPDX-License-Identifier: LGPL-2.1
// scan_number: the one reader of integers in text. Upstream reads numbers
// with several C library functions whose rules differ (prefixes, sign,
// overflow, how far they read), and which inputs give which value is part of
// the contract, so those rules are parameters here:
//   "offset:16;" "ID: 0x13c"   strtoul(text, NULL, 0)   format files
//   "pid == 0x10"              strtoull(text, NULL, 0)  filters
//   "size:99999999999;"        (int)strtol(text, NULL, 10)  header_page: (int)LONG_MAX
//   "ffffffff81000000 : ..."   strtoull(text, NULL, 16)  printk formats
//   "1234 bash"                sscanf("%d")      saved cmdlines: out of range fails
//   "ffffffff81000000 T x"     sscanf("%16llx")  kallsyms: 16 bytes at most
// It reads nothing past text.size().
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tep::base {

// What a number beyond the range of its type gives.
enum class Overflow {
  kSaturate,  // the range's limit: UINT64_MAX, INT64_MAX or INT64_MIN (strtoul, strtol)
  kWrap,      // its value modulo 2^64
  kFail,      // no number (scanf's %d, which fails where strtol sets ERANGE)
};

struct NumberSyntax {
  // 0: "0x" then hex, "0" then octal, else decimal (C's rule); 8, 10, or 16
  // (with an optional "0x").
  int base = 0;
  // The range: int64_t (strtoll) or uint64_t (strtoull; a '-' negates modulo 2^64).
  bool is_signed = false;
  // The range of this host's long instead (strtol, strtoul, scanf's %d): the
  // same on LP64 hosts, 32 bits on ILP32 ones (i686), where upstream's C
  // library saturates or fails at 2^31 and 2^32.
  bool long_range = false;
  Overflow overflow = Overflow::kSaturate;
  bool skip_blanks = true;  // leading C blanks (' ' \t \n \v \f \r), as strto* and scanf
  bool allow_sign = true;   // one leading '+' or '-'
  // "0x" with no hex digit after it: strto* read the "0" and stop on the 'x';
  // scanf consumes the 'x' too ("0xg" is 0, then "g").
  bool prefix_without_digits_consumed = false;
  // At most this many bytes after the blanks, sign and prefix included (a
  // scanf field width).
  size_t width = SIZE_MAX;
};

// strtoul(text, NULL, 0).
inline constexpr NumberSyntax kStrtoul{.long_range = true};
// strtoull(text, NULL, 0): 64 bits on every host.
inline constexpr NumberSyntax kStrtoull{};
// strtoll(text, NULL, 0).
inline constexpr NumberSyntax kStrtoll{.is_signed = true};
// strtol(text, NULL, 10), i.e. atol; atoi(text) is its value cast to int.
inline constexpr NumberSyntax kAtol{.base = 10, .is_signed = true, .long_range = true};
// sscanf("%d"): strtol's range, out of it no number (glibc sets ERANGE).
inline constexpr NumberSyntax kScanfInt{.base = 10, .is_signed = true, .long_range = true, .overflow = Overflow::kFail};

struct ScannedNumber {
  uint64_t bits = 0;       // the value; an int64_t's bits when is_signed (a long's, extended, with long_range)
  size_t end = 0;          // offset just past the number; 0 when there is none
  bool saturated = false;  // out of range under Overflow::kSaturate (strto* set ERANGE)
  bool found() const { return end != 0; }
  int64_t as_signed() const { return static_cast<int64_t>(bits); }
};

ScannedNumber scan_number_general(std::string_view text, const NumberSyntax& syntax);

// The number at the start of `text`. With no digit (or an overflow under
// Overflow::kFail) the result is {0, 0}, as strto* return 0.
inline ScannedNumber scan_number(std::string_view text, const NumberSyntax& syntax) {
  // In line: one to three decimal digits and nothing else (a format file's
  // "offset:16;", "signed:0;"), read alike by every rule (a leading 0 would
  // be octal under base 0, so "0" alone only).
  const size_t size = text.size();
  if (size - 1 < 3 && syntax.width >= size && (syntax.base == 0 || syntax.base == 10)) {
    auto digit = [](char c) { return static_cast<unsigned>(c - '0'); };
    const unsigned d0 = digit(text[0]);
    if (d0 < 10 && (d0 != 0 || size == 1)) {
      uint64_t value = d0;
      size_t i = 1;
      for (; i < size && digit(text[i]) < 10; ++i) value = value * 10 + digit(text[i]);
      if (i == size) return {value, size};
    }
  }
  return scan_number_general(text, syntax);
}

}  // namespace tep::base
