// SPDX-License-Identifier: LGPL-2.1
// Reading the format sets the benchmarks load (tests/data/print/formats-6.18).
#pragma once

#include <dirent.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "../support/files.h"

namespace bench {

using tep::test::read_file;

// The entries of `dir` but the hidden ones, sorted.
inline std::vector<std::string> list(const std::string& dir) {
  std::vector<std::string> names;
  DIR* d = opendir(dir.c_str());
  if (!d) return names;
  while (dirent* e = readdir(d))
    if (e->d_name[0] != '.') names.push_back(e->d_name);
  closedir(d);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace bench
