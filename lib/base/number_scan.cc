// SPDX-License-Identifier: LGPL-2.1
#include "base/number_scan.h"

#include "base/host_model.h"
#include "base/text_reader.h"

namespace tep::base {

namespace {

// Digit values of '0'-'9', 'a'-'z', 'A'-'Z'; 99 for every other byte.
struct DigitTable {
  unsigned char of[256];
  constexpr DigitTable() : of() {
    for (int c = 0; c < 256; ++c) of[c] = 99;
    for (int c = '0'; c <= '9'; ++c) of[c] = static_cast<unsigned char>(c - '0');
    for (int c = 'a'; c <= 'z'; ++c) of[c] = static_cast<unsigned char>(c - 'a' + 10);
    for (int c = 'A'; c <= 'Z'; ++c) of[c] = static_cast<unsigned char>(c - 'A' + 10);
  }
};
constexpr DigitTable kDigits;

unsigned digit(char c) { return kDigits.of[static_cast<unsigned char>(c)]; }

}  // namespace

ScannedNumber scan_number_general(std::string_view text, const NumberSyntax& syntax) {
  const size_t size = text.size();
  // The common case, a format file's "offset:16;" or "signed:0;": nothing but
  // a short decimal number, which every rule reads alike (18 digits fit any
  // 64-bit range, 9 a 32-bit long's; a leading 0 would be octal under base 0).
  const bool long32 = syntax.long_range && kLongBits == 32;
  const size_t short_digits = long32 ? 9 : 18;
  if (size - 1 < short_digits && text[0] >= '0' && text[0] <= '9' && (text[0] != '0' || size == 1) &&
      syntax.width >= size && (syntax.base == 0 || syntax.base == 10)) {
    uint64_t value = 0;
    size_t i = 0;
    for (; i < size && text[i] >= '0' && text[i] <= '9'; ++i) value = value * 10 + (text[i] - '0');
    if (i == size) return {value, size};
  }
  size_t i = 0;
  if (syntax.skip_blanks)
    while (i < size && TextReader::is_space(text[i])) ++i;
  const size_t limit = syntax.width < size - i ? i + syntax.width : size;

  bool negative = false;
  if (syntax.allow_sign && i < limit && (text[i] == '-' || text[i] == '+')) negative = text[i++] == '-';

  unsigned base = static_cast<unsigned>(syntax.base);
  // "0x1f"; a "0x" without a hex digit after it is the number 0.
  if ((base == 0 || base == 16) && i + 1 < limit && text[i] == '0' && (text[i + 1] | 0x20) == 'x') {
    if (i + 2 >= limit || digit(text[i + 2]) >= 16) return {0, syntax.prefix_without_digits_consumed ? i + 2 : i + 1};
    base = 16;
    i += 2;
  }
  if (base == 0) base = i < limit && text[i] == '0' ? 8 : 10;

  const size_t digits_start = i;
  uint64_t value = 0;  // modulo 2^64 once `overflow` is set
  bool overflow = false;
  for (unsigned d; i < limit && (d = digit(text[i])) < base; ++i) {
    overflow |= __builtin_mul_overflow(value, base, &value);
    overflow |= __builtin_add_overflow(value, d, &value);
  }
  if (i == digits_start) return {};

  const unsigned top = long32 ? 31 : 63;  // the sign bit of the range
  const uint64_t umax = long32 ? UINT32_MAX : UINT64_MAX;
  const uint64_t smax = (uint64_t{1} << top) - 1;
  const uint64_t max = !syntax.is_signed ? umax : negative ? smax + 1 : smax;
  if (overflow || value > max) {
    switch (syntax.overflow) {
      case Overflow::kFail: return {};
      case Overflow::kSaturate:
        if (!syntax.is_signed) return {umax, i, true};
        return {negative ? 0 - (smax + 1) : smax, i, true};
      case Overflow::kWrap: break;
    }
  }
  // strtoul negates in unsigned long: modulo 2^32 for a 32-bit one.
  if (negative && !syntax.is_signed) return {(0 - value) & umax, i};
  return {negative ? 0 - value : value, i};
}

}  // namespace tep::base
