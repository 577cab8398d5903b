// SPDX-License-Identifier: LGPL-2.1
// STUB owned by lib/format: replace with the real class.
#pragma once

namespace tep {

class EventTable {};

}  // namespace tep
