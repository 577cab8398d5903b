// SPDX-License-Identifier: LGPL-2.1
// TEP_PRINT_LATENCY (lib/print_line/latency.cc): the five columns from
// common_flags and common_preempt_count. Expected texts are upstream 1.9.0's.
#include "print_line/latency.h"

#include <gtest/gtest.h>

#include <string>

#include "trace-seq.h"

namespace tep::print_line {
namespace {

std::string latency_text(int flags, int pc) {
  trace_seq s;
  trace_seq_init(&s);
  {
    seq::Output out(&s);
    print_latency(out, flags, pc);
  }
  std::string out(s.buffer, s.len);
  trace_seq_destroy(&s);
  return out;
}

TEST(Latency, Columns) {
  EXPECT_EQ(latency_text(0, 0), ".....");
  EXPECT_EQ(latency_text(0x0d, 0x23), "dNh32");
  // 0x02 is NEED_RESCHED_LAZY: 'L' unless need resched prints 'N'.
  EXPECT_EQ(latency_text(0x02, 0), ".L...");
  EXPECT_EQ(latency_text(0x03, 0), "dL...");
  EXPECT_EQ(latency_text(0x06, 0), ".N...");
  EXPECT_EQ(latency_text(0x1a, 0), ".LH..");
  EXPECT_EQ(latency_text(0x18, 0), "..H..");
  EXPECT_EQ(latency_text(0x10, 0x10), "..s.1");
  EXPECT_EQ(latency_text(0xe0, 0x0f), "...f.");
  EXPECT_EQ(latency_text(0, 0x100), ".....");
  EXPECT_EQ(latency_text(0, 0x123), "...312");
}

TEST(Latency, HardirqAndSoftirq) {
  EXPECT_EQ(latency_text(0x08, 0), "..h..");
  EXPECT_EQ(latency_text(0x10, 0), "..s..");
  EXPECT_EQ(latency_text(0x18, 0), "..H..");
  EXPECT_EQ(latency_text(0x1f, 0), "dNH..");
}

TEST(Latency, BitsWithoutAColumnPrintNothing) {
  // Preempt resched (0x20), NMI (0x40), BH off (0x80), and anything above.
  EXPECT_EQ(latency_text(0x20, 0), ".....");
  EXPECT_EQ(latency_text(0x40, 0), ".....");
  EXPECT_EQ(latency_text(0x80, 0), ".....");
  EXPECT_EQ(latency_text(0x7f00, 0), ".....");
}

TEST(Latency, PreemptCountAndMigrateDisableDepth) {
  EXPECT_EQ(latency_text(0, 0x01), "...1.");
  EXPECT_EQ(latency_text(0, 0x0a), "...a.");
  EXPECT_EQ(latency_text(0, 0xf0), "....f");
  // The depth is the whole count shifted, in hex.
  EXPECT_EQ(latency_text(0, 0x1230), "....123");
}

TEST(Latency, MissingFieldsReadAsMinusOne) {
  EXPECT_EQ(latency_text(-1, -1), "dNHffffffff");
  EXPECT_EQ(latency_text(0, -16), "....fffffff");
}

}  // namespace
}  // namespace tep::print_line
