// SPDX-License-Identifier: LGPL-2.1
#include "format/event.h"

#include <atomic>
#include <cstring>
#include <type_traits>

namespace tep::format {

namespace {
std::atomic<uint64_t> next_serial{1};
}  // namespace

Event::Event() : tep_event{}, serial(next_serial.fetch_add(1, std::memory_order_relaxed)) {}
Event::~Event() = default;

void FieldDrafts::add_texts(std::string_view type, std::string_view name) {
  // One resize and two copies: appending piece by piece costs twice as much.
  const size_t type_at = text.size(), name_at = type_at + type.size() + 1;
  text.resize(name_at + name.size() + 1);
  char* out = text.data();
  memcpy(out + type_at, type.data(), type.size());
  out[name_at - 1] = '\0';
  memcpy(out + name_at, name.data(), name.size());
  out[name_at + name.size()] = '\0';
  text_at.emplace_back(static_cast<uint32_t>(type_at), static_cast<uint32_t>(name_at));
  fields.back().name_size = static_cast<uint32_t>(name.size());
}

void Event::set_fields(const FieldDrafts& drafts, size_t common) {
  static_assert(std::is_trivially_copyable_v<Field>);
  format.common_fields = format.fields = nullptr;
  field_storage.reset();
  field_text.reset();
  const size_t n = drafts.fields.size();
  if (n == 0) return;
  field_text = std::unique_ptr<char[]>(new char[drafts.text.size()]);
  memcpy(field_text.get(), drafts.text.data(), drafts.text.size());
  field_storage = std::unique_ptr<Field[]>(new Field[n]);
  memcpy(static_cast<void*>(field_storage.get()), drafts.fields.data(), n * sizeof(Field));
  tep_format_field** link = &format.common_fields;
  for (size_t i = 0; i < n; i++) {
    if (i == common) link = &format.fields;
    Field& f = field_storage[i];
    f.event = this;
    f.type = &field_text[drafts.text_at[i].first];
    f.name = f.alias = &field_text[drafts.text_at[i].second];
    f.next = nullptr;
    *link = &f;
    link = &f.next;
  }
}

}  // namespace tep::format
