// SPDX-License-Identifier: LGPL-2.1
#include "format_string/print_fmt.h"

#include <algorithm>

namespace tep::format_string {

namespace {

bool is_conversion_letter(char c) {
  switch (c) {
    case 'd':
    case 'u':
    case 'i':
    case 'x':
    case 'X':
    case 'o':
    case 'c':
    case 's':
    case 'p': return true;
    default: return false;
  }
}

}  // namespace

void PrintFmt::parse(std::string_view format, size_t arg_count) {
  literals_.clear();
  pieces_.clear();
  // One piece per '%' and one for the tail, allocated once: kept for the
  // event's lifetime, one per event of the handle.
  pieces_.reserve(static_cast<size_t>(std::count(format.begin(), format.end(), '%')) + 1);
  lacks_arguments_ = false;
  size_t next_arg = 0;
  size_t literal_start = 0;
  auto add = [&](PrintFmtPiece piece) {
    piece.literal_offset = static_cast<uint32_t>(literal_start);
    piece.literal_size = static_cast<uint32_t>(literals_.size() - literal_start);
    literal_start = literals_.size();
    pieces_.push_back(piece);
  };
  size_t i = 0;
  while (i < format.size()) {
    const char c = format[i];
    if (c == '\\') {
      if (i + 1 >= format.size()) break;  // a lone trailing backslash: upstream reads past the end
      char e = format[i + 1];
      literals_ += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
      i += 2;
      continue;
    }
    if (c != '%') {
      // A loop, not find_first_of: libstdc++'s calls memchr once a byte.
      size_t end = i + 1;
      while (end < format.size() && format[end] != '\\' && format[end] != '%') ++end;
      literals_.append(format.substr(i, end - i));
      i = end;
      continue;
    }
    if (i + 1 < format.size() && format[i + 1] == '%') {
      literals_ += '%';
      i += 2;
      continue;
    }
    PrintFmtPiece piece;
    piece.parsed = format_string::parse(Dialect::kPrintFmt, format, i);
    Parsed& p = piece.parsed;
    // Arguments are taken in order: the '*' first, then the conversion. One
    // that is missing (or a second '*') stops the directive at that letter.
    size_t available = arg_count - next_arg;
    if (p.stars > 1 || (p.stars == 1 && available == 0)) {
      piece.kind = PrintFmtPiece::Kind::kNoArgument;
      p.end = p.star_at[available == 0 ? 0 : 1];
      if (available > 0) piece.star_arg = static_cast<int32_t>(next_arg++);
    } else if (p.letter == 0) {
      piece.kind = PrintFmtPiece::Kind::kCut;
      if (p.stars) piece.star_arg = static_cast<int32_t>(next_arg++);
    } else if (!is_conversion_letter(p.letter)) {
      piece.kind = PrintFmtPiece::Kind::kUnknown;
      if (p.stars) piece.star_arg = static_cast<int32_t>(next_arg++);
    } else {
      if (p.stars) piece.star_arg = static_cast<int32_t>(next_arg++);
      if (next_arg >= arg_count) {
        piece.kind = PrintFmtPiece::Kind::kNoArgument;
        p.end = p.letter_end - 1;
      } else {
        piece.arg = static_cast<int32_t>(next_arg++);
        bool bad = p.letter != 's' && p.letter != 'p' && (p.ls < -2 || p.ls > 2);
        piece.kind = bad ? PrintFmtPiece::Kind::kBadLength : PrintFmtPiece::Kind::kConversion;
      }
    }
    if (piece.kind == PrintFmtPiece::Kind::kNoArgument || piece.kind == PrintFmtPiece::Kind::kBadLength)
      lacks_arguments_ = true;
    i = p.end;
    add(piece);
  }
  add(PrintFmtPiece{});
}

PrintFmtConversion PrintFmt::conversion(std::string_view format, const PrintFmtPiece& piece) {
  const Parsed& p = piece.parsed;
  PrintFmtConversion c;
  c.text = format.substr(p.start, p.letter_end - p.start);
  c.directive = p.directive;
  bound_untrusted(c.directive);
  // Out of glibc's order ("%5-d", "%l5x") glibc prints the directive's text
  // as it reads it and takes no argument; vsnprintf does that.
  c.by_hand = p.glibc_order;
  return c;
}

}  // namespace tep::format_string
