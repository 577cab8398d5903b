// SPDX-License-Identifier: LGPL-2.1
// Upstream's casts in print fmts: every integer type it knows is a mask, the
// signed ones too, applied at parse time (constant folding) and per record:
//   (u8)x, (s8)x, (unsigned char)x -> x & 0xff
//   (u16)x, (short)x               -> x & 0xffff
//   (u32)x, (int)x                 -> x & 0xffffffff
//   (u64)x, (long)x, (pid_t)x, (struct foo *)x, (char *)x -> x
#pragma once

#include <cstdint>
#include <string_view>

namespace tep::format_string {

// The mask a cast to `type` applies ("u8" -> 0xff; unknown, pointer and
// struct types -> all ones).
uint64_t cast_mask(std::string_view type);

// The mask of the pointer cast in front of a dereference, "(u8 *)p[i]": the
// pointed-to type's ("u8 *" -> 0xff); all ones unless `type` ends in '*'.
uint64_t pointer_cast_mask(std::string_view type);

}  // namespace tep::format_string
