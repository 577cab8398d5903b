// SPDX-License-Identifier: LGPL-2.1
// Numbers in a byte order that may not be the host's (a trace file's, a
// ring-buffer page's): read unaligned, swapped when the orders differ.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace tep::base {

// The host's byte order: every caller asks here.
inline constexpr bool kHostBigEndian = std::endian::native == std::endian::big;

// An unsigned integer of 1, 2, 4 or 8 bytes, byte-swapped when `swap`.
template <typename T>
constexpr T swap_if(T v, bool swap) {
  static_assert(std::is_unsigned_v<T> || sizeof(T) == 1, "an unsigned integer");
  if (!swap) return v;
  if constexpr (sizeof(T) == 2) return static_cast<T>(__builtin_bswap16(static_cast<uint16_t>(v)));
  if constexpr (sizeof(T) == 4) return static_cast<T>(__builtin_bswap32(static_cast<uint32_t>(v)));
  if constexpr (sizeof(T) == 8) return static_cast<T>(__builtin_bswap64(static_cast<uint64_t>(v)));
  return v;
}

// A T read unaligned from `p`, byte-swapped when `swap`.
template <typename T>
inline T load_swapped(const void* p, bool swap) {
  T v;
  memcpy(&v, p, sizeof(T));
  return swap_if(v, swap);
}

// A size-byte integer (1, 2, 4 or 8), byte-swapped when `swap`; other sizes give 0.
inline uint64_t read_number(const void* ptr, int size, bool swap) {
  switch (size) {
    case 1: return *static_cast<const uint8_t*>(ptr);
    case 2: return load_swapped<uint16_t>(ptr, swap);
    case 4: return load_swapped<uint32_t>(ptr, swap);
    case 8: return load_swapped<uint64_t>(ptr, swap);
    default: return 0;
  }
}

}  // namespace tep::base
