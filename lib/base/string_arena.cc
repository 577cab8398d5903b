// SPDX-License-Identifier: LGPL-2.1
#include "base/string_arena.h"

#include <algorithm>
#include <cstring>

namespace tep {

char* StringArena::allocate(size_t size) {
  if (size > kMaxBlock / 4) {  // big ones get their own block, keeping the current one
    blocks_.push_back(std::make_unique_for_overwrite<char[]>(size));
    return blocks_.back().get();
  }
  if (size > free_size_) {
    const size_t block = std::max(next_block_, size);
    next_block_ = std::min(next_block_ * 2, kMaxBlock);
    blocks_.push_back(std::make_unique_for_overwrite<char[]>(block));
    free_ = blocks_.back().get();
    free_size_ = block;
  }
  char* out = free_;
  free_ += size;
  free_size_ -= size;
  return out;
}

const char* StringArena::copy(std::string_view text) {
  char* out = allocate(text.size() + 1);
  if (!text.empty()) memcpy(out, text.data(), text.size());
  out[text.size()] = '\0';
  return out;
}

}  // namespace tep
