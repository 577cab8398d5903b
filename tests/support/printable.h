// SPDX-License-Identifier: LGPL-2.1
// Text from a library's output as a test failure message may show it: bytes outside printable
// ASCII as \xNN. gtest copies messages into the JUnit XML that meson parses; raw bytes of a
// record would make that XML ill-formed and abort the whole `meson test` run.
#pragma once

#include <cstdio>
#include <string>

namespace tep::test {

inline std::string printable(const std::string& text) {
  std::string out;
  for (unsigned char c : text) {
    if (c == '\n' || (c >= 0x20 && c < 0x7f)) {
      out += static_cast<char>(c);
    } else {
      char hex[5];
      snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    }
  }
  return out;
}

}  // namespace tep::test
