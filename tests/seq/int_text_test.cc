// SPDX-License-Identifier: LGPL-2.1
// The printf-free integer writers of lib/seq/int_text: the same text as
// "%llu", "%llx" and "%0*llx", padding of any length, and nothing written to a
// seq in an error state.
#include "seq/int_text.h"

#include <gtest/gtest.h>

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "trace-seq.h"

namespace tep::seq {
namespace {

struct Seq {
  trace_seq s;
  Seq() { trace_seq_init(&s); }
  ~Seq() {
    s.state = TRACE_SEQ__GOOD;
    trace_seq_destroy(&s);
  }
  std::string text() const { return std::string(s.buffer, s.len); }
};

std::string printf_decimal(uint64_t value) {
  char buf[32];
  snprintf(buf, sizeof(buf), "%" PRIu64, value);
  return buf;
}

std::string printf_hex(uint64_t value, int width = 0) {
  char buf[128];
  snprintf(buf, sizeof(buf), "%0*" PRIx64, width, value);
  return buf;
}

// Every power of two and its neighbours, every digit count in both bases.
std::vector<uint64_t> interesting_values() {
  std::vector<uint64_t> values = {0, 1, 9, 10, 15, 16, 99, 100, 255, 256, UINT32_MAX, UINT64_MAX, UINT64_MAX - 1};
  for (int bit = 0; bit < 64; bit++) {
    const uint64_t p = uint64_t{1} << bit;
    values.insert(values.end(), {p - 1, p, p + 1});
  }
  uint64_t ten = 1;
  for (int i = 0; i < 19; i++, ten *= 10) values.insert(values.end(), {ten - 1, ten, ten + 1});
  return values;
}

TEST(IntText, UnsignedMatchesPrintf) {
  for (uint64_t v : interesting_values()) {
    Seq q;
    append_unsigned(&q.s, v);
    EXPECT_EQ(q.text(), printf_decimal(v)) << v;
  }
}

TEST(IntText, HexMatchesPrintf) {
  for (uint64_t v : interesting_values()) {
    Seq q;
    append_hex(&q.s, v);
    EXPECT_EQ(q.text(), printf_hex(v)) << v;
  }
}

TEST(IntText, HexMinimumDigitsMatchesZeroPaddedPrintf) {
  for (uint64_t v : {uint64_t{0}, uint64_t{0xab}, uint64_t{0xdeadbeef}, UINT64_MAX}) {
    for (int digits : {0, 1, 2, 8, 16, 17, 33, 100}) {
      Seq q;
      append_hex(&q.s, v, digits);
      EXPECT_EQ(q.text(), printf_hex(v, digits)) << v << " " << digits;
    }
  }
}

// A minimum below one still writes the digits ("0" for zero), like printf.
TEST(IntText, NegativeMinimumDigitsAreIgnored) {
  Seq q;
  append_hex(&q.s, 0, -5);
  append_hex(&q.s, 0x1f, -1000);
  EXPECT_EQ(q.text(), "01f");
}

TEST(IntText, AppendsAfterExistingText) {
  Seq q;
  trace_seq_puts(&q.s, "pid=");
  append_unsigned(&q.s, 42);
  trace_seq_puts(&q.s, " ip=0x");
  append_hex(&q.s, 0xffffffff816b5580ULL, 16);
  EXPECT_EQ(q.text(), "pid=42 ip=0xffffffff816b5580");
}

TEST(IntText, RepeatedPadsAnyLength) {
  for (char c : {' ', '0', 'x'}) {
    for (int64_t count : {1, 31, 32, 33, 64, 65, 1000, 10000}) {
      Seq q;
      append_repeated(&q.s, c, count);
      EXPECT_EQ(q.text(), std::string(static_cast<size_t>(count), c)) << c << " " << count;
    }
  }
}

TEST(IntText, RepeatedOfNothingWritesNothing) {
  Seq q;
  append_repeated(&q.s, ' ', 0);
  append_repeated(&q.s, '0', -1);
  append_repeated(&q.s, 'x', INT64_MIN);
  append_repeated_slow(&q.s, ' ', 0);
  append_repeated_slow(&q.s, '0', -40);
  append_repeated_slow(&q.s, 'x', -3);
  EXPECT_EQ(q.s.len, 0u);
}

// The slow path is taken when the padding crosses the buffer's end: the seq
// grows as for any other text.
TEST(IntText, PaddingAcrossTheBufferEndGrowsTheSeq) {
  Seq q;
  const unsigned first = q.s.buffer_size;
  append_repeated(&q.s, 'a', first - 10);
  append_repeated(&q.s, ' ', 100);
  append_hex(&q.s, 0x5, 40);
  EXPECT_GT(q.s.buffer_size, first);
  EXPECT_EQ(q.text(), std::string(first - 10, 'a') + std::string(100, ' ') + std::string(39, '0') + "5");
}

TEST(IntText, FailedSeqTakesNothing) {
  Seq q;
  q.s.state = TRACE_SEQ__MEM_ALLOC_FAILED;
  append_unsigned(&q.s, 123);
  append_hex(&q.s, 0xabc, 10);
  append_repeated(&q.s, ' ', 50);
  append_repeated(&q.s, '-', 5);
  EXPECT_EQ(q.s.len, 0u);
}

}  // namespace
}  // namespace tep::seq
