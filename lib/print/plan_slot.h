// SPDX-License-Identifier: LGPL-2.1
// STUB owned by lib/print: replace with the real class.
#pragma once

namespace tep::print {

class PlanSlot {};

}  // namespace tep::print
