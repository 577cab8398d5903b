// SPDX-License-Identifier: LGPL-2.1
// ColumnRegion: the memory of one pass's column arrays, mapped at once at the
// size the record counts give, with transparent huge pages asked for. Faulting
// in a pass's arrays 4 KiB at a time cost about a third of dataframes() (some
// 20,000 faults for 60 MB of frames); one 2 MiB page per fault takes a few
// dozen. The arrays live on in numpy, so the region is released in 2 MiB
// chunks: a chunk is unmapped once no array in it lives, and a frame kept
// alone keeps only the chunks its own arrays lie in.
//
// ColumnVector<T> is a std::vector whose storage comes from a region when it
// was given one (else from calloc), and whose elements are not zeroed on
// resize: both kinds of storage arrive zeroed and a vector's elements are
// written before they are read.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

namespace pytev {

class ColumnRegion {
 public:
  static constexpr size_t kChunk = size_t{2} << 20;
  static constexpr size_t kAlign = 64;

  // A region of at least `bytes`, or nullptr (nothing to map, the map failed,
  // or a sanitizer is watching the heap).
  static std::shared_ptr<ColumnRegion> map(size_t bytes);
  ~ColumnRegion();
  ColumnRegion(const ColumnRegion&) = delete;
  ColumnRegion& operator=(const ColumnRegion&) = delete;

  // `bytes` of zeroed memory, or nullptr when the region has no room.
  void* carve(size_t bytes);
  // Memory carve() gave, no longer used: its chunks are unmapped once no other
  // carved memory in them is in use and carving has moved past them.
  void release(const void* at, size_t bytes);
  bool holds(const void* p) const { return p >= base_ && p < base_ + size_; }
  // Faults in what was carved so far on a thread of its own, while the caller
  // fills it: zeroing each new page (2 MiB of them, or 4 KiB) is the kernel's
  // work, and in a virtual machine whose host took the memory back it was a
  // fifth of dataframes(). For arrays that will be filled to their end only.
  void populate_carved();
  // Waits for the populating thread, if any. A pass calls it before its frames
  // reach Python: a thread left to be joined later would not exist in a child
  // that fork() made meanwhile.
  void settle();

  // An array's room in the region: `rows` values of `width` bytes, aligned.
  static size_t room(size_t rows, size_t width) { return (rows * width + kAlign - 1) / kAlign * kAlign; }

 private:
  ColumnRegion(uint8_t* base, size_t size);
  void unmap_idle(size_t first, size_t last, bool all);

  uint8_t* base_;
  size_t size_;
  size_t used_ = 0;
  // Per chunk: carved arrays in use in it; kUnmapped once gone.
  std::unique_ptr<std::atomic<uint32_t>[]> in_use_;
  static constexpr uint32_t kUnmapped = ~uint32_t{0};
  std::mutex settling_;
  std::thread populating_;
};

template <typename T>
struct RegionAllocator {
  using value_type = T;
  using propagate_on_container_move_assignment = std::true_type;
  using propagate_on_container_swap = std::true_type;
  using is_always_equal = std::false_type;

  std::shared_ptr<ColumnRegion> region;

  RegionAllocator() = default;
  explicit RegionAllocator(std::shared_ptr<ColumnRegion> r) : region(std::move(r)) {}
  template <typename U>
  RegionAllocator(const RegionAllocator<U>& other) : region(other.region) {}

  // A copy carves nothing of the region: only the arrays of a pass belong there.
  RegionAllocator select_on_container_copy_construction() const { return {}; }

  T* allocate(size_t n) {
    if (region)
      if (void* p = region->carve(n * sizeof(T))) return static_cast<T*>(p);
    if (void* p = std::calloc(n, sizeof(T))) return static_cast<T*>(p);
    throw std::bad_alloc();
  }
  void deallocate(T* p, size_t n) {
    if (region && region->holds(p))
      region->release(p, n * sizeof(T));
    else
      std::free(p);
  }
  // Default-initialised: the storage is zeroed already.
  template <typename U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <typename U, typename... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }

  template <typename U>
  bool operator==(const RegionAllocator<U>& other) const {
    return region == other.region;
  }
};

template <typename T>
using ColumnVector = std::vector<T, RegionAllocator<T>>;

}  // namespace pytev
