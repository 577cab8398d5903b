// SPDX-License-Identifier: LGPL-2.1
#include "format/event.h"

#include <atomic>
#include <cstring>
#include <type_traits>

namespace tep::format {

namespace {
std::atomic<uint64_t> next_serial{1};
}  // namespace

Event::Event()
    : tep_event{},
      own_memory_(std::make_unique<base::StringArena>()),
      memory(*own_memory_),
      print_args(memory),
      serial(next_serial.fetch_add(1, std::memory_order_relaxed)) {}

Event::Event(base::StringArena& arena)
    : tep_event{}, memory(arena), print_args(arena), serial(next_serial.fetch_add(1, std::memory_order_relaxed)) {}
Event::~Event() = default;

void Event::set_names(std::string_view system_in, std::string_view name_in) {
  name_text = std::string_view(memory.copy(name_in), name_in.size());
  system_text = std::string_view(memory.copy(system_in), system_in.size());
  // The public fields are `char*`; the arena's copies are writable memory.
  name = const_cast<char*>(name_text.data());
  system = const_cast<char*>(system_text.data());
}

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
  const size_t n = drafts.fields.size();
  if (n == 0) return;
  char* text = memory.allocate(drafts.text.size());
  memcpy(text, drafts.text.data(), drafts.text.size());
  Field* fields = static_cast<Field*>(memory.allocate_aligned(n * sizeof(Field), alignof(Field)));
  memcpy(static_cast<void*>(fields), drafts.fields.data(), n * sizeof(Field));
  tep_format_field** link = &format.common_fields;
  for (size_t i = 0; i < n; i++) {
    if (i == common) link = &format.fields;
    Field& f = fields[i];
    f.event = this;
    f.type = text + drafts.text_at[i].first;
    f.name = f.alias = text + drafts.text_at[i].second;
    f.next = nullptr;
    *link = &f;
    link = &f.next;
  }
}

}  // namespace tep::format
