// SPDX-License-Identifier: LGPL-2.1
#include "typed/window.h"

#include <algorithm>

#include "base/byte_order.h"

namespace tep::typed {

int32_t Window::new_group(int id) {
  TypedEvent* event = nullptr;
  const bool dense = id >= 0 && id < kDenseIds;
  const auto at = static_cast<size_t>(id);
  if (dense && at >= group_by_id_.size()) group_by_id_.resize(at + 1, -1);
  if (dense && at >= event_by_id_.size()) {
    event_by_id_.resize(at + 1);
    looked_up_.resize(at + 1);
    home_by_id_.resize(at + 1, -1);
  }
  // The id's group (a sparse id's found by a walk), this load's once its
  // first record is in it.
  int32_t home = -1;
  if (dense)
    home = home_by_id_[at];
  else
    for (size_t g = 0; g < groups_.size() && home < 0; g++)
      if (groups_[g].id == id) home = static_cast<int32_t>(g);
  if (!dense && home >= 0 && groups_[static_cast<size_t>(home)].loaded) return home;
  if (dense && looked_up_[at]) {
    event = event_by_id_[at];
  } else {
    format::Event* e = catalog_.tep().events.find_by_id(id);
    event = e ? &catalog_.event(*e) : nullptr;
    if (dense) {
      event_by_id_[at] = event;
      looked_up_[at] = true;
    }
  }
  if (!event) return -1;
  if (home < 0) {
    home = static_cast<int32_t>(groups_.size());
    groups_.emplace_back();
    plans_.emplace_back();
    if (dense) home_by_id_[at] = home;
  }
  Group& g = groups_[static_cast<size_t>(home)];
  // What the group keeps of its model while that is current: the model's
  // lines are cold at a load's first record of each event.
  if (g.event != event || !g.model_is_current(catalog_)) {
    const Model& m = event->model();
    g.model = &m;
    g.model_generation = m.generation;
    g.type_offset = m.type_offset;
    g.type_size = m.type_size;
  }
  g.event = event;
  g.id = id;
  g.shortest = INT32_MAX;
  g.elsewhere = g.type_offset != type_offset_ || g.type_size != type_size_;
  g.next = g.rows.data();
  g.has_records = false;
  g.end = g.next + g.rows.size();
  g.loaded = true;
  g.order = static_cast<uint32_t>(loaded_.size());
  loaded_.push_back(static_cast<uint32_t>(home));
  if (dense) group_by_id_[at] = g.elsewhere ? -2 - home : home;
  return home;
}

void Window::bound_room(size_t count) {
  auto room = [&] {
    size_t total = 0;
    for (const Group& g : groups_) total += g.rows.size();
    return total;
  };
  const size_t records = 4 * std::max(count, kKeptRecords);
  if (load_records_.capacity() > records + kPrefetchRecords) std::vector<const tep_record*>().swap(load_records_);
  const size_t most = records + 64 * groups_.size();
  if (room() <= most) return;
  for (Group& g : groups_)
    if (!g.loaded) free_room(g);
  if (room() <= most) return;
  for (Group& g : groups_) free_room(g);
}

void Window::free_room(Group& g) {
  std::vector<Row>().swap(g.rows);
  std::vector<const tep_record*>().swap(g.records);
  g.next = g.end = nullptr;
  g.has_records = false;
}

void Window::grow(Group& g) {
  const size_t count = g.count();
  g.rows.resize(std::max<size_t>(64, 2 * count));
  g.next = g.rows.data() + count;
  g.end = g.rows.data() + g.rows.size();
}

bool Window::in_place(const Group& g, const Row& row, int id, bool swap) const {
  if (g.type_offset < 0 || g.type_size <= 0 || row.size < int64_t{g.type_offset} + g.type_size) return false;
  return base::read_number(row.data + g.type_offset, g.type_size, swap) ==
         static_cast<uint64_t>(static_cast<uint32_t>(id));
}

// Each record to its group (`records` has kPrefetchRecords more past `count`),
// reading common_type as tep_data_type does:
// TypeSize bytes at type_offset_ (TypeSize 0: type_size_ bytes; a known
// size folds base::read_number's switch); a record too short for it is in no group.
// In two steps kGroupAhead records apart: a record's group is found (its id
// read from its payload) kGroupAhead records before its row is appended.
// Appended at once, a row's stores waited on the id, still on its way from
// memory, and the next records' reads of their groups waited behind those
// stores: grouping a pass of the every-system trace took 15.7 ms, 13.0 now
// (4 records apart: 17.0; 16 or 32: as 8).
template <int TypeSize, bool Swap>
void Window::group_records(const tep_record* const* records, size_t count) {
  const int type_offset = type_offset_, type_size = TypeSize ? TypeSize : type_size_;
  const int32_t type_end = type_offset + type_size;  // where() keeps it within an int
  // In locals: the compiler cannot tell the stores below leave them alone.
  const int32_t* group_by_id = group_by_id_.data();
  size_t ids = group_by_id_.size();
  Group* groups = groups_.data();
  // The rows found and not yet appended, and their groups (-1: none).
  Row found[kFoundRing];
  int32_t found_group[kFoundRing];
  auto find = [&](size_t i) {
    int32_t& g = found_group[i % kFoundRing];
    g = -1;
    // A record is read here only: fetched ahead for no reuse (locality 0),
    // so that it leaves room in L2 for the payloads the fill reads again.
    // (Measured on two machines: 8 ahead, 5 % faster on sched_v6.dat on the
    // first; 128, 8-12 % on the second.) A window's records are in the
    // trace's order, each CPU's payloads one after the other in its pages:
    // the bytes kPayloadAhead past this payload are those of a record some
    // dozens later in the same run, fetched by address in one instruction
    // (the payload of the record 64 ahead, found through it, took five and
    // a load: 3 % slower on the every-system trace, 8 % on sched_v6.dat).
    __builtin_prefetch(records[i + kPrefetchRecords], 0, 0);
    const tep_record* r = records[i];
    if (!r || !r->data || r->size < type_end) return;
    __builtin_prefetch(static_cast<const uint8_t*>(r->data) + kPayloadAhead);
    const Row row{static_cast<const uint8_t*>(r->data), r->size, static_cast<uint32_t>(i)};
    found[i % kFoundRing] = row;
    const int id = static_cast<int>(base::read_number(row.data + type_offset, type_size, Swap));
    // A u16 id is always inside the table (load() made it that long).
    int32_t at = TypeSize == 2 || static_cast<unsigned>(id) < ids ? group_by_id[id] : -1;
    if (__builtin_expect(at < 0, 0)) {
      if (at == -1) {
        at = new_group(id);
        group_by_id = group_by_id_.data();
        ids = group_by_id_.size();
        groups = groups_.data();
        if (at < 0) return;
      } else {
        at = -2 - at;
      }
      if (groups[at].elsewhere && !in_place(groups[at], row, id, Swap)) return;
    }
    g = at;
  };
  for (size_t i = 0; i < std::min(count, kGroupAhead); i++) find(i);
  for (size_t i = 0; i < count; i++) {
    if (i + kGroupAhead < count) find(i + kGroupAhead);
    const int32_t g = found_group[i % kFoundRing];
    if (g < 0) continue;
    const Row& row = found[i % kFoundRing];
    Group& group = groups[g];
    // Everything read before anything is written: a store through these
    // pointers would make the compiler read the group again.
    Row* next = group.next;
    const int32_t shortest = group.shortest;
    if (__builtin_expect(next == group.end, 0)) {
      grow(group);
      next = group.next;
    }
    *next = row;
    group.next = next + 1;
    if (__builtin_expect(row.size < shortest, 0)) group.shortest = row.size;
  }
}

size_t Window::load(const tep_record* const* records, size_t count) {
  tep_handle& tep = catalog_.tep();
  // Events parsed since: ids that had none may have one now.
  if (tep.events.size() != events_seen_) {
    std::fill(looked_up_.begin(), looked_up_.end(), false);
    events_seen_ = tep.events.size();
  }
  // The room kept from earlier loads stays within a few times what this one
  // can need (each group's arrays grow to at most twice its records), or
  // what a load of kKeptRecords can: a run of full loads and a shorter last
  // one (a trace's end) keeps its arrays, not growing them again each run.
  // Groups of the last load keep theirs first.
  bound_room(count);
  for (uint32_t home : loaded_) {
    Group& g = groups_[home];
    g.loaded = false;
    if (g.id >= 0 && g.id < kDenseIds) group_by_id_[static_cast<size_t>(g.id)] = -1;
  }
  loaded_.clear();
  // The window's own copy, which grouping reads (kPrefetchRecords NULLs past
  // its end, so that the record ahead is always there to prefetch).
  load_records_.reserve(count + kPrefetchRecords);
  load_records_.assign(records, records + count);
  load_records_.resize(count + kPrefetchRecords, nullptr);
  const bool swap = core::swaps_bytes(tep);
  // No event has common_type: no record has an event.
  if (!tep.common_fields.where(tep, core::CommonField::kType, type_offset_, type_size_) || type_size_ <= 0) return 0;
  if (type_size_ == 2 && group_by_id_.size() < kDenseIds) group_by_id_.resize(kDenseIds, -1);
  const tep_record* const* copy = load_records_.data();
  if (type_size_ == 2 && !swap)
    group_records<2, false>(copy, count);
  else if (type_size_ == 2)
    group_records<2, true>(copy, count);
  else if (!swap)
    group_records<0, false>(copy, count);
  else
    group_records<0, true>(copy, count);
  return loaded_.size();
}

const tep_record* const* Window::records(const Group& g) const {
  if (!g.has_records) {
    g.records.resize(g.count());
    for (size_t i = 0; i < g.count(); i++) g.records[i] = load_records_[g.rows[i].index];
    g.has_records = true;
  }
  return g.records.data();
}

void Window::fetch_next(const Group& g) const {
  if (g.order + 1 >= loaded_.size()) return;
  // Into L2 (locality 2): L1 is the current group's while its lanes run.
  // The first block only (its first lanes' reads): more measured slower.
  const Group& next = groups_[loaded_[g.order + 1]];
  const size_t n = std::min(next.count(), kFillBlock);
  for (size_t i = 0; i < n; i++) __builtin_prefetch(next.rows[i].data, 0, 2);
}

size_t Window::fill(const Group& g, const BatchSource& src, const ColumnTarget* outputs, size_t n_outputs,
                    const ColumnHandle* const* columns) const {
  KeptPlan& kept = plans_[static_cast<size_t>(&g - groups_.data())];
  kept.plan.reset();  // none kept until the new one is whole
  kept.columns.assign(columns, columns + n_outputs);
  kept.plan.emplace(src, outputs, n_outputs, false, true);
  fetch_next(g);
  kept.plan->fill_rows(g.rows.data(), g.count(), g.shortest);
  return g.count();
}

FillPlan* Window::kept_plan(const Group& g, const ColumnHandle* const* columns, size_t n) const {
  KeptPlan& kept = plans_[static_cast<size_t>(&g - groups_.data())];
  if (!kept.plan || !n || n != kept.columns.size() || !std::equal(columns, columns + n, kept.columns.begin()))
    return nullptr;
  // The same handles were checked when the plan was made; their event may
  // have a new model since (kallsyms or constants arrived). A model is its
  // event's: the plan's being the group's current one, the handles are of
  // the group's event.
  return &g.current_model(catalog_) == &kept.plan->model() ? &*kept.plan : nullptr;
}

size_t Window::fill(const Group& g, FillPlan& plan, void* const* values, uint8_t* const* valid) const {
  fetch_next(g);
  plan.aim(values, valid);
  plan.fill_rows(g.rows.data(), g.count(), g.shortest);
  return g.count();
}

}  // namespace tep::typed
