// SPDX-License-Identifier: LGPL-2.1
#include "typed/batch.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "base/byte_order.h"
#include "print_plan/evaluator.h"
#include "record/dynamic_word.h"
#include "record/field_access.h"

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
  const Source* src;
  const Column* column;
  int offset, size;
  int64_t needs;
  int shift;  // 64 - 8 * width: what sign-extends (or masks) a narrower type
  bool swap, cut_at_nul, relative;
  void* out;
  uint8_t* valid;
};

namespace {

inline void set_valid(const Lane& l, size_t i, bool ok) {
  if (l.valid) l.valid[i] = ok;
}

template <typename T>
inline T load(const uint8_t* p, bool swap) {
  using Bits = std::make_unsigned_t<T>;
  return static_cast<T>(load_swapped<Bits>(p, swap));
}

// 8 zero bytes: what a scalar lane reads instead of a record it may not.
constexpr uint8_t kZeros[8] = {};

// A field read in place: In is the field's width, Out the stored one; the
// value is sign-extended or masked to the column's width first. Written
// without branches in the loop: rows of other events have size 0, below any
// column's needs, and read kZeros.
size_t count_valid(const uint8_t* valid, size_t n) {
  size_t count = 0;
  for (size_t i = 0; i < n; i++) count += valid[i];
  return count;
}

size_t count_rows(const Row* rows, size_t n) {
  size_t ours = 0;
  for (size_t i = 0; i < n; i++) ours += rows[i].size > 0;
  return ours;
}

size_t count_valid(const Row* rows, size_t n, int64_t needs) {
  size_t valid = 0;
  for (size_t i = 0; i < n; i++) valid += rows[i].size >= needs;
  return valid;
}

template <typename In, typename Out, bool Signed, bool Boolean, bool Swap, bool Exact>
size_t scalar_loop(const Lane& l, const Row* rows, size_t n, size_t base, bool dense) {
  Out* out = static_cast<Out*>(l.out) + base;
  const int shift = l.shift;
  const uint64_t mask = ~0ULL >> shift;
  const int64_t needs = l.needs;
  const int offset = l.offset;
  auto value = [&](const uint8_t* p) {
    uint64_t bits = load<In>(p, Swap);
    if constexpr (Boolean)
      bits = bits != 0;
    else if constexpr (Exact && Signed)  // the column is as wide as the field: a plain sign extension
      bits = static_cast<uint64_t>(static_cast<int64_t>(static_cast<std::make_signed_t<In>>(bits)));
    else if constexpr (Exact) {
    } else if constexpr (Signed)
      bits = static_cast<uint64_t>(static_cast<int64_t>(bits << shift) >> shift);
    else
      bits &= mask;
    return static_cast<Out>(bits);
  };
  if (dense) {
#pragma GCC unroll 4
    for (size_t i = 0; i < n; i++) out[i] = value(rows[i].data + offset);
    if (l.valid) memset(l.valid + base, 1, n);
    return l.valid ? 0 : n;
  }
  uint8_t scratch[kFillBlock];
  uint8_t* valid_out = l.valid ? l.valid + base : scratch;
#pragma GCC unroll 4
  for (size_t i = 0; i < n; i++) {
    bool ok = rows[i].size >= needs;
    out[i] = value(ok ? rows[i].data + offset : kZeros);
    valid_out[i] = ok;
  }
  return l.valid ? 0 : count_valid(rows, n, needs);
}

template <typename In, typename Out, bool Signed, bool Boolean>
size_t scalar_lane(const Lane& l, const Row* rows, size_t n, size_t base, bool dense) {
  if (l.shift != 64 - 8 * static_cast<int>(sizeof(In)) && l.shift)  // a cast narrower than the field
    return l.swap ? scalar_loop<In, Out, Signed, Boolean, true, false>(l, rows, n, base, dense)
                  : scalar_loop<In, Out, Signed, Boolean, false, false>(l, rows, n, base, dense);
  return l.swap ? scalar_loop<In, Out, Signed, Boolean, true, true>(l, rows, n, base, dense)
                : scalar_loop<In, Out, Signed, Boolean, false, true>(l, rows, n, base, dense);
}

// The length of s up to its first NUL, 16 bytes (SSE2) or a word at a time:
// comm[16] and friends are one compare, cheaper in line than a call to memchr.
// The bytes past the last whole chunk are read as the chunk that ends with s
// (it overlaps bytes known not to be NUL): a __data_loc string's NUL is its
// last byte, which a byte-at-a-time tail reached last.
inline size_t length_to_nul(const char* s, size_t n) {
  constexpr uint64_t kLow = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
  // The high bit of each zero byte of w (and maybe of bytes above the first,
  // never below it: little-endian, the lowest is the first).
  auto zeros = [](uint64_t w) { return (w - kLow) & ~w & kHigh; };
  auto word_at = [s](size_t i) {
    uint64_t w;
    memcpy(&w, s + i, 8);
    return w;
  };
#if defined(__SSE2__)
  if (n >= 16) {
    auto zeros16 = [s](size_t i) {
      const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i));
      return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_setzero_si128())));
    };
    size_t i = 0;
    for (; i + 16 <= n; i += 16)
      if (unsigned zero = zeros16(i)) return i + static_cast<size_t>(__builtin_ctz(zero));
    if (i == n) return n;
    unsigned zero = zeros16(n - 16);
    return zero ? n - 16 + static_cast<size_t>(__builtin_ctz(zero)) : n;
  }
#endif
  if (n >= 8) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8)
      if (uint64_t zero = zeros(word_at(i))) return i + static_cast<size_t>(__builtin_ctzll(zero) / 8);
    if (i == n) return n;
    uint64_t zero = zeros(word_at(n - 8));
    return zero ? n - 8 + static_cast<size_t>(__builtin_ctzll(zero) / 8) : n;
  }
  for (size_t i = 0; i < n; i++)
    if (!s[i]) return i;
  return n;
}

inline std::string_view cut(std::string_view s, bool at_nul) {
  if (!at_nul) return s;
  if constexpr (!kHostBigEndian) return s.substr(0, length_to_nul(s.data(), s.size()));
  const void* nul = memchr(s.data(), 0, s.size());
  return nul ? s.substr(0, static_cast<size_t>(static_cast<const char*>(nul) - s.data())) : s;
}

size_t fixed_bytes_lane(const Lane& l, const Row* rows, size_t n, size_t base, bool dense) {
  BytesView* out = static_cast<BytesView*>(l.out) + base;
  if (dense) {  // every value is the field's bytes in place (a string's up to its NUL)
    const size_t size = static_cast<size_t>(l.size);
    if (l.cut_at_nul)
      for (size_t i = 0; i < n; i++) {
        const auto* s = reinterpret_cast<const char*>(rows[i].data) + l.offset;
        out[i] = BytesView{s, cut(std::string_view(s, size), true).size()};
      }
    else
      for (size_t i = 0; i < n; i++) out[i] = BytesView{rows[i].data + l.offset, size};
    if (l.valid) memset(l.valid + base, 1, n);
    return n;
  }
  size_t valid = 0;
  for (size_t i = 0; i < n; i++) {
    bool ok = rows[i].size >= l.needs;
    std::string_view s;
    if (ok) s = cut(std::string_view(reinterpret_cast<const char*>(rows[i].data) + l.offset, l.size), l.cut_at_nul);
    out[i] = BytesView{ok ? s.data() : nullptr, s.size()};
    set_valid(l, base + i, ok);
    valid += ok;
  }
  return valid;
}

size_t dynamic_bytes_lane(const Lane& l, const Row* rows, size_t n, size_t base, bool) {
  BytesView* out = static_cast<BytesView*>(l.out) + base;
  print_plan::FieldRef f;
  f.offset = l.offset;
  f.size = l.size;
  f.is_relative = l.relative;
  // One context for the block: only its record changes from row to row.
  print_plan::Context ctx{l.src->tep, l.src->event, print_plan::RecordView(l.src->tep, nullptr, 0)};
  size_t valid = 0;
  for (size_t i = 0; i < n; i++) {
    bool ok = rows[i].size >= l.needs;
    std::string_view s;
    if (ok) {
      ctx.record.data = rows[i].data;
      ctx.record.size = static_cast<int>(rows[i].size);
      int64_t at = 0, length = 0;
      print_plan::dynamic_location(ctx, f, at, length);
      ok = ctx.record.inside(at, length);
      if (ok)
        s = cut(std::string_view(reinterpret_cast<const char*>(rows[i].data) + at, static_cast<size_t>(length)),
                l.cut_at_nul);
    }
    out[i] = BytesView{ok ? s.data() : nullptr, s.size()};
    set_valid(l, base + i, ok);
    valid += ok;
  }
  return valid;
}

// A 4-byte __data_loc (every one in the formats of 6.18) read in place, as
// dynamic_location() reads any: "__data_loc char[] name; offset:12; size:4;"
// holds the payload's offset in its low 16 bits (from the field's end for a
// __rel_loc) and its length in the high 16.
template <bool Swap, bool Relative>
size_t data_loc_lane(const Lane& l, const Row* rows, size_t n, size_t base, bool dense) {
  BytesView* out = static_cast<BytesView*>(l.out) + base;
  const int offset = l.offset;
  const int64_t needs = l.needs, from = Relative ? int64_t{offset} + 4 : 0;
  const bool at_nul = l.cut_at_nul;
  size_t valid = 0;
  for (size_t i = 0; i < n; i++) {
    const Row& row = rows[i];
    bool ok = dense || row.size >= needs;
    const uint32_t word = load<uint32_t>(ok ? row.data + offset : kZeros, Swap);
    const record::DynamicWord loc(word);
    const int64_t at = from + loc.as_written(), length = loc.length();
    ok = ok && at + length <= row.size;
    std::string_view s;
    if (ok)
      s = cut(std::string_view(reinterpret_cast<const char*>(row.data) + at, static_cast<size_t>(length)), at_nul);
    out[i] = BytesView{ok ? s.data() : nullptr, s.size()};
    set_valid(l, base + i, ok);
    valid += ok;
  }
  return valid;
}

LaneFill data_loc_fill(bool swap, bool relative) {
  if (swap) return relative ? data_loc_lane<true, true> : data_loc_lane<true, false>;
  return relative ? data_loc_lane<false, true> : data_loc_lane<false, false>;
}

// Anything else: one read_value() per record.
template <bool Widen>
size_t other_lane(const Lane& l, const Row* rows, size_t n, size_t base, bool) {
  const Column& c = *l.column;
  const int width = Widen && is_integer(c.type) ? 8 : value_type_size(c.type);
  size_t valid = 0;
  for (size_t i = 0; i < n; i++) {
    Value v;
    if (rows[i].size) {
      tep_record rec{};
      rec.data = const_cast<uint8_t*>(rows[i].data);
      rec.size = static_cast<int>(rows[i].size);
      v = read_value(*l.src, c, rec);
    }
    size_t at = base + i;
    if (c.type == ValueType::Bytes) {
      static_cast<BytesView*>(l.out)[at] = BytesView{v.valid ? v.bytes.data() : nullptr, v.valid ? v.bytes.size() : 0};
    } else {
      uint64_t bits = v.valid ? v.bits : 0;
      switch (width) {
        case 1: static_cast<uint8_t*>(l.out)[at] = static_cast<uint8_t>(bits); break;
        case 2: static_cast<uint16_t*>(l.out)[at] = static_cast<uint16_t>(bits); break;
        case 4: static_cast<uint32_t*>(l.out)[at] = static_cast<uint32_t>(bits); break;
        default: static_cast<uint64_t*>(l.out)[at] = bits; break;
      }
    }
    set_valid(l, at, v.valid);
    valid += v.valid;
  }
  return valid;
}

// A column that copies the event's common_type, over rows known to be the
// event's by that field: every value is the event's id (T as wide as it).
template <typename T>
size_t id_lane(const Lane& l, const Row*, size_t n, size_t base, bool) {
  T* out = static_cast<T*>(l.out) + base;
  std::fill(out, out + n, static_cast<T>(l.src->model.id));
  if (l.valid) memset(l.valid + base, 1, n);
  return n;
}

LaneFill id_fill(int width) {
  switch (width) {
    case 1: return id_lane<uint8_t>;
    case 2: return id_lane<uint16_t>;
    case 4: return id_lane<uint32_t>;
    default: return nullptr;  // a wider id was cut to an int where it was read
  }
}

template <typename In, typename Out>
LaneFill scalar_fill(ValueType type) {
  if (type == ValueType::Bool) return scalar_lane<In, Out, false, true>;
  return is_signed_type(type) ? scalar_lane<In, Out, true, false> : scalar_lane<In, Out, false, false>;
}

template <typename In>
LaneFill scalar_fill(ValueType type, int width) {
  switch (width) {
    case 1: return scalar_fill<In, uint8_t>(type);
    case 2: return scalar_fill<In, uint16_t>(type);
    case 4: return scalar_fill<In, uint32_t>(type);
    default: return scalar_fill<In, uint64_t>(type);
  }
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
    if (mine && type_size) mine = read_number(data + type_offset, type_size, swap) == id;
    rows[i] = Row{data, static_cast<int32_t>(mine ? size : 0), 0};
    shortest = std::min<int64_t>(shortest, rows[i].size);
    ours += mine;
  }
  return ours;
}

template <typename A, typename B>
void pair_loop(const Lane& a, const Lane& b, const Row* rows, size_t n, size_t base) {
  A* out_a = static_cast<A*>(a.out) + base;
  B* out_b = static_cast<B*>(b.out) + base;
  const int offset_a = a.offset, offset_b = b.offset;
  // Pointers, not an index: the index's shift to a row took as many
  // instructions as the copies.
#pragma GCC unroll 4
  for (const Row* row = rows; row != rows + n; row++, out_a++, out_b++) {
    const uint8_t* p = row->data;
    memcpy(out_a, p + offset_a, sizeof(A));
    memcpy(out_b, p + offset_b, sizeof(B));
  }
  if (a.valid) memset(a.valid + base, 1, n);
  if (b.valid) memset(b.valid + base, 1, n);
}

template <typename A>
PairFill pair_fill(int width_b) {
  switch (width_b) {
    case 1: return pair_loop<A, uint8_t>;
    case 2: return pair_loop<A, uint16_t>;
    case 4: return pair_loop<A, uint32_t>;
    default: return pair_loop<A, uint64_t>;
  }
}

PairFill pair_fill(int width_a, int width_b) {
  switch (width_a) {
    case 1: return pair_fill<uint8_t>(width_b);
    case 2: return pair_fill<uint16_t>(width_b);
    case 4: return pair_fill<uint32_t>(width_b);
    default: return pair_fill<uint64_t>(width_b);
  }
}

// Sets every member of `l` in place (no temporary to copy: a batch sets one
// per column). `known_type`: every row's common_type, where the event's
// format puts it, is the event's id.
void set_lane(Lane& l, const Source& src, const Output& o, bool widen, bool known_type) {
  const Column& c = *o.column;
  const Reader& r = c.reader;
  l.src = &src;
  l.column = &c;
  l.offset = r.offset;
  l.size = r.size;
  l.needs = r.needs > 0 ? r.needs : 1;  // a row of another event (size 0) never qualifies
  int width = value_type_size(c.type);
  l.shift = width > 0 && width < 8 ? 64 - 8 * width : 0;
  l.swap = swaps_bytes(src.tep);
  l.cut_at_nul = r.cut_at_nul;
  l.relative = r.relative;
  l.out = o.values;
  l.valid = o.valid;
  int stored = widen && is_integer(c.type) ? 8 : width;
  bool unbounded = !r.length && r.max_length < 0;
  l.fill = widen ? other_lane<true> : other_lane<false>;
  l.copy_width = 0;
  if (r.from == Reader::From::Scalar && is_integer(c.type)) {
    if (stored == r.size && !l.swap && c.type != ValueType::Bool) l.copy_width = stored;
    switch (r.size) {
      case 1: l.fill = scalar_fill<uint8_t>(c.type, stored); break;
      case 2: l.fill = scalar_fill<uint16_t>(c.type, stored); break;
      case 4: l.fill = scalar_fill<uint32_t>(c.type, stored); break;
      case 8: l.fill = scalar_fill<uint64_t>(c.type, stored); break;
      default: break;
    }
    const Model& m = src.model;
    const bool copies_type = known_type && l.copy_width && r.offset == m.type_offset && r.size == m.type_size;
    if (LaneFill id = copies_type ? id_fill(r.size) : nullptr) {
      l.fill = id;
      l.copy_width = 0;
    }
  } else if (r.from == Reader::From::FixedBytes && unbounded && r.size > 0) {
    l.fill = fixed_bytes_lane;
  } else if (r.from == Reader::From::DynamicBytes && unbounded) {
    l.fill = r.size == 4 ? data_loc_fill(l.swap, r.relative) : dynamic_bytes_lane;
  }
}

}  // namespace

FillPlan::~FillPlan() = default;
// The lanes read through the plan's own Source.
FillPlan::FillPlan(FillPlan&& other) noexcept : source_(other.source_), lanes_(std::move(other.lanes_)) {
  for (Lane& l : lanes_) l.src = &source_;
}

FillPlan::FillPlan(const Source& src, const Output* outputs, size_t n, bool widen, bool known_type)
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

size_t fill_batch(const Source& src, const Output* outputs, size_t n_outputs, const tep_record* const* records,
                  size_t count, bool widen, size_t* first_valid) {
  const FillPlan plan(src, outputs, n_outputs, widen, false);
  const Model& m = src.model;
  const bool swap = swaps_bytes(src.tep);
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

size_t fill_codes(const Source& src, const Column& c, const tep_record* const* records, size_t count, int32_t* codes,
                  uint8_t* valid) {
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
