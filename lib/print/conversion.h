// SPDX-License-Identifier: LGPL-2.1
// One printf conversion of a print fmt ("%-8.3lx", "%*s", "%c") and the
// formatting of a value through it, byte-identical to glibc's printf for the
// conversions upstream hands to printf (d i u x X o c s). Integers and strings
// are formatted by hand; a directive glibc would read differently from the
// usual flags/width/precision/length order goes through vsnprintf.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "print/output_buffer.h"

namespace tep::print {

struct Conversion {
  enum class Star : uint8_t { None, Width, Precision };
  enum class Length : uint8_t { Int, Char, Short, Long, Size };

  std::string_view text;  // the directive as written, e.g. "%-8.3lx" (storage kept by the caller)
  bool left = false, plus = false, space = false, alt = false, zero = false;
  int width = -1;
  int precision = -1;
  Star star = Star::None;
  Length length = Length::Int;
  char conversion = 0;  // d i u x X o c s
  int stars = 0;        // '*' in text
  bool by_hand = true;  // false: format with vsnprintf(text)
  bool plain = false;   // no flags, width or precision: "%d", "%llx", "%s"
};

// Reads "%[flags][width][.precision][length]conv" (text includes the '%';
// the Conversion keeps a view of it).
Conversion parse_conversion(std::string_view text);

// Prints `value` already cast the way upstream casts it (by its count of
// 'h'/'l' letters, `ls`); star_value feeds a '*' when the directive has one.
void format_integer(Output& s, const Conversion& c, int ls, bool has_star, int star_value,
                    uint64_t value);

// Prints a string through a %s directive (width, precision, '-').
void format_string(Output& s, const Conversion& c, bool has_star, int star_value,
                   std::string_view text);

// How many letters after "%p" belong to the directive, as upstream reads them:
// "%pI4" -> 2, "%ps" -> 1, "%px" -> 0 (the 'x' is text: "(nil)x").
size_t pointer_letters(std::string_view rest);

// Upstream's casts (eval_type_str): every known integer type is a mask, signed
// ones included ("(s8)x" -> x & 0xff); pointers, structs and unknown names leave
// the value alone. `pointer`: the cast of a pointer dereference ("(u8 *)").
uint64_t mask_for_type(std::string_view type, bool pointer);

}  // namespace tep::print
