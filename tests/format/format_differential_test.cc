// SPDX-License-Identifier: LGPL-2.1
// Our format parser against upstream 1.8.4, through the public API: every
// event's id, name, system, flags and fields, the listings and lookups, the
// header page, and every truncation of a few formats. Needs the oracle
// (meson -Doracle=DIR); without it only checks that our runs succeed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <dirent.h>
#include <string>
#include <vector>

#include "differential_runner.h"

namespace tep::testing {
namespace {

std::string driver() { return env_or_empty("FORMAT_DUMP"); }
std::string our_lib() { return env_or_empty("OUR_LIB_DIR"); }
std::string data_dir() { return env_or_empty("FORMAT_DATA_DIR"); }
std::string oracle_lib() {
  std::string dir = env_or_empty("ORACLE_DIR");
  return dir.empty() ? "" : dir + "/lib";
}
bool have_oracle() { return path_exists(oracle_lib() + "/libtraceevent.so.1"); }

// Hides the flags lib/print_args sets while parsing print fmts (field
// IS_FLAG / IS_SYMBOLIC, event FAILED): the format parser is judged alone.
std::string without_print_fmt_flags(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(pos, end - pos);
    pos = end + 1;
    bool field = line.rfind("  C ", 0) == 0 || line.rfind("  F ", 0) == 0;
    bool event = line.rfind(" event ", 0) == 0;
    size_t at = line.find(" flags=0x");
    if ((field || event) && at != std::string::npos) {
      size_t start = at + 9;
      size_t stop = line.find(' ', start);
      unsigned long flags = strtoul(line.substr(start, stop - start).c_str(), nullptr, 16);
      flags &= field ? ~0xc0ul : ~0x80000000ul;
      char hex[32];
      snprintf(hex, sizeof hex, "%lx", flags);
      line = line.substr(0, start) + hex + (stop == std::string::npos ? "" : line.substr(stop));
    }
    out += line + "\n";
  }
  return out;
}

void compare(const std::vector<std::string>& args, bool whole_parse) {
  ASSERT_TRUE(path_exists(driver())) << driver();
  RunResult ours = run_driver(driver(), args, our_lib());
  ASSERT_EQ(ours.exit_code, 0) << "our run failed";
  if (!have_oracle()) GTEST_SKIP() << "no oracle (configure with -Doracle=DIR)";
  RunResult theirs = run_driver(driver(), args, oracle_lib());
  ASSERT_EQ(theirs.exit_code, 0) << "oracle run failed";
  Comparison c = whole_parse ? compare_outputs(ours.output, theirs.output)
                             : compare_outputs(ours.output, theirs.output, without_print_fmt_flags);
  std::string report;
  for (const auto& d : c.first_differences) report += d + "\n";
  EXPECT_EQ(c.identical, c.blocks) << report;
  ::testing::Test::RecordProperty("blocks", c.blocks);
  ::testing::Test::RecordProperty("identical", c.identical);
  std::printf("%d/%d blocks identical, %d upstream crashes skipped\n", c.identical, c.blocks,
              c.oracle_crashes);
}

TEST(FormatDifferential, HandMadeFormats) { compare({data_dir() + "/handmade"}, false); }

TEST(FormatDifferential, Formats618Subset) { compare({data_dir() + "/formats-6.18"}, false); }

// With lib/print_args's contribution: IS_FLAG/IS_SYMBOLIC field flags, FAILED.
TEST(FormatDifferential, Formats618SubsetWithPrintFmt) { compare({data_dir() + "/formats-6.18"}, true); }

TEST(FormatDifferential, Formats618Full) {
  const std::string dir = env_or_empty("FORMATS_618_DIR");
  if (!path_exists(dir)) GTEST_SKIP() << dir << " absent";
  compare({dir}, false);
}

// corpus-ext: <set>/events/<sys>/<name>/format (+ events/header_page), one
// handle per set.
TEST(FormatDifferential, CorpusExt) {
  const std::string root = env_or_empty("CORPUS_EXT_DIR");
  std::vector<std::string> sets;
  for (const char* group : {"/formats", "/formats-from-tracedat"}) {
    DIR* d = opendir((root + group).c_str());
    if (!d) continue;
    while (dirent* e = readdir(d))
      if (e->d_name[0] != '.') sets.push_back(root + group + "/" + e->d_name);
    closedir(d);
  }
  if (sets.empty()) GTEST_SKIP() << root << " absent";
  compare(sets, false);
}

// Every byte-prefix of these formats, each in a fresh handle.
TEST(FormatDifferential, TruncatedFormats) {
  const std::string d = data_dir();
  const std::vector<std::pair<std::string, std::string>> files = {
      {"sched", d + "/formats-6.18/events/sched/sched_switch/format"},
      {"ftrace", d + "/formats-6.18/events/ftrace/print/format"},
      {"ftrace", d + "/formats-6.18/events/ftrace/bprint/format"},
      {"ipi", d + "/formats-6.18/events/ipi/ipi_send_cpumask/format"},
      {"hand", d + "/handmade/events/hand/attr_user/format"},
      {"hand", d + "/handmade/events/hand/arrays/format"},
      {"hand", d + "/handmade/events/hand/oldfmt/format"},
  };
  for (const auto& [sys, file] : files) {
    SCOPED_TRACE(file);
    compare({"--prefixes", sys, file}, false);
  }
}

// Inputs upstream crashes on: ours must answer (checked in our run only).
TEST(FormatDifferential, UpstreamCrashersAreSafe) {
  for (const char* name : {"attr_first.format", "open_bracket.format"}) {
    RunResult ours = run_driver(driver(), {"--prefixes", "hand", data_dir() + "/upstream_crashes/" + name}, our_lib());
    EXPECT_EQ(ours.exit_code, 0) << name;
    EXPECT_EQ(ours.output.find("CRASH"), std::string::npos) << name;
  }
}

TEST(FormatDifferential, HeaderPagePrefixes) {
  const std::string d = data_dir() + "/header_pages/";
  compare({"--header", d + "linux-6.18", d + "long4", d + "no-signed", d + "unsigned-char-7.x", d + "char-overwrite",
           d + "no-overwrite", d + "hex-and-junk"},
          false);
}

}  // namespace
}  // namespace tep::testing
