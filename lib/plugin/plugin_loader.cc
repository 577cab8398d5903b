// SPDX-License-Identifier: LGPL-2.1
#include "plugin/plugin_loader.h"

#include <dlfcn.h>

#include "plugin/plugin_search.h"
// Last: it defines a min() macro that breaks standard headers.
#include "event-utils.h"

namespace tep::plugin {

namespace {

const char* last_dl_error() {
  const char* e = dlerror();
  return e ? e : "(null)";
}

}  // namespace

void load_one(tep_handle* tep, const char* dir, const char* file, tep_plugin_list** list) {
  std::string path = std::string(dir) + "/" + file;
  // Plugins resolve tep_* from the library and may share symbols (kvm's
  // hooks): RTLD_GLOBAL as upstream.
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (!handle) {
    tep_warning("could not load plugin '%s'\n%s\n", path.c_str(), last_dl_error());
    return;
  }
  // Since 1.9.0 a plugin's options arrive through tep_plugin_add_options only: the
  // tep_plugin_options/tep_plugin_alias symbols of 1.8's plugins are not looked up.
  dlerror();
  auto loader = reinterpret_cast<tep_plugin_load_func>(dlsym(handle, TEP_PLUGIN_LOADER_NAME));
  if (!loader) {
    tep_warning("could not find func '%s' in plugin '%s'\n%s\n", TEP_PLUGIN_LOADER_NAME, path.c_str(), last_dl_error());
    dlclose(handle);
    return;
  }
  auto* node = new tep_plugin_list;
  node->next = *list;
  node->path = std::move(path);
  node->handle = handle;
  *list = node;
  tep_info("registering plugin: %s", node->path.c_str());
  loader(tep);
}

tep_plugin_list* load_all(tep_handle* tep, const PluginPaths& paths, int flags) {
  tep_plugin_list* list = nullptr;
  for_each_plugin_file(&paths, flags, ".so",
                       [&](const char* dir, const char* file) { load_one(tep, dir, file, &list); });
  return list;
}

void unload_all(tep_plugin_list* list, tep_handle* tep) {
  while (list) {
    tep_plugin_list* node = list;
    list = node->next;
    if (auto unloader = reinterpret_cast<tep_plugin_unload_func>(dlsym(node->handle, TEP_PLUGIN_UNLOADER_NAME)))
      unloader(tep);
    dlclose(node->handle);
    delete node;
  }
}

}  // namespace tep::plugin
