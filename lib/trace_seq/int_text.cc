// SPDX-License-Identifier: LGPL-2.1
#include "trace_seq/int_text.h"

#include "trace_seq/seq.h"

namespace tep::seq {

char* unsigned_digits(uint64_t value, unsigned base, bool upper, char* end) {
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

void append_unsigned(trace_seq* s, uint64_t value) {
  char buf[kIntTextSize];
  char* end = buf + sizeof(buf);
  char* start = unsigned_digits(value, 10, false, end);
  seq::append(s, std::string_view(start, end - start));
}

void append_signed(trace_seq* s, int64_t value) {
  char buf[kIntTextSize];
  char* end = buf + sizeof(buf);
  uint64_t magnitude = value < 0 ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  char* start = unsigned_digits(magnitude, 10, false, end);
  if (value < 0) *--start = '-';
  seq::append(s, std::string_view(start, end - start));
}

void append_hex(trace_seq* s, uint64_t value, int min_digits) {
  char buf[kIntTextSize];
  char* end = buf + sizeof(buf);
  char* start = unsigned_digits(value, 16, false, end);
  append_repeated(s, '0', min_digits - (end - start));
  seq::append(s, std::string_view(start, end - start));
}

void append_unsigned_padded(trace_seq* s, uint64_t value, int min_digits, char pad) {
  char buf[kIntTextSize];
  char* end = buf + sizeof(buf);
  char* start = unsigned_digits(value, 10, false, end);
  append_repeated(s, pad, min_digits - (end - start));
  seq::append(s, std::string_view(start, end - start));
}

void append_repeated_slow(trace_seq* s, char c, int64_t count) {
  static constexpr std::string_view kSpaces = "                                ";
  static constexpr std::string_view kZeros = "00000000000000000000000000000000";
  std::string_view chunk = c == ' ' ? kSpaces : kZeros;
  if (c != ' ' && c != '0') {
    for (; count > 0; count--) seq::append_char(s, c);
    return;
  }
  for (; count > 0; count -= static_cast<int64_t>(chunk.size()))
    seq::append(s, chunk.substr(0, count < static_cast<int64_t>(chunk.size()) ? count : chunk.size()));
}

}  // namespace tep::seq
