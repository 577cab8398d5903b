// SPDX-License-Identifier: LGPL-2.1
// Integer digits without printf or the locale: the formatter's and the
// output paths' one digit writer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace tep::base {

// Room for any 64-bit value in octal plus a sign or prefix.
constexpr int kIntTextSize = 32;

// One hex digit's character: kHexDigits[upper][0..15].
inline constexpr char kHexDigits[2][17] = {"0123456789abcdef", "0123456789ABCDEF"};

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
      p -= 2;
      memcpy(p, kPairs + (value % 100) * 2, 2);
      value /= 100;
    }
    if (value >= 10) {
      p -= 2;
      memcpy(p, kPairs + value * 2, 2);
    } else {
      *--p = static_cast<char>('0' + value);
    }
    return p;
  }
  if (base == 16) {
    // A byte (two digits) at a time; only the first pair may start with a
    // zero that is not a digit of the number.
    static constexpr char kLower[] =
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
        "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
        "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
        "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
        "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
        "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
        "c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
        "e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";
    static constexpr char kUpper[] =
        "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F"
        "202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F"
        "404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F"
        "606162636465666768696A6B6C6D6E6F707172737475767778797A7B7C7D7E7F"
        "808182838485868788898A8B8C8D8E8F909192939495969798999A9B9C9D9E9F"
        "A0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3B4B5B6B7B8B9BABBBCBDBEBF"
        "C0C1C2C3C4C5C6C7C8C9CACBCCCDCECFD0D1D2D3D4D5D6D7D8D9DADBDCDDDEDF"
        "E0E1E2E3E4E5E6E7E8E9EAEBECEDEEEFF0F1F2F3F4F5F6F7F8F9FAFBFCFDFEFF";
    const char* pairs = upper ? kUpper : kLower;
    do {
      p -= 2;
      memcpy(p, pairs + (value & 0xff) * 2, 2);
      value >>= 8;
    } while (value);
    if (*p == '0' && p + 1 < end) p++;
    return p;
  }
  do {  // octal
    *--p = static_cast<char>('0' + (value & 7));
    value >>= 3;
  } while (value);
  return p;
}

// `n` copies of `c` for n from 1 to 32, in a few overlapping word stores:
// pads are short, and a memset call or a byte loop costs more than the stores.
inline void fill_short(char* out, char c, size_t n) {
  const uint64_t word = uint64_t{static_cast<unsigned char>(c)} * 0x0101010101010101u;
  if (n >= 8) {
    memcpy(out, &word, 8);
    if (n > 16) {
      memcpy(out + 8, &word, 8);
      memcpy(out + n - 16, &word, 8);
    }
    memcpy(out + n - 8, &word, 8);
  } else if (n >= 4) {
    const auto half = static_cast<uint32_t>(word);
    memcpy(out, &half, 4);
    memcpy(out + n - 4, &half, 4);
  } else {
    out[0] = c;
    out[n / 2] = c;
    out[n - 1] = c;
  }
}

// Decimal digits of `value` ending at `end`, at least `min_width` (0 to 16)
// characters with `pad` before them: "%5llu" (' ') and "%06llu" ('0') in one
// piece. The buffer needs 20 + 16 bytes before `end`.
inline char* padded_decimal(uint64_t value, int min_width, char pad, char* end) {
  const uint64_t word = uint64_t{static_cast<unsigned char>(pad)} * 0x0101010101010101u;
  memcpy(end - 16, &word, 8);
  memcpy(end - 8, &word, 8);
  char* p = unsigned_digits(value, 10, false, end);
  return p > end - min_width ? end - min_width : p;
}

}  // namespace tep::base
