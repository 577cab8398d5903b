// SPDX-License-Identifier: LGPL-2.1
// Reading a column's value out of one record (batch.h reads many). A record
// of another event, or one too short for the bytes a value needs, gives a null
// value; every read is bounded by the record.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "format/event.h"
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
struct BatchSource {
  tep_handle& tep;
  format::Event& event;
  const Model& model;
};

// The record is one of this event's.
bool belongs(const BatchSource& src, const tep_record& record);

Value read_value(const BatchSource& src, const Column& c, const tep_record& record);

// The bits of `v` as a value of `type`: truncated to its width, sign-extended when signed.
uint64_t normalize(uint64_t v, ValueType type);

// The label index of `bits` in an Enum column's table `table`, -1 when none.
int32_t enum_code(const Column& c, int table, uint64_t bits);

// Indexes an Enum column's tables for code lookups (build time).
void index_labels(Column& c);

}  // namespace tep::typed
