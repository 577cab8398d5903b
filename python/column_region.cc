// SPDX-License-Identifier: LGPL-2.1
#include "column_region.h"

#include <sys/mman.h>

#include <system_error>

#include "base/sanitizers.h"

namespace pytev {

std::shared_ptr<ColumnRegion> ColumnRegion::map(size_t bytes) {
  // ASan keeps its checks on memory it allocated itself.
  if (tep::base::kSanitized || bytes == 0) return nullptr;
  const size_t size = (bytes + kChunk - 1) / kChunk * kChunk;
  // One chunk more, to start on a 2 MiB boundary: a huge page needs one.
  void* mapped = mmap(nullptr, size + kChunk, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) return nullptr;
  auto* start = static_cast<uint8_t*>(mapped);
  auto* base = reinterpret_cast<uint8_t*>((reinterpret_cast<uintptr_t>(start) + kChunk - 1) & ~(kChunk - 1));
  if (base > start) munmap(start, static_cast<size_t>(base - start));
  if (base + size < start + size + kChunk)
    munmap(base + size, static_cast<size_t>(start + size + kChunk - (base + size)));
#ifdef MADV_HUGEPAGE
  madvise(base, size, MADV_HUGEPAGE);  // a hint: without it (or THP) the pages are 4 KiB
#endif
  return std::shared_ptr<ColumnRegion>(new ColumnRegion(base, size));
}

ColumnRegion::ColumnRegion(uint8_t* base, size_t size)
    : base_(base), size_(size), in_use_(new std::atomic<uint32_t>[size / kChunk]) {
  for (size_t i = 0; i < size / kChunk; i++) in_use_[i].store(0, std::memory_order_relaxed);
}

ColumnRegion::~ColumnRegion() {
  settle();
  unmap_idle(0, size_ / kChunk, true);
}

void ColumnRegion::populate_carved() {
#ifdef MADV_POPULATE_WRITE
  // Worth a thread from a few megabytes on; a kernel without it (before 5.14) says EINVAL.
  if (used_ < kChunk * 2 || populating_.joinable()) return;
  try {
    populating_ = std::thread([at = base_, size = used_] { madvise(at, size, MADV_POPULATE_WRITE); });
  } catch (const std::system_error&) {
    // No thread to be had: the pass faults its pages in itself.
  }
#endif
}

void ColumnRegion::settle() {
  std::lock_guard lock(settling_);
  if (populating_.joinable()) populating_.join();
}

void* ColumnRegion::carve(size_t bytes) {
  bytes = (bytes + kAlign - 1) / kAlign * kAlign;
  if (bytes == 0 || bytes > size_ - used_) return nullptr;
  uint8_t* at = base_ + used_;
  for (size_t c = used_ / kChunk; c <= (used_ + bytes - 1) / kChunk; c++)
    in_use_[c].fetch_add(1, std::memory_order_relaxed);
  used_ += bytes;
  return at;
}

void ColumnRegion::release(const void* at, size_t bytes) {
  settle();
  const size_t offset = static_cast<size_t>(static_cast<const uint8_t*>(at) - base_);
  const size_t first = offset / kChunk, last = (offset + (bytes ? bytes : 1) - 1) / kChunk;
  for (size_t c = first; c <= last; c++)
    if (in_use_[c].fetch_sub(1, std::memory_order_acq_rel) == 1 && (c + 1) * kChunk <= used_)
      unmap_idle(c, c + 1, false);
}

// Chunks [first, last) that hold nothing in use (all of them when the region
// goes), unmapped a run at a time.
void ColumnRegion::unmap_idle(size_t first, size_t last, bool all) {
  size_t run = first;
  auto flush = [&](size_t end) {
    if (end > run) munmap(base_ + run * kChunk, (end - run) * kChunk);
  };
  for (size_t c = first; c < last; c++) {
    uint32_t expected = 0;
    bool idle = in_use_[c].compare_exchange_strong(expected, kUnmapped, std::memory_order_acq_rel);
    if (!idle && all && expected != kUnmapped) idle = true;
    if (!idle) {
      flush(c);
      run = c + 1;
    }
  }
  flush(last);
}

}  // namespace pytev
