// SPDX-License-Identifier: LGPL-2.1
// What tests read from their environment: a whole file, an environment
// variable (meson passes data directories and programs through them).
#pragma once

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

namespace tep::test {

// The file's bytes; empty when it cannot be read.
inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The variable's value; empty when unset.
inline std::string env(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

}  // namespace tep::test
