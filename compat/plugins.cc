// SPDX-License-Identifier: LGPL-2.1
// Plugin loader and plugin options (tep_load_plugins(3)).
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "compat/export.h"
#include "core/handle.h"
#include "plugin/plugin_loader.h"
#include "plugin/plugin_options.h"
#include "plugin/plugin_search.h"
#include "trace-seq.h"
#include "seq/seq.h"

namespace plugin = tep::plugin;

TEP_EXPORT int tep_add_plugin_path(struct tep_handle* tep, char* path, enum tep_plugin_load_priority prio) {
  if (!tep || !path) return -1;
  // Upstream keeps a path of any other priority and never loads from it.
  if (prio != TEP_PLUGIN_FIRST && prio != TEP_PLUGIN_LAST) return 0;
  try {
    tep->plugin_paths.add(path, prio);
    return 0;
  } catch (...) {
    return -1;
  }
}

// A NULL handle loads nothing (upstream crashes): plugins register into the handle.
TEP_EXPORT struct tep_plugin_list* tep_load_plugins(struct tep_handle* tep) {
  if (!tep) return nullptr;
  try {
    return plugin::load_all(tep, tep->plugin_paths, tep->flags);
  } catch (...) {
    return nullptr;
  }
}

TEP_EXPORT void tep_unload_plugins(struct tep_plugin_list* plugin_list, struct tep_handle* tep) {
  try {
    plugin::unload_all(plugin_list, tep);
  } catch (...) {
  }
}

TEP_EXPORT void tep_load_plugins_hook(struct tep_handle* tep, const char* suffix,
                                      void (*load_plugin)(struct tep_handle* tep, const char* path, const char* name,
                                                          void* data),
                                      void* data) {
  if (!suffix || !load_plugin) return;
  try {
    plugin::for_each_plugin_file(tep ? &tep->plugin_paths : nullptr, tep ? tep->flags : 0, suffix,
                                 [&](const char* dir, const char* file) { load_plugin(tep, dir, file, data); });
  } catch (...) {
  }
}

TEP_EXPORT char** tep_plugin_list_options(void) {
  try {
    std::vector<std::string> names = plugin::OptionRegistry::global().registered_option_names();
    if (names.empty()) return nullptr;
    auto** list = static_cast<char**>(std::calloc(names.size() + 1, sizeof(char*)));
    if (!list) return INVALID_PLUGIN_LIST_OPTION;
    for (size_t i = 0; i < names.size(); ++i) {
      list[i] = strdup(names[i].c_str());
      if (!list[i]) {
        while (i--) std::free(list[i]);
        std::free(list);
        return INVALID_PLUGIN_LIST_OPTION;
      }
    }
    return list;
  } catch (...) {
    return INVALID_PLUGIN_LIST_OPTION;
  }
}

TEP_EXPORT void tep_plugin_free_options_list(char** list) {
  if (!list || list == INVALID_PLUGIN_LIST_OPTION) return;
  for (char** p = list; *p; ++p) std::free(*p);
  std::free(list);
}

TEP_EXPORT int tep_plugin_add_options(const char* name, struct tep_plugin_option* options) {
  if (!options) return -EINVAL;
  try {
    plugin::OptionRegistry::global().register_options(name, options);
    return 0;
  } catch (...) {
    return -ENOMEM;
  }
}

TEP_EXPORT int tep_plugin_add_option(const char* name, const char* val) {
  try {
    return plugin::OptionRegistry::global().add_user_setting(name, val);
  } catch (...) {
    return -ENOMEM;
  }
}

TEP_EXPORT void tep_plugin_remove_options(struct tep_plugin_option* options) {
  try {
    plugin::OptionRegistry::global().unregister_options(options);
  } catch (...) {
  }
}

TEP_EXPORT void tep_plugin_print_options(struct trace_seq* s) {
  if (!s) return;
  try {
    trace_seq_puts(s, plugin::OptionRegistry::global().describe_registered_options().c_str());
  } catch (...) {
  }
}

TEP_EXPORT void tep_print_plugins(struct trace_seq* s, const char* prefix, const char* suffix,
                                  const struct tep_plugin_list* list) {
  if (!s) return;
  tep::seq::nul_terminate(s);  // an empty list prints nothing: still a C string
  try {
    for (; list; list = list->next)
      trace_seq_printf(s, "%s%s%s", prefix ? prefix : "(null)", list->path.c_str(), suffix ? suffix : "(null)");
  } catch (...) {
  }
}
