// SPDX-License-Identifier: LGPL-2.1
// The extra plugin directories an application adds with tep_add_plugin_path().
#pragma once

#include <string>
#include <vector>

#include "event-parse.h"

namespace tep::plugin {

class PluginPaths {
 public:
  struct Entry {
    std::string path;
    tep_plugin_load_priority prio;
  };

  // Upstream keeps a list it prepends to, so the directory added last is
  // searched first within its priority class; we keep that order.
  void add(std::string path, tep_plugin_load_priority prio);

  // Directories of one priority, in search order.
  std::vector<std::string> with_priority(tep_plugin_load_priority prio) const;

 private:
  std::vector<Entry> entries_;  // newest first
};

}  // namespace tep::plugin
