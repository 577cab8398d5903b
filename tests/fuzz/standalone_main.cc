// SPDX-License-Identifier: LGPL-2.1
// Runs a fuzz target over files and directories of inputs (its seed corpus),
// so `meson test` exercises every target under gcc without libFuzzer.
#include <dirent.h>
#include <sys/stat.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz_common.h"

namespace {

int run_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
  return 1;
}

int run_path(const std::string& path) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0) return 0;
  if (!S_ISDIR(st.st_mode)) return run_file(path);
  int count = 0;
  if (DIR* d = opendir(path.c_str())) {
    while (dirent* entry = readdir(d)) {
      if (entry->d_name[0] == '.') continue;
      count += run_path(path + "/" + entry->d_name);
    }
    closedir(d);
  }
  return count;
}

}  // namespace

int main(int argc, char** argv) {
  int count = 0;
  for (int i = 1; i < argc; ++i) count += run_path(argv[i]);
  printf("ran %d inputs\n", count);
  return count > 0 ? 0 : 1;
}
