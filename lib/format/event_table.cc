// SPDX-License-Identifier: LGPL-2.1
#include "format/event_table.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace tep::format {

EventTable::EventTable() = default;
EventTable::~EventTable() = default;

namespace {

bool id_less(const tep_event* a, const tep_event* b) { return a->id < b->id; }

int compare_ids(const tep_event* a, const tep_event* b) { return a->id < b->id ? -1 : a->id > b->id ? 1 : 0; }

// TEP_EVENT_SORT_NAME: name, then system, then id.
bool name_less(const tep_event* a, const tep_event* b) {
  int c = strcmp(a->name, b->name);
  if (c == 0) c = strcmp(a->system, b->system);
  if (c == 0) c = compare_ids(a, b);
  return c < 0;
}

// TEP_EVENT_SORT_SYSTEM: system, then name, then id.
bool system_less(const tep_event* a, const tep_event* b) {
  int c = strcmp(a->system, b->system);
  if (c == 0) c = strcmp(a->name, b->name);
  if (c == 0) c = compare_ids(a, b);
  return c < 0;
}

}  // namespace

Event& EventTable::add(std::unique_ptr<Event> owned) {
  Event* event = owned.get();
  event->index = static_cast<uint32_t>(owned_.size());
  owned_.push_back(std::move(owned));

  // After every event with an id <= this one, as upstream inserts (by_id()
  // sorts the rest of the way).
  if (!by_id_.empty() && by_id_.back()->id > event->id) by_id_sorted_.store(false, std::memory_order_relaxed);
  by_id_.push_back(event);

  int id = event->id;
  Event** slot;
  if (id >= 0 && id < kDenseIds) {
    if (dense_ids_.size() <= static_cast<size_t>(id)) dense_ids_.resize(id + 1, nullptr);
    slot = &dense_ids_[id];
  } else {
    slot = &sparse_ids_[id];
  }
  if (*slot) {
    int& count = duplicate_ids_[id];
    count = count ? count + 1 : 2;
  } else {
    *slot = event;
  }

  if (2 * (names_ + 1) > by_name_.size()) grow_names();
  // After every event of the name with an id <= this one.
  const size_t hash = name_hash(event->name_text);
  NameSlot& named = by_name_[name_slot(event->name_text, hash)];
  if (!named.first) {
    named.hash = hash;
    names_++;
  }
  Event** link = &named.first;
  while (*link && (*link)->id <= event->id) link = &(*link)->next_same_name;
  event->next_same_name = *link;
  *link = event;

  for (auto& listing : listings_) listing.clear();
  return *event;
}

size_t EventTable::name_slot(std::string_view name, size_t hash) const {
  const size_t mask = by_name_.size() - 1;
  for (size_t i = hash & mask;; i = (i + 1) & mask) {
    const NameSlot& slot = by_name_[i];
    if (!slot.first || (slot.hash == hash && slot.first->name_text == name)) return i;
  }
}

void EventTable::grow_names() {
  std::vector<NameSlot> old(std::max<size_t>(by_name_.size() * 2, 1024), NameSlot{0, nullptr});
  old.swap(by_name_);
  const size_t mask = by_name_.size() - 1;
  for (const NameSlot& moved : old) {
    if (!moved.first) continue;
    size_t i = moved.hash & mask;
    while (by_name_[i].first) i = (i + 1) & mask;
    by_name_[i] = moved;
  }
}

void EventTable::sort_by_id() const {
  std::lock_guard lock(by_id_mutex_);
  if (by_id_sorted_.load(std::memory_order_relaxed)) return;
  std::stable_sort(by_id_.begin(), by_id_.end(), id_less);
  by_id_sorted_.store(true, std::memory_order_release);
}

Event* EventTable::lookup_id(int id) const {
  if (!duplicate_ids_.empty() && duplicate_ids_.count(id)) {
    // The element glibc's bsearch lands on among equal ids.
    const std::vector<Event*>& sorted = by_id();
    size_t low = 0, high = sorted.size();
    while (low < high) {
      size_t mid = (low + high) / 2;
      int mid_id = sorted[mid]->id;
      if (id < mid_id)
        high = mid;
      else if (id > mid_id)
        low = mid + 1;
      else
        return sorted[mid];
    }
    return nullptr;
  }
  if (id >= 0 && id < kDenseIds) return static_cast<size_t>(id) < dense_ids_.size() ? dense_ids_[id] : nullptr;
  auto it = sparse_ids_.find(id);
  return it == sparse_ids_.end() ? nullptr : it->second;
}

Event* EventTable::find_by_id(int id) const {
  Event* last = last_found_.load(std::memory_order_relaxed);
  if (last && last->id == id) return last;
  Event* found = lookup_id(id);
  if (found) last_found_.store(found, std::memory_order_relaxed);
  return found;
}

Event* EventTable::find_by_name(const char* system, std::string_view name) const {
  Event* last = last_found_.load(std::memory_order_relaxed);
  if (last && last->name_text == name && (!system || last->system_text == system)) return last;
  Event* found = nullptr;
  if (names_ > 0) {
    for (Event* e = by_name_[name_slot(name, name_hash(name))].first; e; e = e->next_same_name) {
      if (!system || e->system_text == system) {
        found = e;
        break;
      }
    }
  }
  // Upstream forgets the last event when a name is not found.
  last_found_.store(found, std::memory_order_relaxed);
  return found;
}

void EventTable::sort_into(std::vector<tep_event*>& out, int order) const {
  const std::vector<Event*>& sorted = by_id();
  out.assign(sorted.begin(), sorted.end());
  if (order == TEP_EVENT_SORT_NAME)
    std::stable_sort(out.begin(), out.end(), name_less);
  else if (order == TEP_EVENT_SORT_SYSTEM)
    std::stable_sort(out.begin(), out.end(), system_less);
  out.push_back(nullptr);
}

tep_event** EventTable::listing(int order) {
  if (order < 0 || order >= kOrders) order = TEP_EVENT_SORT_ID;
  auto& listing = listings_[order];
  if (listing.empty()) sort_into(listing, order);
  return listing.data();
}

tep_event** EventTable::listing_copy(int order) const {
  std::vector<tep_event*> sorted;
  sort_into(sorted, order);
  auto* out = static_cast<tep_event**>(malloc(sizeof(tep_event*) * sorted.size()));
  if (out) memcpy(out, sorted.data(), sizeof(tep_event*) * sorted.size());
  return out;
}

}  // namespace tep::format
