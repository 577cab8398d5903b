// SPDX-License-Identifier: LGPL-2.1
#include "format_string/glibc_fallback.h"

#include <cstdarg>
#include <cstdio>
#include <vector>

namespace tep::format_string {

namespace {

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
std::string vformat(const char* format, va_list ap) {
  char small[256];
  va_list again;
  va_copy(again, ap);
  int n = vsnprintf(small, sizeof(small), format, ap);
  std::string out;
  if (n >= 0 && n < static_cast<int>(sizeof(small))) {
    out.assign(small, static_cast<size_t>(n));
  } else if (n >= 0) {
    std::vector<char> big(static_cast<size_t>(n) + 1);
    vsnprintf(big.data(), big.size(), format, again);
    out.assign(big.data(), static_cast<size_t>(n));
  }
  va_end(again);
  return out;
}
#pragma GCC diagnostic pop

std::string format(const char* directive, ...) {
  va_list ap;
  va_start(ap, directive);
  std::string out = vformat(directive, ap);
  va_end(ap);
  return out;
}

template <typename T>
std::string format_value(std::string_view directive, const int* star, T value) {
  std::string text(directive);
  return star ? format(text.c_str(), *star, value) : format(text.c_str(), value);
}

}  // namespace

std::string glibc_format(std::string_view directive, const int* star, int value) {
  return format_value(directive, star, value);
}
std::string glibc_format(std::string_view directive, const int* star, long long value) {
  return format_value(directive, star, value);
}
std::string glibc_format(std::string_view directive, const int* star, const char* value) {
  return format_value(directive, star, value);
}

}  // namespace tep::format_string
