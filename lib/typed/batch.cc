// SPDX-License-Identifier: LGPL-2.1
#include "typed/batch.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "base/byte_order.h"
#include "typed/lanes.h"

namespace tep::typed {
namespace {

size_t count_rows(const Row* rows, size_t n) {
  size_t ours = 0;
  for (size_t i = 0; i < n; i++) ours += rows[i].size > 0;
  return ours;
}

// The rows of n records whose u16 common_type is at type_offset: a NULL
// record or payload reads as empty, a payload too short for common_type
// reads kZeros instead. Returns how many are the event's; `shortest` gets
// the least row size (0 when a row is not the event's). `avail` records are
// readable at `records`. Out of line: in fill_batch's loop it had too few
// registers.
template <bool Swap>
[[gnu::noinline]] size_t find_rows(const tep_record* const* records, size_t n, size_t avail, int type_offset,
                                   uint64_t id, Row* rows, int64_t& shortest) {
  static const tep_record kEmpty{};
  // A common_type said to start before the record (a saturated offset) is in
  // no record: nothing is this event's.
  const int64_t type_end = type_offset >= 0 ? int64_t{type_offset} + 2 : INT64_MAX;
  // Prefetches within the batch's records, not past them.
  const size_t ahead = avail > kRecordAhead ? std::min(n, avail - kRecordAhead) : 0;
  int64_t least = INT64_MAX;
  for (size_t i = 0; i < n; i++) {
    if (i < ahead) prefetch_ahead(records, i);
    const tep_record* r = records[i] ? records[i] : &kEmpty;
    const auto* data = static_cast<const uint8_t*>(r->data);
    int64_t size = data ? r->size : 0;
    bool fits = size >= type_end;
    const uint8_t* type = fits ? data + type_offset : kZeros;
    size = fits && load<uint16_t>(type, Swap) == id ? size : 0;  // a row that fits has a size above 0
    rows[i] = Row{data, static_cast<int32_t>(size), 0};
    least = std::min(least, size);
  }
  shortest = least;
  return least > 0 ? n : count_rows(rows, n);
}

// The same for a common_type of another size (or none).
size_t find_rows_any(const tep_record* const* records, size_t n, int type_offset, int type_size, bool swap, uint64_t id,
                     Row* rows, int64_t& shortest) {
  const int64_t type_end = type_offset >= 0 ? int64_t{type_offset} + type_size : INT64_MAX;
  size_t ours = 0;
  shortest = INT64_MAX;
  for (size_t i = 0; i < n; i++) {
    const tep_record* r = records[i];
    const auto* data = r ? static_cast<const uint8_t*>(r->data) : nullptr;
    int64_t size = data ? r->size : 0;
    bool mine = size >= type_end && size > 0;
    if (mine && type_size) mine = base::read_number(data + type_offset, type_size, swap) == id;
    rows[i] = Row{data, static_cast<int32_t>(mine ? size : 0), 0};
    shortest = std::min<int64_t>(shortest, rows[i].size);
    ours += mine;
  }
  return ours;
}

}  // namespace

FillPlan::~FillPlan() = default;
// The lanes read through the plan's own BatchSource.
FillPlan::FillPlan(FillPlan&& other) noexcept : source_(other.source_), lanes_(std::move(other.lanes_)) {
  for (Lane& l : lanes_) l.src = &source_;
}

FillPlan::FillPlan(const BatchSource& src, const ColumnTarget* outputs, size_t n, bool widen, bool known_type)
    : source_(src), lanes_(n) {
  for (size_t j = 0; j < n; j++) set_lane(lanes_[j], source_, outputs[j], widen, known_type);
  for (size_t j = 0; j < n; j++) {
    Lane& l = lanes_[j];
    const bool pair = j + 1 < n && l.copy_width && lanes_[j + 1].copy_width;
    l.pair = pair ? pair_fill(l.copy_width, lanes_[j + 1].copy_width) : nullptr;
  }
}

void FillPlan::aim(void* const* values, uint8_t* const* valid) {
  for (size_t j = 0; j < lanes_.size(); j++) {
    lanes_[j].out = values[j];
    lanes_[j].valid = valid ? valid[j] : nullptr;
  }
}

size_t FillPlan::fill_block(const Row* rows, size_t n, size_t base, int64_t shortest, bool count_first) const {
  size_t valid_first = 0;
  for (size_t j = 0; j < lanes_.size(); j++) {
    const Lane& l = lanes_[j];
    if (l.pair && shortest >= l.needs && shortest >= lanes_[j + 1].needs) {
      l.pair(l, lanes_[j + 1], rows, n, base);
      if (j == 0 && count_first) valid_first = n;
      j++;
      continue;
    }
    size_t valid = l.fill(l, rows, n, base, shortest >= l.needs);
    if (j == 0 && count_first) valid_first = l.valid ? count_valid(l.valid + base, n) : valid;
  }
  return valid_first;
}

void FillPlan::fill_rows(const Row* rows, size_t count, int64_t shortest) const {
  for (size_t base = 0; base < count; base += kFillBlock)
    fill_block(rows + base, std::min(count - base, kFillBlock), base, shortest, false);
}

size_t fill_batch(const BatchSource& src, const ColumnTarget* outputs, size_t n_outputs,
                  const tep_record* const* records, size_t count, bool widen, size_t* first_valid) {
  const FillPlan plan(src, outputs, n_outputs, widen, false);
  const Model& m = src.model;
  const bool swap = core::swaps_bytes(src.tep);
  const int type_offset = m.type_offset, type_size = m.type_size;
  const uint64_t id = static_cast<uint64_t>(static_cast<uint32_t>(m.id));
  size_t ours = 0, valid_first = 0;
  Row rows[kFillBlock];
  for (size_t base = 0; base < count; base += kFillBlock) {
    size_t n = count - base < kFillBlock ? count - base : kFillBlock;
    // common_type is a u16 in every format seen; others go the general way.
    const tep_record* const* block = records + base;
    int64_t shortest = 0;
    if (type_size == 2 && !swap)
      ours += find_rows<false>(block, n, count - base, type_offset, id, rows, shortest);
    else if (type_size == 2)
      ours += find_rows<true>(block, n, count - base, type_offset, id, rows, shortest);
    else
      ours += find_rows_any(block, n, type_offset, type_size, swap, id, rows, shortest);
    valid_first += plan.fill_block(rows, n, base, shortest, first_valid != nullptr);
  }
  if (first_valid) *first_valid = valid_first;
  return ours;
}

size_t fill_codes(const BatchSource& src, const Column& c, const tep_record* const* records, size_t count,
                  int32_t* codes, uint8_t* valid) {
  size_t n = 0;
  for (size_t i = 0; i < count; i++) {
    bool ours = records[i] && belongs(src, *records[i]);
    Value v = ours ? read_value(src, c, *records[i]) : Value{};
    codes[i] = ours ? v.code : -1;
    bool has = ours && (v.valid || v.code >= 0);
    if (valid) valid[i] = has;
    n += has;
  }
  return n;
}

}  // namespace tep::typed
