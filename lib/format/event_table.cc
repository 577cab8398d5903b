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

  // After every event with an id <= this one, as upstream inserts.
  auto pos = std::upper_bound(by_id_.begin(), by_id_.end(), event, id_less);
  by_id_.insert(pos, event);

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

  auto& same_name = by_name_[event->name_text];
  same_name.insert(std::upper_bound(same_name.begin(), same_name.end(), event, id_less), event);

  for (auto& listing : listings_) listing.clear();
  return *event;
}

Event* EventTable::lookup_id(int id) const {
  if (!duplicate_ids_.empty() && duplicate_ids_.count(id)) {
    // The element glibc's bsearch lands on among equal ids.
    size_t low = 0, high = by_id_.size();
    while (low < high) {
      size_t mid = (low + high) / 2;
      int mid_id = by_id_[mid]->id;
      if (id < mid_id)
        high = mid;
      else if (id > mid_id)
        low = mid + 1;
      else
        return by_id_[mid];
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
  auto it = by_name_.find(name);
  if (it != by_name_.end()) {
    for (Event* e : it->second) {
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
  out.assign(by_id_.begin(), by_id_.end());
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
