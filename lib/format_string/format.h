// SPDX-License-Identifier: LGPL-2.1
// The formatter: a Directive and its value to text, byte for byte as glibc's
// printf writes them, for the conversions done by hand (d i u x X o c s),
// without vsnprintf or the locale. Templated on where the text goes: a Sink
// has append(std::string_view), append_char(char) and
// append_repeated(char, int64_t count) (seq::Output, SeqSink).
//   "%-08.3lx" of 0x1f -> "01f     "; "%+5d" of 7 -> "   +7"; "%.2s" of "abc" -> "ab"
#pragma once

#include <cstdint>
#include <string_view>

#include "base/digits.h"
#include "format_string/directive.h"

namespace tep::format_string {

// Past this a caller's width or precision is left to glibc's vsnprintf,
// whose output (and refusal past INT_MAX) is then exactly glibc's.
constexpr int32_t kMaxHandCount = 4096;

// Leading zeros (precision or '0' flag) composed with the digits in one piece.
constexpr int64_t kComposedZeros = 32;

// What a caller's conversion needs for the formatter to print it exactly as
// glibc: d i u x X o c s, no locale flag, counts up to kMaxHandCount (a '*'
// is checked once its value is known); "%ls" and "%lc" are wide.
inline bool formats_by_hand(const Directive& d) {
  if (d.grouping || d.width > kMaxHandCount || d.precision > kMaxHandCount) return false;
  if (d.conversion == 's' || d.conversion == 'c') return d.length == Length::kNone;
  return is_int_conversion(d.conversion);
}

template <typename Sink>
void pad_to_width(Sink& out, const Directive& d, std::string_view body) {
  int64_t pad = int64_t{d.width} - static_cast<int64_t>(body.size());
  if (!d.left) out.append_repeated(' ', pad);
  out.append(body);
  if (d.left) out.append_repeated(' ', pad);
}

// The 64-bit register an int argument of printf travels in ("%ld" of an int
// reads all of it): x86-64 and arm64 leave its upper half zero ("%ld" of -1 is
// 4294967295), the s390x and powerpc64 ABIs extend the int's sign into it.
constexpr uint64_t int_argument_register(int value) {
#if defined(__s390x__) || defined(__powerpc64__)
  return static_cast<uint64_t>(int64_t{value});
#else
  return static_cast<uint32_t>(value);
#endif
}

// What a conversion reads of an argument's 64-bit register: the length
// modifier's bits, sign-extended for d and i.
inline uint64_t argument_bits(const Directive& d, uint64_t reg, bool is_signed) {
  switch (d.int_bits()) {
    case 8: return is_signed ? static_cast<uint64_t>(int64_t{static_cast<int8_t>(reg)}) : static_cast<uint8_t>(reg);
    case 16: return is_signed ? static_cast<uint64_t>(int64_t{static_cast<int16_t>(reg)}) : static_cast<uint16_t>(reg);
    case 32: return is_signed ? static_cast<uint64_t>(int64_t{static_cast<int32_t>(reg)}) : static_cast<uint32_t>(reg);
    default: return reg;
  }
}

template <typename Sink>
void format_int_general(Sink& out, const Directive& d, uint64_t reg);

// An integer conversion (d i u x X o c) of an argument passed in a 64-bit
// register: the length modifier says how much of it is read. Most of what is
// printed is "%d", "%lu", "%llx", "%-5d", "%08x": those are done here, inline
// where they are called; the rest out of line.
template <typename Sink>
inline void format_int(Sink& out, const Directive& d, uint64_t reg) {
  const char conv = d.conversion;
  const bool is_signed = conv == 'd' || conv == 'i';
  if (__builtin_expect(!(is_signed || conv == 'u' || conv == 'x') || !d.width_only() || d.width > kComposedZeros, 0))
    return format_int_general(out, d, reg);
  const uint64_t bits = argument_bits(d, reg, is_signed);
  const bool negative = is_signed && static_cast<int64_t>(bits) < 0;
  if (__builtin_expect(negative && d.width, 0)) return format_int_general(out, d, reg);
  char buf[base::kIntTextSize + kComposedZeros];
  char* const end = buf + sizeof(buf);
  char* text = base::unsigned_digits(negative ? 0 - bits : bits, conv == 'x' ? 16 : 10, false, end);
  if (negative) *--text = '-';
  auto size = static_cast<size_t>(end - text);
  if (size > base::kIntTextSize) __builtin_unreachable();  // (for the compiler, which cannot see the bound)
  const int64_t pad = d.width - static_cast<int64_t>(size);
  if (pad > 0) {
    if (d.left) {
      out.append(std::string_view(text, size));
      return out.append_repeated(' ', pad);
    }
    text -= pad;
    size += static_cast<size_t>(pad);
    base::fill_short(text, d.zero ? '0' : ' ', static_cast<size_t>(pad));
  }
  out.append(std::string_view(text, size));
}

template <typename Sink>
__attribute__((noinline)) void format_int_general(Sink& out, const Directive& d, uint64_t reg) {
  const char conv = d.conversion;
  if (conv == 'c') {
    char ch = static_cast<char>(reg);
    pad_to_width(out, d, std::string_view(&ch, 1));
    return;
  }
  const bool is_signed = conv == 'd' || conv == 'i';
  const uint64_t bits = argument_bits(d, reg, is_signed);
  const bool negative = is_signed && static_cast<int64_t>(bits) < 0;
  const uint64_t magnitude = negative ? 0 - bits : bits;
  const unsigned base = conv == 'o' ? 8 : (conv == 'x' || conv == 'X') ? 16 : 10;

  // Digits at the end of `buf`, with room before them for zeros and a prefix:
  // the number usually goes out in one append.
  char buf[base::kIntTextSize + kComposedZeros];
  char* const end = buf + sizeof(buf);
  char* digits = end;
  if (!(magnitude == 0 && d.precision == 0)) digits = base::unsigned_digits(magnitude, base, conv == 'X', end);
  const int64_t digit_count = end - digits;
  int64_t zeros = d.precision > digit_count ? d.precision - digit_count : 0;
  if (conv == 'o' && d.alt && zeros == 0 && (digit_count == 0 || *digits != '0')) zeros = 1;

  std::string_view prefix;
  if (negative)
    prefix = "-";
  else if (is_signed && d.plus)
    prefix = "+";
  else if (is_signed && d.space)
    prefix = " ";
  else if (base == 16 && d.alt && magnitude != 0)
    prefix = conv == 'X' ? "0X" : "0x";

  const int64_t length = static_cast<int64_t>(prefix.size()) + zeros + digit_count;
  int64_t pad = d.width > length ? d.width - length : 0;
  if (d.zero && !d.left && d.precision < 0) {
    zeros += pad;
    pad = 0;
  }
  if (!d.left) out.append_repeated(' ', pad);
  if (zeros <= kComposedZeros) {
    char* text = digits - zeros;
    for (int64_t i = 0; i < zeros; i++) text[i] = '0';
    text -= prefix.size();
    for (size_t i = 0; i < prefix.size(); i++) text[i] = prefix[i];
    out.append(std::string_view(text, static_cast<size_t>(end - text)));
  } else {
    out.append(prefix);
    out.append_repeated('0', zeros);
    out.append(std::string_view(digits, static_cast<size_t>(digit_count)));
  }
  if (d.left) out.append_repeated(' ', pad);
}

// "%s" of `text` (precision cuts, width pads).
template <typename Sink>
void format_string(Sink& out, const Directive& d, std::string_view text) {
  if (d.precision >= 0 && static_cast<int64_t>(text.size()) > d.precision)
    text = text.substr(0, static_cast<size_t>(d.precision));
  if (d.width == 0) {
    out.append(text);
    return;
  }
  pad_to_width(out, d, text);
}

}  // namespace tep::format_string
