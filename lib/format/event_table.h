// SPDX-License-Identifier: LGPL-2.1
// EventTable: the events of one handle. It owns them (each Event is allocated
// once and never moves), keeps them in upstream's order (by id; an event whose
// id is already present goes after the existing ones), and answers lookups:
//   by id      O(1): a dense array for ids below 64Ki, a hash map above;
//   by name    O(1): a hash map of the first event per name and per sys/name;
//   listings   sorted once per order and cached until the next event arrives.
// Upstream also remembers the last event found by id or name and answers
// from it first; with duplicate ids or names that choice is visible, so the
// same one-entry cache is kept here.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "format/event.h"

namespace tep::format {

class EventTable {
 public:
  EventTable();
  ~EventTable();
  EventTable(const EventTable&) = delete;
  EventTable& operator=(const EventTable&) = delete;

  // Takes ownership; sets Event::index (insertion order, dense and stable).
  Event& add(std::unique_ptr<Event> event);

  size_t size() const { return by_id_.size(); }
  // The i-th event in id order (tep_get_event), nullptr past the end.
  Event* at_sorted(size_t i) const { return i < by_id_.size() ? by_id_[i] : nullptr; }

  Event* find_by_id(int id) const;
  // `system` may be null (any system): the first match in id order.
  Event* find_by_name(const char* system, std::string_view name) const;

  // A NULL-terminated array sorted in `order` (TEP_EVENT_SORT_*); owned by
  // the table, valid until the next add().
  tep_event** listing(int order);
  // The same, malloc'ed for the caller (nullptr when out of memory).
  tep_event** listing_copy(int order) const;

 private:
  static constexpr int kDenseIds = 1 << 16;
  static constexpr int kOrders = 3;  // TEP_EVENT_SORT_ID, _NAME, _SYSTEM

  Event* lookup_id(int id) const;
  void sort_into(std::vector<tep_event*>& out, int order) const;

  struct NameHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
  };

  std::vector<std::unique_ptr<Event>> owned_;  // insertion order
  std::vector<Event*> by_id_;                  // id order, ties by insertion
  // The event of each id. An id held by several events is answered the way
  // upstream's binary search over by_id_ answers it (see lookup_id).
  std::vector<Event*> dense_ids_;
  std::unordered_map<int, Event*> sparse_ids_;
  std::unordered_map<int, int> duplicate_ids_;  // id -> number of events
  // Every event of a name, in id order (few share a name, across systems).
  std::unordered_map<std::string, std::vector<Event*>, NameHash, std::equal_to<>> by_name_;
  std::array<std::vector<tep_event*>, kOrders> listings_;
  mutable std::atomic<Event*> last_found_{nullptr};
};

}  // namespace tep::format
