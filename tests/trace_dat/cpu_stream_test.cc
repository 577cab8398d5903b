// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/cpu_stream.h"

#include <gtest/gtest.h>
#include <zstd.h>

#include "dat_builder.h"

namespace tep::trace_dat {
namespace {

using trace_dat_test::ByteVec;
using trace_dat_test::make_page;
using trace_dat_test::PageEvent;
using trace_dat_test::tick_payload;
using trace_dat_test::Writer;

constexpr uint32_t kPage = 4096;

ByteVec two_pages(bool big_endian, int long_size) {
  ByteVec data = make_page(kPage, long_size, big_endian, 1000,
                           {{0, tick_payload(big_endian, 1, 1)}, {10, tick_payload(big_endian, 1, 2)}});
  ByteVec second = make_page(kPage, long_size, big_endian, 5000, {{5, tick_payload(big_endian, 1, 3)}});
  data.insert(data.end(), second.begin(), second.end());
  return data;
}

std::vector<uint64_t> timestamps(CpuStream& stream) {
  std::vector<uint64_t> out;
  while (stream.advance()) out.push_back(stream.current()->ts);
  return out;
}

TEST(CpuStream, ReadsPagesInEveryLayout) {
  TimeConversion time;
  for (bool big : {false, true}) {
    for (int long_size : {4, 8}) {
      ByteVec data = two_pages(big, long_size);
      PageLayout layout{kPage, long_size == 8, big, false};
      CpuStream stream(3, 0, data, 0, false, layout, nullptr, nullptr, &time);
      ASSERT_TRUE(stream.advance());
      const tep_record* r = stream.current();
      EXPECT_EQ(r->cpu, 3);
      EXPECT_EQ(r->ts, 1000u);
      EXPECT_EQ(r->size, 16);
      EXPECT_EQ(r->offset, static_cast<uint64_t>(long_size == 8 ? 16 : 12));  // the event header
      EXPECT_EQ(timestamps(stream), (std::vector<uint64_t>{1010, 5005})) << big << long_size;
      EXPECT_EQ(stream.status(), Status::kOk);
      EXPECT_FALSE(stream.current());
    }
  }
}

TEST(CpuStream, CompressedChunks) {
  ByteVec pages = two_pages(false, 8);
  Writer w(false);
  w.u32(2);  // two chunks of one page each
  for (size_t at = 0; at < pages.size(); at += kPage) {
    ByteVec page(pages.begin() + at, pages.begin() + at + kPage);
    ByteVec packed(ZSTD_compressBound(page.size()));
    packed.resize(ZSTD_compress(packed.data(), packed.size(), page.data(), page.size(), 1));
    w.u32(packed.size());
    w.u32(page.size());
    w.bytes(packed);
  }
  auto zstd = make_decompressor("zstd");
  TimeConversion time;
  ChunkBudget budget{1 << 20};
  PageLayout layout{kPage, true, false, false};
  CpuStream stream(0, 0, w.out(), 0, true, layout, zstd.get(), &budget, &time);
  EXPECT_EQ(timestamps(stream), (std::vector<uint64_t>{1000, 1010, 5005}));
  EXPECT_EQ(stream.status(), Status::kOk);

  // Cut inside the second chunk: the first chunk's records, then truncation.
  ByteVec cut(w.out().begin(), w.out().end() - 5);
  CpuStream short_stream(0, 0, cut, 0, true, layout, zstd.get(), &budget, &time);
  EXPECT_EQ(timestamps(short_stream), (std::vector<uint64_t>{1000, 1010}));
  EXPECT_EQ(short_stream.status(), Status::kTruncated);

  // A chunk claiming 4 GiB.
  Writer huge(false);
  huge.u32(1);
  huge.u32(16);
  huge.u32(0xffffffff);
  huge.bytes(ByteVec(16));
  CpuStream huge_stream(0, 0, huge.out(), 0, true, layout, zstd.get(), &budget, &time);
  EXPECT_FALSE(huge_stream.advance());
  EXPECT_EQ(huge_stream.status(), Status::kTooLarge);
}

TEST(CpuStream, ADamagedPageEndsTheCpu) {
  ByteVec data = two_pages(false, 8);
  // The second page's commit claims more than the page holds.
  Writer commit(false);
  commit.u64(kPage);
  std::copy(commit.out().begin(), commit.out().end(), data.begin() + kPage + 8);
  TimeConversion time;
  PageLayout layout{kPage, true, false, false};
  CpuStream stream(0, 0, data, 0, false, layout, nullptr, nullptr, &time);
  EXPECT_EQ(timestamps(stream), (std::vector<uint64_t>{1000, 1010}));
  EXPECT_EQ(stream.status(), Status::kBadPage);
}

TEST(CpuStream, AShortLastPageIsReadWhenItsDataIsThere) {
  ByteVec data = two_pages(false, 8);
  data.resize(kPage + 64);
  TimeConversion time;
  PageLayout layout{kPage, true, false, false};
  CpuStream stream(0, 0, data, 0, false, layout, nullptr, nullptr, &time);
  EXPECT_EQ(timestamps(stream), (std::vector<uint64_t>{1000, 1010, 5005}));
  EXPECT_EQ(stream.status(), Status::kOk);
  data.resize(kPage + 30);  // the second page's event is cut
  CpuStream cut(0, 0, data, 0, false, layout, nullptr, nullptr, &time);
  EXPECT_EQ(timestamps(cut), (std::vector<uint64_t>{1000, 1010}));
  EXPECT_EQ(cut.status(), Status::kTruncated);
}

TEST(CpuStream, ChunksShareABudget) {
  // Two CPUs whose chunk claims 64 KiB each, with room for one.
  ByteVec page(65536);
  ByteVec packed(ZSTD_compressBound(page.size()));
  packed.resize(ZSTD_compress(packed.data(), packed.size(), page.data(), page.size(), 1));
  Writer w(false);
  w.u32(1);
  w.u32(packed.size());
  w.u32(page.size());
  w.bytes(packed);
  auto zstd = make_decompressor("zstd");
  TimeConversion time;
  ChunkBudget budget{100000};
  PageLayout layout{kPage, true, false, false};
  CpuStream first(0, 0, w.out(), 0, true, layout, zstd.get(), &budget, &time);
  CpuStream second(1, 1, w.out(), 0, true, layout, zstd.get(), &budget, &time);
  EXPECT_FALSE(first.advance());  // empty pages: no records
  EXPECT_EQ(first.status(), Status::kOk);
  EXPECT_FALSE(second.advance());
  EXPECT_EQ(second.status(), Status::kTooLarge);
}

TEST(CpuStream, MissedEventsOnThePageComeWithItsFirstRecord) {
  // Bit 31: events were lost before this page; bit 30: their count follows the data.
  ByteVec page = make_page(kPage, 8, false, 100, {{0, tick_payload(false, 1, 1)}, {1, tick_payload(false, 1, 2)}},
                           (1ull << 31) | (1ull << 30) | 40);
  Writer count(false);
  count.u64(7);
  std::copy(count.out().begin(), count.out().end(), page.begin() + 16 + 40);
  TimeConversion time;
  PageLayout layout{kPage, true, false, false};
  CpuStream stream(0, 0, page, 0, false, layout, nullptr, nullptr, &time);
  ASSERT_TRUE(stream.advance());
  EXPECT_EQ(stream.current()->missed_events, 7);
  ASSERT_TRUE(stream.advance());
  EXPECT_EQ(stream.current()->missed_events, 0);
}

TEST(CpuStream, TimestampsGoThroughTheConversion) {
  ByteVec data = two_pages(false, 8);
  TimeConversion time;
  time.offset = 1;
  time.host_samples = {{}, {{0, 100, 1, 0}}};
  PageLayout layout{kPage, true, false, false};
  CpuStream stream(5, 1, data, 0, false, layout, nullptr, nullptr, &time);
  EXPECT_EQ(timestamps(stream), (std::vector<uint64_t>{1101, 1111, 5106}));
}

}  // namespace
}  // namespace tep::trace_dat
