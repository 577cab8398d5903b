// SPDX-License-Identifier: LGPL-2.1
// Output: appends into a trace_seq's buffer through a cursor. A printed record
// is many short pieces (a digit run, a separator, a flag name); checking the
// seq's state and room once, instead of per piece, and copying short pieces
// in word moves is most of the difference in speed. The seq's `len` is brought
// up to date by flush() (the destructor, seq()).
// Code that writes to the seq itself (print functions, vsnprintf) calls seq()
// first; the next append takes the seq as that code left it. One spare byte
// is always kept after the text, for the terminator, as the seq's own appends
// do; when a piece does not fit, the seq grows the way it always does.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#include "base/digits.h"
#include "seq/int_text.h"
#include "seq/seq.h"

namespace tep::seq {

class Output {
 public:
  explicit Output(trace_seq* s) : seq_(s) { attach(); }
  ~Output() { flush(); }
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;

  void append(std::string_view text) {
    if (__builtin_expect(text.size() > room(), 0)) return append_slow(text);
    if (text.size() <= 32)
      copy_short(cur_, text.data(), text.size());
    else
      memcpy(cur_, text.data(), text.size());
    cur_ += text.size();
  }
  void append_char(char c) {
    if (__builtin_expect(cur_ == limit_, 0)) return append_slow(std::string_view(&c, 1));
    *cur_++ = c;
  }
  // `count` copies of `c` (widths' padding; a bounded width may pad 1 MiB).
  void append_repeated(char c, int64_t count) {
    if (count <= 0) return;
    if (count <= 32 && static_cast<size_t>(count) <= room()) {  // most pads: a few spaces
      base::fill_short(cur_, c, static_cast<size_t>(count));
      cur_ += count;
      return;
    }
    append_repeated_slow(c, count);
  }
  // The underlying seq, with everything appended so far in its `len`.
  trace_seq* seq() {
    flush();
    detach();
    return seq_;
  }
  // Forgets the cursor without committing (a printer that gives up and lets
  // another redo it resets the seq's len itself).
  void discard() { detach(); }
  void flush() {
    if (cur_) seq_->len = static_cast<unsigned>(cur_ - seq_->buffer);
  }

 private:
  size_t room() const { return static_cast<size_t>(limit_ - cur_); }
  // The cursor at the seq's end when it is usable; otherwise no room, so that
  // every append goes to the seq's own (warning, refusing) appends.
  void attach() {
    if (has_room(seq_, 0)) {
      cur_ = seq_->buffer + seq_->len;
      limit_ = seq_->buffer + seq_->buffer_size - 1;
    } else {
      detach();
    }
  }
  void detach() { cur_ = limit_ = nullptr; }
  __attribute__((noinline)) void append_slow(std::string_view text) {
    flush();
    seq::append(seq_, text);
    attach();
  }
  __attribute__((noinline)) void append_repeated_slow(char c, int64_t count) {
    static constexpr std::string_view kSpaces = "                                ";
    for (; count > 0; count -= static_cast<int64_t>(kSpaces.size())) {
      size_t n = count < static_cast<int64_t>(kSpaces.size()) ? static_cast<size_t>(count) : kSpaces.size();
      if (n > room()) {
        flush();
        seq::append_repeated(seq_, c, static_cast<int64_t>(n));
        attach();
      } else {
        memset(cur_, c, n);
        cur_ += n;
      }
    }
  }

  // Up to 32 bytes in a few word moves (overlapping ones for the lengths in
  // between): most pieces are a few bytes, and a memcpy call or a byte loop
  // costs more than the copy.
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
  char* cur_ = nullptr;
  char* limit_ = nullptr;
};

}  // namespace tep::seq
