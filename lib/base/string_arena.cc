// SPDX-License-Identifier: LGPL-2.1
#include "base/string_arena.h"

#include <algorithm>

#include "base/per_thread.h"
#include "base/sanitizers.h"

namespace tep::base {

namespace {

// Full-size blocks of arenas that died on this thread. Sanitizer builds keep
// none, so a use after the arena's death is still reported.
struct SpareBlocks {
  static constexpr size_t kMax = kSanitized ? 0 : 512;  // 8 MiB of StringArena's 16 KiB blocks
  std::vector<std::unique_ptr<char[]>> blocks;
};

}  // namespace

StringArena::~StringArena() {
  if (SpareBlocks::kMax == 0) return;
  std::vector<std::unique_ptr<char[]>>* spare = nullptr;
  for (Block& b : blocks_) {
    if (b.size != kMaxBlock) continue;
    if (!spare) spare = &per_thread<SpareBlocks>().blocks;
    if (spare->size() >= SpareBlocks::kMax) break;
    spare->push_back(std::move(b.bytes));
  }
}

char* StringArena::allocate_in_new_block(size_t size) {
  if (size > kMaxBlock / 4) {  // big ones get their own block, keeping the current one
    blocks_.push_back({std::unique_ptr<char[]>(new char[size]), size});
    return blocks_.back().bytes.get();
  }
  const size_t block = std::max(next_block_, size);
  next_block_ = std::min(next_block_ * 2, kMaxBlock);
  std::unique_ptr<char[]> bytes;
  if (block == kMaxBlock && SpareBlocks::kMax > 0) {
    auto& spare = per_thread<SpareBlocks>().blocks;
    if (!spare.empty()) {
      bytes = std::move(spare.back());
      spare.pop_back();
    }
  }
  if (!bytes) bytes.reset(new char[block]);
  blocks_.push_back({std::move(bytes), block});
  free_ = blocks_.back().bytes.get();
  free_size_ = block - size;
  char* out = free_;
  free_ += size;
  return out;
}

}  // namespace tep::base
