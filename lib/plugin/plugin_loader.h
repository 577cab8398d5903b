// SPDX-License-Identifier: LGPL-2.1
// Loading plugin shared objects into a handle, and unloading them.
#pragma once

#include <string>

#include "event-parse.h"
#include "plugin/plugin_paths.h"

// One loaded plugin; the list is newest first, as tep_print_plugins shows it.
struct tep_plugin_list {
  tep_plugin_list* next = nullptr;
  std::string path;  // "<dir>/<file>", as upstream names it
  void* handle = nullptr;
};

namespace tep::plugin {

// dlopen()s <dir>/<file>, prepends it to *list and calls its tep_plugin_loader
// (whose tep_plugin_add_options gets the user's option settings).
// A file that does not load or has no loader is reported with tep_warning and
// skipped. The same plugin found twice is loaded twice (the last one's
// handlers win), as upstream does.
void load_one(tep_handle* tep, const char* dir, const char* file, tep_plugin_list** list);

// Every plugin the search finds, newest first; NULL when none loaded.
tep_plugin_list* load_all(tep_handle* tep, const PluginPaths& paths, int flags);

// Calls each plugin's tep_plugin_unloader, dlclose()s it, frees the list.
void unload_all(tep_plugin_list* list, tep_handle* tep);

}  // namespace tep::plugin
