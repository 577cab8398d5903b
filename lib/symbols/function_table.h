// SPDX-License-Identifier: LGPL-2.1
// STUB owned by lib/symbols: replace with the real class (keep lookup's signature).
#pragma once

#include <cstdint>
#include <string_view>

namespace tep {

// The function containing an address: from kallsyms / tep_register_function,
// or from a resolver installed with tep_set_function_resolver.
struct FunctionMatch {
  std::string_view name;
  std::string_view module;  // empty when none
  uint64_t start = 0;
  uint64_t size = 0;
};

class FunctionTable {
 public:
  bool lookup(uint64_t /*addr*/, FunctionMatch& /*out*/) const { return false; }
};

}  // namespace tep
