// SPDX-License-Identifier: LGPL-2.1
// tep_load_plugins & co through the shared library, with tiny plugins
// (tests/plugin/fixtures) copied into temporary directories.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "event-parse.h"
#include "test_env.h"
#include "trace-seq.h"

namespace fs = std::filesystem;
using plugin_test::TempDir;

namespace {

std::vector<std::string>& plugin_events() {
  static std::vector<std::string> v;
  return v;
}

std::vector<std::string>& log_lines() {
  static std::vector<std::string> v;
  return v;
}

}  // namespace

// Called by the fixture plugins (exported: the executable is -rdynamic).
extern "C" __attribute__((visibility("default"))) void plugin_test_record(const char* what,
                                                                         tep_handle*) {
  plugin_events().push_back(what);
}

// The library's log sink is interposable: capture every message.
extern "C" __attribute__((visibility("default"))) int tep_vprint(const char*, enum tep_loglevel,
                                                                bool, const char* fmt,
                                                                va_list ap) {
  char buf[4096];
  int n = std::vsnprintf(buf, sizeof buf, fmt, ap);
  log_lines().push_back(buf);
  return n;
}

namespace {

fs::path fixture(const std::string& file) {
  return fs::path(plugin_test::env_or_empty("PLUGIN_FIXTURE_DIR")) / file;
}

void put_plugin(const fs::path& dir, const std::string& fixture_file, const std::string& as) {
  fs::copy_file(fixture(fixture_file), dir / as, fs::copy_options::overwrite_existing);
}

void touch(const fs::path& file, const std::string& text = "not a plugin\n") {
  FILE* f = std::fopen(file.c_str(), "w");
  ASSERT_NE(f, nullptr);
  std::fputs(text.c_str(), f);
  std::fclose(f);
}

std::string print_plugins(const tep_plugin_list* list) {
  trace_seq s;
  trace_seq_init(&s);
  tep_print_plugins(&s, "[", "]\n", list);
  std::string out(s.buffer, s.len);
  trace_seq_destroy(&s);
  return out;
}

struct Visit {
  std::string dir, file;
  bool operator==(const Visit&) const = default;
};

void record_visit(tep_handle*, const char* dir, const char* file, void* data) {
  static_cast<std::vector<Visit>*>(data)->push_back({dir, file});
}

// Sets HOME and TRACEEVENT_PLUGIN_DIR for one test, restoring them after.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old, had_ = true;
    if (value.empty())
      unsetenv(name);
    else
      setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (had_)
      setenv(name_, old_.c_str(), 1);
    else
      unsetenv(name_);
  }

 private:
  const char* name_;
  std::string old_;
  bool had_ = false;
};

class PluginLoader : public ::testing::Test {
 protected:
  void SetUp() override {
    if (plugin_test::env_or_empty("PLUGIN_FIXTURE_DIR").empty()) GTEST_SKIP() << "no fixtures";
    plugin_events().clear();
    log_lines().clear();
    // Warnings and info messages reach tep_vprint only at this level.
    tep_set_loglevel(TEP_LOG_ALL);
    tep_ = tep_alloc();
    // The built-in directory is the machine's: keep it out of these tests.
    tep_set_flag(tep_, TEP_DISABLE_SYS_PLUGINS);
  }
  void TearDown() override {
    if (tep_) tep_free(tep_);
  }
  std::vector<Visit> walk(tep_handle* tep, const char* suffix = ".so") {
    std::vector<Visit> visits;
    tep_load_plugins_hook(tep, suffix, record_visit, &visits);
    return visits;
  }
  bool logged(const std::string& needle) const {
    for (const std::string& l : log_lines())
      if (l.find(needle) != std::string::npos) return true;
    return false;
  }

  TempDir tmp_{"plugins"};
  tep_handle* tep_ = nullptr;
};

TEST_F(PluginLoader, SearchOrderIsFirstPathsEnvHomeLastPaths) {
  fs::path first1 = tmp_.make("first1"), first2 = tmp_.make("first2");
  fs::path last1 = tmp_.make("last1"), last2 = tmp_.make("last2");
  fs::path env = tmp_.make("env"), home = tmp_.make("home");
  fs::path user = tmp_.make("home/.local/lib/traceevent/plugins");
  for (const fs::path& d : {first1, first2, last1, last2, env, user}) {
    touch(d / ("plugin_" + d.filename().string() + ".so"));
    touch(d / "readme.txt");
  }
  ScopedEnv e1("TRACEEVENT_PLUGIN_DIR", env.string());
  ScopedEnv e2("HOME", home.string());
  std::string p1 = first1, p2 = first2, l1 = last1, l2 = last2;
  ASSERT_EQ(tep_add_plugin_path(tep_, p1.data(), TEP_PLUGIN_FIRST), 0);
  ASSERT_EQ(tep_add_plugin_path(tep_, l1.data(), TEP_PLUGIN_LAST), 0);
  ASSERT_EQ(tep_add_plugin_path(tep_, p2.data(), TEP_PLUGIN_FIRST), 0);
  ASSERT_EQ(tep_add_plugin_path(tep_, l2.data(), TEP_PLUGIN_LAST), 0);

  // Paths added later are searched earlier within their class (upstream
  // prepends), and the per-user directory is spelled with a trailing slash.
  std::vector<Visit> expected = {
      {p2, "plugin_first2.so"}, {p1, "plugin_first1.so"}, {env.string(), "plugin_env.so"},
      {home.string() + "/.local/lib/traceevent/plugins/", "plugin_plugins.so"},
      {l2, "plugin_last2.so"},  {l1, "plugin_last1.so"},
  };
  EXPECT_EQ(walk(tep_), expected);
  // Any suffix: ".txt" finds only the readme files.
  EXPECT_EQ(walk(tep_, ".txt").size(), 6u);
}

TEST_F(PluginLoader, DisablePluginsFlagVisitsNothing) {
  fs::path env = tmp_.make("env");
  touch(env / "plugin_x.so");
  ScopedEnv e1("TRACEEVENT_PLUGIN_DIR", env.string());
  tep_set_flag(tep_, TEP_DISABLE_PLUGINS);
  EXPECT_TRUE(tep_test_flag(tep_, TEP_DISABLE_PLUGINS));
  EXPECT_TRUE(walk(tep_).empty());
  EXPECT_EQ(tep_load_plugins(tep_), nullptr);
}

TEST_F(PluginLoader, WithoutHomeTheLastPathsAreNotSearched) {
  fs::path last = tmp_.make("last"), env = tmp_.make("env");
  touch(last / "plugin_last.so");
  touch(env / "plugin_env.so");
  ScopedEnv e1("TRACEEVENT_PLUGIN_DIR", env.string());
  ScopedEnv e2("HOME", "");
  std::string l = last;
  tep_add_plugin_path(tep_, l.data(), TEP_PLUGIN_LAST);
  EXPECT_EQ(walk(tep_), (std::vector<Visit>{{env.string(), "plugin_env.so"}}));
}

TEST_F(PluginLoader, MissingDirectoriesAndNullArgumentsAreHarmless) {
  ScopedEnv e1("TRACEEVENT_PLUGIN_DIR", (tmp_.path() / "nonexistent").string());
  ScopedEnv e2("HOME", (tmp_.path() / "nohome").string());
  std::string missing = (tmp_.path() / "missing").string();
  EXPECT_EQ(tep_add_plugin_path(tep_, missing.data(), TEP_PLUGIN_FIRST), 0);
  EXPECT_EQ(tep_add_plugin_path(nullptr, missing.data(), TEP_PLUGIN_FIRST), -1);
  EXPECT_EQ(tep_add_plugin_path(tep_, nullptr, TEP_PLUGIN_FIRST), -1);
  EXPECT_TRUE(walk(tep_).empty());
  // A NULL handle has no flags: only the machine's built-in directory remains.
  for (const Visit& v : walk(nullptr)) EXPECT_EQ(v.dir.find(tmp_.path().string()), std::string::npos);
  EXPECT_EQ(tep_load_plugins(tep_), nullptr);
  tep_unload_plugins(nullptr, tep_);
  tep_print_plugins(nullptr, "", "", nullptr);
}

// trace-cmd's sequence: load plugins (a missing ~/.local/... directory leaves
// ENOENT, as upstream does), then read saved_cmdlines, which clears errno for
// each line it reads, as upstream does (ERANGE for a pid beyond a long). Any
// later die() prints strerror(errno) when set: a stale ENOENT printed
// "trace-cmd: No such file or directory" where upstream prints nothing.
TEST_F(PluginLoader, ErrnoAfterLoadingThenReadingCmdlinesMatchesUpstream) {
  ScopedEnv e1("TRACEEVENT_PLUGIN_DIR", (tmp_.path() / "nonexistent").string());
  ScopedEnv e2("HOME", (tmp_.path() / "nohome").string());
  errno = 0;
  tep_plugin_list* plugins = tep_load_plugins(tep_);
  EXPECT_EQ(errno, ENOENT);
  errno = ENOENT;
  EXPECT_EQ(tep_parse_saved_cmdlines(tep_, "12 bash\n13 foo\n"), 0);
  EXPECT_EQ(errno, 0);
  errno = ENOENT;
  EXPECT_EQ(tep_parse_saved_cmdlines(tep_, "\n"), 0);  // no line read: untouched
  EXPECT_EQ(errno, ENOENT);
  errno = ENOENT;
  EXPECT_EQ(tep_parse_saved_cmdlines(tep_, "14 a\ngarbage\n15 b\n"), -1);
  EXPECT_EQ(errno, 0);
  errno = ENOENT;
  EXPECT_EQ(tep_parse_saved_cmdlines(tep_, "16 a\n99999999999999999999999 big\n"), -1);
  EXPECT_EQ(errno, ERANGE);
  tep_unload_plugins(plugins, tep_);
}

TEST_F(PluginLoader, LoadsCallsLoaderAndUnloadsNewestFirst) {
  fs::path env = tmp_.make("env");
  put_plugin(env, "plugin_good.so", "plugin_good.so");
  ScopedEnv e1("TRACEEVENT_PLUGIN_DIR", env.string());
  ScopedEnv e2("HOME", "");
  tep_plugin_list* list = tep_load_plugins(tep_);
  ASSERT_NE(list, nullptr);
  EXPECT_EQ(plugin_events(), (std::vector<std::string>{"good:load"}));
  EXPECT_EQ(print_plugins(list), "[" + env.string() + "/plugin_good.so]\n");
  EXPECT_TRUE(logged("registering plugin: " + env.string() + "/plugin_good.so"));
  tep_unload_plugins(list, tep_);
  EXPECT_EQ(plugin_events(), (std::vector<std::string>{"good:load", "good:unload"}));
}

TEST_F(PluginLoader, SamePluginInTwoDirectoriesLoadsTwice) {
  fs::path first = tmp_.make("first"), env = tmp_.make("env");
  put_plugin(first, "plugin_good.so", "plugin_good.so");
  put_plugin(env, "plugin_good.so", "plugin_good.so");
  ScopedEnv e1("TRACEEVENT_PLUGIN_DIR", env.string());
  ScopedEnv e2("HOME", "");
  std::string f = first;
  tep_add_plugin_path(tep_, f.data(), TEP_PLUGIN_FIRST);
  tep_plugin_list* list = tep_load_plugins(tep_);
  EXPECT_EQ(plugin_events(), (std::vector<std::string>{"good:load", "good:load"}));
  // Newest first: the later directory's copy heads the list.
  EXPECT_EQ(print_plugins(list),
            "[" + env.string() + "/plugin_good.so]\n[" + first.string() + "/plugin_good.so]\n");
  tep_unload_plugins(list, tep_);
  EXPECT_EQ(plugin_events().size(), 4u);
}

TEST_F(PluginLoader, BadPluginsAreReportedAndSkipped) {
  fs::path env = tmp_.make("env");
  touch(env / "plugin_text.so");
  put_plugin(env, "plugin_no_loader.so", "plugin_no_loader.so");
  put_plugin(env, "plugin_good.so", "plugin_good.so");
  fs::create_directory(env / "plugin_dir.so");
  ScopedEnv e1("TRACEEVENT_PLUGIN_DIR", env.string());
  ScopedEnv e2("HOME", "");
  tep_plugin_list* list = tep_load_plugins(tep_);
  EXPECT_EQ(print_plugins(list), "[" + env.string() + "/plugin_good.so]\n");
  EXPECT_TRUE(logged("could not load plugin '" + env.string() + "/plugin_text.so'\n"));
  EXPECT_TRUE(logged("could not load plugin '" + env.string() + "/plugin_dir.so'\n"));
  EXPECT_TRUE(logged("could not find func 'tep_plugin_loader' in plugin '" + env.string() +
                     "/plugin_no_loader.so'\n"));
  tep_unload_plugins(list, tep_);
  // The skipped object was closed again: its unloader never runs.
  for (const std::string& e : plugin_events()) EXPECT_EQ(e.find("no_loader"), std::string::npos);
}

std::vector<std::string> listed_options() {
  std::vector<std::string> out;
  char** list = tep_plugin_list_options();
  if (!list || list == INVALID_PLUGIN_LIST_OPTION) return out;
  for (char** p = list; *p; ++p) out.push_back(*p);
  tep_plugin_free_options_list(list);
  return out;
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
  for (const std::string& e : v)
    if (e == s) return true;
  return false;
}

TEST_F(PluginLoader, OptionsReachPluginsLoadedLaterAndAlreadyLoaded) {
  fs::path env = tmp_.make("env");
  put_plugin(env, "plugin_opts.so", "plugin_opts.so");
  ScopedEnv e1("TRACEEVENT_PLUGIN_DIR", env.string());
  ScopedEnv e2("HOME", "");

  // Before the plugin exists: named by file name, unnamed, and by alias.
  EXPECT_EQ(tep_plugin_add_option("plugin_opts:exported_flag", "1"), 0);
  EXPECT_EQ(tep_plugin_add_option("exported_text", "hello"), 0);
  EXPECT_EQ(tep_plugin_add_option("optalias:level", "7"), 0);
  EXPECT_EQ(tep_plugin_add_option(nullptr, "1"), -1);

  tep_plugin_list* list = tep_load_plugins(tep_);
  ASSERT_NE(list, nullptr);
  void* handle = dlopen((env / "plugin_opts.so").c_str(), RTLD_NOW | RTLD_NOLOAD);
  ASSERT_NE(handle, nullptr);
  auto* exported = static_cast<tep_plugin_option*>(dlsym(handle, "tep_plugin_options"));
  auto aliased_fn = reinterpret_cast<tep_plugin_option* (*)()>(dlsym(handle, "plugin_opts_aliased"));
  ASSERT_NE(exported, nullptr);
  ASSERT_NE(aliased_fn, nullptr);
  tep_plugin_option* aliased = aliased_fn();

  // 1.9.0's loader does not read a plugin's exported tep_plugin_options.
  EXPECT_EQ(exported[0].set, 0);
  EXPECT_STREQ(exported[1].value, "initial");
  EXPECT_STREQ(aliased[1].value, "7");
  EXPECT_EQ(aliased[0].set, 0);

  // While loaded: booleans take exactly 1/true/0/false; NULL toggles.
  tep_plugin_add_option("optalias:flag", "true");
  EXPECT_EQ(aliased[0].set, 1);
  tep_plugin_add_option("optalias:flag", "0");
  EXPECT_EQ(aliased[0].set, 0);
  tep_plugin_add_option("optalias:flag", "TRUE");
  EXPECT_EQ(aliased[0].set, 0);
  tep_plugin_add_option("optalias:flag", nullptr);
  EXPECT_EQ(aliased[0].set, 1);
  tep_plugin_add_option("optalias:level", "high");
  EXPECT_STREQ(aliased[1].value, "high");
  tep_plugin_add_option("optalias:level", nullptr);  // no toggle for strings
  EXPECT_STREQ(aliased[1].value, "high");
  tep_plugin_add_option("otherplugin:flag", "0");  // another plugin's
  EXPECT_EQ(aliased[0].set, 1);

  // Only arrays registered with tep_plugin_add_options are listed.
  std::vector<std::string> names = listed_options();
  EXPECT_TRUE(contains(names, "optalias:flag"));
  EXPECT_TRUE(contains(names, "optalias:level"));
  EXPECT_FALSE(contains(names, "plugin_opts:exported_flag"));

  trace_seq s;
  trace_seq_init(&s);
  tep_plugin_print_options(&s);
  std::string printed(s.buffer, s.len);
  trace_seq_destroy(&s);
  EXPECT_NE(printed.find("  plugin:\toptalias\n  option:\tflag\n    desc:\tboolean\n     set:\t1\n"
                         "------------\n  plugin:\toptalias\n  option:\tlevel\n    desc:\tstring\n"
                         "   value:\thigh\n     set:\t0\n"),
            std::string::npos)
      << printed;

  dlclose(handle);
  tep_unload_plugins(list, tep_);
  EXPECT_FALSE(contains(listed_options(), "optalias:flag"));
}

TEST(PluginOptions, FreeingTheSentinelAndNullIsHarmless) {
  tep_plugin_free_options_list(nullptr);
  tep_plugin_free_options_list(INVALID_PLUGIN_LIST_OPTION);
  tep_plugin_print_options(nullptr);
  tep_plugin_remove_options(nullptr);
}

}  // namespace
