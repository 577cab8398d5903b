// SPDX-License-Identifier: LGPL-2.1
// kbuffer::PageReader, through kbuffer.h (struct kbuffer is the reader), on
// pages built here: byte orders, long sizes, time markers, missed events,
// padding, offsets, read_buffer/refresh/dup, the old format, and corrupt pages
// that must end the walk instead of looping or reading past it.
#include <gtest/gtest.h>

#include <cstdint>
#include <algorithm>
#include <cstring>
#include <vector>

#include "event-parse.h"
#include "kbuffer.h"

namespace {

constexpr size_t kPage = 4096;

// Writes one sub-buffer in the requested layout.
class PageBuilder {
 public:
  PageBuilder(int long_size, bool big, uint64_t ts) : long_size_(long_size), big_(big), ts_(ts) {}

  void word(unsigned type_len, uint32_t delta) {
    delta &= (1u << 27) - 1;
    u32(big_ ? (type_len << 27) | delta : (delta << 5) | type_len);
  }
  void u32(uint32_t v) { put(v, 4); }
  void data(uint32_t delta, unsigned bytes) {
    if (bytes >= 4 && bytes <= 112) {
      word(bytes / 4, delta);
    } else {
      word(0, delta);
      u32(bytes + 4);
    }
    for (unsigned i = 0; i < bytes; i++) body_.push_back(static_cast<uint8_t>(i));
  }
  void extend(uint64_t delta) {
    word(KBUFFER_TYPE_TIME_EXTEND, static_cast<uint32_t>(delta));
    u32(static_cast<uint32_t>(delta >> 27));
  }
  void stamp(uint64_t ts) {
    word(KBUFFER_TYPE_TIME_STAMP, static_cast<uint32_t>(ts));
    u32(static_cast<uint32_t>(ts >> 27));
  }
  // The padded bytes are written only for a plausible length.
  void padding(uint32_t delta, uint32_t length) {
    word(KBUFFER_TYPE_PADDING, delta);
    u32(length);
    if (length < kPage) body_.insert(body_.end(), length > 4 ? length - 4 : 0, 0);
  }
  size_t size() const { return body_.size(); }

  std::vector<uint8_t> build(uint64_t flags = 0, int64_t lost = -1, int64_t commit = -1) const {
    std::vector<uint8_t> page(kPage + 64, 0);
    size_t start = long_size_ == 8 ? 16 : 12;
    store(page.data(), ts_, 8);
    uint64_t size = commit >= 0 ? static_cast<uint64_t>(commit) : body_.size();
    store(page.data() + 8, size | flags, long_size_);
    memcpy(page.data() + start, body_.data(), std::min(body_.size(), kPage - start));
    if (lost >= 0) store(page.data() + start + body_.size(), static_cast<uint64_t>(lost), long_size_);
    return page;
  }

 private:
  void put(uint64_t v, int n) {
    uint8_t b[8];
    store(b, v, n);
    body_.insert(body_.end(), b, b + n);
  }
  void store(uint8_t* p, uint64_t v, int n) const {
    for (int i = 0; i < n; i++) p[big_ ? n - 1 - i : i] = static_cast<uint8_t>(v >> (8 * i));
  }
  int long_size_;
  bool big_;
  uint64_t ts_;
  std::vector<uint8_t> body_;
};

struct Event {
  unsigned long long ts;
  int offset, size;
  bool operator==(const Event&) const = default;
};

struct Reader {
  kbuffer* kb;
  Reader(int long_size, bool big)
      : kb(kbuffer_alloc(long_size == 8 ? KBUFFER_LSIZE_8 : KBUFFER_LSIZE_4,
                         big ? KBUFFER_ENDIAN_BIG : KBUFFER_ENDIAN_LITTLE)) {}
  ~Reader() { kbuffer_free(kb); }
  std::vector<Event> walk(std::vector<uint8_t>& page) {
    std::vector<Event> out;
    EXPECT_EQ(kbuffer_load_subbuffer(kb, page.data()), 0);
    unsigned long long ts;
    for (void* e = kbuffer_read_event(kb, &ts); e && out.size() < 10000; e = kbuffer_next_event(kb, &ts))
      out.push_back({ts, kbuffer_curr_offset(kb), kbuffer_event_size(kb)});
    return out;
  }
};

class Layouts : public testing::TestWithParam<std::tuple<int, bool>> {};

TEST_P(Layouts, WalksEventsAndTimeMarkers) {
  auto [ls, big] = GetParam();
  int start = ls == 8 ? 16 : 12;
  PageBuilder b(ls, big, 1000);
  b.extend(1ull << 30);  // before the first event: skipped, and start_of_data after it
  b.data(3, 16);
  b.data(4, 200);  // needs the length word
  b.padding(5, 24);  // a discarded event, stepped over once
  b.data(1, 8);
  auto page = b.build();
  Reader r(ls, big);
  auto events = r.walk(page);
  std::vector<Event> want = {{1000 + (1ull << 30) + 3, start + 8, 16},
                             {1000 + (1ull << 30) + 7, start + 28, 200},
                             {1000 + (1ull << 30) + 13, start + 264, 8}};
  EXPECT_EQ(events, want);
  kbuffer_load_subbuffer(r.kb, page.data());
  EXPECT_EQ(kbuffer_start_of_data(r.kb), start + 8);
  EXPECT_EQ(kbuffer_subbuffer_size(r.kb), static_cast<int>(b.size()));
  EXPECT_EQ(kbuffer_subbuffer(r.kb), page.data());
  EXPECT_EQ(kbuffer_subbuf_timestamp(r.kb, page.data()), 1000u);
}

TEST_P(Layouts, AbsoluteTimeStampKeepsTheTopBits) {
  auto [ls, big] = GetParam();
  PageBuilder b(ls, big, 0xf800000000001234ull);
  b.data(1, 8);
  b.stamp(0x0000123456789abcull);
  b.data(2, 8);
  auto page = b.build();
  Reader r(ls, big);
  auto events = r.walk(page);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].ts, 0xf800000000001235ull);
  EXPECT_EQ(events[1].ts, 0xf800123456789abcull + 2);
}

TEST_P(Layouts, MissedEvents) {
  auto [ls, big] = GetParam();
  PageBuilder b(ls, big, 1);
  b.data(1, 8);
  b.data(1, 8);
  Reader r(ls, big);
  auto page = b.build(1ull << 31);
  kbuffer_load_subbuffer(r.kb, page.data());
  EXPECT_EQ(kbuffer_missed_events(r.kb), -1);  // lost, count unknown
  kbuffer_next_event(r.kb, nullptr);
  EXPECT_EQ(kbuffer_missed_events(r.kb), 0);  // only the first event reports it
  page = b.build((1ull << 31) | (1ull << 30), 12345);
  kbuffer_load_subbuffer(r.kb, page.data());
  EXPECT_EQ(kbuffer_missed_events(r.kb), 12345);
  EXPECT_EQ(kbuffer_subbuffer_size(r.kb), static_cast<int>(b.size()));  // flags masked off
  page = b.build();
  kbuffer_load_subbuffer(r.kb, page.data());
  EXPECT_EQ(kbuffer_missed_events(r.kb), 0);
}

TEST_P(Layouts, ReadAtOffset) {
  auto [ls, big] = GetParam();
  int start = ls == 8 ? 16 : 12;
  PageBuilder b(ls, big, 10);
  b.extend(100);
  b.data(1, 8);
  b.data(1, 8);
  b.data(1, 8);
  auto page = b.build();
  Reader r(ls, big);
  auto events = r.walk(page);
  unsigned long long ts = 0;
  // At or before the first event: the first event.
  for (int offset : {0, 3, start, start + 4})
    EXPECT_EQ(kbuffer_read_at_offset(r.kb, offset, &ts), page.data() + start + 12) << offset;
  void* e = kbuffer_read_at_offset(r.kb, events[1].offset, &ts);
  EXPECT_EQ(ts, events[1].ts);
  EXPECT_EQ(kbuffer_curr_offset(r.kb), events[1].offset);
  EXPECT_NE(e, nullptr);
  e = kbuffer_read_at_offset(r.kb, events[1].offset + 1, &ts);  // rounds up
  EXPECT_EQ(kbuffer_curr_offset(r.kb), events[2].offset);
  EXPECT_EQ(kbuffer_read_at_offset(r.kb, 4000, &ts), nullptr);
}

TEST_P(Layouts, ReadBufferMakesAPageOfItsOwn) {
  auto [ls, big] = GetParam();
  PageBuilder b(ls, big, 500);
  for (int i = 0; i < 10; i++) b.data(10 + i, 12);
  auto page = b.build();
  Reader r(ls, big);
  auto all = r.walk(page);
  kbuffer_load_subbuffer(r.kb, page.data());
  kbuffer_next_event(r.kb, nullptr);
  kbuffer_next_event(r.kb, nullptr);  // copy from the third event on
  std::vector<uint8_t> copy(kPage + 64, 0);
  int start = ls == 8 ? 16 : 12;
  EXPECT_EQ(kbuffer_read_buffer(r.kb, copy.data(), start - 1), -1);
  int end = kbuffer_read_buffer(r.kb, copy.data(), start + 3 * 16);
  EXPECT_EQ(end, 5 * 16);  // three events copied, offset after them
  Reader again(ls, big);
  auto copied = again.walk(copy);
  ASSERT_EQ(copied.size(), 3u);
  for (int i = 0; i < 3; i++) EXPECT_EQ(copied[i].ts, all[2 + i].ts) << i;
  EXPECT_EQ(kbuffer_curr_offset(r.kb), all[5].offset);  // positioned after the copy
}

// Upstream 1.9.0: a copy from the page's first header keeps its lost events
// (both flags in commit, the count after the data); a later copy does not.
TEST_P(Layouts, ReadBufferKeepsMissedEvents) {
  auto [ls, big] = GetParam();
  const size_t start = ls == 8 ? 16 : 12;
  PageBuilder b(ls, big, 500);
  for (int i = 0; i < 4; i++) b.data(1, 12);
  auto long_at = [&](const std::vector<uint8_t>& p, size_t at) {
    uint64_t v = 0;
    for (int i = 0; i < ls; i++) v |= uint64_t{p[at + (big ? ls - 1 - i : i)]} << (8 * i);
    return v;
  };
  const uint64_t flags = ls == 8 ? 0xffffffffc0000000ull : 0xc0000000ull;  // upstream sign-extends
  Reader r(ls, big);
  for (auto [page_flags, lost, want] : {std::tuple{1ull << 31, int64_t{-1}, ~0ull},
                                        std::tuple{3ull << 30, int64_t{12345}, 12345ull}}) {
    auto page = b.build(page_flags, lost);
    kbuffer_load_subbuffer(r.kb, page.data());
    std::vector<uint8_t> copy(kPage + 64, 0xaa);
    ASSERT_EQ(kbuffer_read_buffer(r.kb, copy.data(), start + 2 * 16 + 8), 2 * 16);
    EXPECT_EQ(long_at(copy, 8), flags | 32);
    EXPECT_EQ(long_at(copy, start + 32), want & (ls == 8 ? ~0ull : 0xffffffffull));
    // The rest of the page: no flags.
    std::fill(copy.begin(), copy.end(), 0xaa);
    ASSERT_EQ(kbuffer_read_buffer(r.kb, copy.data(), kPage), 4 * 16);
    EXPECT_EQ(long_at(copy, 8), 32u);
    EXPECT_EQ(copy[start + 32], 0xaa);
  }
  // A stored count of 0 is no loss.
  auto page = b.build(3ull << 30, 0);
  kbuffer_load_subbuffer(r.kb, page.data());
  std::vector<uint8_t> copy(kPage + 64, 0xaa);
  ASSERT_EQ(kbuffer_read_buffer(r.kb, copy.data(), kPage), 4 * 16);
  EXPECT_EQ(long_at(copy, 8), 64u);
}

// 1.9.0 writes the whole count even past `len`; we stop at `len`.
TEST_P(Layouts, ReadBufferWritesNothingPastLen) {
  auto [ls, big] = GetParam();
  const size_t start = ls == 8 ? 16 : 12;
  PageBuilder b(ls, big, 500);
  for (int i = 0; i < 4; i++) b.data(1, 12);
  auto page = b.build(3ull << 30, 7);
  Reader r(ls, big);
  for (size_t room : {0, 2, 4}) {
    kbuffer_load_subbuffer(r.kb, page.data());
    std::vector<uint8_t> copy(kPage + 64, 0xaa);
    const int len = static_cast<int>(start + 4 * 16 + room);
    ASSERT_EQ(kbuffer_read_buffer(r.kb, copy.data(), len), 4 * 16);
    for (size_t i = len; i < copy.size(); i++) ASSERT_EQ(copy[i], 0xaa) << room << " " << i;
    if (room && !big) EXPECT_EQ(copy[start + 64], 7);
  }
}

TEST_P(Layouts, RefreshSeesNewEvents) {
  auto [ls, big] = GetParam();
  PageBuilder b(ls, big, 1);
  b.data(1, 8);
  b.data(1, 8);
  auto full = b.build();
  auto page = PageBuilder(b).build(0, -1, 12);  // the writer committed one event so far
  Reader r(ls, big);
  kbuffer_load_subbuffer(r.kb, page.data());
  EXPECT_EQ(kbuffer_next_event(r.kb, nullptr), nullptr);
  memcpy(page.data() + 8, full.data() + 8, ls);  // the writer commits the second
  EXPECT_EQ(kbuffer_refresh(r.kb), 0);
  EXPECT_NE(kbuffer_read_event(r.kb, nullptr), nullptr);
  kbuffer* dup = kbuffer_dup(r.kb);
  EXPECT_EQ(kbuffer_curr_offset(dup), kbuffer_curr_offset(r.kb));
  EXPECT_EQ(kbuffer_next_event(dup, nullptr), nullptr);
  EXPECT_NE(kbuffer_read_event(r.kb, nullptr), nullptr);  // the original did not move
  kbuffer_free(dup);
}

TEST_P(Layouts, RawWalk) {
  auto [ls, big] = GetParam();
  int start = ls == 8 ? 16 : 12;
  PageBuilder b(ls, big, 1);
  b.extend(5ull << 27);
  b.data(2, 8);
  b.padding(0, 12);
  auto page = b.build();
  Reader r(ls, big);
  kbuffer_raw_info info;
  info.next = page.data() + start;
  std::vector<int> types;
  while (kbuffer_raw_get(r.kb, page.data(), &info)) types.push_back(info.type);
  EXPECT_EQ(types, (std::vector<int>{KBUFFER_TYPE_TIME_EXTEND, 2, KBUFFER_TYPE_PADDING}));
}

INSTANTIATE_TEST_SUITE_P(All, Layouts,
                         testing::Combine(testing::Values(4, 8), testing::Values(false, true)));

TEST(KBuffer, ZeroLengthPaddingEndsThePage) {
  PageBuilder b(8, false, 1);
  b.data(1, 8);
  b.padding(0, 0);
  b.data(1, 8);
  auto page = b.build();
  Reader r(8, false);
  EXPECT_EQ(r.walk(page).size(), 1u);
}

// Lengths that would send upstream backwards or in place (it loops forever),
// an event running past commit, a header cut by commit: the walk ends.
TEST(KBuffer, CorruptPagesEndTheWalk) {
  std::vector<std::vector<uint8_t>> pages;
  {
    PageBuilder b(8, false, 1);
    b.data(1, 8);
    b.word(0, 1);
    b.u32(0xfffffff9);  // length -8
    pages.push_back(b.build());
  }
  {
    PageBuilder b(8, false, 1);
    b.data(1, 8);
    b.word(0, 1);
    b.u32(0);  // length -4
    pages.push_back(b.build());
  }
  {
    PageBuilder b(8, false, 1);
    b.data(1, 8);
    b.padding(1, 0xfffffff8);  // padding that goes backwards
    pages.push_back(b.build());
  }
  {
    PageBuilder b(8, false, 1);
    b.data(1, 8);
    b.data(1, 500);
    pages.push_back(b.build(0, -1, 100));  // event past commit
  }
  {
    PageBuilder b(8, false, 1);
    b.data(1, 8);
    b.word(0, 1);  // header whose length word is past commit
    pages.push_back(b.build());
  }
  for (auto& page : pages) {
    Reader r(8, false);
    auto events = r.walk(page);
    EXPECT_EQ(events.size(), 1u);
    kbuffer_raw_info info;
    info.next = page.data() + 16;
    int steps = 0;
    while (steps < 100 && kbuffer_raw_get(r.kb, page.data(), &info)) steps++;
    EXPECT_LT(steps, 100);
    std::vector<uint8_t> copy(kPage + 64);
    kbuffer_load_subbuffer(r.kb, page.data());
    EXPECT_GE(kbuffer_read_buffer(r.kb, copy.data(), kPage), 0);
  }
}

TEST(KBuffer, OldFormat) {
  PageBuilder b(8, false, 100);  // little-endian old-format words, written one by one
  auto w = [&](unsigned type, unsigned len, uint32_t delta) { b.u32(delta << 5 | len << 2 | type); };
  w(3, 2, 7);  // data, 8 bytes
  b.u32(0);
  b.u32(0);
  w(1, 0, 5);  // time extend
  b.u32(2);
  w(3, 0, 1);  // data with a length word
  b.u32(12 + 4);
  for (int i = 0; i < 3; i++) b.u32(0);
  w(0, 0, 0);  // padding: the end
  std::vector<uint8_t> page = b.build();
  Reader r(8, false);
  kbuffer_set_old_format(r.kb);
  auto events = r.walk(page);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].ts, 107u);
  EXPECT_EQ(events[0].size, 8);
  EXPECT_EQ(events[1].ts, 107u + ((2u << 27) + 5) + 1);
  EXPECT_EQ(events[1].size, 12);
}

TEST(KBuffer, TranslateData) {
  // Host order (swap 0): the header word's type_len is in its low bits on a little-endian
  // host, its high bits on a big-endian one.
  auto header = [](uint32_t type_len, uint32_t delta) {
    return tep_is_bigendian() ? type_len << 27 | delta : delta << 5 | type_len;
  };
  uint32_t event[3] = {header(2, 9), 0xaabbccdd, 0x11223344};  // type_len 2, delta 9
  unsigned size = 0;
  void* payload = kbuffer_translate_data(0, event, &size);
  EXPECT_EQ(payload, &event[1]);
  EXPECT_EQ(size, 8u);
  uint32_t extend[2] = {header(KBUFFER_TYPE_TIME_EXTEND, 0), 1};
  EXPECT_EQ(kbuffer_translate_data(0, extend, &size), nullptr);
}

TEST(KBuffer, AllocRejectsUnknownSizes) {
  EXPECT_EQ(kbuffer_alloc(static_cast<kbuffer_long_size>(7), KBUFFER_ENDIAN_LITTLE), nullptr);
  EXPECT_EQ(kbuffer_alloc(KBUFFER_LSIZE_8, static_cast<kbuffer_endian>(9)), nullptr);
  EXPECT_EQ(kbuffer_load_subbuffer(nullptr, nullptr), -1);
  EXPECT_EQ(kbuffer_next_event(nullptr, nullptr), nullptr);
}

TEST(KBuffer, HandleReaderUsesTheLongSize) {
  tep_handle* tep = tep_alloc();
  tep_set_long_size(tep, 4);
  kbuffer* kb = tep_kbuffer(tep);
  PageBuilder b(4, false, 1);
  b.data(1, 8);
  auto page = b.build();
  kbuffer_load_subbuffer(kb, page.data());
  EXPECT_EQ(kbuffer_curr_offset(kb), 12);
  kbuffer_free(kb);
  tep_free(tep);
}

}  // namespace
