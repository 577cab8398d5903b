// SPDX-License-Identifier: LGPL-2.1
#include "plugin/plugin_paths.h"

#include <utility>

namespace tep::plugin {

void PluginPaths::add(std::string path, tep_plugin_load_priority prio) {
  entries_.insert(entries_.begin(), Entry{std::move(path), prio});
}

std::vector<std::string> PluginPaths::with_priority(tep_plugin_load_priority prio) const {
  std::vector<std::string> out;
  for (const Entry& e : entries_)
    if (e.prio == prio) out.push_back(e.path);
  return out;
}

}  // namespace tep::plugin
