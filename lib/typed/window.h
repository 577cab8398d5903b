// SPDX-License-Identifier: LGPL-2.1
// A window: a run of records of any events (a few thousand, in the trace's
// order) grouped by event in one pass, so that filling an event's columns
// reads only its records and checks none of them again. Each record's
// common_type is read once, where tep_data_type reads it (and, for an event
// whose format puts it elsewhere, checked there too); a record that is NULL,
// too short for it, or of no event of the handle is in no group. A window
// belongs to one thread at a time and keeps pointers to the records of its
// last load.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "typed/batch.h"
#include "typed/catalog.h"

namespace tep::typed {

constexpr uint32_t kWindowMagic = 0x74657657;  // "Wtev"

class Window {
 public:
  // The records of one event, in the order they had in the load. An event
  // keeps its group, and the room of its arrays, from load to load.
  // 128 bytes (aligned): a group is found by a shift, not a multiply.
  struct alignas(64) Group {
    TypedEvent* event = nullptr;
    int id = -1;
    // The event's own common_type, when its format puts it elsewhere than
    // where the id was read (checked on each of its records then).
    bool elsewhere = false;
    int type_offset = 0, type_size = 0;
    int32_t shortest = 0;  // the least size of its records
    // Its records are the first count() rows (the array's size is the room
    // it has).
    std::vector<Row> rows;
    // Where the next row goes, and the end of the room.
    Row* next = nullptr;
    Row* end = nullptr;
    bool loaded = false;  // in this load
    uint32_t order = 0;   // its place among this load's groups
    // The records of the rows, made when first asked for (grouping stores
    // only rows: their index in the load finds the record).
    mutable std::vector<const tep_record*> records;
    mutable bool has_records = false;
    // The event's model when last asked for, and the generation it was
    // built for: while that is the catalog's, it is current without asking
    // the event again (its lines are cold by the time of a group's fill).
    const Model* model = nullptr;
    uint64_t model_generation = 0;
    size_t count() const { return static_cast<size_t>(next - rows.data()); }
    // `model` is still the event's current one.
    bool model_is_current(const Catalog& catalog) const {
      return model && model_generation == catalog.model_generation();
    }
    // The event's current model.
    const Model& current_model(const Catalog& catalog) const {
      return model_is_current(catalog) ? *model : event->model();
    }
  };
  static_assert(sizeof(Group) == 128);

  // A row keeps its place in the load in 32 bits.
  static constexpr size_t kMaxLoad = UINT32_MAX;

  explicit Window(Catalog& catalog) : catalog_(catalog) {}
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  // Groups `count` records (at most kMaxLoad), replacing the last load;
  // returns the number of groups.
  size_t load(const tep_record* const* records, size_t count);

  // This load's groups, in the order of their events' first records.
  size_t group_count() const { return loaded_.size(); }
  const Group& group(size_t i) const { return groups_[loaded_[i]]; }
  // g's records, in their order in the load.
  const tep_record* const* records(const Group& g) const;
  // Fills outputs (`columns` of g's event, resolved in src's model) for g's
  // records and keeps the plan for g's next fill; returns their count.
  size_t fill(const Group& g, const BatchSource& src, const ColumnTarget* outputs, size_t n_outputs,
              const ColumnHandle* const* columns) const;
  // The plan of g's last fill when `columns` are its columns again (the same
  // handles, of g's event, whose model is unchanged): a consumer fills each
  // event's columns load after load. Null when they are not.
  FillPlan* kept_plan(const Group& g, const ColumnHandle* const* columns, size_t n) const;
  // Fills g's records through its kept plan into values[j] / valid[j].
  size_t fill(const Group& g, FillPlan& plan, void* const* values, uint8_t* const* valid) const;

  Catalog& catalog() const { return catalog_; }
  const uint32_t magic = kWindowMagic;

 private:
  // Ids below this are kept in dense arrays (common_type is a u16 in every
  // format seen); others are looked up each time.
  static constexpr int kDenseIds = 1 << 16;
  // Records whose room a window keeps between loads however short the next.
  static constexpr size_t kKeptRecords = 16384;
  // How far ahead of the record it groups a load prefetches one (the load's
  // copy has kPrefetchRecords NULLs past its end), and how many bytes past
  // its payload it prefetches (window.cc says why).
  static constexpr size_t kPrefetchRecords = 128, kPayloadAhead = 2048;
  // How many records ahead of its row's append a record's group is found,
  // and the ring that holds them in between (window.cc says why).
  static constexpr size_t kGroupAhead = 8, kFoundRing = 16;
  static_assert(kFoundRing > kGroupAhead);

  template <int TypeSize, bool Swap>
  void group_records(const tep_record* const* records, size_t count);
  // The group of a record of event `id`, added to this load on its first
  // record; -1 when the handle has no such event.
  int32_t new_group(int id);
  // Frees the arrays of groups not in the last load, or of all, when they
  // keep more room than a load of `count` records needs.
  void bound_room(size_t count);
  // Room for more records in g's arrays, or none.
  static void grow(Group& g);
  static void free_room(Group& g);
  // The record is its group's: where its event's own format puts common_type.
  bool in_place(const Group& g, const Row& row, int id, bool swap) const;
  // Asks for the payloads of the load's group after g, which a consumer
  // filling the groups in order fills next, to be on their way while g's
  // are filled: a group's first lane read its payloads from L3, the
  // window's records having left L2 since they were grouped.
  void fetch_next(const Group& g) const;

  Catalog& catalog_;
  int type_offset_ = 0, type_size_ = 0;  // where tep_data_type reads the id (this load)
  // This load's group of each id: g, or -1 for none yet, or -2 - g for a
  // group whose records are checked (Group::elsewhere).
  std::vector<int32_t> group_by_id_;
  std::vector<int32_t> home_by_id_;  // each id's group in groups_, -1 for none yet
  std::vector<TypedEvent*> event_by_id_;
  std::vector<bool> looked_up_;  // event_by_id_[id] is the answer (null: no event)
  size_t events_seen_ = 0;       // the handle's events when those answers were given
  std::vector<Group> groups_;    // one per event met
  // Each group's last fill: its columns and its plan (none when not kept).
  struct KeptPlan {
    std::vector<const ColumnHandle*> columns;
    std::optional<FillPlan> plan;
  };
  mutable std::vector<KeptPlan> plans_;          // by group, as groups_
  std::vector<uint32_t> loaded_;                 // this load's groups
  std::vector<const tep_record*> load_records_;  // this load's, then kPrefetchRecords NULLs
};

}  // namespace tep::typed
