// SPDX-License-Identifier: LGPL-2.1
#include "format/arg_tree.h"

namespace tep::format {

// The public nodes hold `char*`; the arena's copies are writable memory.
char* ArgTree::keep(std::string_view text) { return const_cast<char*>(memory_.copy(text)); }

}  // namespace tep::format
