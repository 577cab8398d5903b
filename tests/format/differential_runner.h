// SPDX-License-Identifier: LGPL-2.1
// Runs a differential driver once against our library and once against the
// upstream oracle (LD_LIBRARY_PATH selects which one the driver loads) and
// compares the outputs block by block ("== ..." starts a block). Blocks where
// the oracle crashed ("CRASH") are skipped: there only our run matters, and it
// must not crash.
#pragma once

#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace tep::testing {

struct RunResult {
  int exit_code = -1;
  std::string output;
};

inline bool path_exists(const std::string& path) {
  struct stat st;
  return !path.empty() && stat(path.c_str(), &st) == 0;
}

inline std::string env_or_empty(const char* name) {
  const char* v = getenv(name);
  return v ? v : "";
}

inline std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += "'\\''";
    else out += c;
  }
  return out + "'";
}

// Runs `driver args...` with LD_LIBRARY_PATH=lib_dir and a clean plugin setup.
inline RunResult run_driver(const std::string& driver, const std::vector<std::string>& args,
                            const std::string& lib_dir) {
  std::string cmd = "env -u TRACEEVENT_PLUGIN_DIR LD_LIBRARY_PATH=" + shell_quote(lib_dir) + " " +
                    shell_quote(driver);
  for (const auto& a : args) cmd += " " + shell_quote(a);
  cmd += " 2>/dev/null";
  RunResult r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.output.append(buf, n);
  int status = pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

struct Block {
  std::string header;
  std::string body;
};

inline std::vector<Block> split_blocks(const std::string& text) {
  std::vector<Block> blocks;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(pos, end - pos);
    pos = end + 1;
    if (line.rfind("== ", 0) == 0 || blocks.empty()) blocks.push_back({line, ""});
    else blocks.back().body += line + "\n";
  }
  return blocks;
}

struct Comparison {
  int blocks = 0;       // compared
  int identical = 0;
  int oracle_crashes = 0;
  std::vector<std::string> first_differences;  // a few, for the failure message
};

// `normalise` may rewrite both outputs before comparing (e.g. hide what
// another part of the library contributes).
inline Comparison compare_outputs(const std::string& ours, const std::string& theirs,
                                  const std::function<std::string(const std::string&)>& normalise = nullptr) {
  Comparison c;
  auto a = split_blocks(normalise ? normalise(ours) : ours);
  auto b = split_blocks(normalise ? normalise(theirs) : theirs);
  size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (j < b.size() && b[j].header.find(" CRASH") != std::string::npos) {
      ++c.oracle_crashes;
      // Our block for the same input: same header up to the result.
      std::string key = b[j].header.substr(0, b[j].header.find(" CRASH"));
      if (i < a.size() && a[i].header.rfind(key, 0) == 0) ++i;
      ++j;
      continue;
    }
    ++c.blocks;
    if (i < a.size() && j < b.size() && a[i].header == b[j].header && a[i].body == b[j].body) {
      ++c.identical;
    } else if (c.first_differences.size() < 5) {
      std::string d = "ours:\n";
      d += i < a.size() ? a[i].header + "\n" + a[i].body : "(nothing)\n";
      d += "upstream:\n";
      d += j < b.size() ? b[j].header + "\n" + b[j].body : "(nothing)\n";
      c.first_differences.push_back(d);
    }
    if (i < a.size()) ++i;
    if (j < b.size()) ++j;
  }
  return c;
}

}  // namespace tep::testing
