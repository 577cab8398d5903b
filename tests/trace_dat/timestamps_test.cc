// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/timestamps.h"

#include <gtest/gtest.h>

namespace tep::trace_dat {
namespace {

TEST(TimeConversion, NoOptionsKeepTheClock) {
  TimeConversion time;
  EXPECT_EQ(time.apply(12345, 0), 12345u);
}

TEST(TimeConversion, OffsetsAdd) {
  TimeConversion time;
  time.offset = -100;
  EXPECT_EQ(time.apply(1000, 0), 900u);
}

TEST(TimeConversion, TscToNanosecondsInTwoHalves) {
  TimeConversion time;
  time.tsc_mult = 735842807;
  time.tsc_shift = 31;
  // The low half alone: an exact product.
  EXPECT_EQ(time.apply(1000000, 0), (1000000ull * 735842807) >> 31);
  // With a high half each half is shifted on its own (libtracecmd's rounding).
  uint64_t ts = (5ull << 32) + 7;
  uint64_t expected = ((7ull * 735842807) >> 31) + ((5ull * 735842807) << 1);
  EXPECT_EQ(time.apply(ts, 0), expected);
  time.tsc_offset = 7;
  EXPECT_EQ(time.apply(ts, 0), (5ull * 735842807) << 1);
}

TEST(TimeConversion, HostSamplesShiftGuestTime) {
  TimeConversion time;
  time.host_samples = {{{100, 50, 1, 0}}, {{100, 10, 1, 0}, {200, 20, 1, 0}}};
  EXPECT_EQ(time.apply(1000, 0), 1050u);  // one sample: its offset
  EXPECT_EQ(time.apply(150, 1), 160u);    // two samples, no interpolation: the first offset
  time.interpolate = true;
  EXPECT_EQ(time.apply(150, 1), 165u);
  EXPECT_EQ(time.apply(150, 2), 150u);  // a CPU without samples
}

TEST(TimeConversion, ManySamplesPickTheIntervalAroundTheTime) {
  TimeConversion time;
  time.host_samples = {{{100, 1, 1, 0}, {200, 2, 1, 0}, {300, 3, 1, 0}, {400, 4, 1, 0}}};
  EXPECT_EQ(time.apply(50, 0), 51u);    // before the first: the first two
  EXPECT_EQ(time.apply(250, 0), 252u);  // inside: the sample before
  EXPECT_EQ(time.apply(300, 0), 303u);  // on a sample: that one
  EXPECT_EQ(time.apply(500, 0), 503u);  // after the last: the last two, the earlier's offset
}

TEST(TimeConversion, ScalingAndFraction) {
  TimeConversion time;
  time.host_samples = {{{0, 0, 3, 1}, {1000, 0, 3, 1}}};
  EXPECT_EQ(time.apply(10, 0), 15u);
}

}  // namespace
}  // namespace tep::trace_dat
