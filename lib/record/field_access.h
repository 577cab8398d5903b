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

// The value of a scalar field (sign-extended when the field is signed) if it
// lies within [data, data + data_size); false otherwise. `swap`: the record's
// byte order is not the host's (lib/core/handle.h has the same calls taking
// the handle, which knows).
inline bool read_field_value(const tep_format_field& field, const void* data, int data_size, bool swap, uint64_t& out) {
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
bool resolve_dynamic(const tep_format_field& field, const void* data, int data_size, bool swap, int& offset,
                     int& length);

}  // namespace tep::record
