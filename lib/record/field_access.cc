// SPDX-License-Identifier: LGPL-2.1
#include "record/field_access.h"

#include <cstring>

namespace tep::record {

namespace {

bool within(int offset, int size, int data_size) {
  return offset >= 0 && size >= 0 && data_size >= 0 &&
         static_cast<int64_t>(offset) + size <= static_cast<int64_t>(data_size);
}

}  // namespace

bool resolve_dynamic(const tep_format_field& field, const void* data, int data_size, bool swap, int& offset,
                     int& length) {
  if (!within(field.offset, field.size, data_size)) return false;
  // "__data_loc char[] name": offset in the low 16 bits, length in the high
  // 16 (a 2-byte location, from old kernels, holds only the offset).
  uint64_t loc = read_number(static_cast<const uint8_t*>(data) + field.offset, field.size, swap);
  int start = static_cast<int>(loc & 0xffff);
  int len = static_cast<int>((loc >> 16) & 0xffff);
  // "__rel_loc": relative to the end of the location field itself.
  if (field.flags & TEP_FIELD_IS_RELATIVE) start += field.offset + field.size;
  if (!within(start, len, data_size)) return false;
  offset = start;
  length = len;
  return true;
}

}  // namespace tep::record
