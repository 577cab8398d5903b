// SPDX-License-Identifier: LGPL-2.1
// A record's timestamp as libtracecmd's tracecmd_read_next_data gives it:
// the ring buffer's clock, corrected to the host's clock when the file is a
// guest's with a TIME_SHIFT option, converted to nanoseconds when it carries a
// TSC2NSEC option (multiplier, shift, offset), then moved by the OFFSET and
// DATE options (ASCII integers, summed).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tep::trace_dat {

// One TIME_SHIFT sample: from `time` on (guest clock), guest time
// * scaling >> fraction + offset is host time.
struct TimeShiftSample {
  uint64_t time = 0;
  int64_t offset = 0;
  uint64_t scaling = 1;
  uint64_t fraction = 0;
};

struct TimeConversion {
  // TIME_SHIFT: samples per CPU (by the CPU's index in its buffer), sorted by time.
  std::vector<std::vector<TimeShiftSample>> host_samples;
  bool interpolate = false;  // TIME_SHIFT flag 1: between two samples, offsets interpolate
  uint32_t tsc_mult = 0;     // 0: no TSC2NSEC option
  uint32_t tsc_shift = 0;
  uint64_t tsc_offset = 0;
  int64_t offset = 0;  // OFFSET + DATE

  uint64_t apply(uint64_t ts, size_t cpu_index) const {
    if (cpu_index < host_samples.size()) ts = to_host(ts, host_samples[cpu_index]);
    if (tsc_mult) ts = tsc_to_ns(ts);
    return ts + static_cast<uint64_t>(offset);
  }
  // (ts - tsc_offset) * mult >> shift, in two 32-bit halves as libtracecmd
  // computes it (its rounding, and its wrap-around for large products).
  uint64_t tsc_to_ns(uint64_t ts) const;
  // The guest timestamp on the host's clock: the samples around `ts` (the
  // first two before the first sample, the last two after the last).
  uint64_t to_host(uint64_t ts, const std::vector<TimeShiftSample>& samples) const;

 private:
  uint64_t corrected(uint64_t ts, const TimeShiftSample& low, const TimeShiftSample& high) const;
};

}  // namespace tep::trace_dat
