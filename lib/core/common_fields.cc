// SPDX-License-Identifier: LGPL-2.1
#include "core/common_fields.h"

#include "core/handle.h"

namespace tep::core {

namespace {

const char* field_name(CommonField which) {
  switch (which) {
    case CommonField::kType: return "common_type";
    case CommonField::kPid: return "common_pid";
    case CommonField::kPreemptCount: return "common_preempt_count";
    case CommonField::kFlags: return "common_flags";
  }
  return "";
}

}  // namespace

int CommonFieldCache::resolve_and_read(const tep_handle& tep, CommonField which, const void* data, int size) const {
  const format::Event* first = tep.events.at_sorted(0);
  if (!first) return -1;
  const tep_format_field* found = nullptr;
  for (const tep_format_field* f = first->format.common_fields; f; f = f->next)
    if (f->name && std::string_view(f->name) == field_name(which)) {
      found = f;
      break;
    }
  if (!found) return -1;
  const uint64_t located = locate(found->offset, found->size);
  // A zero-sized field resolves again each time, as upstream's does.
  if (found->size != 0) located_[static_cast<size_t>(which)].store(located, std::memory_order_relaxed);
  return read_located(located, data, size, swaps_bytes(tep));
}

}  // namespace tep::core
