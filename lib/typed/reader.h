// SPDX-License-Identifier: LGPL-2.1
// Reading columns out of records: one value, or a batch of records into
// caller-provided arrays (the columnar path). A record of another event, or
// one too short for the bytes a value needs, gives a null value; every read is
// bounded by the record. Nothing is looked up by name or allocated per record.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/event.h"
#include "core/handle.h"
#include "typed/model.h"

namespace tep::typed {

struct Value {
  bool valid = false;
  uint64_t bits = 0;       // integers, sign-extended for signed types; Bool 0 or 1
  std::string_view bytes;  // Bytes: a view into the record (or the handle's tables)
  int32_t code = -1;       // Enum: index into Column::labels, -1 when no name matches
};

// Where a batch reads from: the handle and event a model belongs to.
struct Source {
  tep_handle& tep;
  Event& event;
  const Model& model;
};

// The record is one of this event's.
bool belongs(const Source& src, const tep_record& record);

Value read_value(const Source& src, const Column& c, const tep_record& record);

// Values in the column's ValueType (value_type_size(c.type) bytes each; Bytes
// as {const void*, uint64_t} views), a 1/0 validity byte per record; returns
// how many are valid. `valid` may be null.
size_t fill_values(const Source& src, const Column& c, const tep_record* const* records, size_t count,
                   void* values, uint8_t* valid);
// Integer-valued columns widened to 64 bits (signed types sign-extended).
size_t fill_int64(const Source& src, const Column& c, const tep_record* const* records, size_t count,
                  int64_t* values, uint8_t* valid);
// Enum codes (Column::labels indexes, -1 when no name matches); valid is 0
// where the record has no value at all.
size_t fill_codes(const Source& src, const Column& c, const tep_record* const* records, size_t count,
                  int32_t* codes, uint8_t* valid);

// The bits of `v` as a value of `type`: truncated to its width, sign-extended when signed.
uint64_t normalize(uint64_t v, ValueType type);

// Indexes an Enum column's tables for code lookups (build time).
void index_labels(Column& c);

}  // namespace tep::typed
