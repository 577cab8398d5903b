// SPDX-License-Identifier: LGPL-2.1
// Record access against upstream 1.9.0: tep_data_*, tep_get_*field_val* with
// their trace_seq messages, tep_get_field_raw, tep_read_number(_field),
// get_field_val, in both byte orders, over deterministic records built from
// the committed formats.
#include <gtest/gtest.h>

#include "differential_runner.h"

namespace tep::testing {
namespace {

TEST(RecordDifferential, CommittedFormats) {
  const std::string driver = env_or_empty("RECORD_DUMP");
  const std::string data = env_or_empty("FORMAT_DATA_DIR");
  const std::vector<std::string> args = {data + "/handmade", data + "/formats-6.18"};
  RunResult ours = run_driver(driver, args, env_or_empty("OUR_LIB_DIR"));
  ASSERT_EQ(ours.exit_code, 0);
  const std::string oracle = env_or_empty("ORACLE_DIR");
  if (oracle.empty() || !path_exists(oracle + "/lib/libtraceevent.so.1"))
    GTEST_SKIP() << "no oracle (configure with -Doracle=DIR)";
  RunResult theirs = run_driver(driver, args, oracle + "/lib");
  ASSERT_EQ(theirs.exit_code, 0);
  Comparison c = compare_outputs(ours.output, theirs.output);
  std::string report;
  for (const auto& d : c.first_differences) report += d + "\n";
  EXPECT_EQ(c.identical, c.blocks) << report;
  EXPECT_EQ(ours.output, theirs.output);
}

}  // namespace
}  // namespace tep::testing
