// SPDX-License-Identifier: LGPL-2.1
// Integers to text without printf, for the per-record output paths. Each
// writer fills the tail of a caller's buffer and returns where the text starts.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#include "base/digits.h"
#include "trace-seq.h"
#include "seq/seq.h"

namespace tep::seq {

// "%llu", "%llx" and "%0<width>llx"-style appends.
void append_unsigned(trace_seq* s, uint64_t value);
void append_hex(trace_seq* s, uint64_t value, int min_digits = 1);
// `count` copies of `c` (padding for widths); most calls pad nothing or a few.
void append_repeated_slow(trace_seq* s, char c, int64_t count);
inline void append_repeated(trace_seq* s, char c, int64_t count) {
  if (count <= 0) return;
  if (!has_room(s, static_cast<size_t>(count))) return append_repeated_slow(s, c, count);
  memset(s->buffer + s->len, c, static_cast<size_t>(count));
  s->len += static_cast<unsigned>(count);
}

}  // namespace tep::seq
