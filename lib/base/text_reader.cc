// SPDX-License-Identifier: LGPL-2.1
#include "base/text_reader.h"

namespace tep {

namespace {
int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}
}  // namespace

bool TextReader::take_unsigned(uint64_t& out, int base) {
  size_t start = pos_;
  if (base == 0) {
    if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X') && digit_value(peek(2)) < 16) {
      base = 16;
      pos_ += 2;
    } else if (peek() == '0') {
      base = 8;
    } else {
      base = 10;
    }
  } else if (base == 16 && peek() == '0' && (peek(1) == 'x' || peek(1) == 'X') &&
             digit_value(peek(2)) < 16) {
    pos_ += 2;
  }
  uint64_t value = 0;
  size_t digits = 0;
  while (!at_end() && digit_value(text_[pos_]) < base) {
    value = value * base + digit_value(text_[pos_]);  // wraps like strtoull's callers expect
    ++pos_;
    ++digits;
  }
  if (digits == 0) {
    pos_ = start;
    return false;
  }
  out = value;
  return true;
}

bool TextReader::take_signed(int64_t& out, int base) {
  size_t start = pos_;
  bool negative = consume('-');
  if (!negative) consume('+');
  uint64_t magnitude;
  if (!take_unsigned(magnitude, base)) {
    pos_ = start;
    return false;
  }
  out = negative ? -static_cast<int64_t>(magnitude) : static_cast<int64_t>(magnitude);
  return true;
}

}  // namespace tep
