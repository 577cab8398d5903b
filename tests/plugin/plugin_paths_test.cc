// SPDX-License-Identifier: LGPL-2.1
// PluginPaths and the directory walk (lib/plugin/plugin_paths, plugin_search).
#include "plugin/plugin_paths.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <set>

#include "plugin/plugin_search.h"
#include "test_env.h"

namespace tep::plugin {
namespace {

TEST(PluginPaths, NewestFirstWithinEachPriority) {
  PluginPaths paths;
  paths.add("a", TEP_PLUGIN_FIRST);
  paths.add("b", TEP_PLUGIN_LAST);
  paths.add("c", TEP_PLUGIN_FIRST);
  EXPECT_EQ(paths.with_priority(TEP_PLUGIN_FIRST), (std::vector<std::string>{"c", "a"}));
  EXPECT_EQ(paths.with_priority(TEP_PLUGIN_LAST), (std::vector<std::string>{"b"}));
}

TEST(PluginSearch, SuffixFilterHandlesNamesShorterThanTheSuffix) {
  plugin_test::TempDir dir("search");
  for (const char* name : {"a", "so", ".so", "x.so", "x.so.1", "plugin_y.so"}) {
    FILE* f = std::fopen((dir.path() / name).c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fclose(f);
  }
  std::set<std::string> seen;
  for_each_file_in(dir.path().c_str(), ".so",
                   [&](const char*, const char* file) { seen.insert(file); });
  EXPECT_EQ(seen, (std::set<std::string>{".so", "x.so", "plugin_y.so"}));
}

TEST(PluginSearch, NotADirectoryIsSkipped) {
  plugin_test::TempDir dir("search");
  FILE* f = std::fopen((dir.path() / "file").c_str(), "w");
  ASSERT_NE(f, nullptr);
  std::fclose(f);
  int visits = 0;
  for_each_file_in((dir.path() / "file").c_str(), "", [&](const char*, const char*) { ++visits; });
  for_each_file_in((dir.path() / "missing").c_str(), "", [&](const char*, const char*) { ++visits; });
  EXPECT_EQ(visits, 0);
}

}  // namespace
}  // namespace tep::plugin
