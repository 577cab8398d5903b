// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/timestamps.h"

#include <algorithm>

namespace tep::trace_dat {

uint64_t TimeConversion::tsc_to_ns(uint64_t ts) const {
  ts -= tsc_offset;
  // A shift of 32 or more would be undefined below: nothing is left of the low half.
  if (tsc_shift >= 32) return 0;
  uint64_t low = static_cast<uint32_t>(ts);
  uint64_t high = ts >> 32;
  uint64_t ns = (low * tsc_mult) >> tsc_shift;
  if (high) ns += (high * tsc_mult) << (32 - tsc_shift);
  return ns;
}

uint64_t TimeConversion::corrected(uint64_t ts, const TimeShiftSample& low, const TimeShiftSample& high) const {
  // Unsigned arithmetic: a damaged sample wraps instead of overflowing.
  uint64_t correction = static_cast<uint64_t>(low.offset);
  uint64_t delta = high.time - low.time;
  if (interpolate && delta != 0 && static_cast<int64_t>(delta) != -1) {
    // Rounded to nearest, as libtracecmd divides (signed).
    int64_t span = static_cast<int64_t>((ts - low.time) * static_cast<uint64_t>(high.offset - low.offset));
    int64_t step = static_cast<int64_t>(delta);
    int64_t rounded = static_cast<int64_t>(static_cast<uint64_t>(span) + static_cast<uint64_t>(step / 2));
    correction += static_cast<uint64_t>(rounded / step);
  }
  uint64_t scaled = ts * low.scaling;
  if (low.fraction < 64) scaled >>= low.fraction;
  return scaled + correction;
}

uint64_t TimeConversion::to_host(uint64_t ts, const std::vector<TimeShiftSample>& samples) const {
  if (samples.empty()) return ts;
  if (samples.size() == 1) return ts + static_cast<uint64_t>(samples[0].offset);
  if (ts <= samples.front().time) return corrected(ts, samples[0], samples[1]);
  if (ts >= samples.back().time) return corrected(ts, samples[samples.size() - 2], samples.back());
  // The last sample at or before ts, and the one after it.
  auto after = std::upper_bound(samples.begin(), samples.end(), ts,
                                [](uint64_t t, const TimeShiftSample& s) { return t < s.time; });
  return corrected(ts, *(after - 1), *after);
}

}  // namespace tep::trace_dat
