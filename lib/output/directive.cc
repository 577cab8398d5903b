// SPDX-License-Identifier: LGPL-2.1
#include "output/directive.h"

#include <cstdint>

#include "trace_seq/hand_printf.h"
#include "trace_seq/seq.h"

namespace tep::output {

namespace {

using seq::Conversion;
using seq::format_int;
using seq::format_string;
using seq::is_int_conversion;
using seq::parse_conversion;

constexpr size_t kMaxDirective = 31;  // upstream copies directives into char[32]

DirectiveKind kind_of(char c) {
  switch (c) {
    case 'd': case 'u': case 'i': case 'x': case 'X': case 'o':
      return DirectiveKind::kInt;
    case 's':
      return DirectiveKind::kString;
    default:
      return DirectiveKind::kNone;
  }
}

// Walks a directive as printf walks its format. `take` renders the first
// conversion; the ones after it print nothing.
template <typename Take>
void walk_directive(trace_seq* s, std::string_view directive, Take take) {
  bool taken = false;
  size_t i = 0;
  while (i < directive.size()) {
    size_t percent = directive.find('%', i);
    if (percent == std::string_view::npos) percent = directive.size();
    seq::append(s, directive.substr(i, percent - i));
    if (percent >= directive.size()) break;
    i = percent + 1;
    if (i < directive.size() && directive[i] == '%') {
      seq::append_char(s, '%');
      i++;
      continue;
    }
    size_t start = percent;
    Conversion c = parse_conversion(directive, i);
    if (c.conversion == 0) {
      // Cut short (upstream's 31-character limit): printf copies it as text.
      seq::append(s, directive.substr(start));
      break;
    }
    if (!taken && !c.star()) take(c);
    taken = true;
  }
}

}  // namespace

bool FormatScanner::next(FormatPiece& piece) {
  if (rest_.empty()) return false;
  size_t percent = rest_.find('%');
  if (percent == std::string_view::npos) {
    piece = FormatPiece{rest_, {}, DirectiveKind::kNone};
    rest_ = {};
    return true;
  }
  piece.literal = rest_.substr(0, percent);
  size_t end = percent + 1;
  piece.kind = DirectiveKind::kUnknown;
  for (; end < rest_.size(); end++) {
    DirectiveKind kind = kind_of(rest_[end]);
    if (kind != DirectiveKind::kNone) {
      piece.kind = kind;
      end++;
      break;
    }
  }
  size_t length = end - percent;
  piece.directive = rest_.substr(percent, length < kMaxDirective ? length : kMaxDirective);
  rest_ = rest_.substr(end);
  return true;
}

void format_int_directive(trace_seq* s, std::string_view directive, int value) {
  // An int leaves the upper half of its register zero ("%ld" of -1 is 4294967295).
  uint64_t reg = static_cast<uint32_t>(value);
  walk_directive(s, directive, [&](const Conversion& c) {
    if (is_int_conversion(c.conversion)) format_int(s, c, reg);
  });
}

bool format_value_directive(trace_seq* s, std::string_view directive, uint64_t value, int star) {
  size_t i = 1;
  if (directive.size() < 2 || directive[0] != '%') return false;
  Conversion c = parse_conversion(directive, i);
  if (!is_int_conversion(c.conversion) || i != directive.size()) return false;
  if (c.star()) {
    star = seq::bounded_star(star);
    if (c.star_precision) {
      c.precision = star < 0 ? -1 : star;
    } else {
      c.left = c.left || star < 0;
      c.width = star < 0 ? -int64_t{star} : star;
    }
  }
  format_int(s, c, value);
  return true;
}

void format_string_directive(trace_seq* s, std::string_view directive, std::string_view text) {
  walk_directive(s, directive, [&](const Conversion& c) {
    if (c.conversion == 's') format_string(s, c, text);
  });
}

}  // namespace tep::output
