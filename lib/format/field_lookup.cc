// SPDX-License-Identifier: LGPL-2.1
#include "format/field_lookup.h"

#include <cstring>

namespace tep {

tep_format_field* find_field_in(tep_format_field* list, std::string_view name) {
  // The length and last letter rule out most fields before any byte compare.
  const char last = name.empty() ? 0 : name.back();
  for (tep_format_field* f = list; f; f = f->next) {
    const size_t size = as_field(f)->name_size;
    if (size == name.size() && (name.empty() || f->name[size - 1] == last) && memcmp(f->name, name.data(), size) == 0)
      return f;
  }
  return nullptr;
}

tep_format_field* find_any_field_in(const tep_event& event, std::string_view name) {
  tep_format_field* field = find_field_in(event.format.common_fields, name);
  return field ? field : find_field_in(event.format.fields, name);
}

namespace {

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

}  // namespace

tep_format_field* field_cache::look_up(Slot& slot, const Event& event, FieldList list, const char* name) {
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
