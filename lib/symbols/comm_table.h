// SPDX-License-Identifier: LGPL-2.1
// STUB owned by lib/symbols: replace with the real class.
#pragma once

namespace tep {

class CommTable {};

}  // namespace tep
