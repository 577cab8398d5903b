// SPDX-License-Identifier: LGPL-2.1
// The process-global option registry (lib/plugin/plugin_options).
#include "plugin/plugin_options.h"

#include <gtest/gtest.h>

namespace tep::plugin {
namespace {

class OptionRegistryTest : public ::testing::Test {
 protected:
  OptionRegistry registry;  // the tests' own, not the process's
};

TEST_F(OptionRegistryTest, OwnerIsAliasElseFileUpToFirstDot) {
  tep_plugin_option aliased = {};
  aliased.plugin_alias = const_cast<char*>("ftrace");
  tep_plugin_option plain = {};
  EXPECT_EQ(option_owner("plugin_function.so", aliased), "ftrace");
  EXPECT_EQ(option_owner("plugin_function.so", plain), "plugin_function");
  EXPECT_EQ(option_owner("plugin.x.so", plain), "plugin");
  EXPECT_EQ(option_owner(nullptr, plain), "");
}

TEST_F(OptionRegistryTest, NamedSettingsApplyBeforeUnnamedOnes) {
  // Both match: the named one is applied, then the unnamed one on top.
  registry.add_user_setting("p:text", "named");
  registry.add_user_setting("text", "unnamed");
  tep_plugin_option ops[2] = {};
  ops[0].name = const_cast<char*>("text");
  ops[0].value = "default";
  registry.register_options("p", ops);
  EXPECT_STREQ(ops[0].value, "unnamed");
  registry.unregister_options(ops);
}

TEST_F(OptionRegistryTest, SettingsForOtherPluginsDoNotApply) {
  registry.add_user_setting("q:flag", "1");
  tep_plugin_option ops[2] = {};
  ops[0].name = const_cast<char*>("flag");
  registry.register_options("p", ops);
  EXPECT_EQ(ops[0].set, 0);
  registry.unregister_options(ops);
}

TEST_F(OptionRegistryTest, ValuesHandedOutStayValidAfterTheSettingChanges) {
  tep_plugin_option ops[2] = {};
  ops[0].name = const_cast<char*>("level");
  ops[0].plugin_alias = const_cast<char*>("a");
  ops[0].value = "0";
  registry.register_options("a", ops);
  registry.add_user_setting("a:level", "first");
  const char* first = ops[0].value;
  registry.add_user_setting("a:level", "second");
  EXPECT_STREQ(first, "first");
  EXPECT_STREQ(ops[0].value, "second");
  registry.unregister_options(ops);
  EXPECT_TRUE(registry.registered_option_names().empty());
}

TEST_F(OptionRegistryTest, OptionWithoutAliasOrFileIsListedAsNull) {
  tep_plugin_option ops[2] = {};
  ops[0].name = const_cast<char*>("x");
  registry.register_options(nullptr, ops);
  EXPECT_EQ(registry.registered_option_names(), std::vector<std::string>{"(null):x"});
  // A named setting cannot match an option without owner (upstream crashed).
  EXPECT_EQ(registry.add_user_setting("p:x", "1"), 0);
  EXPECT_EQ(ops[0].set, 0);
}

TEST_F(OptionRegistryTest, DescriptionSeparatesOptionsAndArrays) {
  tep_plugin_option first[2] = {}, second[3] = {};
  first[0].name = const_cast<char*>("a");
  first[0].file = const_cast<char*>("f.so");
  second[0].name = const_cast<char*>("b");
  second[0].plugin_alias = const_cast<char*>("al");
  second[0].set = 1;
  second[1].name = const_cast<char*>("c");
  second[1].value = "v";
  registry.register_options("x", first);
  registry.register_options("y", second);
  EXPECT_EQ(registry.describe_registered_options(),
            "  plugin:\tal\n  option:\tb\n     set:\t1\n"
            "------------\n  option:\tc\n   value:\tv\n     set:\t0\n"
            "============\n    file:\tf.so\n  option:\ta\n     set:\t0\n");
}

}  // namespace
}  // namespace tep::plugin
