// SPDX-License-Identifier: LGPL-2.1
// STUB owned by lib/plugin: replace with the real class.
#pragma once

namespace tep {

class PluginPaths {};

}  // namespace tep
