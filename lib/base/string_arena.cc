// SPDX-License-Identifier: LGPL-2.1
#include "base/string_arena.h"

#include <algorithm>

namespace tep::base {

char* StringArena::allocate_in_new_block(size_t size) {
  if (size > kMaxBlock / 4) {  // big ones get their own block, keeping the current one
    blocks_.push_back(std::unique_ptr<char[]>(new char[size]));
    return blocks_.back().get();
  }
  const size_t block = std::max(next_block_, size);
  next_block_ = std::min(next_block_ * 2, kMaxBlock);
  blocks_.push_back(std::unique_ptr<char[]>(new char[block]));
  free_ = blocks_.back().get();
  free_size_ = block - size;
  char* out = free_;
  free_ += size;
  return out;
}

}  // namespace tep::base
