// SPDX-License-Identifier: LGPL-2.1
// How a print fmt's conversions print (PrintFmtConversion, print_fmt.h): by
// hand through the formatter, widths and '*' values bounded to +-1 MiB; out
// of glibc's order through vsnprintf, which prints the directive's text.
//   "%-5d" of 7 -> "7    "; "%*d" with a record's star of 1<<30 -> 1 MiB of padding
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "format_string/format.h"
#include "format_string/glibc_fallback.h"
#include "format_string/print_fmt.h"

namespace tep::format_string {

// The directive with a '*' filled in, bounded.
inline Directive with_star(Directive d, int star) {
  if (d.width_star)
    d.set_star_width(bounded_star(star));
  else
    d.set_star_precision(bounded_star(star));
  return d;
}

// A print fmt's integer conversion of `value` (a 64-bit register: the length
// modifier says how much of it is read); `star` (bounded) feeds a '*'.
template <typename Sink>
__attribute__((always_inline)) inline void format_number(Sink& out, const PrintFmtConversion& c, const int* star,
                                                         uint64_t value) {
  if (__builtin_expect(c.by_hand && !star, 1)) return format_int(out, c.directive, value);
  if (c.by_hand) return format_int(out, with_star(c.directive, *star), value);
  int bounded = star ? bounded_star(*star) : 0;
  out.append(glibc_format(c.text, star ? &bounded : nullptr, static_cast<long long>(value)));
}

// A print fmt's %s of `text`; printf's %s stops at the first NUL.
template <typename Sink>
__attribute__((always_inline)) inline void format_text(Sink& out, const PrintFmtConversion& c, const int* star,
                                                       std::string_view text) {
  size_t nul = text.find('\0');
  if (nul != std::string_view::npos) text = text.substr(0, nul);
  if (__builtin_expect(c.by_hand && !star, 1)) return format_string(out, c.directive, text);
  if (c.by_hand) return format_string(out, with_star(c.directive, *star), text);
  // With a length letter printf might read a wide string: nothing.
  if (c.text.find_first_of("lhLzZqjt") != std::string_view::npos) return;
  int bounded = star ? bounded_star(*star) : 0;
  out.append(glibc_format(c.text, star ? &bounded : nullptr, std::string(text).c_str()));
}

}  // namespace tep::format_string
