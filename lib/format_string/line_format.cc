// SPDX-License-Identifier: LGPL-2.1
#include "format_string/line_format.h"

#include <cstring>

namespace tep::format_string {

namespace {

// Conversions glibc knows; after any other letter it prints the directive's
// text itself and takes no argument ("%lllld" -> "%lld").
bool glibc_knows(char c) { return c && std::strchr("diouxXeEfFgGaAcsCSpnm", c); }

LinePiece::Way way_of(const Parsed& p, std::string_view directive) {
  const Directive& d = p.directive;
  bool refused = false;
  size_t percents = 0;
  for (size_t i = 0; (i = directive.find('%', i)) != std::string_view::npos;) {
    percents++;
    if (++i < directive.size() && directive[i] == '%') {
      i++;
      continue;
    }
    refused = refused || parse_glibc(directive, i).overflow;
  }
  if (refused) return LinePiece::Way::kNothing;
  if (p.glibc_order && !d.star()) {
    bool huge = d.width > kMaxHandCount || d.precision > kMaxHandCount;
    bool narrow = d.conversion != 's' || d.length == Length::kNone;
    return huge && narrow ? LinePiece::Way::kGlibc : LinePiece::Way::kSingle;
  }
  // Only without '$' and '*': "%4$.6s" would make glibc read a fourth argument.
  if (!p.glibc_order && percents == 1 && d.conversion && !glibc_knows(d.conversion) &&
      directive.find_first_of("$*") == std::string_view::npos)
    return LinePiece::Way::kGlibc;
  return LinePiece::Way::kWalk;
}

}  // namespace

std::vector<LinePiece> split_line_format(std::string_view format) {
  std::vector<LinePiece> pieces;
  size_t i = 0;
  while (i < format.size()) {
    LinePiece piece;
    size_t percent = format.find('%', i);
    if (percent == std::string_view::npos) {
      piece.literal = format.substr(i);
      pieces.push_back(piece);
      break;
    }
    piece.literal = format.substr(i, percent - i);
    Parsed p = parse(Dialect::kLine, format, percent);
    piece.directive = format.substr(percent, p.letter_end - percent);
    piece.kind = p.letter == 's' ? LineKind::kString : p.letter ? LineKind::kInt : LineKind::kUnknown;
    piece.conversion = p.directive;
    piece.way = way_of(p, piece.directive);
    pieces.push_back(piece);
    i = p.end;
  }
  return pieces;
}

}  // namespace tep::format_string
