// SPDX-License-Identifier: LGPL-2.1
// The common fields every record starts with (common_type, common_pid, ...):
// where they lie is taken once from the first event in id order, as upstream
// does, and remembered for every later record.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <limits>

#include "record/field_access.h"

struct tep_handle;

namespace tep::core {

enum class CommonField { kType, kPid, kPreemptCount, kFlags };

// Whether the trace file's byte order differs from the host's (handle.h).
inline bool swaps_bytes(const tep_handle& tep);

class CommonFieldCache {
 public:
  // The field's value in a record payload of `size` bytes; -1 when no event
  // has the field (upstream's answer), 0 when the record is too short for it.
  // Inline once resolved: tep_find_event_by_record runs several times a record.
  int read(const tep_handle& tep, CommonField which, const void* data, int size) const {
    int value;
    if (__builtin_expect(!read_if_located(tep, which, data, size, value), 0))
      return resolve_and_read(tep, which, data, size);
    return value;
  }
  // read() for a path that resolves out of line: false until the field is
  // located (by a read() or where()).
  bool read_if_located(const tep_handle& tep, CommonField which, const void* data, int size, int& value) const {
    const uint64_t located = located_[static_cast<size_t>(which)].load(std::memory_order_relaxed);
    if (!located) return false;
    value = read_located(located, data, size, swaps_bytes(tep));
    return true;
  }
  // The same whatever the record's size says, as upstream's tep_data_pid & co.
  // read them: consumers build records with only `data` set. The exported
  // functions only; the library's own paths bound every read by the size.
  int read_unbounded(const tep_handle& tep, CommonField which, const void* data) const {
    return read(tep, which, data, std::numeric_limits<int>::max());
  }
  // Where read() reads the field: false when no event has it (or it lies
  // where no record reaches). For loops that read it themselves.
  bool where(const tep_handle& tep, CommonField which, int& offset, int& size) const {
    uint64_t located = located_[static_cast<size_t>(which)].load(std::memory_order_relaxed);
    if (!located) {
      resolve_and_read(tep, which, nullptr, 0);  // a size of 0 reads nothing
      located = located_[static_cast<size_t>(which)].load(std::memory_order_relaxed);
    }
    if (!located || located == kNowhere) return false;
    offset = static_cast<int>(static_cast<uint32_t>(located));
    size = static_cast<int>((located >> 32) - static_cast<uint32_t>(located));
    return true;
  }

 private:
  int resolve_and_read(const tep_handle& tep, CommonField which, const void* data, int size) const;
  static int read_located(uint64_t located, const void* data, int size, bool swap) {
    const int64_t end = static_cast<int64_t>(located >> 32);
    if (end > size) return 0;  // a record too short for it, or a field in none (kNowhere)
    const uint32_t offset = static_cast<uint32_t>(located);
    const int field_size = static_cast<int>(end - offset);
    const uint8_t* p = static_cast<const uint8_t*>(data) + offset;
    // common_type is a u16 in every format seen: read without the size switch.
    if (__builtin_expect(field_size == 2, 1)) return static_cast<int>(base::read_number(p, 2, swap));
    return static_cast<int>(base::read_number(p, field_size, swap));
  }
  // A field's [offset, offset + size) as end << 32 | offset: one compare
  // bounds a read. A negative offset or size, or an end past INT_MAX, is
  // kNowhere, whose end no record reaches.
  static uint64_t locate(int offset, int size) {
    const int64_t end = int64_t{offset} + size;
    if (offset < 0 || size < 0 || end > std::numeric_limits<int>::max()) return kNowhere;
    return static_cast<uint64_t>(end) << 32 | static_cast<uint32_t>(offset);
  }
  static constexpr uint64_t kNowhere = 0xffffffffULL << 32;

  // locate()'s answer, 0 until resolved. Resolution is idempotent, so
  // concurrent readers may race on it harmlessly.
  mutable std::array<std::atomic<uint64_t>, 4> located_{};
};

}  // namespace tep::core
