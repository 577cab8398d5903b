// SPDX-License-Identifier: LGPL-2.1
// ColumnRegion: carving, the chunks given back as their arrays go, the
// allocator's fallback.
#include "column_region.h"

#include <gtest/gtest.h>
#include <sys/mman.h>

#include "base/sanitizers.h"

namespace pytev {
namespace {

constexpr size_t kChunk = ColumnRegion::kChunk;

// Whether the page at `p` is mapped (mincore fails with ENOMEM where nothing is).
bool mapped(const void* p) {
  unsigned char resident = 0;
  auto* page = reinterpret_cast<void*>(reinterpret_cast<uintptr_t>(p) & ~uintptr_t{4095});
  return mincore(page, 4096, &resident) == 0;
}

class Region : public ::testing::Test {
 protected:
  void SetUp() override {
    if (tep::base::kSanitized) GTEST_SKIP() << "no region under a sanitizer (the heap is checked instead)";
  }
};

TEST_F(Region, CarvesAlignedZeroedMemoryUntilFull) {
  auto region = ColumnRegion::map(kChunk + 1);
  ASSERT_NE(region, nullptr);
  auto* a = static_cast<uint8_t*>(region->carve(100));
  auto* b = static_cast<uint8_t*>(region->carve(100));
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a) % kChunk, 0u);  // a huge page can back it
  EXPECT_EQ(b - a, 128);                                   // rounded to 64 bytes
  for (int i = 0; i < 100; i++) EXPECT_EQ(a[i] | b[i], 0);
  EXPECT_NE(region->carve(2 * kChunk - 256), nullptr);  // the rest of the two chunks
  EXPECT_EQ(region->carve(64), nullptr);
  EXPECT_EQ(region->carve(0), nullptr);
}

TEST_F(Region, ChunksGoOnceTheirArraysDo) {
  auto region = ColumnRegion::map(3 * kChunk);
  ASSERT_NE(region, nullptr);
  auto* first = static_cast<uint8_t*>(region->carve(kChunk / 2));  // [0, 1) MiB: chunk 0
  auto* spanning = static_cast<uint8_t*>(region->carve(kChunk));   // [1, 3): chunks 0 and 1
  auto* last = static_cast<uint8_t*>(region->carve(kChunk));       // [3, 5): chunks 1 and 2
  ASSERT_TRUE(first && spanning && last);
  region->release(first, kChunk / 2);
  EXPECT_TRUE(mapped(first));  // `spanning` still lies in chunk 0
  region->release(spanning, kChunk);
  EXPECT_FALSE(mapped(first));
  EXPECT_TRUE(mapped(spanning + kChunk - 64));  // chunk 1 holds `last` too
  region->release(last, kChunk);
  EXPECT_FALSE(mapped(last));               // chunk 1: carving has passed it
  EXPECT_TRUE(mapped(last + kChunk - 64));  // chunk 2: carving might still use it
  region.reset();
  EXPECT_FALSE(mapped(last + kChunk - 64));
}

TEST_F(Region, VectorsTakeTheRegionThenTheHeap) {
  auto region = ColumnRegion::map(kChunk);
  ASSERT_NE(region, nullptr);
  ColumnVector<int64_t> in_region{RegionAllocator<int64_t>(region)};
  in_region.reserve(1000);
  EXPECT_TRUE(region->holds(in_region.data()));
  in_region.resize(1000);
  EXPECT_EQ(in_region[999], 0);
  ColumnVector<int64_t> too_big{RegionAllocator<int64_t>(region)};
  too_big.reserve(kChunk / 8);  // more than is left
  EXPECT_FALSE(region->holds(too_big.data()));
  too_big.resize(10);
  EXPECT_EQ(too_big[9], 0);                // calloc's
  ColumnVector<int64_t> copy = in_region;  // a copy carves nothing
  EXPECT_FALSE(region->holds(copy.data()));
  EXPECT_EQ(copy.size(), 1000u);
}

TEST_F(Region, PopulatedWhileFilled) {
  auto region = ColumnRegion::map(3 * kChunk);
  ASSERT_NE(region, nullptr);
  auto* array = static_cast<uint8_t*>(region->carve(3 * kChunk));
  ASSERT_NE(array, nullptr);
  region->populate_carved();
  for (size_t i = 0; i < 3 * kChunk; i += 4096) EXPECT_EQ(array[i]++, 0);  // alongside the populating thread
  region->release(array, 3 * kChunk);                                      // waits for it
  region.reset();
  EXPECT_FALSE(mapped(array));
}

TEST(RegionMap, NothingToMap) { EXPECT_EQ(ColumnRegion::map(0), nullptr); }

}  // namespace
}  // namespace pytev
