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
#include <span>
#include <vector>

#include "typed/batch.h"
#include "typed/catalog.h"

namespace tep::typed {

constexpr uint32_t kWindowMagic = 0x74657657;  // "Wtev"

class Window {
 public:
  // The records of one event, in the order they had in the load.
  struct Group {
    TypedEvent* event = nullptr;
    int id = -1;
    // The event's own common_type, when its format puts it elsewhere than
    // where the id was read (checked on each of its records then).
    bool elsewhere = false;
    int type_offset = 0, type_size = 0;
    int64_t shortest = 0;  // the least size of its records
    // Its records are the first count() of these two arrays (their size is
    // the room they have).
    std::vector<const tep_record*> records;
    std::vector<Row> rows;  // the same records' payloads
    // Where the next record goes, and how many more fit (group_records
    // writes through these, not through the vectors).
    const tep_record** next_record = nullptr;
    Row* next_row = nullptr;
    size_t room = 0;
    size_t count() const { return static_cast<size_t>(next_row - rows.data()); }
  };

  explicit Window(Catalog& catalog) : catalog_(catalog) {}
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  // Groups `count` records, replacing the last load; returns the number of groups.
  size_t load(const tep_record* const* records, size_t count);

  std::span<const Group> groups() const { return {groups_.data(), n_groups_}; }
  // Fills outputs (columns of g's event, resolved in src's model) for g's
  // records; returns their count.
  size_t fill(const Group& g, const Source& src, const Output* outputs, size_t n_outputs) const;

  Catalog& catalog() const { return catalog_; }
  const uint32_t magic = kWindowMagic;

 private:
  // Ids below this are kept in dense arrays (common_type is a u16 in every
  // format seen); others are looked up each time.
  static constexpr int kDenseIds = 1 << 16;

  template <int TypeSize, bool Swap>
  void group_records(const tep_record* const* records, size_t count);
  // The group of a record of event `id`, a new one on its first record; -1
  // when the handle has no such event.
  int32_t new_group(int id);
  // Room for more records in g's arrays.
  static void grow(Group& g);
  // The record is its group's: where its event's own format puts common_type.
  bool in_place(const Group& g, const Row& row, int id, bool swap) const;

  Catalog& catalog_;
  int type_offset_ = 0, type_size_ = 0;  // where tep_data_type reads the id (this load)
  std::vector<int32_t> group_by_id_;     // this load's group of each id, -1 for none
  std::vector<TypedEvent*> event_by_id_;
  std::vector<bool> looked_up_;          // event_by_id_[id] is the answer (null: no event)
  size_t events_seen_ = 0;               // the handle's events when those answers were given
  // The first n_groups_ are this load's; the rest keep their arrays' room.
  std::vector<Group> groups_;
  size_t n_groups_ = 0;
};

}  // namespace tep::typed
