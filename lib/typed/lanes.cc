// SPDX-License-Identifier: LGPL-2.1
#include "typed/lanes.h"

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
namespace {

inline void set_valid(const Lane& l, size_t i, bool ok) {
  if (l.valid) l.valid[i] = ok;
}

size_t count_valid(const Row* rows, size_t n, int64_t needs) {
  size_t valid = 0;
  for (size_t i = 0; i < n; i++) valid += rows[i].size >= needs;
  return valid;
}

// A field read in place: In is the field's width, Out the stored one; the
// value is sign-extended or masked to the column's width first. Written
// without branches in the loop: rows of other events have size 0, below any
// column's needs, and read kZeros.
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
  if constexpr (!base::kHostBigEndian) return s.substr(0, length_to_nul(s.data(), s.size()));
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
  const int64_t needs = l.needs, from = record::DynamicWord::base_of(offset, 4, Relative);
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
    if (c.type == ValueType::kBytes) {
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
  if (type == ValueType::kBool) return scalar_lane<In, Out, false, true>;
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

}  // namespace

PairFill pair_fill(int width_a, int width_b) {
  switch (width_a) {
    case 1: return pair_fill<uint8_t>(width_b);
    case 2: return pair_fill<uint16_t>(width_b);
    case 4: return pair_fill<uint32_t>(width_b);
    default: return pair_fill<uint64_t>(width_b);
  }
}

void set_lane(Lane& l, const BatchSource& src, const ColumnTarget& o, bool widen, bool known_type) {
  const Column& c = *o.column;
  const Reader& r = c.reader;
  l.src = &src;
  l.column = &c;
  l.offset = r.offset;
  l.size = r.size;
  l.needs = r.needs > 0 ? r.needs : 1;  // a row of another event (size 0) never qualifies
  int width = value_type_size(c.type);
  l.shift = width > 0 && width < 8 ? 64 - 8 * width : 0;
  l.swap = core::swaps_bytes(src.tep);
  l.cut_at_nul = r.cut_at_nul;
  l.relative = r.relative;
  l.out = o.values;
  l.valid = o.valid;
  int stored = widen && is_integer(c.type) ? 8 : width;
  bool unbounded = !r.length && r.max_length < 0;
  l.fill = widen ? other_lane<true> : other_lane<false>;
  l.copy_width = 0;
  if (r.from == Reader::From::kScalar && is_integer(c.type)) {
    if (stored == r.size && !l.swap && c.type != ValueType::kBool) l.copy_width = stored;
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
  } else if (r.from == Reader::From::kFixedBytes && unbounded && r.size > 0) {
    l.fill = fixed_bytes_lane;
  } else if (r.from == Reader::From::kDynamicBytes && unbounded) {
    l.fill = r.size == 4 ? data_loc_fill(l.swap, r.relative) : dynamic_bytes_lane;
  }
}

}  // namespace tep::typed
