// SPDX-License-Identifier: LGPL-2.1
#include "record/field_access.h"

#include <cstring>

#include "record/dynamic_word.h"

namespace tep::record {

bool resolve_dynamic(const tep_format_field& field, const void* data, int data_size, bool swap, int& offset,
                     int& length) {
  if (!within(field.offset, field.size, data_size)) return false;
  // A 2-byte word from old kernels: a length of 0.
  const DynamicWord word(base::read_number(static_cast<const uint8_t*>(data) + field.offset, field.size, swap));
  const int start =
      static_cast<int>(word.located(field.offset, field.size, (field.flags & TEP_FIELD_IS_RELATIVE) != 0));
  const int len = static_cast<int>(word.length());
  if (!within(start, len, data_size)) return false;
  offset = start;
  length = len;
  return true;
}

}  // namespace tep::record
