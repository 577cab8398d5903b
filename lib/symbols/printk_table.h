// SPDX-License-Identifier: LGPL-2.1
// STUB owned by lib/symbols: replace with the real class (keep find's signature).
#pragma once

#include <cstdint>

namespace tep {

class PrintkTable {
 public:
  // The format string registered for a printk address (bprint's REC->fmt), or nullptr.
  const char* find(uint64_t /*addr*/) const { return nullptr; }
};

}  // namespace tep
