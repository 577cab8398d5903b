// SPDX-License-Identifier: LGPL-2.1
// The word of a dynamic field (__data_loc, __rel_loc), decoded here for every
// reader: 4 bytes, the payload's offset in the low 16 bits and its length in
// the high 16; old kernels wrote 2 bytes, the offset alone. A __rel_loc's
// offset counts from the end of the word itself.
//
// Upstream reads the word in several places, not all alike, and each reader
// here keeps the reading of the upstream path it stands for. The variants:
//   located()      the kernel's meaning: a __rel_loc made absolute
//                  (record::resolve_dynamic, the print plan including the
//                  __print_hex / __print_array bases, typed columns)
//   as_written()   the offset as written, __rel_loc not applied: the index of
//                  a dynamic array element, and filters
//   old word       a 2-byte word has no length: 0 for record::resolve_dynamic,
//                  the rest of the record for the printers (print_plan's
//                  dynamic_location, field_printer's array_span)
// Bounds are each caller's: the decoding never reads.
#pragma once

#include <cstdint>

namespace tep::record {

class DynamicWord {
 public:
  // The word's value as read from the record (in the record's byte order).
  explicit constexpr DynamicWord(uint64_t word)
      : offset_(static_cast<int64_t>(word & 0xffff)), length_(static_cast<int64_t>((word >> 16) & 0xffff)) {}

  // The payload's length (0 for a 2-byte word).
  constexpr int64_t length() const { return length_; }
  // The offset as the word holds it, relative or not.
  constexpr int64_t as_written() const { return offset_; }
  // The payload's offset in the record: after the word itself for a __rel_loc.
  constexpr int64_t located(int64_t field_offset, int64_t field_size, bool relative) const {
    return offset_ + base_of(field_offset, field_size, relative);
  }
  // What a located() offset adds to the written one: the end of the word
  // itself for a __rel_loc, else 0.
  static constexpr int64_t base_of(int64_t field_offset, int64_t field_size, bool relative) {
    return relative ? field_offset + field_size : 0;
  }

 private:
  int64_t offset_, length_;
};

}  // namespace tep::record
