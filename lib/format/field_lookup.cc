// SPDX-License-Identifier: LGPL-2.1
#include "format/field_lookup.h"

#include <cstring>

#include "base/sanitizers.h"

namespace tep::format {

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
    case FieldList::kCommon: return find_field_in(event.format.common_fields, name);
    case FieldList::kEvent: return find_field_in(event.format.fields, name);
    case FieldList::kAny: break;
  }
  return find_any_field_in(event, name);
}

}  // namespace

// Word compares read past the caller's string (within its page), which the
// sanitizers rightly report: there every slot is confirmed by strcmp.
constexpr bool kWordCompares = !base::kSanitized;

namespace {

// The first and the last `width` of the slot's n text bytes, for word_difference.
void set_words(field_cache::Slot& slot, size_t n, size_t width) {
  slot.tail_at = static_cast<uint32_t>(n - width);
  memcpy(slot.head, slot.text, width);
  memcpy(slot.tail, slot.text + slot.tail_at, width);
}

}  // namespace

tep_format_field* field_cache::look_up(Slot& slot, const Event& event, FieldList list, const char* name) {
  const size_t length = strlen(name);
  tep_format_field* found = walk(event, list, std::string_view(name, length));
  if (length > kMaxCachedName) return found;
  const size_t n = length + 1;    // with the NUL
  constexpr size_t kPage = 4096;  // the smallest page size
  // The widest of 2, 4 and 8 that n holds; 16, which compares more, only past 16.
  size_t width = n > 2 * kMaxWidth ? 0 : n > kMaxWidth ? kMaxWidth : n >= 8 ? 8 : n >= 4 ? 4 : n >= 2 ? 2 : 0;
  if (!kWordCompares || reinterpret_cast<uintptr_t>(name) % kPage + n > kPage) width = 0;
  const Confirm confirm = width == 16  ? Confirm::kWords16
                          : width == 8 ? Confirm::kWords8
                          : width == 4 ? Confirm::kWords4
                          : width == 2 ? Confirm::kWords2
                                       : Confirm::kStrcmp;
  slot.tag = tag_of(event, list, confirm);
  slot.name = name;
  slot.field = found;
  memcpy(slot.text, name, n);
  if (width) set_words(slot, n, width);
  return found;
}

}  // namespace tep::format
