// SPDX-License-Identifier: LGPL-2.1
// Small helpers the plugin tests share: temp dirs, env, running a program.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "../support/files.h"

namespace plugin_test {

std::string env_or_empty(const char* name);

// A fresh directory under $TMPDIR (or /tmp), removed by the destructor.
class TempDir {
 public:
  explicit TempDir(const std::string& tag);
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path make(const std::string& relative) const;  // mkdir -p

 private:
  std::filesystem::path path_;
};

struct RunResult {
  int exit_code = -1;  // -1: did not exit normally (signal)
  int signal = 0;
  std::string out;
  std::string err;
};

// Runs argv[0] with the environment changed as given (an empty value unsets).
RunResult run(const std::vector<std::string>& argv,
              const std::vector<std::pair<std::string, std::string>>& env);

using tep::test::read_file;

}  // namespace plugin_test
