// SPDX-License-Identifier: LGPL-2.1
// Our thirteen plugins, linked into the WebAssembly program (a browser has no
// dlopen): each one's loader and unloader, renamed after it (plugins/meson.build).
#pragma once

#include "trace_view/trace_view.h"

namespace tev_web {

class BuiltinPlugins : public tep::trace_view::Plugins {
 public:
  void load(tep_handle& tep) override;
  void unload(tep_handle& tep) override;
};

}  // namespace tev_web
