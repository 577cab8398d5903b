// SPDX-License-Identifier: LGPL-2.1
#include "builtin_plugins.h"

#include "builtin_plugin_list.h"  // TEV_BUILTIN_PLUGINS(X): X(name) per plugin, made by web/meson.build

#define TEV_DECLARE(name)                               \
  extern "C" int tep_plugin_loader_##name(tep_handle*); \
  extern "C" void tep_plugin_unloader_##name(tep_handle*);
TEV_BUILTIN_PLUGINS(TEV_DECLARE)
#undef TEV_DECLARE

namespace tev_web {

void BuiltinPlugins::load(tep_handle& tep) {
#define TEV_LOAD(name) tep_plugin_loader_##name(&tep);
  TEV_BUILTIN_PLUGINS(TEV_LOAD)
#undef TEV_LOAD
}

void BuiltinPlugins::unload(tep_handle& tep) {
#define TEV_UNLOAD(name) tep_plugin_unloader_##name(&tep);
  TEV_BUILTIN_PLUGINS(TEV_UNLOAD)
#undef TEV_UNLOAD
}

}  // namespace tev_web
