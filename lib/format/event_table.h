// SPDX-License-Identifier: LGPL-2.1
// EventTable: the events of one handle. It owns them (each Event is allocated
// once and never moves), keeps them in upstream's order (by id; an event whose
// id is already present goes after the existing ones), and answers lookups:
//   by id      O(1): a dense array for ids below 64Ki, a hash map above;
//   by name    O(1): a hash table of the first event per name, the others linked;
//   listings   sorted once per order and cached until the next event arrives.
// Upstream also remembers the last event found by id or name and answers
// from it first; with duplicate ids or names that choice is visible, so the
// same one-entry cache is kept here.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
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
  // Where the events of this table keep their fields and print args
  // (Event(base::StringArena&)): it dies after them, all at once.
  base::StringArena& memory() { return memory_; }

  size_t size() const { return by_id_.size(); }
  // The i-th event in id order (tep_get_event), nullptr past the end.
  Event* at_sorted(size_t i) const {
    const std::vector<Event*>& sorted = by_id();
    return i < sorted.size() ? sorted[i] : nullptr;
  }

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
  // by_id_, sorted first if events arrived out of id order since it last was.
  const std::vector<Event*>& by_id() const {
    if (__builtin_expect(!by_id_sorted_.load(std::memory_order_acquire), 0)) sort_by_id();
    return by_id_;
  }
  void sort_by_id() const;
  void sort_into(std::vector<tep_event*>& out, int order) const;

  // The slot of `name` (whose hash is `hash`) in by_name_, or the empty one where it goes.
  size_t name_slot(std::string_view name, size_t hash) const;
  static size_t name_hash(std::string_view name) { return std::hash<std::string_view>()(name); }
  void grow_names();

  base::StringArena memory_;                   // declared first: destroyed after the events
  std::vector<std::unique_ptr<Event>> owned_;  // insertion order
  // Id order, ties by insertion, once by_id_sorted_: an event is appended and
  // the array sorted (stably) when next read, as format files arrive in name
  // order and inserting each in its place moved half the array. Readers on
  // several threads sort under the mutex.
  mutable std::vector<Event*> by_id_;
  mutable std::atomic<bool> by_id_sorted_{true};
  mutable std::mutex by_id_mutex_;
  // The event of each id. An id held by several events is answered the way
  // upstream's binary search over by_id_ answers it (see lookup_id).
  std::vector<Event*> dense_ids_;
  std::unordered_map<int, Event*> sparse_ids_;
  std::unordered_map<int, int> duplicate_ids_;  // id -> number of events
  // The first event (in id order) of each name, the others linked from it
  // (Event::next_same_name; few share a name, across systems): open
  // addressing in a power-of-two array at most half full, so adding an event
  // allocates nothing here and dropping the table frees one block.
  // A slot keeps its name's hash: probes and growth compare and move slots
  // without reading the events.
  struct NameSlot {
    size_t hash;
    Event* first;
  };
  std::vector<NameSlot> by_name_;
  size_t names_ = 0;
  std::array<std::vector<tep_event*>, kOrders> listings_;
  mutable std::atomic<Event*> last_found_{nullptr};
};

}  // namespace tep::format
