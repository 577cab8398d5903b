// SPDX-License-Identifier: LGPL-2.1
// RecordView: a record's payload with every read bounded by its size. Reads
// that fall (partly) outside give 0 / zero bytes: upstream reads the heap
// there, so no output is "right", only crash-freedom matters.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#include "core/handle.h"
#include "record/field_access.h"

namespace tep::print_plan {

struct RecordView {
  const uint8_t* data = nullptr;
  int size = 0;
  bool swap = false;  // file byte order differs from the host's

  RecordView(const tep_handle& tep, const void* d, int n)
      : data(static_cast<const uint8_t*>(d)), size(n < 0 ? 0 : n), swap(core::swaps_bytes(tep)) {
    if (!data) size = 0;
  }

  bool inside(int64_t offset, int64_t len) const {
    return offset >= 0 && len >= 0 && offset <= size && len <= size - offset;
  }

  // tep_read_number: 1, 2, 4 or 8 bytes in file order; other sizes give 0.
  uint64_t number(int64_t offset, int len) const {
    return inside(offset, len) ? base::read_number(data + offset, len, swap) : 0;
  }

  // number() of a field the compiler checked (offset >= 0, Len 1, 2, 4 or 8):
  // one bound to compare, the read of that size.
  template <int Len>
  uint64_t scalar(int32_t offset) const {
    return int64_t{offset} + Len <= size ? base::read_number(data + offset, Len, swap) : 0;
  }

  // Copies len bytes at offset, zero-filling what lies outside the record.
  void copy(int64_t offset, int len, uint8_t* out) const {
    for (int i = 0; i < len; i++) {
      int64_t at = offset + i;
      out[i] = at >= 0 && at < size ? data[at] : 0;
    }
  }

  // The bytes of [offset, offset + len) that lie inside the record.
  std::string_view bytes(int64_t offset, int64_t len) const {
    if (offset < 0 || offset >= size || len <= 0) return {};
    if (len > size - offset) len = size - offset;
    return {reinterpret_cast<const char*>(data + offset), static_cast<size_t>(len)};
  }

  // A C string starting at offset, cut at the record's end.
  std::string_view c_string(int64_t offset) const {
    std::string_view rest = bytes(offset, size);
    size_t nul = rest.find('\0');
    return nul == std::string_view::npos ? rest : rest.substr(0, nul);
  }
};

}  // namespace tep::print_plan
