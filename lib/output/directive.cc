// SPDX-License-Identifier: LGPL-2.1
#include "output/directive.h"

#include <cstdint>

#include "output/int_text.h"
#include "trace_seq/seq.h"

namespace tep::output {

namespace {

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

// One printf conversion: "%-08.3lx" -> left, zero, width 8, precision 3, 'l', 'x'.
struct Conversion {
  bool left = false, plus = false, space = false, alternate = false, zero = false;
  bool star = false;        // '*' width or precision: the value would be misread
  int64_t width = 0;
  int64_t precision = -1;   // -1: none
  int length = 0;           // -2 hh, -1 h, 0 none, 1 l/ll/j/z/t/q/L
  char conversion = 0;      // 0: the directive ended inside the conversion
};

int64_t read_count(std::string_view text, size_t& i) {
  int64_t n = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
    if (n < INT32_MAX) n = n * 10 + (text[i] - '0');
    i++;
  }
  return n > INT32_MAX ? INT32_MAX : n;
}

// Parses the conversion starting after the '%' at text[i]; leaves i after it.
Conversion parse_conversion(std::string_view text, size_t& i) {
  Conversion c;
  for (; i < text.size(); i++) {
    char f = text[i];
    if (f == '-') c.left = true;
    else if (f == '+') c.plus = true;
    else if (f == ' ') c.space = true;
    else if (f == '#') c.alternate = true;
    else if (f == '0') c.zero = true;
    else if (f != '\'' && f != 'I') break;
  }
  if (i < text.size() && text[i] == '*') {
    c.star = true;
    i++;
  } else {
    c.width = read_count(text, i);
  }
  if (i < text.size() && text[i] == '.') {
    i++;
    if (i < text.size() && text[i] == '*') {
      c.star = true;
      i++;
    } else {
      c.precision = read_count(text, i);
    }
  }
  for (; i < text.size(); i++) {
    char l = text[i];
    if (l == 'h') c.length = c.length == -1 ? -2 : -1;
    else if (l == 'l' || l == 'q' || l == 'L' || l == 'j' || l == 'z' || l == 'Z' || l == 't')
      c.length = 1;
    else break;
  }
  if (i < text.size()) c.conversion = text[i++];
  return c;
}

void pad_to_width(trace_seq* s, const Conversion& c, std::string_view body) {
  int64_t pad = c.width - static_cast<int64_t>(body.size());
  if (!c.left) append_repeated(s, ' ', pad);
  seq::append(s, body);
  if (c.left) append_repeated(s, ' ', pad);
}

// printf's integer conversions of an argument passed in a 64-bit register:
// the length modifier says how much of it the callee reads.
void format_int(trace_seq* s, const Conversion& c, uint64_t reg) {
  if (c.conversion == 'c') {
    char ch = static_cast<char>(reg);
    pad_to_width(s, c, std::string_view(&ch, 1));
    return;
  }
  bool is_signed = c.conversion == 'd' || c.conversion == 'i';
  uint64_t bits;
  switch (c.length) {
    case -2: bits = is_signed ? static_cast<uint64_t>(int64_t{static_cast<signed char>(reg)})
                              : static_cast<unsigned char>(reg); break;
    case -1: bits = is_signed ? static_cast<uint64_t>(int64_t{static_cast<short>(reg)})
                              : static_cast<unsigned short>(reg); break;
    case 0: bits = is_signed ? static_cast<uint64_t>(int64_t{static_cast<int>(reg)})
                             : static_cast<unsigned>(reg); break;
    default: bits = reg; break;
  }
  bool negative = is_signed && static_cast<int64_t>(bits) < 0;
  uint64_t magnitude = negative ? 0 - bits : bits;
  unsigned base = c.conversion == 'o' ? 8 : (c.conversion == 'x' || c.conversion == 'X') ? 16 : 10;

  char buf[kIntTextSize];
  char* end = buf + sizeof(buf);
  char* digits = end;
  if (!(magnitude == 0 && c.precision == 0)) digits = unsigned_digits(magnitude, base, c.conversion == 'X', end);
  int64_t digit_count = end - digits;
  int64_t zeros = c.precision > digit_count ? c.precision - digit_count : 0;
  if (c.conversion == 'o' && c.alternate && zeros == 0 && (digit_count == 0 || *digits != '0')) zeros = 1;

  std::string_view prefix;
  if (negative) prefix = "-";
  else if (is_signed && c.plus) prefix = "+";
  else if (is_signed && c.space) prefix = " ";
  else if (base == 16 && c.alternate && magnitude != 0) prefix = c.conversion == 'X' ? "0X" : "0x";

  int64_t length = static_cast<int64_t>(prefix.size()) + zeros + digit_count;
  int64_t pad = c.width > length ? c.width - length : 0;
  if (c.zero && !c.left && c.precision < 0) {
    zeros += pad;
    pad = 0;
  }
  if (!c.left) append_repeated(s, ' ', pad);
  seq::append(s, prefix);
  append_repeated(s, '0', zeros);
  seq::append(s, std::string_view(digits, digit_count));
  if (c.left) append_repeated(s, ' ', pad);
}

bool is_int_conversion(char c) {
  switch (c) {
    case 'd': case 'i': case 'u': case 'x': case 'X': case 'o': case 'c': return true;
    default: return false;
  }
}

void format_string(trace_seq* s, const Conversion& c, std::string_view text) {
  if (c.precision >= 0 && static_cast<int64_t>(text.size()) > c.precision) text = text.substr(0, c.precision);
  pad_to_width(s, c, text);
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
    if (!taken && !c.star) take(c);
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
  if (c.star) {
    // The star gave the width, or the precision when it followed the dot.
    if (directive.find(".*") != std::string_view::npos) {
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
