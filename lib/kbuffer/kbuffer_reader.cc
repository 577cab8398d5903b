// SPDX-License-Identifier: LGPL-2.1
#include "kbuffer/kbuffer_reader.h"

#include <algorithm>
#include <cstring>

#include "base/byte_order.h"

namespace tep::kbuffer {
namespace {

constexpr uint32_t kCommitMask = (1u << 27) - 1;
constexpr uint64_t kMissedEvents = 1ull << 31;
constexpr uint64_t kMissedStored = 1ull << 30;
constexpr uint64_t kTimestampHighBits = 0xf800000000000000ull;  // bits a TIME_STAMP lacks

// Old-format (before Linux 2.6.31) event types.
enum OldType { kOldPadding = 0, kOldTimeExtend = 1, kOldTimeStamp = 2 };

}  // namespace

PageReader::PageReader(bool long8, bool big_endian)
    : long8_(long8),
      big_endian_(big_endian),
      swap_(big_endian != base::kHostBigEndian),
      plain_headers_(!big_endian && !swap_) {}

uint64_t PageReader::read_u32(const void* p) const { return base::load_swapped<uint32_t>(p, swap_); }

uint64_t PageReader::read_u64(const void* p) const { return base::load_swapped<uint64_t>(p, swap_); }

bool PageReader::decode(const uint8_t* p, const uint8_t* end, Header& out) const {
  auto fits = [&](const uint8_t* word) { return !end || (word < end && end - word >= 4); };
  if (!fits(p)) return false;
  uint32_t word = static_cast<uint32_t>(read_u32(p));
  p += 4;
  out.type_len = big_endian_ ? word >> 27 : word & 31;
  out.delta = big_endian_ ? word & ((1u << 27) - 1) : word >> 5;
  switch (out.type_len) {
    case KBUFFER_TYPE_PADDING:  // length word, counted from after the type word
      if (!fits(p)) return false;
      out.length = static_cast<int32_t>(read_u32(p));
      break;
    case KBUFFER_TYPE_TIME_EXTEND:
    case KBUFFER_TYPE_TIME_STAMP: {
      if (!fits(p)) return false;
      uint64_t high = out.type_len == KBUFFER_TYPE_TIME_STAMP ? timestamp_ & kTimestampHighBits : 0;
      out.delta = ((read_u32(p) << 27) + out.delta) | high;
      p += 4;
      out.length = 0;
      break;
    }
    case 0:  // length word (including itself), rounded up to 4
      if (!fits(p)) return false;
      out.length = static_cast<int32_t>((static_cast<uint32_t>(read_u32(p)) - 1) & ~3u);
      p += 4;
      break;
    default: out.length = static_cast<int32_t>(out.type_len * 4); break;
  }
  out.payload = p;
  return true;
}

int PageReader::load(void* subbuffer) {
  subbuffer_ = static_cast<const uint8_t*>(subbuffer);
  timestamp_ = read_u64(subbuffer_);
  curr_ = 0;
  start_ = long8_ ? 16 : 12;
  data_ = subbuffer_ + start_;
  uint64_t commit = read_long(subbuffer_ + 8);
  set_size(static_cast<uint32_t>(commit) & kCommitMask);
  if (!(commit & kMissedEvents))
    lost_events_ = 0;
  else if (commit & kMissedStored)
    lost_events_ = static_cast<int64_t>(read_long(data_ + size_));  // stored after the data
  else
    lost_events_ = -1;
  index_ = 0;
  next_ = 0;
  step();
  first_ = curr_;
  return 0;
}

int PageReader::refresh() {
  if (!subbuffer_) return -1;
  uint32_t old_size = size_;
  set_size(static_cast<uint32_t>(read_long(subbuffer_ + 8)) & kCommitMask);
  // At the end of the old data: move on to what was added.
  if (size_ != old_size && curr_ == next_) step();
  return 0;
}

int PageReader::step() { return old_format_ ? step_old_format() : step_current_format(); }

void* PageReader::step_to_next_event(unsigned long long* ts) { return step() < 0 ? nullptr : current_event(ts); }

int PageReader::step_current_format() {
  for (;;) {
    curr_ = next_;
    if (curr_ >= size_) return -1;
    Header h;
    if (!decode(data_ + curr_, data_ + size_, h)) {
      stop_at_end();
      return -1;
    }
    uint32_t index = static_cast<uint32_t>(h.payload - data_);
    uint32_t next = index + static_cast<uint32_t>(h.length);
    bool marker = h.type_len >= KBUFFER_TYPE_PADDING;
    // An event must end after its header and inside the data; a marker must
    // move forward (a corrupt length would otherwise loop or run away). A
    // zero-length padding is the kernel's "rest of the page is empty" marker
    // (upstream would read the words after it as events).
    bool empty_padding = h.type_len == KBUFFER_TYPE_PADDING && h.length == 0;
    if (empty_padding || (marker ? next <= curr_ : (h.length < 0 || next > size_))) {
      stop_at_end();
      return -1;
    }
    if (h.type_len == KBUFFER_TYPE_TIME_STAMP)
      timestamp_ = h.delta;
    else
      timestamp_ += h.delta;
    index_ = index;
    next_ = next;
    if (!marker) return 0;
  }
}

int PageReader::step_old_format() {
  for (;;) {
    curr_ = next_;
    if (curr_ >= size_) return -1;
    const uint8_t* p = data_ + curr_;
    const uint8_t* end = data_ + size_;
    if (end - p < 4) {
      stop_at_end();
      return -1;
    }
    uint32_t word = static_cast<uint32_t>(read_u32(p));
    unsigned type = big_endian_ ? (word >> 29) & 3 : word & 3;
    unsigned len = big_endian_ ? (word >> 27) & 7 : (word >> 2) & 7;
    uint32_t delta = big_endian_ ? word & ((1u << 27) - 1) : word >> 5;
    p += 4;
    switch (type) {
      case kOldPadding: next_ = size_; continue;
      case kOldTimeExtend: {
        if (end - p < 4) {
          stop_at_end();
          return -1;
        }
        // Upstream adds the extended delta as a 32-bit value.
        uint32_t extended = static_cast<uint32_t>((read_u32(p) << 27) + delta);
        timestamp_ += extended;
        index_ = static_cast<uint32_t>(p + 4 - data_);
        next_ = index_;
        continue;
      }
      case kOldTimeStamp:  // never written by any kernel: upstream ends the page
        index_ = size_;
        stop_at_end();
        return -1;
      default: {
        uint32_t length = len * 4;
        if (!len) {
          if (end - p < 4) {
            stop_at_end();
            return -1;
          }
          length = static_cast<uint32_t>(read_u32(p)) - 4;
          p += 4;
        }
        uint32_t index = static_cast<uint32_t>(p - data_);
        if (static_cast<int32_t>(length) < 0 || index + length > size_) {
          stop_at_end();
          return -1;
        }
        timestamp_ += delta;
        index_ = index;
        next_ = index + length;
        return 0;
      }
    }
  }
}

void* PageReader::current_event(unsigned long long* ts) const {
  if (!subbuffer_ || curr_ >= size_) return nullptr;
  if (ts) *ts = timestamp_;
  return const_cast<uint8_t*>(data_ + index_);
}

void* PageReader::read_at_offset(int offset, unsigned long long* ts) {
  // An offset at or before the first event means the first event.
  uint32_t target = static_cast<uint32_t>(offset) < start_ ? 0 : static_cast<uint32_t>(offset) - start_;
  if (!subbuffer_) return nullptr;
  load(const_cast<uint8_t*>(subbuffer_));
  void* event = current_event(ts);
  while (curr_ < target) {
    if (step() < 0) return nullptr;
    event = current_event(ts);
  }
  return event;
}

// Copies whole events, starting with the current one, into `buffer` as a page
// of its own: the header gets the current timestamp and the copied length, and
// the first event's time delta is cleared. Returns the data offset after the
// last event copied, 0 when none, -1 when not even the current one fits.
//
// A copy that starts at the page's first header keeps the page's lost events,
// as upstream 1.9.0 does: both flags in commit and the count (the page's stored
// value, or -1 when it had none) after the data, in the page's long size. 1.9.0
// writes that count even where it runs past `len`; we write only its bytes
// that lie inside `len`, so the buffer reads as 1.9.0's and nothing after it
// is touched.
int PageReader::read_buffer(void* buffer, int len) {
  uint32_t first = curr_;
  if (first >= size_) return 0;
  uint32_t room = static_cast<uint32_t>(len);
  if (room < start_ || room < start_ + next_ - first) return -1;
  uint8_t* out = static_cast<uint8_t*>(buffer);
  uint64_t ts = base::swap_if<uint64_t>(timestamp_, swap_);
  memcpy(out, &ts, 8);
  room -= start_;
  uint32_t end = next_;
  while (next_ - first <= room) {
    end = next_;
    if (step() < 0) break;
  }
  uint32_t copied = end - first;
  if (copied == 0) return 0;
  memcpy(out + start_, data_ + first, copied);
  uint32_t word = static_cast<uint32_t>(read_u32(out + start_));
  word &= big_endian_ ? 0xf8000000u : 0x1fu;  // keep type_len, drop the delta
  word = base::swap_if(word, swap_);
  memcpy(out + start_, &word, 4);
  uint32_t commit = copied;
  if (first == 0 && lost_events_ != 0) {
    commit |= static_cast<uint32_t>(kMissedEvents | kMissedStored);
    uint8_t count[8];
    write_long(count, static_cast<uint64_t>(lost_events_));
    memcpy(out + start_ + copied, count, std::min<uint32_t>(long8_ ? 8 : 4, room - copied));
  }
  // Upstream writes the commit word as a sign-extended int: flags set the
  // upper half of an 8-byte commit too.
  write_long(out + 8, static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(commit))));
  return static_cast<int>(end);
}

void PageReader::write_long(void* p, uint64_t value) const {
  if (long8_) {
    value = base::swap_if(value, swap_);
    memcpy(p, &value, 8);
  } else {
    uint32_t v = static_cast<uint32_t>(value);
    v = base::swap_if(v, swap_);
    memcpy(p, &v, 4);
  }
}

unsigned PageReader::ptr_delta(const void* ptr) const {
  uint32_t word = static_cast<uint32_t>(read_u32(ptr));
  return big_endian_ ? word & ((1u << 27) - 1) : word >> 5;
}

// Walks raw headers: info->next is the header to decode (the caller starts it at
// the first one); on return it points at the following one.
kbuffer_raw_info* PageReader::raw_get(void* subbuf, kbuffer_raw_info* info) const {
  const uint8_t* page = static_cast<const uint8_t*>(subbuf);
  const uint8_t* p = static_cast<const uint8_t*>(info->next);
  uint32_t start = long8_ ? 16 : 12;
  uint32_t size = static_cast<uint32_t>(read_long(page + 8)) & kCommitMask;
  const uint8_t* end = page + start + size;
  if (p < page || p >= end) return nullptr;
  Header h;
  if (!decode(p, end, h)) return nullptr;
  const uint8_t* next = h.payload + h.length;
  // A length that does not move forward would have the caller loop forever.
  info->next = const_cast<uint8_t*>(next > p ? next : end);
  info->type = static_cast<int>(h.type_len);
  info->delta = h.delta;
  info->length = h.length;
  return info;
}

}  // namespace tep::kbuffer
