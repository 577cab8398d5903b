// SPDX-License-Identifier: LGPL-2.1
// One printf conversion as glibc reads it, in glibc's order:
//   "%-08.3lx" -> flags '-' '0', width 8, precision 3, length l, conversion 'x'
//   "%*.*s"    -> width and precision taken from arguments ('*')
// Every format the library reads (print fmts, bprint's printk formats, the
// tep_print_event caller format, trace_seq_printf's) yields these; the
// dialects (parser.h) differ in where a directive ends and which arguments it
// takes, not in what its parts mean.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "base/host_model.h"

namespace tep::format_string {

// The length modifier: how much of an integer argument's register is read.
enum class Length : uint8_t {
  kNone,      // int
  kChar,      // hh
  kShort,     // h
  kLong,      // l
  kLongLong,  // ll, q, L (glibc reads %Ld as long long)
  kIntmax,    // j
  kSize,      // z, Z
  kPtrdiff,   // t
};

// Past INT_MAX glibc refuses a width or precision (vsnprintf returns -1,
// EOVERFLOW); counts saturate there and set `overflow`.
constexpr int32_t kMaxCount = INT32_MAX;

struct Directive {
  int32_t width = 0;       // 0: none (the same output)
  int32_t precision = -1;  // -1: none
  bool left = false, plus = false, space = false, alt = false, zero = false;
  bool grouping = false;  // ' or I: locale-dependent digits
  bool width_star = false, precision_star = false;
  bool overflow = false;  // a written width or precision above INT_MAX
  Length length = Length::kNone;
  char conversion = 0;  // 0: the text ended inside the directive

  bool star() const { return width_star || precision_star; }
  // No flag, width or precision: "%d", "%llx", "%s" print their digits or text as is.
  // The eight flags (left .. precision_star) are adjacent bytes, tested as one
  // word: this runs for every number printed.
  bool plain() const { return flag_word() == 0 && width == 0 && precision < 0; }
  // No flag but '-' and '0', no precision: "%-5d", "%03d", "%08lx".
  bool width_only() const {
    constexpr std::array<unsigned char, 8> kLeftAndZero = {0xff, 0, 0, 0, 0xff, 0, 0, 0};
    // The builtin, not std::bit_cast: emscripten 3.1.6's libc++ (the WebAssembly build) has none.
    return (flag_word() & ~__builtin_bit_cast(uint64_t, kLeftAndZero)) == 0 && precision < 0;
  }
  uint64_t flag_word() const {
    uint64_t flags;
    memcpy(&flags, &left, sizeof(flags));
    return flags;
  }
  // Bits of an integer argument the conversion reads (8, 16, 32 or 64): l, z
  // and t read the long, size_t and ptrdiff_t of base/host_model.h (32 bits on i686).
  int int_bits() const {
    switch (length) {
      case Length::kNone: return 32;
      case Length::kChar: return 8;
      case Length::kShort: return 16;
      case Length::kLong:
      case Length::kSize:
      case Length::kPtrdiff: return base::kLongBits;
      default: return 64;
    }
  }
  // A '*' width: negative means '-' and its magnitude (glibc).
  void set_star_width(int value) {
    int64_t magnitude = value < 0 ? -int64_t{value} : value;
    left = left || value < 0;
    overflow = overflow || magnitude > kMaxCount;
    width = magnitude > kMaxCount ? kMaxCount : static_cast<int32_t>(magnitude);
  }
  // A '*' precision: negative means none.
  void set_star_precision(int value) { precision = value < 0 ? -1 : value; }
};

static_assert(offsetof(Directive, precision_star) - offsetof(Directive, left) == 7,
              "flag_word() reads the eight flags as one word");
static_assert(offsetof(Directive, zero) - offsetof(Directive, left) == 4, "width_only() knows where '0' is");

bool is_int_conversion(char c);  // d i u x X o c

// Widths and precisions that come from the trace file are untrusted: those
// written in a print fmt ("%9999999d", a '*' fed by a constant) and those a
// '*' takes from a record. Past 1 MiB upstream pads gigabytes per record (and
// does not finish); they are held to +-1 MiB.
constexpr int kMaxUntrustedCount = 1 << 20;
inline int bounded_star(int value) {
  return value > kMaxUntrustedCount ? kMaxUntrustedCount : value < -kMaxUntrustedCount ? -kMaxUntrustedCount : value;
}
inline void bound_untrusted(Directive& d) {
  if (d.width > kMaxUntrustedCount) d.width = kMaxUntrustedCount;
  if (d.precision > kMaxUntrustedCount) d.precision = kMaxUntrustedCount;
  d.overflow = false;
}

}  // namespace tep::format_string
