// SPDX-License-Identifier: LGPL-2.1
// Function name -> FUNC type id, built once per load: an open-addressing hash
// table (no scan, no sort). Upstream finds names by binary search in its
// array of FUNCs sorted by name; where a name occurs more than once (never in
// a kernel's BTF, possible in a hand-made one) the table holds the one that
// search lands on, worked out at build time.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "btf/btf_types.h"

namespace tep::btf {

class FunctionIndex {
 public:
  void build(const BtfTypes& types);
  // The FUNC named `name`, else the one named by `name` up to its first '.'
  // (kallsyms' compiler suffixes: `.isra.0`, `.part.0`, `.cold`, ...); 0 if none.
  uint32_t find(const BtfTypes& types, std::string_view name) const;
  size_t memory_bytes() const { return slots_.capacity() * sizeof(uint64_t); }

 private:
  uint32_t find_exact(const BtfTypes& types, std::string_view name) const;
  void settle_duplicates(const BtfTypes& types, const std::vector<uint32_t>& duplicated);

  // (hash high bits << 32) | id; 0 is an empty slot.
  std::vector<uint64_t> slots_;
  uint64_t mask_ = 0;
};

}  // namespace tep::btf
