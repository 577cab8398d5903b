// SPDX-License-Identifier: LGPL-2.1
#include "plugin/plugin_options.h"

#include <cstdio>
#include <cstring>
#include <list>
#include <mutex>
#include <optional>
#include <set>

namespace tep::plugin {

namespace {

struct UserSetting {
  std::optional<std::string> plugin;  // absent: applies to every plugin
  std::string option;
  const char* value = nullptr;  // interned; NULL toggles a boolean
};

struct Registry {
  std::mutex lock;
  std::list<UserSetting> settings;
  std::list<tep_plugin_option*> registered;  // newest first
  // Option values handed to plugins (tep_plugin_option::value) must outlive
  // any later change of the setting: they are interned and never freed.
  std::set<std::string> values;

  const char* intern(const char* v) { return v ? values.insert(v).first->c_str() : nullptr; }
};

Registry& registry() {
  static Registry* r = new Registry;  // never destroyed: plugins may unload at exit
  return *r;
}

// A boolean option accepts exactly "1", "true", "0" or "false" (upstream
// compares the text as given, so "TRUE" changes nothing).
void update_value(tep_plugin_option& op, const char* value) {
  if (!value) {
    if (!op.value) op.set ^= 1;
    return;
  }
  if (op.value) {
    op.value = value;
    return;
  }
  if (std::strcmp(value, "1") == 0 || std::strcmp(value, "true") == 0)
    op.set = 1;
  else if (std::strcmp(value, "0") == 0 || std::strcmp(value, "false") == 0)
    op.set = 0;
}

const char* registered_owner(const tep_plugin_option& op) { return op.plugin_alias ? op.plugin_alias : op.file; }

tep_plugin_option* find_registered(Registry& r, const std::optional<std::string>& plugin, const std::string& option) {
  for (tep_plugin_option* array : r.registered)
    for (tep_plugin_option* op = array; op->name; ++op) {
      if (plugin) {
        const char* owner = registered_owner(*op);
        if (!owner || *plugin != owner) continue;
      }
      if (option == op->name) return op;
    }
  return nullptr;
}

void apply_locked(Registry& r, const char* file, tep_plugin_option* option) {
  const std::string owner = option_owner(file, *option);
  for (const UserSetting& s : r.settings)
    if (s.plugin && *s.plugin == owner && s.option == option->name) {
      update_value(*option, s.value);
      break;
    }
  for (const UserSetting& s : r.settings)
    if (!s.plugin && s.option == option->name) {
      update_value(*option, s.value);
      break;
    }
}

void append_line(std::string& out, const char* label, const char* text) {
  if (!text) return;
  char head[16];
  std::snprintf(head, sizeof head, "%8s:\t", label);
  out += head;
  out += text;
  out += '\n';
}

}  // namespace

std::string option_owner(const char* file, const tep_plugin_option& option) {
  if (option.plugin_alias) return option.plugin_alias;
  std::string owner = file ? file : "";
  if (size_t dot = owner.find('.'); dot != std::string::npos) owner.resize(dot);
  return owner;
}

void register_options(const char* name, tep_plugin_option* options) {
  Registry& r = registry();
  std::lock_guard<std::mutex> guard(r.lock);
  r.registered.push_front(options);
  for (tep_plugin_option* op = options; op->name; ++op) apply_locked(r, name, op);
}

void unregister_options(const tep_plugin_option* options) {
  Registry& r = registry();
  std::lock_guard<std::mutex> guard(r.lock);
  for (auto it = r.registered.begin(); it != r.registered.end(); ++it)
    if (*it == options) {
      r.registered.erase(it);
      return;
    }
}

// "ftrace:parent" names the plugin; "parent" alone applies to all.
int add_user_setting(const char* name, const char* value) {
  if (!name) return -1;
  std::optional<std::string> plugin;
  std::string option = name;
  if (const char* colon = std::strchr(name, ':')) {
    plugin = std::string(name, colon);
    option = colon + 1;
  }
  Registry& r = registry();
  std::lock_guard<std::mutex> guard(r.lock);
  const char* stored = r.intern(value);
  bool found = false;
  for (UserSetting& s : r.settings)
    if (s.plugin == plugin && s.option == option) {
      s.value = stored;
      found = true;
      break;
    }
  if (!found) r.settings.push_front(UserSetting{plugin, option, stored});
  if (tep_plugin_option* op = find_registered(r, plugin, option)) update_value(*op, stored);
  return 0;
}

std::vector<std::string> registered_option_names() {
  Registry& r = registry();
  std::lock_guard<std::mutex> guard(r.lock);
  std::vector<std::string> names;
  for (tep_plugin_option* array : r.registered)
    for (tep_plugin_option* op = array; op->name; ++op) {
      const char* owner = registered_owner(*op);
      names.push_back(std::string(owner ? owner : "(null)") + ":" + op->name);
    }
  return names;
}

// Sample, one array with two options:
//       plugin:	ftrace
//       option:	parent
//         desc:	Print parent of functions for function events
//          set:	0
//   ------------
//   ...
// and "============" between arrays.
std::string describe_registered_options() {
  Registry& r = registry();
  std::lock_guard<std::mutex> guard(r.lock);
  std::string out;
  bool first_array = true;
  for (tep_plugin_option* array : r.registered) {
    if (!first_array) out += "============\n";
    first_array = false;
    for (tep_plugin_option* op = array; op->name; ++op) {
      if (op != array) out += "------------\n";
      append_line(out, "file", op->file);
      append_line(out, "plugin", op->plugin_alias);
      append_line(out, "option", op->name);
      append_line(out, "desc", op->description);
      append_line(out, "value", op->value);
      char set[32];
      std::snprintf(set, sizeof set, "%8s:\t%d\n", "set", op->set);
      out += set;
    }
  }
  return out;
}

void reset_for_tests() {
  Registry& r = registry();
  std::lock_guard<std::mutex> guard(r.lock);
  r.settings.clear();
  r.registered.clear();
}

}  // namespace tep::plugin
