// SPDX-License-Identifier: LGPL-2.1
// Output: a small buffer in front of a trace_seq. A printed record is many
// short pieces (a digit run, a separator, a flag name); gathering them here
// and appending to the seq once is most of the difference in speed.
// Code that writes to the seq itself (print functions, vsnprintf) calls
// seq() first, which flushes.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#include "trace_seq/seq.h"

namespace tep::seq {

class Output {
 public:
  explicit Output(trace_seq* s) : seq_(s) {}
  ~Output() { flush(); }
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;

  void append(std::string_view text) {
    if (text.size() > kCapacity - len_) {
      flush();
      if (text.size() > kCapacity) {
        seq::append(seq_, text);
        return;
      }
    }
    char* out = buf_ + len_;
    if (text.size() <= 32) copy_short(out, text.data(), text.size());
    else memcpy(out, text.data(), text.size());
    len_ += text.size();
  }
  void append_char(char c) {
    if (len_ == kCapacity) flush();
    buf_[len_++] = c;
  }
  // `count` copies of `c` (widths' padding; a bounded width may pad 1 MiB).
  void append_repeated(char c, int64_t count) {
    if (count <= 0) return;
    if (count <= 32 && static_cast<size_t>(count) <= kCapacity - len_) {  // most pads: a few spaces
      fill_short(buf_ + len_, c, static_cast<size_t>(count));
      len_ += static_cast<size_t>(count);
      return;
    }
    while (count > 0) {
      if (len_ == kCapacity) flush();
      size_t chunk = kCapacity - len_;
      if (static_cast<uint64_t>(count) < chunk) chunk = static_cast<size_t>(count);
      memset(buf_ + len_, c, chunk);
      len_ += chunk;
      count -= static_cast<int64_t>(chunk);
    }
  }
  // The underlying seq, with everything buffered so far written to it.
  trace_seq* seq() {
    flush();
    return seq_;
  }
  // Drops what is buffered (a printer that gives up and lets another redo it).
  void discard() { len_ = 0; }
  void flush() {
    if (len_) seq::append(seq_, std::string_view(buf_, len_));
    len_ = 0;
  }

 private:
  static constexpr size_t kCapacity = 480;

  // Up to 32 bytes in a few word moves (overlapping ones for the lengths in
  // between): most pieces are a few bytes, and a memcpy call or a byte loop
  // costs more than the copy.
  // 1 to 32 copies of `c`, in the same overlapping word stores.
  static void fill_short(char* out, char c, size_t n) {
    const uint64_t word = uint64_t{static_cast<unsigned char>(c)} * 0x0101010101010101u;
    if (n >= 8) {
      memcpy(out, &word, 8);
      if (n > 16) {
        memcpy(out + 8, &word, 8);
        memcpy(out + n - 16, &word, 8);
      }
      memcpy(out + n - 8, &word, 8);
    } else if (n >= 4) {
      const auto half = static_cast<uint32_t>(word);
      memcpy(out, &half, 4);
      memcpy(out + n - 4, &half, 4);
    } else {
      out[0] = c;
      out[n / 2] = c;
      out[n - 1] = c;
    }
  }
  static void copy_short(char* out, const char* in, size_t n) {
    if (n >= 8) {
      uint64_t head, tail;
      if (n > 16) {
        uint64_t head2, tail2;
        memcpy(&head, in, 8);
        memcpy(&head2, in + 8, 8);
        memcpy(&tail2, in + n - 16, 8);
        memcpy(&tail, in + n - 8, 8);
        memcpy(out, &head, 8);
        memcpy(out + 8, &head2, 8);
        memcpy(out + n - 16, &tail2, 8);
        memcpy(out + n - 8, &tail, 8);
        return;
      }
      memcpy(&head, in, 8);
      memcpy(&tail, in + n - 8, 8);
      memcpy(out, &head, 8);
      memcpy(out + n - 8, &tail, 8);
    } else if (n >= 4) {
      uint32_t head, tail;
      memcpy(&head, in, 4);
      memcpy(&tail, in + n - 4, 4);
      memcpy(out, &head, 4);
      memcpy(out + n - 4, &tail, 4);
    } else if (n > 0) {
      const char first = in[0], middle = in[n / 2], last = in[n - 1];
      out[0] = first;
      out[n / 2] = middle;
      out[n - 1] = last;
    }
  }
  trace_seq* seq_;
  size_t len_ = 0;
  char buf_[kCapacity];
};

}  // namespace tep::seq
