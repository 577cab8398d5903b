// SPDX-License-Identifier: LGPL-2.1
// Numbers in a byte order that may not be the host's (a trace file's, a
// ring-buffer page's): read unaligned, swapped when the orders differ.
#pragma once

#include <cstdint>
#include <cstring>

namespace tep {

// A size-byte integer (1, 2, 4 or 8), byte-swapped when `swap`; other sizes give 0.
inline uint64_t read_number(const void* ptr, int size, bool swap) {
  switch (size) {
    case 1:
      return *static_cast<const uint8_t*>(ptr);
    case 2: {
      uint16_t v;
      memcpy(&v, ptr, 2);
      return swap ? __builtin_bswap16(v) : v;
    }
    case 4: {
      uint32_t v;
      memcpy(&v, ptr, 4);
      return swap ? __builtin_bswap32(v) : v;
    }
    case 8: {
      uint64_t v;
      memcpy(&v, ptr, 8);
      return swap ? __builtin_bswap64(v) : v;
    }
    default:
      return 0;
  }
}

}  // namespace tep
