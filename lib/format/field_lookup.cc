// SPDX-License-Identifier: LGPL-2.1
#include "format/field_lookup.h"

#include <array>
#include <cstdint>
#include <cstring>

#include "format/event.h"
#include "base/per_thread.h"

namespace tep {

tep_format_field* find_field_in(tep_format_field* list, std::string_view name) {
  // The length and last letter rule out most fields before any byte compare.
  const char last = name.empty() ? 0 : name.back();
  for (tep_format_field* f = list; f; f = f->next) {
    const std::string& text = as_field(f)->name_text;
    if (text.size() == name.size() && (name.empty() || text.back() == last) &&
        memcmp(text.data(), name.data(), name.size()) == 0)
      return f;
  }
  return nullptr;
}

tep_format_field* find_any_field_in(const tep_event& event, std::string_view name) {
  tep_format_field* field = find_field_in(event.format.common_fields, name);
  return field ? field : find_field_in(event.format.fields, name);
}

namespace {

constexpr size_t kMaxCachedName = 39;  // longer names are looked up every time
constexpr unsigned kSlotBits = 6;

struct CachedLookup {
  const Event* event = nullptr;
  uint64_t serial = 0;  // an event freed and another made at its address differ here
  const char* name = nullptr;
  tep_format_field* field = nullptr;  // null: the event has no such field
  FieldList list = FieldList::kEvent;
  char text[kMaxCachedName + 1] = {};
};

struct LookupCache {
  std::array<CachedLookup, size_t{1} << kSlotBits> slots;
};

tep_format_field* walk(const Event& event, FieldList list, std::string_view name) {
  switch (list) {
    case FieldList::kCommon:
      return find_field_in(event.format.common_fields, name);
    case FieldList::kEvent:
      return find_field_in(event.format.fields, name);
    case FieldList::kAny:
      break;
  }
  return find_any_field_in(event, name);
}

size_t slot_of(const Event& event, FieldList list, const char* name) {
  uint64_t h = reinterpret_cast<uintptr_t>(&event) ^ (reinterpret_cast<uintptr_t>(name) << 1) ^
               static_cast<uint64_t>(list);
  return static_cast<size_t>((h * 0x9E3779B97F4A7C15ull) >> (64 - kSlotBits));
}

}  // namespace

tep_format_field* find_field_cached(const Event& event, FieldList list, const char* name) {
  CachedLookup& slot = per_thread<LookupCache>().slots[slot_of(event, list, name)];
  if (slot.event == &event && slot.serial == event.serial && slot.name == name && slot.list == list &&
      strcmp(slot.text, name) == 0)
    return slot.field;
  size_t length = strlen(name);
  tep_format_field* found = walk(event, list, std::string_view(name, length));
  if (length <= kMaxCachedName) {
    slot.event = &event;
    slot.serial = event.serial;
    slot.name = name;
    slot.field = found;
    slot.list = list;
    memcpy(slot.text, name, length + 1);
  }
  return found;
}

}  // namespace tep
