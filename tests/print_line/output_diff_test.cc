// SPDX-License-Identifier: LGPL-2.1
// Differential test of the output API: runs output_diff_driver (one process
// per library and section) on our library and on upstream 1.9.0, and compares
// stdout byte for byte, line by line.
//   env: OUTPUT_DRIVER, OUR_LIB_DIR, ORACLE_DIR (skip when empty), OUTPUT_DATA_DIR
// Sections: line (tep_print_event; INFO only where lib/print_line decides it),
// fields (tep_print_field*), handlers (registration), info (INFO of every
// event: lib/print_plan's text inside lib/print_line's line), latency (the column for
// every common_flags byte).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "../support/printable.h"
#include "../support/files.h"

namespace {

using tep::test::env;

bool exists(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}

struct Run {
  std::string out;
  int status = -1;
};

// LD_PRELOAD as well as LD_LIBRARY_PATH: the driver's RUNPATH may name our
// build directory, and a preloaded object with the same soname wins. In a
// sanitizer build the ASan runtime must come first.
Run run(const std::string& lib_dir, const std::string& section) {
  std::string lib = lib_dir + "/libtraceevent.so.1";
  if (!env("SANITIZER_PRELOAD").empty()) lib = env("SANITIZER_PRELOAD") + " " + lib;
  std::string cmd = "ulimit -c 0; LD_LIBRARY_PATH='" + lib_dir + "' LD_PRELOAD='" + lib +
                    "' TRACEEVENT_PLUGIN_DIR=/nonexistent '" + env("OUTPUT_DRIVER") + "' '" +
                    env("OUTPUT_DATA_DIR") + "' " + section + " 2>/dev/null";
  Run r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof(buf), p)) > 0) r.out.append(buf, n);
  r.status = pclose(p);
  return r;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    out.push_back(text.substr(pos, nl - pos));
    pos = nl + 1;
  }
  return out;
}

void compare_section(const std::string& section) {
  std::string oracle = env("ORACLE_DIR");
  if (oracle.empty() || !exists(oracle + "/lib/libtraceevent.so.1")) GTEST_SKIP() << "no oracle";
  Run theirs = run(oracle + "/lib", section);
  Run ours = run(env("OUR_LIB_DIR"), section);
  ASSERT_EQ(theirs.status, 0) << "oracle failed on section " << section;
  ASSERT_EQ(ours.status, 0) << "our library failed on section " << section;
  std::vector<std::string> a = lines(theirs.out), b = lines(ours.out);
  ASSERT_EQ(a.size(), b.size()) << section;
  size_t same = 0, shown = 0;
  for (size_t i = 0; i < a.size(); i++) {
    if (a[i] == b[i]) {
      same++;
    } else if (shown++ < 10) {
      ADD_FAILURE() << section << " line " << i + 1 << "\n upstream: " << tep::test::printable(a[i].substr(0, 400))
                    << "\n ours:     " << tep::test::printable(b[i].substr(0, 400));
    }
  }
  ::testing::Test::RecordProperty("identical_lines", static_cast<int>(same));
  printf("[ %s ] %zu of %zu lines identical to upstream 1.9.0\n", section.c_str(), same, a.size());
  EXPECT_EQ(same, a.size());
}

TEST(OutputDiff, Line) { compare_section("line"); }
TEST(OutputDiff, Fields) { compare_section("fields"); }
TEST(OutputDiff, Handlers) { compare_section("handlers"); }
TEST(OutputDiff, InfoThroughPrint) { compare_section("info"); }
TEST(OutputDiff, LatencyOfEveryFlagsByte) { compare_section("latency"); }

}  // namespace
