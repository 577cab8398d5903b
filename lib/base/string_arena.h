// SPDX-License-Identifier: LGPL-2.1
// StringArena: NUL-terminated copies, and zeroed arrays of plain objects, that
// never move and live as long as the arena (the symbol tables hand these
// pointers to C callers, who keep them; a handle's events keep their fields
// and print args in one, so a handle's life is a few hundred mallocs, not tens
// of thousands, and tep_free drops them without visiting each object).
// The full-size blocks of an arena that dies are kept for the next arena of
// the thread, up to 8 MiB (SpareBlocks in string_arena.cc): freed at once,
// megabytes of them are handed back to the kernel (glibc trims the top of the
// heap), and a program opening trace after trace faulted every page in again.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <type_traits>
#include <vector>

namespace tep::base {

class StringArena {
 public:
  StringArena() = default;
  ~StringArena();
  StringArena(const StringArena&) = delete;
  StringArena& operator=(const StringArena&) = delete;

  // A stable NUL-terminated copy of `text`.
  const char* copy(std::string_view text) {
    char* out = allocate(text.size() + 1);
    if (!text.empty()) memcpy(out, text.data(), text.size());
    out[text.size()] = '\0';
    return out;
  }
  // `size` writable bytes that stay put until the arena dies.
  char* allocate(size_t size) {
    if (__builtin_expect(size > free_size_ || size > kMaxBlock / 4, 0)) return allocate_in_new_block(size);
    char* out = free_;
    free_ += size;
    free_size_ -= size;
    return out;
  }
  // `count` zeroed objects of a plain C type, aligned for it.
  template <typename T>
  T* make_zeroed(size_t count = 1) {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
    static_assert(alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__);
    void* out = allocate_aligned(sizeof(T) * count, alignof(T));
    memset(out, 0, sizeof(T) * count);
    return static_cast<T*>(out);
  }
  // `size` bytes aligned to `align` (a power of two, at most operator new's).
  void* allocate_aligned(size_t size, size_t align) {
    const size_t pad = (0 - reinterpret_cast<uintptr_t>(free_)) & (align - 1);
    if (__builtin_expect(pad + size > free_size_ || size > kMaxBlock / 4, 0))
      return allocate_in_new_block(size);  // a block starts aligned for any type
    char* out = free_ + pad;
    free_ = out + size;
    free_size_ -= pad + size;
    return out;
  }

 private:
  char* allocate_in_new_block(size_t size);

  // Blocks double from 256 bytes to 16 KiB: a standalone event keeps a few
  // short strings, a handle's events or a symbol table megabytes.
  static constexpr size_t kFirstBlock = 256, kMaxBlock = 16 * 1024;
  struct Block {
    std::unique_ptr<char[]> bytes;
    size_t size;
  };
  std::vector<Block> blocks_;
  size_t next_block_ = kFirstBlock;
  char* free_ = nullptr;
  size_t free_size_ = 0;
};

}  // namespace tep::base
