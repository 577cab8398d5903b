// SPDX-License-Identifier: LGPL-2.1
// STUB owned by lib/printfmt: replace with the real class.
#pragma once

namespace tep::printfmt {

class ArgTree {};

}  // namespace tep::printfmt
