// SPDX-License-Identifier: LGPL-2.1
// kbuffer::PageReader: a reader over one ring-buffer sub-buffer (a "page"):
//   u64 timestamp | long commit (size in bits 0-26, missed-events flags in
//   bits 31 (events lost) and 30 (count stored after the data)) | events...
// Each event starts with a 32-bit word: type_len (5 bits) and time_delta (27
// bits), in the low bits first for little-endian data, the high bits first for
// big-endian data. type_len 1-28: data of type_len * 4 bytes; 0: a length word
// follows; 29 padding (length word follows); 30 time extend (delta += word << 27);
// 31 absolute time stamp (59 bits; the top 5 come from the running timestamp).
// The pre-2.6.31 "old format" uses 2-bit types and a 3-bit length instead.
//
// Reading follows upstream 1.9.0 step for step (same offsets, timestamps and
// quirks, checked differentially). Where a corrupt page would make upstream
// read a header word outside the committed data, or loop on an event that
// does not advance, we stop instead: every step moves forward and stays
// inside [start, start + commit). What lies after the committed data is read
// only for the lost-events count, where the kernel stores it.
#pragma once

#include <cstdint>
#include <cstring>

#include "kbuffer.h"

namespace tep::kbuffer {

class PageReader {
 public:
  // The header fields of one event or marker.
  struct Header {
    unsigned type_len = 0;
    uint64_t delta = 0;
    int32_t length = 0;                // bytes after `payload`
    const uint8_t* payload = nullptr;  // first byte after the header words
  };

  PageReader(bool long8, bool big_endian);

  int load(void* subbuffer);
  // Re-reads commit (the writer may have added events); 0, or -1 if none loaded.
  int refresh();
  // Moves to the next data event: 0, or -1 at the end of the page.
  int step();
  void* current_event(unsigned long long* ts) const;  // null past the end
  // step() then current_event(): kbuffer_next_event, called once per event of a
  // trace. Inline for the usual headers, a data event (type_len 1-28, or 0 and
  // a length word) in the host's little-endian layout; the rest (time markers,
  // padding, a header that does not fit) goes through step().
  void* next_event(unsigned long long* ts) {
    const uint32_t at = next_;
    if (uint64_t{at} + 8 <= plain_size_) {
      uint32_t word, length;
      memcpy(&word, data_ + at, 4);
      memcpy(&length, data_ + at + 4, 4);
      const uint32_t type_len = word & 31;
      // 1-28: type_len * 4 bytes of data; 0: a length word (counting itself), then the data.
      const uint32_t index = at + (type_len ? 4 : 8);
      length = type_len ? type_len * 4 : (length - 1) & ~3u;
      const uint32_t next = index + length;
      if (type_len < KBUFFER_TYPE_PADDING && static_cast<int32_t>(length) >= 0 && next <= size_) {
        curr_ = at;
        index_ = index;
        next_ = next;
        timestamp_ += word >> 5;
        if (ts) *ts = timestamp_;
        return const_cast<uint8_t*>(data_ + index);
      }
    }
    return step_to_next_event(ts);  // a tail call: the inline path saves no registers
  }
  void* read_at_offset(int offset, unsigned long long* ts);
  int read_buffer(void* buffer, int len);
  int missed_events() const { return curr_ ? 0 : static_cast<int>(lost_events_); }
  unsigned ptr_delta(const void* ptr) const;
  // Decodes the header at `p`. With `end`, fails when a header word would lie at
  // or beyond it.
  bool decode(const uint8_t* p, const uint8_t* end, Header& out) const;
  kbuffer_raw_info* raw_get(void* subbuf, kbuffer_raw_info* info) const;

  uint64_t read_u32(const void* p) const;
  uint64_t read_u64(const void* p) const;
  uint64_t read_long(const void* p) const { return long8_ ? read_u64(p) : read_u32(p); }
  // Stores a long of the page's size and byte order.
  void write_long(void* p, uint64_t value) const;

  void set_old_format() {
    old_format_ = true;
    plain_size_ = 0;
  }
  void* subbuffer() const { return const_cast<uint8_t*>(subbuffer_); }
  int subbuffer_size() const { return static_cast<int>(size_); }
  int start_of_data() const { return static_cast<int>(first_ + start_); }
  int curr_index() const { return static_cast<int>(curr_); }
  int curr_offset() const { return static_cast<int>(curr_ + start_); }
  int curr_size() const { return static_cast<int>(next_ - curr_); }
  int event_size() const { return static_cast<int>(next_ - index_); }
  unsigned long long timestamp() const { return timestamp_; }

 private:
  void* step_to_next_event(unsigned long long* ts);  // next_event's general step
  int step_current_format();
  int step_old_format();
  void stop_at_end() { curr_ = next_ = size_; }
  void set_size(uint32_t size) {
    size_ = size;
    plain_size_ = plain_headers_ && !old_format_ ? size : 0;
  }

  bool long8_;
  bool big_endian_;  // the data's byte order (it decides the header bit layout)
  bool swap_;        // the data's byte order differs from the host's
  // Little-endian data on a little-endian host: next_event() reads
  // current-format headers as they are, up to plain_size_ (size_ then, else 0:
  // one compare guards the inline path).
  bool plain_headers_;
  bool old_format_ = false;

  uint64_t timestamp_ = 0;
  int64_t lost_events_ = 0;
  const uint8_t* subbuffer_ = nullptr;
  const uint8_t* data_ = nullptr;
  // Offsets from data_: the current event's header (curr_), its payload
  // (index_) and the next header (next_); size_ is the committed length.
  uint32_t index_ = 0, curr_ = 0, next_ = 0, size_ = 0;
  uint32_t plain_size_ = 0;
  uint32_t start_ = 0;  // header length: 12 or 16
  uint32_t first_ = 0;  // curr_ of the first data event
};

}  // namespace tep::kbuffer

// The public handle (kbuffer.h) is the reader itself.
struct kbuffer : tep::kbuffer::PageReader {
  using PageReader::PageReader;
};
