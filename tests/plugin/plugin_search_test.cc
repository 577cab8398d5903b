// SPDX-License-Identifier: LGPL-2.1
// for_each_plugin_file: the directories in upstream's order (FIRST paths,
// the built-in one, $TRACEEVENT_PLUGIN_DIR, ~/.local/..., LAST paths), the
// flags that leave them out, and an unset HOME ending the walk early; and
// for_each_file_in's filtering of one directory.
#include "plugin/plugin_search.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "plugin/plugin_config.h"
#include "plugin/plugin_paths.h"
#include "test_env.h"

namespace tep::plugin {
namespace {

// A suffix no installed plugin has: the built-in directory adds nothing.
constexpr const char* kSuffix = ".tep-search-test";

void touch(const std::filesystem::path& path) {
  FILE* f = std::fopen(path.c_str(), "w");
  ASSERT_NE(f, nullptr) << path;
  std::fclose(f);
}

// Sets (or, with nullopt, unsets) a variable for the test's lifetime.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, std::optional<std::string> value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value)
      setenv(name, value->c_str(), 1);
    else
      unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_)
      setenv(name_, old_->c_str(), 1);
    else
      unsetenv(name_);
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

// One directory per place of the walk, each holding "<place><kSuffix>".
class PluginSearchOrder : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* place : {"first1", "first2", "env", "last1", "last2"}) {
      dirs_.emplace_back(place, root_.make(place).string());
      touch(std::filesystem::path(dirs_.back().second) / (std::string(place) + kSuffix));
    }
    user_ = root_.make(std::string("home/") + kUserPluginDir);
    touch(user_ / (std::string("user") + kSuffix));
    paths_.add(dir("first1"), TEP_PLUGIN_FIRST);
    paths_.add(dir("last1"), TEP_PLUGIN_LAST);
    paths_.add(dir("first2"), TEP_PLUGIN_FIRST);
    paths_.add(dir("last2"), TEP_PLUGIN_LAST);
  }

  std::string dir(const std::string& place) const {
    for (const auto& [name, path] : dirs_)
      if (name == place) return path;
    return "";
  }
  std::string home() const { return (root_.path() / "home").string(); }

  // The files visited, in order.
  std::vector<std::string> walk(const PluginPaths* paths, int flags) const {
    std::vector<std::string> files;
    for_each_plugin_file(paths, flags, kSuffix, [&](const char*, const char* file) { files.push_back(file); });
    return files;
  }

  plugin_test::TempDir root_{"plugin-search"};
  std::vector<std::pair<std::string, std::string>> dirs_;
  std::filesystem::path user_;
  PluginPaths paths_;
};

std::string f(const char* place) { return std::string(place) + kSuffix; }

TEST_F(PluginSearchOrder, EveryPlaceInUpstreamsOrder) {
  ScopedEnv env("TRACEEVENT_PLUGIN_DIR", dir("env"));
  ScopedEnv home_env("HOME", home());
  EXPECT_EQ(walk(&paths_, 0),
            (std::vector<std::string>{f("first2"), f("first1"), f("env"), f("user"), f("last2"), f("last1")}));
}

TEST_F(PluginSearchOrder, DirectoryPassedAsWrittenInTheList) {
  ScopedEnv env("TRACEEVENT_PLUGIN_DIR", dir("env"));
  ScopedEnv home_env("HOME", home());
  std::vector<std::string> dirs;
  for_each_plugin_file(&paths_, 0, kSuffix, [&](const char* d, const char*) { dirs.push_back(d); });
  ASSERT_EQ(dirs.size(), 6u);
  EXPECT_EQ(dirs[0], dir("first2"));
  EXPECT_EQ(dirs[2], dir("env"));
  // Upstream's spelling: "$HOME/" + ".local/lib/traceevent/plugins/".
  EXPECT_EQ(dirs[3], home() + "/" + kUserPluginDir);
  EXPECT_EQ(dirs[5], dir("last1"));
}

TEST_F(PluginSearchOrder, DisablePluginsVisitsNothing) {
  ScopedEnv env("TRACEEVENT_PLUGIN_DIR", dir("env"));
  ScopedEnv home_env("HOME", home());
  EXPECT_TRUE(walk(&paths_, TEP_DISABLE_PLUGINS).empty());
  EXPECT_TRUE(walk(&paths_, TEP_DISABLE_PLUGINS | TEP_DISABLE_SYS_PLUGINS).empty());
}

// Only the built-in directory is left out.
TEST_F(PluginSearchOrder, DisableSysPluginsKeepsTheOthers) {
  ScopedEnv env("TRACEEVENT_PLUGIN_DIR", dir("env"));
  ScopedEnv home_env("HOME", home());
  EXPECT_EQ(walk(&paths_, TEP_DISABLE_SYS_PLUGINS), walk(&paths_, 0));
  std::vector<std::string> dirs;
  for_each_plugin_file(&paths_, TEP_DISABLE_SYS_PLUGINS, "", [&](const char* d, const char*) { dirs.push_back(d); });
  for (const std::string& d : dirs) EXPECT_NE(d, TEP_BUILTIN_PLUGIN_DIR);
}

TEST_F(PluginSearchOrder, UnsetHomeEndsTheWalkBeforeTheLastPaths) {
  ScopedEnv env("TRACEEVENT_PLUGIN_DIR", dir("env"));
  ScopedEnv home_env("HOME", std::nullopt);
  EXPECT_EQ(walk(&paths_, 0), (std::vector<std::string>{f("first2"), f("first1"), f("env")}));
}

TEST_F(PluginSearchOrder, NoPathsAndNoEnvironment) {
  ScopedEnv env("TRACEEVENT_PLUGIN_DIR", std::nullopt);
  ScopedEnv home_env("HOME", home());
  EXPECT_EQ(walk(nullptr, 0), (std::vector<std::string>{f("user")}));
  EXPECT_EQ(walk(nullptr, TEP_DISABLE_SYS_PLUGINS), (std::vector<std::string>{f("user")}));
}

// Directories that are not there, or are files, are passed over.
TEST_F(PluginSearchOrder, MissingDirectoriesArePassedOver) {
  ScopedEnv env("TRACEEVENT_PLUGIN_DIR", (root_.path() / "nosuch").string());
  ScopedEnv home_env("HOME", (root_.path() / "first1" / f("first1")).string());  // a file
  PluginPaths paths;
  paths.add((root_.path() / "missing").string(), TEP_PLUGIN_FIRST);
  paths.add("", TEP_PLUGIN_LAST);
  paths.add(dir("last1"), TEP_PLUGIN_LAST);
  EXPECT_EQ(walk(&paths, 0), (std::vector<std::string>{f("last1")}));
}

TEST(PluginSearch, DotEntriesAreSkippedAndSuffixesFiltered) {
  plugin_test::TempDir dir("search-dots");
  for (const char* name : {"plugin_a.so", "plugin_b.so.bak", "README"}) touch(dir.path() / name);
  dir.make("sub.so");  // a directory entry like any other: upstream does not stat them
  std::set<std::string> all, so;
  for_each_file_in(dir.path().c_str(), "", [&](const char*, const char* file) { all.insert(file); });
  for_each_file_in(dir.path().c_str(), ".so", [&](const char*, const char* file) { so.insert(file); });
  EXPECT_EQ(all, (std::set<std::string>{"plugin_a.so", "plugin_b.so.bak", "README", "sub.so"}));
  EXPECT_EQ(so, (std::set<std::string>{"plugin_a.so", "sub.so"}));
}

TEST(PluginSearch, EmptyDirectoryAndEmptyPath) {
  plugin_test::TempDir dir("search-empty");
  int visits = 0;
  for_each_file_in(dir.path().c_str(), "", [&](const char*, const char*) { ++visits; });
  for_each_file_in("", "", [&](const char*, const char*) { ++visits; });
  EXPECT_EQ(visits, 0);
}

}  // namespace
}  // namespace tep::plugin
