// SPDX-License-Identifier: LGPL-2.1
// The common fields every record starts with (common_type, common_pid, ...):
// where they lie is taken once from the first event in id order, as upstream
// does, and remembered for every later record.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>

struct tep_handle;

namespace tep::record {

enum class CommonField { Type, Pid, PreemptCount, Flags };

class CommonFieldCache {
 public:
  // The field's value in a record payload of `size` bytes; -1 when no event
  // has the field (upstream's answer), 0 when the record is too short for it.
  int read(const tep_handle& tep, CommonField which, const void* data, int size) const;

 private:
  // offset << 32 | size, 0 until resolved. Resolution is idempotent, so
  // concurrent readers may race on it harmlessly.
  mutable std::array<std::atomic<uint64_t>, 4> located_{};
};

}  // namespace tep::record
