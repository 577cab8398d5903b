// SPDX-License-Identifier: LGPL-2.1
#include "seq/int_text.h"

#include "seq/seq.h"

namespace tep::seq {

void append_unsigned(trace_seq* s, uint64_t value) {
  char buf[base::kIntTextSize];
  char* end = buf + sizeof(buf);
  char* start = base::unsigned_digits(value, 10, false, end);
  seq::append(s, std::string_view(start, end - start));
}

void append_hex(trace_seq* s, uint64_t value, int min_digits) {
  char buf[base::kIntTextSize];
  char* end = buf + sizeof(buf);
  char* start = base::unsigned_digits(value, 16, false, end);
  append_repeated(s, '0', min_digits - (end - start));
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
