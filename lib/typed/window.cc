// SPDX-License-Identifier: LGPL-2.1
#include "typed/window.h"

#include <algorithm>

#include "base/byte_order.h"

namespace tep::typed {

int32_t Window::new_group(int id) {
  TypedEvent* event = nullptr;
  const bool dense = id >= 0 && id < kDenseIds;
  if (dense && static_cast<size_t>(id) >= group_by_id_.size()) {
    group_by_id_.resize(static_cast<size_t>(id) + 1, -1);
    event_by_id_.resize(static_cast<size_t>(id) + 1);
    looked_up_.resize(static_cast<size_t>(id) + 1);
  }
  if (dense && looked_up_[static_cast<size_t>(id)]) {
    event = event_by_id_[static_cast<size_t>(id)];
  } else {
    if (!dense)  // a sparse id: its group of this load, if any
      for (size_t g = 0; g < n_groups_; g++)
        if (groups_[g].id == id) return static_cast<int32_t>(g);
    Event* e = catalog_.tep().events.find_by_id(id);
    event = e ? &catalog_.event(*e) : nullptr;
    if (dense) {
      event_by_id_[static_cast<size_t>(id)] = event;
      looked_up_[static_cast<size_t>(id)] = true;
    }
  }
  if (!event) return -1;
  const Model& m = event->model();
  if (n_groups_ == groups_.size()) groups_.emplace_back();
  Group& g = groups_[n_groups_];
  g.event = event;
  g.id = id;
  g.type_offset = m.type_offset;
  g.type_size = m.type_size;
  g.shortest = INT64_MAX;
  g.elsewhere = m.type_offset != type_offset_ || m.type_size != type_size_;
  g.next_record = g.records.data();
  g.next_row = g.rows.data();
  g.room = g.rows.size();
  const auto index = static_cast<int32_t>(n_groups_++);
  if (dense) group_by_id_[static_cast<size_t>(id)] = index;
  return index;
}

void Window::grow(Group& g) {
  const size_t count = g.count();
  g.records.resize(std::max<size_t>(64, 2 * count));
  g.rows.resize(g.records.size());
  g.next_record = g.records.data() + count;
  g.next_row = g.rows.data() + count;
  g.room = g.rows.size() - count;
}

bool Window::in_place(const Group& g, const Row& row, int id, bool swap) const {
  if (g.type_offset < 0 || g.type_size <= 0 || row.size < int64_t{g.type_offset} + g.type_size) return false;
  return read_number(row.data + g.type_offset, g.type_size, swap) == static_cast<uint64_t>(static_cast<uint32_t>(id));
}

// Each record to its group, reading common_type as tep_data_type does:
// TypeSize bytes at type_offset_ (TypeSize 0: type_size_ bytes; a known
// size folds read_number's switch); a record too short for it is in no group.
template <int TypeSize, bool Swap>
void Window::group_records(const tep_record* const* records, size_t count) {
  const int type_offset = type_offset_, type_size = TypeSize ? TypeSize : type_size_;
  const int64_t type_end = int64_t{type_offset} + type_size;
  // In locals: the compiler cannot tell the stores below leave them alone.
  const int32_t* group_by_id = group_by_id_.data();
  size_t ids = group_by_id_.size();
  const size_t ahead = count > kRecordAhead ? count - kRecordAhead : 0;
  for (size_t i = 0; i < count; i++) {
    if (i < ahead) prefetch_ahead(records, i);
    const tep_record* r = records[i];
    if (!r || !r->data || r->size < type_end) continue;
    const Row row{static_cast<const uint8_t*>(r->data), r->size};
    const int id = static_cast<int>(read_number(row.data + type_offset, type_size, Swap));
    int32_t g = static_cast<unsigned>(id) < ids ? group_by_id[id] : -1;
    if (g < 0) {
      g = new_group(id);
      group_by_id = group_by_id_.data();
      ids = group_by_id_.size();
      if (g < 0) continue;
    }
    Group& group = groups_[static_cast<size_t>(g)];
    if (__builtin_expect(group.elsewhere, 0) && !in_place(group, row, id, Swap)) continue;
    if (__builtin_expect(group.room == 0, 0)) grow(group);
    *group.next_record++ = r;
    *group.next_row++ = row;
    group.room--;
    if (__builtin_expect(row.size < group.shortest, 0)) group.shortest = row.size;
  }
}

size_t Window::load(const tep_record* const* records, size_t count) {
  for (const Group& g : groups())
    if (g.id >= 0 && g.id < kDenseIds) group_by_id_[static_cast<size_t>(g.id)] = -1;
  n_groups_ = 0;
  tep_handle& tep = catalog_.tep();
  // Events parsed since: ids that had none may have one now.
  if (tep.events.size() != events_seen_) {
    std::fill(looked_up_.begin(), looked_up_.end(), false);
    events_seen_ = tep.events.size();
  }
  // The room kept from earlier loads stays within a few times what this one
  // can need (each group's arrays grow to at most twice its records).
  size_t room = 0;
  for (const Group& g : groups_) room += g.rows.size();
  if (room > 4 * count + 64 * groups_.size())
    for (Group& g : groups_) {
      std::vector<const tep_record*>().swap(g.records);
      std::vector<Row>().swap(g.rows);
    }
  const bool swap = swaps_bytes(tep);
  // No event has common_type: no record has an event.
  if (!tep.common_fields.where(tep, record::CommonField::Type, type_offset_, type_size_) || type_size_ <= 0) return 0;
  if (type_size_ == 2 && !swap) group_records<2, false>(records, count);
  else if (type_size_ == 2) group_records<2, true>(records, count);
  else if (!swap) group_records<0, false>(records, count);
  else group_records<0, true>(records, count);
  return n_groups_;
}

size_t Window::fill(const Group& g, const Source& src, const Output* outputs, size_t n_outputs) const {
  fill_rows(src, outputs, n_outputs, g.rows.data(), g.count(), g.shortest, false);
  return g.count();
}

}  // namespace tep::typed
