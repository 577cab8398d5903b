// SPDX-License-Identifier: LGPL-2.1
// StringArena: NUL-terminated copies that never move and live as long as the
// arena (the symbol tables hand these pointers to C callers, who keep them).
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

namespace tep::base {

class StringArena {
 public:
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

 private:
  char* allocate_in_new_block(size_t size);

  // Blocks double from 256 bytes to 16 KiB: an event's print fmt keeps a
  // few short strings, a symbol table megabytes.
  static constexpr size_t kFirstBlock = 256, kMaxBlock = 16 * 1024;
  std::vector<std::unique_ptr<char[]>> blocks_;
  size_t next_block_ = kFirstBlock;
  char* free_ = nullptr;
  size_t free_size_ = 0;
};

}  // namespace tep::base
