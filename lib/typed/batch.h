// SPDX-License-Identifier: LGPL-2.1
// The columnar path: the values of many records, for one column or several of
// one event, into caller-provided arrays with a validity byte per record.
// Each record's event type is checked once per batch row; field reads, byte
// views and __data_loc payloads are done in line, the rest through
// read_value(). Nothing is looked up by name or allocated per record.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "typed/reader.h"

namespace tep::typed {

// Where one column's values of a batch go.
struct ColumnTarget {
  const Column* column;
  void* values;    // value_type_size(type) bytes per record, or int64_t when widened
  uint8_t* valid;  // may be null
};

// A record as a batch reads it: its payload, and its size, 0 when it is not
// the event's (below every column's needs); in a window, its place in the load.
struct Row {
  const uint8_t* data;
  int32_t size;  // a tep_record's
  uint32_t index;
};

// Records a consumer gathered from all over a trace (an event's records of a
// whole file) are cold: record i + kRecordAhead is asked for, and the payload
// of record i + kDataAhead, whose record was asked for before. The caller
// keeps i + kRecordAhead within the records.
constexpr size_t kRecordAhead = 16, kDataAhead = 8;

inline void prefetch_ahead(const tep_record* const* records, size_t i) {
  __builtin_prefetch(records[i + kRecordAhead]);
  const tep_record* r = records[i + kDataAhead];
  __builtin_prefetch(r ? r->data : nullptr);
}

// Fills outputs[j] for count records: values in each column's ValueType (Bytes
// as BytesView), or every integer widened to int64_t when `widen` (signed types
// sign-extended). Returns how many records belong to the event; `first_valid`
// (may be null) gets how many values outputs[0] has.
size_t fill_batch(const BatchSource& src, const ColumnTarget* outputs, size_t n_outputs,
                  const tep_record* const* records, size_t count, bool widen, size_t* first_valid = nullptr);

struct Lane;  // lanes.h: how one output reads a row

// Records are filled kFillBlock at a time: their rows are found once, then
// every column reads the block in a loop of its own, while it is in cache.
constexpr size_t kFillBlock = 256;

// How a fill reads each of its columns, chosen once for them: a window keeps
// one per group and fills its rows load after load, pointing it at the
// caller's arrays each time.
class FillPlan {
 public:
  // `known_type`: every row will be the event's by its common_type (a
  // window's group), so a column that copies common_type is the event's id
  // in every row, filled without reading them.
  FillPlan(const BatchSource& src, const ColumnTarget* outputs, size_t n, bool widen, bool known_type);
  FillPlan(FillPlan&&) noexcept;
  FillPlan& operator=(FillPlan&&) = delete;  // a BatchSource does not assign
  ~FillPlan();

  // The model the columns were resolved in.
  const Model& model() const { return source_.model; }
  // Where the next fill writes: values[j] and valid[j] (valid may be null)
  // for the j-th column.
  void aim(void* const* values, uint8_t* const* valid);
  // Every column for `count` rows of the event, `shortest` the least of their sizes.
  void fill_rows(const Row* rows, size_t count, int64_t shortest) const;
  // Every column for one block of at most kFillBlock rows (output from `base` on);
  // returns how many values the first column has when `count_first`, else 0.
  size_t fill_block(const Row* rows, size_t n, size_t base, int64_t shortest, bool count_first) const;

 private:
  BatchSource source_;
  std::vector<Lane> lanes_;
};

// Enum codes (Column::labels indexes, -1 when no name matches); valid is 0
// where the record has no value at all. Returns how many have one.
size_t fill_codes(const BatchSource& src, const Column& c, const tep_record* const* records, size_t count,
                  int32_t* codes, uint8_t* valid);

}  // namespace tep::typed
