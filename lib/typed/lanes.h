// SPDX-License-Identifier: LGPL-2.1
// Lanes: how one output of a FillPlan reads a block of rows, with the loop
// (kernel) chosen for the column's shape when the plan is made. Private to
// lib/typed: batch.cc makes plans of them and finds the rows.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "base/byte_order.h"
#include "typed/batch.h"

namespace tep::typed {

// Fills a block of rows; returns how many values are valid (when l.valid is
// set, the caller counts them there instead: a lane may return 0 then).
// `dense`: every row is the event's and long enough for the lane (the common
// block), so the lane reads without checking each row.
using LaneFill = size_t (*)(const Lane& l, const Row* rows, size_t n, size_t base, bool dense);
// Two copied fields of every row at once, every row the event's and long
// enough for both.
using PairFill = void (*)(const Lane& a, const Lane& b, const Row* rows, size_t n, size_t base);

// One output of a plan with what its reads need, fixed before the loop.
// No member initializers: set_lane sets every member but `pair`, which the
// plan sets.
struct Lane {
  LaneFill fill;
  // A field copied as it is (an integer as wide as its column, in the host's
  // byte order, not a bool): its width, else 0. Two such lanes side by side
  // fill together, each row's payload found once for both: `pair` fills this
  // lane and the next (null when they do not pair).
  int copy_width;
  PairFill pair;
  const BatchSource* src;
  const Column* column;
  int offset, size;
  int64_t needs;
  int shift;  // 64 - 8 * width: what sign-extends (or masks) a narrower type
  bool swap, cut_at_nul, relative;
  void* out;
  uint8_t* valid;
};

// 8 zero bytes: what a lane reads instead of a record it may not.
inline constexpr uint8_t kZeros[8] = {};

template <typename T>
inline T load(const uint8_t* p, bool swap) {
  using Bits = std::make_unsigned_t<T>;
  return static_cast<T>(base::load_swapped<Bits>(p, swap));
}

inline size_t count_valid(const uint8_t* valid, size_t n) {
  size_t count = 0;
  for (size_t i = 0; i < n; i++) count += valid[i];
  return count;
}

// Sets every member of `l` in place (no temporary to copy: a batch sets one
// per column), its kernel chosen. `known_type`: every row's common_type,
// where the event's format puts it, is the event's id.
void set_lane(Lane& l, const BatchSource& src, const ColumnTarget& o, bool widen, bool known_type);
// The kernel that fills two copied lanes side by side (of these widths).
PairFill pair_fill(int width_a, int width_b);

}  // namespace tep::typed
