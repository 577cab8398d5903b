// SPDX-License-Identifier: LGPL-2.1
// StringArena: copies are NUL-terminated, writable, and never move while the
// arena grows; big requests get their own block without wasting the current one.
#include "base/string_arena.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "base/sanitizers.h"

namespace tep::base {
namespace {

TEST(StringArena, CopiesAreNulTerminated) {
  StringArena arena;
  const char* a = arena.copy("sched_switch");
  EXPECT_STREQ(a, "sched_switch");
  const char* empty = arena.copy("");
  ASSERT_NE(empty, nullptr);
  EXPECT_STREQ(empty, "");
  const char* b = arena.copy(std::string_view("prev_comm and more", 9));
  EXPECT_STREQ(b, "prev_comm");
  EXPECT_NE(a, b);
}

TEST(StringArena, EmbeddedNulsAreCopied) {
  StringArena arena;
  const std::string_view text("a\0b", 3);
  const char* copy = arena.copy(text);
  EXPECT_EQ(std::string_view(copy, 4), std::string_view("a\0b\0", 4));
}

TEST(StringArena, CopiesNeverMoveAsTheArenaGrows) {
  StringArena arena;
  std::vector<std::string> texts;
  std::vector<const char*> copies;
  // Sizes from 0 to well past the big-block threshold, so every path runs.
  for (size_t i = 0; i < 3000; i++) {
    texts.push_back(std::string(i % 97 == 0 ? i * 3 : i % 61, static_cast<char>('a' + i % 26)));
    copies.push_back(arena.copy(texts.back()));
  }
  for (size_t i = 0; i < texts.size(); i++) ASSERT_STREQ(copies[i], texts[i].c_str()) << i;
}

TEST(StringArena, AllocationsAreWritableAndDisjoint) {
  StringArena arena;
  std::vector<std::pair<char*, size_t>> blocks;
  for (size_t size : {1u, 7u, 256u, 255u, 4096u, 4097u, 20000u, 3u}) {
    char* p = arena.allocate(size);
    ASSERT_NE(p, nullptr);
    memset(p, static_cast<int>(blocks.size() + 1), size);  // ASan: the whole size is ours
    blocks.emplace_back(p, size);
  }
  for (size_t i = 0; i < blocks.size(); i++)
    for (size_t j = 0; j < blocks[i].second; j++) ASSERT_EQ(blocks[i].first[j], static_cast<char>(i + 1)) << i;
}

TEST(StringArena, BigRequestsKeepTheCurrentBlock) {
  StringArena arena;
  char* small = arena.allocate(10);
  char* big = arena.allocate(64 * 1024);
  char* next = arena.allocate(10);
  ASSERT_NE(big, nullptr);
  EXPECT_EQ(next, small + 10);
}

TEST(StringArena, SmallRequestsShareABlock) {
  StringArena arena;
  char* first = arena.allocate(100);
  char* second = arena.allocate(100);
  EXPECT_EQ(second, first + 100);
  // The first block (256 bytes) cannot hold another 100: a new one starts.
  char* third = arena.allocate(100);
  EXPECT_TRUE(third < first || third >= first + 256);
  EXPECT_EQ(arena.allocate(50), third + 100);
}

TEST(StringArena, ZeroedObjectsAreAlignedAndZeroed) {
  StringArena arena;
  struct Node {
    void* p;
    long long v;
    int k;
  };
  arena.allocate(3);  // leaves the arena unaligned
  for (int i = 0; i < 2000; i++) {
    Node* n = arena.make_zeroed<Node>(i % 3 + 1);
    ASSERT_EQ(reinterpret_cast<uintptr_t>(n) % alignof(Node), 0u);
    for (int k = 0; k < i % 3 + 1; k++) {
      ASSERT_EQ(n[k].p, nullptr);
      ASSERT_EQ(n[k].v, 0);
      ASSERT_EQ(n[k].k, 0);
      n[k].v = -1;  // ASan: every object is ours
    }
    arena.allocate(i % 7);
  }
  void* big = arena.allocate_aligned(20000, 16);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(big) % 16, 0u);
}

// The full-size blocks of a dead arena serve the next one on the thread
// (not in sanitizer builds, which must see a use after the arena's death).
TEST(StringArena, FullBlocksAreReusedByTheNextArena) {
  std::vector<char*> first_blocks;
  {
    StringArena arena;
    for (int i = 0; i < 64; i++) first_blocks.push_back(arena.allocate(4000));
  }
  StringArena next;
  char* reused = nullptr;
  for (int i = 0; i < 64 && !reused; i++) {
    char* p = next.allocate(4000);
    for (char* old : first_blocks)
      if (p == old) reused = p;
  }
  if (kSanitized)
    SUCCEED();
  else
    EXPECT_NE(reused, nullptr);
}

}  // namespace
}  // namespace tep::base
