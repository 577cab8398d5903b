// SPDX-License-Identifier: LGPL-2.1
// Fields by name. Parsers walk a list once; consumers look the same names up
// on every record (tep_get_field_val(s, event, "prev_pid", rec, &v, 1)), so
// the public lookups go through a per-thread cache keyed by the event and the
// caller's name pointer, confirmed by the name's text (a caller may reuse one
// buffer for several names). Misses are cached too: plugins ask for optional
// fields ("success", "target_cpu") that most events lack.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "base/per_thread.h"
#include "event-parse.h"
#include "format/event.h"

namespace tep {

// The first field of `list` named `name`, walking the list.
tep_format_field* find_field_in(tep_format_field* list, std::string_view name);
// tep_find_any_field's walk: the common fields first, as upstream.
tep_format_field* find_any_field_in(const tep_event& event, std::string_view name);

// kAny: tep_find_any_field, the common fields first as upstream.
enum class FieldList : unsigned char { kCommon, kEvent, kAny };

namespace field_cache {

constexpr size_t kMaxCachedName = 39;  // longer names are looked up every time
constexpr unsigned kSlotBits = 6;

struct Slot {
  const Event* event = nullptr;
  uint64_t serial = 0;  // an event freed and another made at its address differ here
  const char* name = nullptr;
  tep_format_field* field = nullptr;  // null: the event has no such field
  FieldList list = FieldList::kEvent;
  char text[kMaxCachedName + 1] = {};
};

struct Slots {
  std::array<Slot, size_t{1} << kSlotBits> slots;
};

inline Slot& slot_of(const Event& event, FieldList list, const char* name) {
  uint64_t h = reinterpret_cast<uintptr_t>(&event) ^ (reinterpret_cast<uintptr_t>(name) << 1) ^
               static_cast<uint64_t>(list);
  return per_thread<Slots>().slots[static_cast<size_t>((h * 0x9E3779B97F4A7C15ull) >> (64 - kSlotBits))];
}

// A miss: walks the list and remembers the answer in `slot`.
tep_format_field* look_up(Slot& slot, const Event& event, FieldList list, const char* name);

}  // namespace field_cache

// tep_find_common_field / tep_find_field / tep_find_any_field through the
// per-thread cache. Inline: consumers call it for every field of every record.
inline tep_format_field* find_field_cached(const Event& event, FieldList list, const char* name) {
  field_cache::Slot& slot = field_cache::slot_of(event, list, name);
  if (slot.event == &event && slot.name == name && slot.serial == event.serial && slot.list == list &&
      strcmp(slot.text, name) == 0)
    return slot.field;
  return field_cache::look_up(slot, event, list, name);
}

}  // namespace tep
