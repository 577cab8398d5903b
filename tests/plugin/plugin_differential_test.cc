// SPDX-License-Identifier: LGPL-2.1
// Our thirteen plugins against upstream's: plugin_print_driver prints
// pseudo-random records of every event they handle (tests/data/plugin/<set>)
// and the output must be byte-identical to upstream 1.9.0 with its own
// plugins, kept in tests/data/plugin/expected/<set>.out. Set-ups:
//   ours + our plugins        always
//   upstream + its plugins    with -Doracle (checks the expected files)
//   ours + upstream plugins   with -Doracle (they call back into our exports)
//   upstream + our plugins    with -Doracle (isolates a plugin difference)
// The expected files are upstream's output on a 64-bit little-endian host. On a
// big-endian one upstream's kvm plugin prints the role word of a little-endian record
// raw ("WORD: ..."), on a 32-bit one it prints long values cut to 32 bits: there
// upstream's output on this host is the reference (-Doracle).
#include <gtest/gtest.h>

#include <bit>
#include <filesystem>
#include <string>

#include "test_env.h"

namespace fs = std::filesystem;
using plugin_test::env_or_empty;

namespace {

struct PluginSetup {
  const char* name;
  std::string lib_dir;
  std::string plugin_dir;
};

std::string first_difference(const std::string& a, const std::string& b) {
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  size_t line_start = a.rfind('\n', i);
  line_start = line_start == std::string::npos ? 0 : line_start + 1;
  auto line_at = [&](const std::string& s) {
    size_t end = s.find('\n', line_start);
    return s.substr(line_start, end == std::string::npos ? std::string::npos : end - line_start);
  };
  return "at byte " + std::to_string(i) + "\n expected: " + line_at(a) + "\n   actual: " + line_at(b);
}

class PluginDifferential : public ::testing::TestWithParam<const char*> {
 protected:
  static plugin_test::RunResult print(const PluginSetup& setup, const std::string& set) {
    const fs::path data = env_or_empty("PLUGIN_TEST_DATA");
    return plugin_test::run({env_or_empty("PLUGIN_DRIVER"), setup.plugin_dir, (data / set).string()},
                            {{"LD_LIBRARY_PATH", setup.lib_dir}, {"TRACEEVENT_PLUGIN_DIR", ""}});
  }

  void check(const PluginSetup& setup) {
    const fs::path data = env_or_empty("PLUGIN_TEST_DATA");
    const std::string set = GetParam();
    std::string expected = plugin_test::read_file(data / "expected" / (set + ".out"));
    ASSERT_FALSE(expected.empty()) << "missing expected output for " << set;
    if (!expected_files_apply()) {
      if (!have_oracle()) GTEST_SKIP() << "not a 64-bit little-endian host: needs the oracle (-Doracle=DIR)";
      expected = print({"upstream here", oracle("lib"), oracle("plugins")}, set).out;
    }
    plugin_test::RunResult r = print(setup, set);
    ASSERT_EQ(r.signal, 0) << setup.name << " crashed\n" << r.err;
    ASSERT_EQ(r.exit_code, 0) << setup.name << "\n" << r.err;
    EXPECT_TRUE(r.out == expected) << setup.name << ": output differs "
                                   << first_difference(expected, r.out);
  }

  static bool expected_files_apply() { return std::endian::native == std::endian::little && sizeof(long) == 8; }
  static bool have_oracle() {
    const std::string dir = env_or_empty("ORACLE_DIR");
    return !dir.empty() && fs::exists(fs::path(dir) / "lib" / "libtraceevent.so.1") &&
           fs::exists(fs::path(dir) / "plugins");
  }
  static std::string oracle(const char* sub) { return (fs::path(env_or_empty("ORACLE_DIR")) / sub).string(); }
};

TEST_P(PluginDifferential, OurLibraryWithOurPlugins) {
  check({"ours+our plugins", env_or_empty("OUR_LIB_DIR"), env_or_empty("OUR_PLUGIN_DIR")});
}

TEST_P(PluginDifferential, UpstreamWithItsPlugins) {
  if (!expected_files_apply()) GTEST_SKIP() << "upstream's output here is the reference itself";
  if (!have_oracle()) GTEST_SKIP() << "no oracle (-Doracle=DIR)";
  check({"upstream+upstream plugins", oracle("lib"), oracle("plugins")});
}

TEST_P(PluginDifferential, OurLibraryWithUpstreamPlugins) {
  if (!have_oracle()) GTEST_SKIP() << "no oracle (-Doracle=DIR)";
  check({"ours+upstream plugins", env_or_empty("OUR_LIB_DIR"), oracle("plugins")});
}

TEST_P(PluginDifferential, UpstreamWithOurPlugins) {
  if (!have_oracle()) GTEST_SKIP() << "no oracle (-Doracle=DIR)";
  check({"upstream+our plugins", oracle("lib"), env_or_empty("OUR_PLUGIN_DIR")});
}

// Records cut short at random lengths: our library and plugins must not crash,
// and our handlers read nothing past the record (check under valgrind). Print
// functions (scsi_trace_parse_cdb) get raw pointers from the library and can
// only be kept inside the record by it.
TEST_P(PluginDifferential, TruncatedRecordsAreSafe) {
  const fs::path data = env_or_empty("PLUGIN_TEST_DATA");
  plugin_test::RunResult r = plugin_test::run(
      {env_or_empty("PLUGIN_DRIVER"), env_or_empty("OUR_PLUGIN_DIR"), (data / GetParam()).string(),
       "40", "truncated"},
      {{"LD_LIBRARY_PATH", env_or_empty("OUR_LIB_DIR")}, {"TRACEEVENT_PLUGIN_DIR", ""}});
  EXPECT_EQ(r.signal, 0) << r.err;
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

INSTANTIATE_TEST_SUITE_P(Sets, PluginDifferential,
                         ::testing::Values("kernel-6.18", "handwritten", "plain", "scsi", "net"));

// plugin_net's helpers compute from their arguments alone and never read the
// record, so on one library its records cut short print the same with our
// plugin and upstream's, byte for byte (upstream's other plugins read past a
// short record, so their output there is not defined).
TEST(PluginNetDifferential, TruncatedRecordsPrintAsUpstreamPlugin) {
  const std::string dir = env_or_empty("ORACLE_DIR");
  if (dir.empty() || !fs::exists(fs::path(dir) / "plugins" / "plugin_net.so"))
    GTEST_SKIP() << "no oracle (-Doracle=DIR)";
  const fs::path data = env_or_empty("PLUGIN_TEST_DATA");
  auto print = [&](const std::string& plugin_dir) {
    return plugin_test::run(
        {env_or_empty("PLUGIN_DRIVER"), plugin_dir, (data / "net").string(), "40", "truncated"},
        {{"LD_LIBRARY_PATH", env_or_empty("OUR_LIB_DIR")}, {"TRACEEVENT_PLUGIN_DIR", ""}});
  };
  plugin_test::RunResult upstream = print((fs::path(dir) / "plugins").string());
  plugin_test::RunResult ours = print(env_or_empty("OUR_PLUGIN_DIR"));
  ASSERT_EQ(upstream.exit_code, 0) << upstream.err;
  ASSERT_EQ(ours.exit_code, 0) << ours.err;
  EXPECT_NE(upstream.out.find("be_fields: cookie="), std::string::npos) << "no be_fields record printed";
  EXPECT_TRUE(ours.out == upstream.out) << "output differs " << first_difference(upstream.out, ours.out);
}

}  // namespace
