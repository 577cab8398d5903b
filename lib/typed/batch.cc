// SPDX-License-Identifier: LGPL-2.1
#include "typed/batch.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "print/evaluator.h"
#include "record/field_access.h"

namespace tep::typed {
namespace {

// A record of the batch: its payload, or null when it is not this event's.
struct Row {
  const uint8_t* data;
  int64_t size;  // 0 when not this event's: below every column's needs
};

// Records are taken kBlock at a time: their rows are found once, then every
// column reads the block in a loop of its own, while it is in cache.
constexpr size_t kBlock = 256;

struct Lane;
// Fills a block of rows; returns how many values are valid (when l.valid is
// set, the caller counts them there instead: a lane may return 0 then).
using LaneFill = size_t (*)(const Lane& l, const Row* rows, size_t n, size_t base);

// One output of a batch with what its reads need, fixed before the loop.
struct Lane {
  LaneFill fill = nullptr;
  const Source* src = nullptr;
  const Column* column = nullptr;
  int offset = 0, size = 0;
  int64_t needs = 0;
  int shift = 0;  // 64 - 8 * width: what sign-extends (or masks) a narrower type
  bool swap = false, cut_at_nul = false, relative = false;
  void* out = nullptr;
  uint8_t* valid = nullptr;
};

inline void set_valid(const Lane& l, size_t i, bool ok) {
  if (l.valid) l.valid[i] = ok;
}

template <typename T>
inline T load(const uint8_t* p, bool swap) {
  T v;
  memcpy(&v, p, sizeof(T));
  if (!swap) return v;
  if constexpr (sizeof(T) == 2) return static_cast<T>(__builtin_bswap16(v));
  if constexpr (sizeof(T) == 4) return static_cast<T>(__builtin_bswap32(v));
  if constexpr (sizeof(T) == 8) return static_cast<T>(__builtin_bswap64(v));
  return v;
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

size_t count_valid(const Row* rows, size_t n, int64_t needs) {
  size_t valid = 0;
  for (size_t i = 0; i < n; i++) valid += rows[i].size >= needs;
  return valid;
}

template <typename In, typename Out, bool Signed, bool Boolean, bool Swap, bool Exact>
size_t scalar_loop(const Lane& l, const Row* rows, size_t n, size_t base) {
  Out* out = static_cast<Out*>(l.out) + base;
  uint8_t scratch[kBlock];
  uint8_t* valid_out = l.valid ? l.valid + base : scratch;
  const int shift = l.shift;
  const uint64_t mask = ~0ULL >> shift;
  const int64_t needs = l.needs;
  const int offset = l.offset;
#pragma GCC unroll 4
  for (size_t i = 0; i < n; i++) {
    bool ok = rows[i].size >= needs;
    const uint8_t* p = ok ? rows[i].data + offset : kZeros;
    uint64_t bits = load<In>(p, Swap);
    if constexpr (Boolean) bits = bits != 0;
    else if constexpr (Exact && Signed)  // the column is as wide as the field: a plain sign extension
      bits = static_cast<uint64_t>(static_cast<int64_t>(static_cast<std::make_signed_t<In>>(bits)));
    else if constexpr (Exact) {}
    else if constexpr (Signed) bits = static_cast<uint64_t>(static_cast<int64_t>(bits << shift) >> shift);
    else bits &= mask;
    out[i] = static_cast<Out>(bits);
    valid_out[i] = ok;
  }
  return l.valid ? 0 : count_valid(rows, n, needs);
}

template <typename In, typename Out, bool Signed, bool Boolean>
size_t scalar_lane(const Lane& l, const Row* rows, size_t n, size_t base) {
  if (l.shift != 64 - 8 * static_cast<int>(sizeof(In)) && l.shift)  // a cast narrower than the field
    return l.swap ? scalar_loop<In, Out, Signed, Boolean, true, false>(l, rows, n, base)
                  : scalar_loop<In, Out, Signed, Boolean, false, false>(l, rows, n, base);
  return l.swap ? scalar_loop<In, Out, Signed, Boolean, true, true>(l, rows, n, base)
                : scalar_loop<In, Out, Signed, Boolean, false, true>(l, rows, n, base);
}

// The length of s up to its first NUL, a word at a time: comm[16] and
// friends are two words, cheaper in line than a call to memchr.
inline size_t length_to_nul(const char* s, size_t n) {
  constexpr uint64_t kLow = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    memcpy(&w, s + i, 8);
    uint64_t zero = (w - kLow) & ~w & kHigh;  // the high bit of each zero byte (and above none)
    if (zero) return i + static_cast<size_t>(__builtin_ctzll(zero) / 8);  // little-endian: lowest first
  }
  for (; i < n; i++)
    if (!s[i]) return i;
  return n;
}

inline std::string_view cut(std::string_view s, bool at_nul) {
  if (!at_nul) return s;
  if constexpr (std::endian::native == std::endian::little) return s.substr(0, length_to_nul(s.data(), s.size()));
  const void* nul = memchr(s.data(), 0, s.size());
  return nul ? s.substr(0, static_cast<size_t>(static_cast<const char*>(nul) - s.data())) : s;
}

size_t fixed_bytes_lane(const Lane& l, const Row* rows, size_t n, size_t base) {
  BytesView* out = static_cast<BytesView*>(l.out) + base;
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

size_t dynamic_bytes_lane(const Lane& l, const Row* rows, size_t n, size_t base) {
  BytesView* out = static_cast<BytesView*>(l.out) + base;
  print::FieldRef f;
  f.offset = l.offset;
  f.size = l.size;
  f.is_relative = l.relative;
  size_t valid = 0;
  for (size_t i = 0; i < n; i++) {
    bool ok = rows[i].size >= l.needs;
    std::string_view s;
    if (ok) {
      print::Context ctx{l.src->tep, l.src->event, print::RecordView(l.src->tep, rows[i].data, static_cast<int>(rows[i].size))};
      int64_t at = 0, length = 0;
      print::dynamic_location(ctx, f, at, length);
      ok = ctx.record.inside(at, length);
      if (ok) s = cut(std::string_view(reinterpret_cast<const char*>(rows[i].data) + at, static_cast<size_t>(length)),
                      l.cut_at_nul);
    }
    out[i] = BytesView{ok ? s.data() : nullptr, s.size()};
    set_valid(l, base + i, ok);
    valid += ok;
  }
  return valid;
}

// Anything else: one read_value() per record.
template <bool Widen>
size_t other_lane(const Lane& l, const Row* rows, size_t n, size_t base) {
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

// The rows of n records whose u16 common_type is at type_offset, without
// branches: a NULL record or payload reads as empty, a payload too short for
// common_type reads kZeros instead. Returns how many are the event's.
template <bool Swap>
size_t find_rows(const tep_record* const* records, size_t n, int type_offset, uint64_t id, Row* rows) {
  static const tep_record kEmpty{};
  // A common_type said to start before the record (a saturated offset) is in
  // no record: nothing is this event's.
  const int64_t type_end = type_offset >= 0 ? int64_t{type_offset} + 2 : INT64_MAX;
  size_t ours = 0;
  for (size_t i = 0; i < n; i++) {
    const tep_record* r = records[i] ? records[i] : &kEmpty;
    const auto* data = static_cast<const uint8_t*>(r->data);
    int64_t size = data ? r->size : 0;
    bool fits = size >= type_end;
    const uint8_t* type = fits ? data + type_offset : kZeros;
    bool mine = fits & (load<uint16_t>(type, Swap) == id);
    rows[i] = Row{data, mine ? size : 0};
    ours += mine;
  }
  return ours;
}

// The same for a common_type of another size (or none).
size_t find_rows_any(const tep_record* const* records, size_t n, int type_offset, int type_size, bool swap,
                     uint64_t id, Row* rows) {
  const int64_t type_end = type_offset >= 0 ? int64_t{type_offset} + type_size : INT64_MAX;
  size_t ours = 0;
  for (size_t i = 0; i < n; i++) {
    const tep_record* r = records[i];
    const auto* data = r ? static_cast<const uint8_t*>(r->data) : nullptr;
    int64_t size = data ? r->size : 0;
    bool mine = size >= type_end && size > 0;
    if (mine && type_size) mine = read_number(data + type_offset, type_size, swap) == id;
    rows[i] = Row{data, mine ? size : 0};
    ours += mine;
  }
  return ours;
}

Lane lane_of(const Source& src, const Output& o, bool widen) {
  const Column& c = *o.column;
  const Reader& r = c.reader;
  Lane l;
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
  if (r.from == Reader::From::Scalar && is_integer(c.type)) {
    switch (r.size) {
      case 1: l.fill = scalar_fill<uint8_t>(c.type, stored); break;
      case 2: l.fill = scalar_fill<uint16_t>(c.type, stored); break;
      case 4: l.fill = scalar_fill<uint32_t>(c.type, stored); break;
      case 8: l.fill = scalar_fill<uint64_t>(c.type, stored); break;
      default: break;
    }
  } else if (r.from == Reader::From::FixedBytes && unbounded && r.size > 0) {
    l.fill = fixed_bytes_lane;
  } else if (r.from == Reader::From::DynamicBytes && unbounded) {
    l.fill = dynamic_bytes_lane;
  }
  return l;
}

}  // namespace

size_t fill_batch(const Source& src, const Output* outputs, size_t n_outputs, const tep_record* const* records,
                  size_t count, bool widen, size_t* first_valid) {
  // A batch of a few columns (the common case) allocates nothing.
  constexpr size_t kInline = 32;
  Lane inline_lanes[kInline];
  std::vector<Lane> many;
  Lane* lanes = inline_lanes;
  if (n_outputs > kInline) {
    many.resize(n_outputs);
    lanes = many.data();
  }
  for (size_t j = 0; j < n_outputs; j++) lanes[j] = lane_of(src, outputs[j], widen);
  const Model& m = src.model;
  const bool swap = swaps_bytes(src.tep);
  const int type_offset = m.type_offset, type_size = m.type_size;
  const uint64_t id = static_cast<uint64_t>(static_cast<uint32_t>(m.id));
  size_t ours = 0, valid_first = 0;
  Row rows[kBlock];
  for (size_t base = 0; base < count; base += kBlock) {
    size_t n = count - base < kBlock ? count - base : kBlock;
    // common_type is a u16 in every format seen; others go the general way.
    if (type_size == 2 && !swap) ours += find_rows<false>(records + base, n, type_offset, id, rows);
    else if (type_size == 2) ours += find_rows<true>(records + base, n, type_offset, id, rows);
    else ours += find_rows_any(records + base, n, type_offset, type_size, swap, id, rows);
    for (size_t j = 0; j < n_outputs; j++) {
      size_t valid = lanes[j].fill(lanes[j], rows, n, base);
      if (j == 0 && first_valid) {
        if (lanes[j].valid) valid = count_valid(lanes[j].valid + base, n);
        valid_first += valid;
      }
    }
  }
  if (first_valid) *first_valid = valid_first;
  return ours;
}

size_t fill_codes(const Source& src, const Column& c, const tep_record* const* records, size_t count,
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
