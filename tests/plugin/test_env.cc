// SPDX-License-Identifier: LGPL-2.1
#include "test_env.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace plugin_test {

std::string env_or_empty(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

TempDir::TempDir(const std::string& tag) {
  std::string base = env_or_empty("TMPDIR");
  std::string pattern = (base.empty() ? std::string("/tmp") : base) + "/tep-" + tag + "-XXXXXX";
  std::vector<char> buf(pattern.begin(), pattern.end());
  buf.push_back('\0');
  if (!mkdtemp(buf.data())) throw std::runtime_error("mkdtemp failed");
  path_ = buf.data();
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

std::filesystem::path TempDir::make(const std::string& relative) const {
  std::filesystem::path p = path_ / relative;
  std::filesystem::create_directories(p);
  return p;
}

RunResult run(const std::vector<std::string>& argv,
              const std::vector<std::pair<std::string, std::string>>& env) {
  TempDir io("run");
  const std::filesystem::path out = io.path() / "out", err = io.path() / "err";
  RunResult result;
  pid_t pid = fork();
  if (pid < 0) return result;
  if (pid == 0) {
    for (const auto& [name, value] : env) {
      if (value.empty())
        unsetenv(name.c_str());
      else
        setenv(name.c_str(), value.c_str(), 1);
    }
    struct rlimit no_core = {0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    if (!freopen(out.c_str(), "w", stdout) || !freopen(err.c_str(), "w", stderr)) _exit(126);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  result.out = read_file(out);
  result.err = read_file(err);
  return result;
}

}  // namespace plugin_test
