// SPDX-License-Identifier: LGPL-2.1
// TEP_PRINT_TIME and TEP_PRINT_LATENCY rendering (values checked against
// upstream 1.9.0).
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "print_line/event_time.h"
#include "print_line/latency.h"
#include "trace-seq.h"

namespace {

std::string time_text(const char* directive, uint64_t ts) {
  trace_seq s;
  trace_seq_init(&s);
  {
    tep::seq::Output out(&s);
    tep::print_line::print_time(out, tep::print_line::parse_time_directive(directive), ts);
  }
  std::string out(s.buffer, s.len);
  trace_seq_destroy(&s);
  return out;
}

std::string latency_text(int flags, int pc) {
  trace_seq s;
  trace_seq_init(&s);
  {
    tep::seq::Output out(&s);
    tep::print_line::print_latency(out, flags, pc);
  }
  std::string out(s.buffer, s.len);
  trace_seq_destroy(&s);
  return out;
}

TEST(EventTime, MicrosecondsRoundWithoutOverflowingTheFraction) {
  EXPECT_EQ(time_text("%6.1000d", 123456789012ULL), "  123.456789");
  EXPECT_EQ(time_text("%6.1000d", 999999500ULL), "    1.000000");
  EXPECT_EQ(time_text("%6.1000d", 999999499ULL), "    0.999999");
  EXPECT_EQ(time_text("%6.1000d", 0), "    0.000000");
  EXPECT_EQ(time_text("%3.1000000d", 123456789012ULL), "  123.457");
}

TEST(EventTime, PlainAndOddDirectives) {
  EXPECT_EQ(time_text("%d", 5), "           5");
  EXPECT_EQ(time_text("%d", ~0ULL), "18446744073709551615");
  EXPECT_EQ(time_text("%-6.1000d", 123456789012ULL), "   123456789");  // no digit after '%'
  EXPECT_EQ(time_text("%9.0d", 999999500ULL), "    0.999999500");
  EXPECT_EQ(time_text("%1.10d", 999999500ULL), "9999995.0");
  // (ts + 500) wraps for the largest timestamps, as upstream's arithmetic.
  EXPECT_EQ(time_text("%6.1000d", ~0ULL), "    0.000000");
  // 10^precision lives in a wrapping int: 10^12 is negative, 10^32 is 0.
  EXPECT_EQ(time_text("%12.1d", 1000000499ULL), "  1000000499");
  EXPECT_EQ(time_text("%32.1d", 7), "           7");
  EXPECT_EQ(time_text("%20.10d", 123456789012ULL), "    7.00000000000711728181");
  // The divisor is atoi's, strtol's long cut to int: 0 (no division) where long is 64 bits,
  // 2^31-1 where it is 32.
  EXPECT_EQ(tep::print_line::parse_time_directive("%6.4294967296d").divisor, atoi("4294967296"));
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
  // Missing common fields read as -1.
  EXPECT_EQ(latency_text(-1, -1), "dNHffffffff");
  EXPECT_EQ(latency_text(0, -16), "....fffffff");
}

}  // namespace
