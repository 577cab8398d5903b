// SPDX-License-Identifier: LGPL-2.1
#include "base/string_arena.h"

#include <cstring>

namespace tep {

char* StringArena::allocate(size_t size) {
  if (size > kBlockSize / 4) {  // big ones get their own block, keeping the current one
    blocks_.push_back(std::make_unique_for_overwrite<char[]>(size));
    return blocks_.back().get();
  }
  if (size > free_size_) {
    blocks_.push_back(std::make_unique_for_overwrite<char[]>(kBlockSize));
    free_ = blocks_.back().get();
    free_size_ = kBlockSize;
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
