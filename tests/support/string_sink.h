// SPDX-License-Identifier: LGPL-2.1
// A formatter sink into a std::string, for the tests.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

struct StringSink {
  std::string text;
  void append(std::string_view s) { text.append(s); }
  void append_char(char c) { text.push_back(c); }
  void append_repeated(char c, int64_t count) {
    if (count > 0) text.append(static_cast<size_t>(count), c);
  }
};
