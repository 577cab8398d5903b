// SPDX-License-Identifier: LGPL-2.1
// Reading numbers and fields out of record payloads. Every read is bounded by
// the record's data size, never by a field's declared size alone.
// (Declarations fixed for the other folders; lib/record implements them.)
#pragma once

#include <cstdint>

#include "base/byte_order.h"
#include "event-parse.h"

namespace tep {

// A field's flags, read atomically: printing may clear TEP_FIELD_IS_STRING
// on another thread (tep_print_fields, as upstream, the first time a char
// array holds binary data).
inline unsigned long field_flags(const tep_format_field& field) {
  return __atomic_load_n(&field.flags, __ATOMIC_RELAXED);
}

// A size-byte integer (1, 2, 4 or 8) in the trace file's byte order; other sizes give 0.
uint64_t read_number(const tep_handle& tep, const void* ptr, int size);

// The value of a scalar field (sign-extended when the field is signed) if it
// lies within [data, data + data_size); false otherwise.
bool read_field_value(const tep_handle& tep, const tep_format_field& field,
                      const void* data, int data_size, uint64_t& out);
// The same inline, for per-record loops that know the byte order (`swap`).
inline bool read_field_value(const tep_format_field& field, const void* data, int data_size, bool swap,
                             uint64_t& out) {
  const int size = field.size;
  if ((size != 1 && size != 2 && size != 4 && size != 8) || field.offset < 0 || data_size < 0 ||
      static_cast<int64_t>(field.offset) + size > data_size)
    return false;
  uint64_t value = read_number(static_cast<const uint8_t*>(data) + field.offset, size, swap);
  if ((field.flags & TEP_FIELD_IS_SIGNED) && size < 8) {
    const int shift = 64 - 8 * size;
    value = static_cast<uint64_t>(static_cast<int64_t>(value << shift) >> shift);
  }
  out = value;
  return true;
}

// Where the payload of a __data_loc / __rel_loc field lies: offset and length
// within [data, data + data_size). False when the location points outside.
bool resolve_dynamic(const tep_handle& tep, const tep_format_field& field,
                     const void* data, int data_size, int& offset, int& length);

}  // namespace tep
