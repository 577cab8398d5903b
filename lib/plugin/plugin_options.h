// SPDX-License-Identifier: LGPL-2.1
// Plugin options, process-global as upstream's: the settings a user asked for
// ("plugin:option" = value, or "option" for every plugin) and the option arrays
// plugins registered. Either may come first; each side updates the other.
#pragma once

#include <list>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "event-parse.h"

namespace tep::plugin {

// The plugin an option belongs to: its plugin_alias, else `file` up to the
// first '.' ("plugin_function.so" -> "plugin_function").
std::string option_owner(const char* file, const tep_plugin_option& option);

// The settings a user asked for and the option arrays plugins registered.
// The library has one, global() (upstream's are process-global too); tests
// make their own.
class OptionRegistry {
 public:
  static OptionRegistry& global();

  // tep_plugin_add_options: remembers the array (ends with a NULL name) and
  // applies the user's settings to it under `name`.
  void register_options(const char* name, tep_plugin_option* options);
  void unregister_options(const tep_plugin_option* options);

  // tep_plugin_add_option: `name` is "option" or "plugin:option"; a NULL `value`
  // toggles a boolean. Stored for plugins loaded later, and applied now to an
  // option already registered. Returns 0, or -1 when `name` is NULL.
  int add_user_setting(const char* name, const char* value);

  // "alias:option" for every registered option, newest array first.
  std::vector<std::string> registered_option_names() const;

  // tep_plugin_print_options' text.
  std::string describe_registered_options() const;

 private:
  struct UserSetting {
    std::optional<std::string> plugin;  // absent: applies to every plugin
    std::string option;
    const char* value = nullptr;  // interned; NULL toggles a boolean
  };
  const char* intern(const char* v);
  void apply_locked(const char* file, tep_plugin_option* option);

  mutable std::mutex lock_;
  std::list<UserSetting> settings_;
  std::list<tep_plugin_option*> registered_;  // newest first
  // Option values handed to plugins (tep_plugin_option::value) must outlive
  // any later change of the setting: they are interned and never freed.
  std::set<std::string> values_;
};

}  // namespace tep::plugin
