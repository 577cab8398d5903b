// SPDX-License-Identifier: LGPL-2.1
// ByteCursor: the bounds-checked cursor over a trace.dat file or one of its
// sections, numbers in the file's byte order (base::read_number). A read past
// the end returns zeros and empty views and marks the cursor failed; every
// later read fails too, so a parser checks once, after a run of reads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "base/byte_order.h"

namespace tep::trace_dat {

using Bytes = std::span<const std::byte>;

class ByteCursor {
 public:
  ByteCursor(Bytes data, bool swap) : data_(data), swap_(swap) {}

  bool failed() const { return failed_; }
  size_t pos() const { return pos_; }
  size_t remaining() const { return data_.size() - pos_; }
  Bytes data() const { return data_; }
  bool swap() const { return swap_; }

  // Moves to `pos`; past the end fails.
  void seek(uint64_t pos) {
    if (pos > data_.size()) {
      failed_ = true;
      return;
    }
    pos_ = static_cast<size_t>(pos);
  }

  // An unsigned integer of 1, 2, 4 or 8 bytes.
  uint64_t number(int width) {
    if (failed_ || remaining() < static_cast<size_t>(width)) {
      failed_ = true;
      return 0;
    }
    uint64_t value = base::read_number(data_.data() + pos_, width, swap_);
    pos_ += static_cast<size_t>(width);
    return value;
  }
  uint16_t u16() { return static_cast<uint16_t>(number(2)); }
  uint32_t u32() { return static_cast<uint32_t>(number(4)); }
  uint64_t u64() { return number(8); }

  Bytes bytes(uint64_t count) {
    if (failed_ || remaining() < count) {
      failed_ = true;
      return {};
    }
    Bytes out = data_.subspan(pos_, static_cast<size_t>(count));
    pos_ += static_cast<size_t>(count);
    return out;
  }
  std::string_view text(uint64_t count) {
    Bytes b = bytes(count);
    return {reinterpret_cast<const char*>(b.data()), b.size()};
  }
  // Up to the next NUL, which is consumed; no NUL before the end fails.
  std::string_view cstring() {
    if (failed_) return {};
    std::string_view rest(reinterpret_cast<const char*>(data_.data()) + pos_, remaining());
    size_t end = rest.find('\0');
    if (end == std::string_view::npos) {
      failed_ = true;
      return {};
    }
    pos_ += end + 1;
    return rest.substr(0, end);
  }

 private:
  Bytes data_;
  size_t pos_ = 0;
  bool swap_;
  bool failed_ = false;
};

// The bytes of a string literal or text as Bytes.
inline Bytes as_bytes(std::string_view text) { return {reinterpret_cast<const std::byte*>(text.data()), text.size()}; }

}  // namespace tep::trace_dat
