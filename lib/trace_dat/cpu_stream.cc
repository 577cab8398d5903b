// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/cpu_stream.h"

#include <algorithm>

#include "trace_dat/sections.h"

namespace tep::trace_dat {
namespace {

constexpr uint64_t kCommitMask = (1u << 27) - 1;
constexpr uint64_t kMissedEvents = 1ull << 31;
constexpr uint64_t kMissedStored = 1ull << 30;

}  // namespace

CpuStream::CpuStream(int cpu, size_t index, Bytes data, uint64_t file_offset, bool compressed, const PageLayout& layout,
                     Decompressor* decompressor, ChunkBudget* budget, const TimeConversion* time)
    : cpu_(cpu),
      index_(index),
      layout_(layout),
      decompressor_(decompressor),
      budget_(budget),
      time_(time),
      reader_(layout.long8, layout.big_endian),
      compressed_(compressed),
      chunks_(data, layout.big_endian != base::kHostBigEndian) {
  if (layout.old_format) reader_.set_old_format();
  record_.cpu = cpu;
  record_.ref_count = 1;
  if (compressed) {
    chunks_left_ = chunks_.u32();
    if (chunks_.failed()) fail(Status::kTruncated);
  } else {
    region_ = data;
    region_offset_ = file_offset;
  }
}

bool CpuStream::next_chunk() {
  if (chunks_left_ == 0) return false;
  --chunks_left_;
  uint32_t compressed = chunks_.u32();
  uint32_t size = chunks_.u32();
  Bytes in = chunks_.bytes(compressed);
  if (chunks_.failed()) {
    fail(Status::kTruncated);
    return false;
  }
  // The buffer grows to the largest chunk; what it grows by comes out of the budget.
  if (size > chunk_.capacity() && !(budget_ && budget_->take(size - chunk_.capacity()))) {
    fail(Status::kTooLarge);
    return false;
  }
  Status status = decompress_into(decompressor_, in, size, chunk_);
  if (status != Status::kOk) {
    fail(status);
    return false;
  }
  region_offset_ += region_.size();
  region_ = chunk_;
  next_page_ = 0;
  return true;
}

bool CpuStream::next_page() {
  for (;;) {
    if (next_page_ >= region_.size()) {
      if (!compressed_ || !next_chunk()) return false;
      continue;
    }
    const std::byte* page = region_.data() + next_page_;
    size_t left = region_.size() - next_page_;
    page_offset_ = region_offset_ + next_page_;
    size_t available = std::min<size_t>(left, layout_.page_size);
    next_page_ += available;
    if (!load_page(page, available)) return false;
    unsigned long long ts = 0;
    void* event = reader_.current_event(&ts);
    if (event) {
      fill_record(event, ts);
      return true;
    }
  }
}

bool CpuStream::load_page(const std::byte* page, size_t available) {
  // kbuffer trusts the page header: the committed data (and the missed-events
  // count the kernel may store after it) must lie inside the page's bytes.
  const uint32_t header = layout_.long8 ? 16 : 12;
  const uint32_t long_size = layout_.long8 ? 8 : 4;
  if (available < header) {
    fail(Status::kTruncated);
    return false;
  }
  uint64_t commit =
      base::read_number(page + 8, static_cast<int>(long_size), layout_.big_endian != base::kHostBigEndian);
  uint64_t end = header + (commit & kCommitMask);
  if (!layout_.old_format && (commit & kMissedEvents) && (commit & kMissedStored)) end += long_size;
  if (end > available) {
    fail(available < layout_.page_size ? Status::kTruncated : Status::kBadPage);
    return false;
  }
  // PageReader only reads the page; its interface is kbuffer's.
  reader_.load(const_cast<std::byte*>(page));
  page_loaded_ = true;
  return true;
}

void CpuStream::fill_record(void* event, unsigned long long ts) {
  record_.ts = time_->apply(ts, index_);
  record_.data = event;
  record_.size = reader_.event_size();
  record_.record_size = reader_.curr_size();
  record_.missed_events = reader_.missed_events();
  record_.offset = page_offset_ + static_cast<uint64_t>(reader_.curr_offset());
  has_record_ = true;
}

bool CpuStream::advance() {
  if (done_) return false;
  if (page_loaded_) {
    unsigned long long ts = 0;
    void* event = reader_.next_event(&ts);
    if (event) {
      fill_record(event, ts);
      return true;
    }
  }
  if (next_page()) return true;
  has_record_ = false;
  done_ = true;
  return false;
}

}  // namespace tep::trace_dat
