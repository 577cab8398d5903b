// SPDX-License-Identifier: LGPL-2.1
// tep_print_event's caller format (the kLine dialect), split once, and one
// directive printed with its single value as printf(directive, value) would:
//   "%16s-%-5d [%03d] %s"  ->  "%16s" "-" "%-5d" " [" "%03d" "] " "%s"
//   "a%%b %d"              ->  "a" then the directive "%%b %d" (prints "%b 7")
// A '%' with no d u i x X o s after it makes an unknown directive that runs
// to the end of the format.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "format_string/format.h"
#include "format_string/glibc_fallback.h"
#include "format_string/directive_parser.h"

namespace tep::format_string {

enum class LineKind : uint8_t { kNone, kInt, kString, kUnknown };

struct LinePiece {
  std::string_view literal;         // text before the directive (may be empty)
  std::string_view directive;       // "%...X", at most 31 characters
  LineKind kind = LineKind::kNone;  // kNone: literal only, end of format
  // How the directive prints:
  enum class Way : uint8_t {
    kSingle,   // exactly one conversion done by hand: `conversion`
    kWalk,     // text, "%%" and conversions: the first takes the value, later ones print nothing
    kGlibc,    // one conversion glibc reads its own way ("%lllld", "%9999d"): vsnprintf
    kNothing,  // glibc refuses it (a width or precision above INT_MAX)
  } way = Way::kWalk;
  Directive conversion;
};

// The pieces of `format`, pointing into it.
std::vector<LinePiece> split_line_format(std::string_view format);

// printf(directive, value) where that is well defined, in the ways above.
template <typename Sink>
void format_line_int(Sink& out, const LinePiece& piece, int value);
template <typename Sink>
void format_line_string(Sink& out, const LinePiece& piece, std::string_view text);

// --- implementation

// Walks a directive as printf walks its format. `take` prints the first
// conversion; the ones after it print nothing.
template <typename Sink, typename Take>
void walk_line_directive(Sink& out, std::string_view directive, Take take) {
  bool taken = false;
  size_t i = 0;
  while (i < directive.size()) {
    size_t percent = directive.find('%', i);
    if (percent == std::string_view::npos) percent = directive.size();
    out.append(directive.substr(i, percent - i));
    if (percent >= directive.size()) break;
    i = percent + 1;
    if (i < directive.size() && directive[i] == '%') {
      out.append_char('%');
      i++;
      continue;
    }
    Directive d = parse_glibc(directive, i);
    if (d.conversion == 0) {
      // Cut short (upstream's 31-character limit): printf copies it as text.
      out.append(directive.substr(percent));
      break;
    }
    if (!taken && !d.star()) take(d);
    taken = true;
  }
}

template <typename Sink>
void format_line_int(Sink& out, const LinePiece& piece, int value) {
  const uint64_t reg = int_argument_register(value);
  switch (piece.way) {
    case LinePiece::Way::kSingle: return format_int(out, piece.conversion, reg);
    case LinePiece::Way::kGlibc: return out.append(glibc_format(piece.directive, nullptr, value));
    case LinePiece::Way::kNothing: return;
    case LinePiece::Way::kWalk: break;
  }
  walk_line_directive(out, piece.directive, [&](const Directive& d) {
    if (is_int_conversion(d.conversion)) format_int(out, d, reg);
  });
}

template <typename Sink>
void format_line_string(Sink& out, const LinePiece& piece, std::string_view text) {
  switch (piece.way) {
    case LinePiece::Way::kSingle: return format_string(out, piece.conversion, text);
    case LinePiece::Way::kGlibc: return out.append(glibc_format(piece.directive, nullptr, std::string(text).c_str()));
    case LinePiece::Way::kNothing: return;
    case LinePiece::Way::kWalk: break;
  }
  walk_line_directive(out, piece.directive, [&](const Directive& d) {
    if (d.conversion == 's') format_string(out, d, text);
  });
}

}  // namespace tep::format_string
