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

tep_plugin_option* find_registered(const std::list<tep_plugin_option*>& registered,
                                   const std::optional<std::string>& plugin, const std::string& option) {
  for (tep_plugin_option* array : registered)
    for (tep_plugin_option* op = array; op->name; ++op) {
      if (plugin) {
        const char* owner = registered_owner(*op);
        if (!owner || *plugin != owner) continue;
      }
      if (option == op->name) return op;
    }
  return nullptr;
}

}  // namespace

OptionRegistry& OptionRegistry::global() {
  static OptionRegistry* r = new OptionRegistry;  // never destroyed: plugins may unload at exit
  return *r;
}

const char* OptionRegistry::intern(const char* v) { return v ? values_.insert(v).first->c_str() : nullptr; }

void OptionRegistry::apply_locked(const char* file, tep_plugin_option* option) {
  const std::string owner = option_owner(file, *option);
  for (const UserSetting& s : settings_)
    if (s.plugin && *s.plugin == owner && s.option == option->name) {
      update_value(*option, s.value);
      break;
    }
  for (const UserSetting& s : settings_)
    if (!s.plugin && s.option == option->name) {
      update_value(*option, s.value);
      break;
    }
}

namespace {

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

void OptionRegistry::register_options(const char* name, tep_plugin_option* options) {
  std::lock_guard<std::mutex> guard(lock_);
  registered_.push_front(options);
  for (tep_plugin_option* op = options; op->name; ++op) apply_locked(name, op);
}

void OptionRegistry::unregister_options(const tep_plugin_option* options) {
  std::lock_guard<std::mutex> guard(lock_);
  for (auto it = registered_.begin(); it != registered_.end(); ++it)
    if (*it == options) {
      registered_.erase(it);
      return;
    }
}

// "ftrace:parent" names the plugin; "parent" alone applies to all.
int OptionRegistry::add_user_setting(const char* name, const char* value) {
  if (!name) return -1;
  std::optional<std::string> plugin;
  std::string option = name;
  if (const char* colon = std::strchr(name, ':')) {
    plugin = std::string(name, colon);
    option = colon + 1;
  }
  std::lock_guard<std::mutex> guard(lock_);
  const char* stored = intern(value);
  bool found = false;
  for (UserSetting& s : settings_)
    if (s.plugin == plugin && s.option == option) {
      s.value = stored;
      found = true;
      break;
    }
  if (!found) settings_.push_front(UserSetting{plugin, option, stored});
  if (tep_plugin_option* op = find_registered(registered_, plugin, option)) update_value(*op, stored);
  return 0;
}

std::vector<std::string> OptionRegistry::registered_option_names() const {
  std::lock_guard<std::mutex> guard(lock_);
  std::vector<std::string> names;
  for (tep_plugin_option* array : registered_)
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
std::string OptionRegistry::describe_registered_options() const {
  std::lock_guard<std::mutex> guard(lock_);
  std::string out;
  bool first_array = true;
  for (tep_plugin_option* array : registered_) {
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

}  // namespace tep::plugin
