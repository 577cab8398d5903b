// SPDX-License-Identifier: LGPL-2.1
// Reading numbers and fields out of record payloads. Every read is bounded by
// the record's data size, never by a field's declared size alone.
#pragma once

#include <cstdint>

#include "base/byte_order.h"
#include "event-parse.h"

namespace tep::record {

// A field's flags, read atomically: printing may clear TEP_FIELD_IS_STRING
// on another thread (tep_print_fields, as upstream, the first time a char
// array holds binary data).
inline unsigned long field_flags(const tep_format_field& field) {
  return __atomic_load_n(&field.flags, __ATOMIC_RELAXED);
}

// The sizes a field read as a number may have.
constexpr bool is_scalar_size(int size) { return size == 1 || size == 2 || size == 4 || size == 8; }

// [offset, offset + size) lies within [0, data_size).
constexpr bool within(int offset, int size, int data_size) {
  return offset >= 0 && size >= 0 && data_size >= 0 && static_cast<int64_t>(offset) + size <= data_size;
}

// The bounded scalar read every reader of a record uses: the 1, 2, 4 or
// 8-byte number at `offset` if it lies within [data, data + data_size), not
// sign-extended; false otherwise. `swap`: the record's byte order is not the
// host's.
inline bool read_scalar(const void* data, int data_size, int offset, int size, bool swap, uint64_t& out) {
  if (!is_scalar_size(size) || !within(offset, size, data_size)) return false;
  out = base::read_number(static_cast<const uint8_t*>(data) + offset, size, swap);
  return true;
}

// The value of a scalar field (sign-extended when the field is signed) if it
// lies within [data, data + data_size); false otherwise (lib/core/handle.h
// has the same call taking the handle, which knows the byte order).
inline bool read_field_value(const tep_format_field& field, const void* data, int data_size, bool swap, uint64_t& out) {
  const int size = field.size;
  uint64_t value;
  if (!read_scalar(data, data_size, field.offset, size, swap, value)) return false;
  if ((field.flags & TEP_FIELD_IS_SIGNED) && size < 8) {
    const int shift = 64 - 8 * size;
    value = static_cast<uint64_t>(static_cast<int64_t>(value << shift) >> shift);
  }
  out = value;
  return true;
}

// Where the payload of a __data_loc / __rel_loc field lies: offset and length
// within [data, data + data_size). False when the location points outside.
bool resolve_dynamic(const tep_format_field& field, const void* data, int data_size, bool swap, int& offset,
                     int& length);

}  // namespace tep::record
