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
#include <type_traits>

#include "base/per_thread.h"
#include "event-parse.h"
#include "format/event.h"

namespace tep::format {

// The first field of `list` named `name`, walking the list.
tep_format_field* find_field_in(tep_format_field* list, std::string_view name);
// tep_find_any_field's walk: the common fields first, as upstream.
tep_format_field* find_any_field_in(const tep_event& event, std::string_view name);

// kAny: tep_find_any_field, the common fields first as upstream.
enum class FieldList : unsigned char { kCommon, kEvent, kAny };

namespace field_cache {

constexpr size_t kMaxCachedName = 39;  // longer names are looked up every time
// 1,024 slots, 128 KB a thread that looks names up: a consumer reading every
// field of every record asks for one (event, name) pair per field of each
// event it meets, some 220 on a sched trace of 32 events and 2,000 on one of
// 260, and a slot holds one. With 64 a lookup on the sched trace missed often,
// more or less from run to run with where the names and events happened to
// lie: 186 instructions a value there against 106 now (143 with 256 slots).
constexpr unsigned kSlotBits = 10;

// How a hit confirms that the caller's name is still the slot's text. Names
// of 1 to 31 characters, found or not, are words: the text with its NUL, n
// bytes, is its first and its last `width` bytes (the widest of 2, 4 and 8
// that n holds, 16 past 16 bytes; overlapping when n < 2 * width), and a hit
// compares the same bytes of the caller's name, no strcmp. Only when those n bytes lie in
// the name's page (and not in sanitizer builds): the pointer is the key, so a
// hit reads the same page, and a different string in the buffer differs from
// the text at its own NUL, whatever bytes follow it. Longer names are
// confirmed by strcmp.
enum class Confirm : uint8_t { kStrcmp, kWords16, kWords8, kWords4, kWords2 };
constexpr size_t kMaxWidth = 16;

struct alignas(64) Slot {
  // What a hit reads, in one cache line.
  uint64_t tag = 0;  // tag_of(); 0 matches no event
  const char* name = nullptr;
  tep_format_field* field = nullptr;  // null: the event has no such field
  uint32_t tail_at = 0;
  char head[kMaxWidth] = {};  // words: the first `width` bytes of the text
  char tail[kMaxWidth] = {};  // and the last ones, from tail_at
  char text[kMaxCachedName + 1] = {};
};

struct Slots {
  std::array<Slot, size_t{1} << kSlotBits> slots;
};

// The event (serials are unique in the process, so an event freed and another
// made at its address differ here), the list and how a hit confirms the text,
// in one word a hit compares at once.
constexpr unsigned kConfirmBits = 3;
inline uint64_t tag_of(const Event& event, FieldList list, Confirm confirm) {
  return (event.serial << 2 | static_cast<uint64_t>(list)) << kConfirmBits | static_cast<uint64_t>(confirm);
}

inline Slot& slot_of(const Event& event, FieldList list, const char* name) {
  uint64_t h =
      reinterpret_cast<uintptr_t>(&event) ^ (reinterpret_cast<uintptr_t>(name) << 1) ^ static_cast<uint64_t>(list);
  return base::per_thread<Slots>().slots[static_cast<size_t>((h * 0x9E3779B97F4A7C15ull) >> (64 - kSlotBits))];
}

// Zero when the first and the last kWidth of the slot's n text bytes are the
// same in `name`; compared a word (at most 8 bytes) at a time.
template <size_t kWidth>
uint64_t word_difference(const Slot& slot, const char* name) {
  using Word = std::conditional_t<(kWidth >= 8), uint64_t, std::conditional_t<kWidth == 4, uint32_t, uint16_t>>;
  Word diff = 0;
  for (size_t at = 0; at < kWidth; at += sizeof(Word)) {
    Word head, tail, want_head, want_tail;
    memcpy(&head, name + at, sizeof head);
    memcpy(&tail, name + slot.tail_at + at, sizeof tail);
    memcpy(&want_head, slot.head + at, sizeof want_head);
    memcpy(&want_tail, slot.tail + at, sizeof want_tail);
    diff |= static_cast<Word>((head ^ want_head) | (tail ^ want_tail));
  }
  return diff;
}

// Whether `slot` holds `name` as words (its field may be null). Only a slot
// made with this name pointer gets to the text (a filled slot's name is never
// null), so the reads stay in the page it was made with.
inline bool fast_hit(const Slot& slot, const Event& event, FieldList list, const char* name) {
  if (slot.name != name) return false;
  // The slot's Confirm when the rest of its tag matches, else something larger.
  const uint64_t confirm = slot.tag ^ tag_of(event, list, Confirm::kStrcmp);
  uint64_t diff;  // one test of it after the kinds, not one per kind
  if (confirm == static_cast<uint64_t>(Confirm::kWords8)) [[likely]]  // most names
    diff = word_difference<8>(slot, name);
  else if (confirm == static_cast<uint64_t>(Confirm::kWords4))
    diff = word_difference<4>(slot, name);
  else if (confirm == static_cast<uint64_t>(Confirm::kWords16))
    diff = word_difference<16>(slot, name);
  else if (confirm == static_cast<uint64_t>(Confirm::kWords2))
    diff = word_difference<2>(slot, name);
  else
    return false;
  return diff == 0;
}

// Whether `slot` holds `name`, whatever its kind, by strcmp.
inline bool text_hit(const Slot& slot, const Event& event, FieldList list, const char* name) {
  return slot.tag >> kConfirmBits == tag_of(event, list, Confirm::kStrcmp) >> kConfirmBits && slot.name == name &&
         strcmp(slot.text, name) == 0;
}

// A miss: walks the list and remembers the answer in `slot`.
tep_format_field* look_up(Slot& slot, const Event& event, FieldList list, const char* name);

}  // namespace field_cache

// tep_find_common_field / tep_find_field / tep_find_any_field through the
// per-thread cache. Inline: consumers call it for every field of every record.
inline tep_format_field* find_field_cached(const Event& event, FieldList list, const char* name) {
  field_cache::Slot& slot = field_cache::slot_of(event, list, name);
  if (field_cache::fast_hit(slot, event, list, name) || field_cache::text_hit(slot, event, list, name))
    return slot.field;
  return field_cache::look_up(slot, event, list, name);
}

}  // namespace tep::format
