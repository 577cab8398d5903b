// SPDX-License-Identifier: LGPL-2.1
// Differential test of event printing: runs print_diff_driver against our
// library and against upstream 1.9.0 (LD_LIBRARY_PATH picks the library) on
// the same formats and pseudo-random records, and compares the output of every
// well-formed record byte for byte. The oracle crashes on some events: those
// are counted, not compared. Ours must never crash.
//   env: PRINT_DRIVER, OUR_LIB_DIR, ORACLE_DIR (skip when empty), PRINT_DATA_DIRS
//   (':'-separated format directories; missing ones are skipped),
//   PRINT_DIFF_MODES ("info line", or "raw"), PRINT_DIFF_REPORT_ONLY (print the
//   statistics, fail only on crashes), PRINT_DIFF_ALLOWED (space-separated
//   "system:event" names whose differences are counted, not failed).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "../support/printable.h"
#include "../support/files.h"

namespace {

using tep::test::env;

bool is_dir(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// For each ipi:ipi_send_cpumask record of formats-6.18 upstream allocates
// about 3 GB (a size it derives from the record) and never writes them. So
// its runs go without glibc's MALLOC_PERTURB_ (meson sets it for every test;
// filling those bytes made each run hit the driver's 20 s alarm, 4 minutes
// a test instead of 2 s) and, in a sanitizer build, without ASan's heap
// poisoning (9 s a run instead of 2). The comparisons are the same; ours runs
// with both.
std::string run(const std::string& lib_dir, const std::string& dir, const std::string& mode,
                int fill, bool oracle) {
  const char* oracle_env = "MALLOC_PERTURB_=0 ASAN_OPTIONS=\"${ASAN_OPTIONS:-}:poison_heap=0\" ";
  std::string cmd = std::string(oracle ? oracle_env : "") + "PRINT_DRIVER_FILL=" + std::to_string(fill) +
                    " LD_LIBRARY_PATH='" + lib_dir + "' TRACEEVENT_PLUGIN_DIR=/nonexistent '" +
                    env("PRINT_DRIVER") + "' '" + dir + "' " + mode + " 2>/dev/null";
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return out;
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof(buf), p)) > 0) out.append(buf, n);
  pclose(p);
  return out;
}

struct EventOutput {
  bool crashed = false;
  std::vector<std::string> ok_records;  // "ok N: text"
  std::vector<std::string> all_records;  // "ok N: text" and "bad N: text"
};

// Splits the driver's output into events ("== sys:name") and records.
std::map<std::string, EventOutput> split(const std::string& out) {
  std::map<std::string, EventOutput> events;
  EventOutput* cur = nullptr;
  std::string* rec = nullptr;
  size_t pos = 0;
  while (pos < out.size()) {
    size_t nl = out.find('\n', pos);
    if (nl == std::string::npos) nl = out.size();
    std::string line = out.substr(pos, nl - pos);
    pos = nl + 1;
    if (line.rfind("== ", 0) == 0) {
      std::string name = line.substr(3);
      size_t sp = name.find(' ');
      bool crash = sp != std::string::npos && name.find("CRASH", sp) != std::string::npos;
      if (sp != std::string::npos) name = name.substr(0, sp);
      cur = &events[name];
      if (crash) cur->crashed = true;
      rec = nullptr;
      continue;
    }
    if (!cur) continue;
    if (line.rfind("ok ", 0) == 0 || line.rfind("bad ", 0) == 0) {
      cur->all_records.push_back(line);
      rec = &cur->all_records.back();
    } else if (rec) {
      *rec += "\n" + line;
    }
  }
  for (auto& [name, e] : events)
    for (const auto& r : e.all_records)
      if (r.rfind("ok ", 0) == 0) e.ok_records.push_back(r);
  return events;
}

// Upstream reads outside some records (a length field larger than the
// array, a __data_loc pointing past the end): what it prints there depends on
// the bytes around the record. Those records are found by running the oracle
// twice with different surroundings and are not compared; ours must print the
// same whatever surrounds the record.
void compare(const std::string& dir, const std::string& mode) {
  auto ours = split(run(env("OUR_LIB_DIR"), dir, mode, 0, false));
  auto ours_other_fill = split(run(env("OUR_LIB_DIR"), dir, mode, 0xff, false));
  auto oracle = split(run(env("ORACLE_DIR") + "/lib", dir, mode, 0, true));
  auto oracle_other_fill = split(run(env("ORACLE_DIR") + "/lib", dir, mode, 0xff, true));
  ASSERT_FALSE(oracle.empty()) << "the oracle printed nothing for " << dir;
  int identical = 0, differing = 0, oracle_crashes = 0, our_crashes = 0, shown = 0;
  int records = 0, outside = 0, allowed_differences = 0;
  for (const auto& [name, theirs] : oracle) {
    auto it = ours.find(name);
    if (it == ours.end()) {
      ADD_FAILURE() << name << ": missing from our output";
      continue;
    }
    const EventOutput& mine = it->second;
    if (mine.crashed || ours_other_fill[name].crashed) {
      our_crashes++;
      ADD_FAILURE() << name << ": our library crashed";
      continue;
    }
    EXPECT_EQ(mine.all_records, ours_other_fill[name].all_records)
        << name << ": our output depends on bytes outside the record";
    if (theirs.crashed || oracle_other_fill[name].crashed) {
      oracle_crashes++;
      continue;
    }
    const auto& theirs_other = oracle_other_fill[name].ok_records;
    bool same = true;
    bool allowed = (" " + env("PRINT_DIFF_ALLOWED") + " ").find(" " + name + " ") != std::string::npos;
    for (size_t i = 0; i < theirs.ok_records.size(); i++) {
      if (i < theirs_other.size() && theirs_other[i] != theirs.ok_records[i]) {
        outside++;
        continue;
      }
      records++;
      std::string m = i < mine.ok_records.size() ? mine.ok_records[i] : "<none>";
      std::string t = theirs.ok_records[i];
      if (mode != "raw") {
        // What follows "[FAILED TO PARSE]" is tep_print_fields (lib/print_line),
        // compared by the raw mode; here only the marker's place counts.
        static const std::string marker = "[FAILED TO PARSE]";
        size_t at = t.find(marker);
        if (at != std::string::npos) {
          t.resize(at + marker.size());
          if (m.size() > t.size()) m.resize(t.size());
        }
      }
      if (m == t) continue;
      same = false;
      if (allowed) continue;
      if (shown++ < 40 && env("PRINT_DIFF_REPORT_ONLY").empty())
        ADD_FAILURE() << name << " (" << mode << ")\n  oracle: " << tep::test::printable(theirs.ok_records[i])
                      << "\n  ours:   " << tep::test::printable(m);
    }
    if (same) identical++;
    else if (allowed) allowed_differences++;
    else differing++;
  }
  printf("%s [%s]: %d events identical, %d differ (%d more as allowed), oracle crashed on %d, "
         "ours on %d; %d records compared, %d skipped (upstream reads outside them)\n",
         dir.c_str(), mode.c_str(), identical, differing, allowed_differences, oracle_crashes,
         our_crashes, records, outside);
  EXPECT_EQ(our_crashes, 0);
  if (!env("PRINT_DIFF_REPORT_ONLY").empty()) return;
  EXPECT_EQ(differing, 0);
}

std::vector<std::string> data_dirs() {
  std::vector<std::string> dirs;
  std::stringstream ss(env("PRINT_DATA_DIRS"));
  std::string d;
  while (std::getline(ss, d, ':')) {
    if (d.empty() || !is_dir(d)) continue;
    if (is_dir(d + "/events")) {
      dirs.push_back(d);
      continue;
    }
    // A directory of format directories (corpus-ext/formats).
    std::string cmd = "ls -1 '" + d + "' 2>/dev/null";
    FILE* p = popen(cmd.c_str(), "r");
    char name[4096];
    while (p && fgets(name, sizeof(name), p)) {
      std::string sub = d + "/" + std::string(name, strcspn(name, "\n"));
      if (is_dir(sub + "/events")) dirs.push_back(sub);
    }
    if (p) pclose(p);
  }
  return dirs;
}

class PrintDiff : public ::testing::TestWithParam<const char*> {};

TEST_P(PrintDiff, IdenticalToUpstream) {
  std::string oracle = env("ORACLE_DIR");
  if (oracle.empty() || !is_dir(oracle + "/lib")) GTEST_SKIP() << "no oracle (-Doracle=DIR)";
  for (const std::string& dir : data_dirs()) compare(dir, GetParam());
}

// PRINT_DIFF_MODES picks the modes ("info line" by default).
std::vector<const char*> modes() {
  std::string m = env("PRINT_DIFF_MODES");
  std::vector<const char*> out;
  for (const char* mode : {"info", "raw", "line"})
    if (m.empty() ? std::string(mode) != "raw" : m.find(mode) != std::string::npos) out.push_back(mode);
  return out;
}

INSTANTIATE_TEST_SUITE_P(Modes, PrintDiff, ::testing::ValuesIn(modes()));

}  // namespace
