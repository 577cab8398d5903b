// SPDX-License-Identifier: LGPL-2.1
// Where plugins are looked for, in upstream's order (see tep_load_plugins(3)).
#pragma once

#include <functional>

#include "plugin/plugin_paths.h"

namespace tep::plugin {

// Called with the directory as written in the search list and the file name.
using FileVisitor = std::function<void(const char* dir, const char* file)>;

// The per-user directory, relative to $HOME. Upstream's spelling ends in a
// slash, so plugin paths under it read ".../plugins//plugin_x.so".
inline constexpr const char* kUserPluginDir = ".local/lib/traceevent/plugins/";

// Visits every entry whose name ends in `suffix`, directory by directory:
// TEP_PLUGIN_FIRST paths, the built-in directory (unless
// TEP_DISABLE_SYS_PLUGINS), $TRACEEVENT_PLUGIN_DIR, $HOME/.local/...,
// TEP_PLUGIN_LAST paths. Nothing at all under TEP_DISABLE_PLUGINS. Like
// upstream, an unset HOME ends the walk before the TEP_PLUGIN_LAST paths.
// Within a directory the order is readdir()'s. `paths` (the handle's
// tep_add_plugin_path list) and `flags` (its tep_flag bits) are those of the
// handle, null and 0 without one.
void for_each_plugin_file(const PluginPaths* paths, int flags, const char* suffix, const FileVisitor& visit);

// One directory of the walk above (exposed for tests).
void for_each_file_in(const char* dir, const char* suffix, const FileVisitor& visit);

}  // namespace tep::plugin
