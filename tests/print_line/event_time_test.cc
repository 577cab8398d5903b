// SPDX-License-Identifier: LGPL-2.1
// TEP_PRINT_TIME (lib/print_line/event_time.cc): the directive read once into
// a precision, a divisor and 10^precision in a wrapping int, and a timestamp
// printed through it. Expected texts are upstream 1.9.0's, overflows included.
#include "print_line/event_time.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "trace-seq.h"

namespace tep::print_line {
namespace {

std::string time_text(const char* directive, uint64_t ts) {
  trace_seq s;
  trace_seq_init(&s);
  {
    seq::Output out(&s);
    print_time(out, parse_time_directive(directive), ts);
  }
  std::string out(s.buffer, s.len);
  trace_seq_destroy(&s);
  return out;
}

TEST(ParseTimeDirective, PrecisionDivisorAndScale) {
  const TimeLayout usecs = parse_time_directive("%6.1000d");
  EXPECT_EQ(usecs.precision, 6);
  EXPECT_EQ(usecs.divisor, 1000);
  EXPECT_EQ(usecs.scale, 1000000);
  const TimeLayout plain = parse_time_directive("%d");
  EXPECT_EQ(plain.precision, 0);
  EXPECT_EQ(plain.divisor, 0);
  EXPECT_EQ(plain.scale, 1);
  // Digits must follow '%' and '.' directly.
  EXPECT_EQ(parse_time_directive("%-6.1000d").precision, 0);
  EXPECT_EQ(parse_time_directive("%6.-5d").divisor, 0);
  EXPECT_EQ(parse_time_directive("%6.d").divisor, 0);
  EXPECT_EQ(parse_time_directive("%.5d").divisor, 5);
  EXPECT_EQ(parse_time_directive("%06.1000d").precision, 6);
  // 10^precision wraps as upstream's int does: 10^10 mod 2^32, then 0 from 10^32 on.
  EXPECT_EQ(parse_time_directive("%10.1d").scale, 1410065408);
  EXPECT_EQ(parse_time_directive("%12.1d").scale, -727379968);
  EXPECT_EQ(parse_time_directive("%32.1d").scale, 0);
  EXPECT_EQ(parse_time_directive("%99999999999.1d").scale, 0);
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
  EXPECT_EQ(parse_time_directive("%6.4294967296d").divisor, atoi("4294967296"));
}

// Each (directive, timestamp) as upstream 1.9.0 prints it.
TEST(EventTime, DirectivesAsUpstreamPrintsThem) {
  const struct {
    const char* directive;
    uint64_t ts;
    const char* text;
  } cases[] = {
      {"%6.999d", 123456789012ULL, "  123.580369"},
      {"%6.d", 123456789012ULL, "123456.789012"},
      {"%.5d", 123456789012ULL, " 24691357802"},
      {"%0.5d", 123456789012ULL, " 24691357802"},
      {"%1.1d", 123456789012ULL, "12345678901.2"},
      {"%9.1000000000d", 123456789012ULL, "    0.000000123"},
      {"%3.2147483647d", 123456789012ULL, "    0.057"},
      // Past 16 digits the fraction is printed apart, the wrapped scale kept.
      {"%17.1d", 123456789012ULL, "   78.00000001049434644"},
      {"%17.1000d", 123456789012ULL, "    0.00000000123456789"},
      {"%25.3d", 123456789012ULL, "   33.0000000000000000182301532"},
      {"%17.1d", ~0ULL, "11754571816.00000000309329919"},
      {"%9.1000000000d", ~0ULL, "    0.000000000"},
      {"%3.7d", ~0ULL, "    0.000"},
  };
  for (const auto& c : cases) EXPECT_EQ(time_text(c.directive, c.ts), c.text) << c.directive;
}

}  // namespace
}  // namespace tep::print_line
