// SPDX-License-Identifier: LGPL-2.1
// Function name -> FUNC type id, built once per load: an open-addressing hash
// table (linear probing) filled in the order of the slots the names hash to,
// so that building it writes the table front to back instead of missing the
// cache once per function (vmlinux: 56,000 functions, a 1 MiB table).
// Upstream finds names by binary search in its
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

 private:
  uint32_t find_exact(const BtfTypes& types, std::string_view name) const;
  void settle_duplicates(const BtfTypes& types, const std::vector<uint32_t>& duplicated);

  size_t home(uint64_t hash) const { return static_cast<size_t>(hash >> shift_); }

  // The name hash's high half, then the id (never 0); 0 is an empty slot. A name's slot is at or after its home slot,
  // with no empty slot between; the vector ends with an empty slot, so probes never wrap.
  std::vector<uint64_t> slots_;
  unsigned shift_ = 64;
};

}  // namespace tep::btf
