// SPDX-License-Identifier: LGPL-2.1
#include "format_string/directive_parser.h"

namespace tep::format_string {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A width or precision: "12" -> 12. Saturates at INT_MAX ("99999999999" sets
// `overflow`, as glibc refuses it); never overflows itself. (trace_seq's
// hand printf's reader, moved here: the one count scanner of formats.)
int32_t read_count(std::string_view text, size_t& i, bool& overflow) {
  int64_t n = 0;
  while (i < text.size() && is_digit(text[i])) {
    if (n <= kMaxCount) n = n * 10 + (text[i] - '0');
    i++;
  }
  if (n > kMaxCount) {
    overflow = true;
    return kMaxCount;
  }
  return static_cast<int32_t>(n);
}

Length read_length(std::string_view text, size_t& i) {
  auto at = [&](size_t k) { return k < text.size() ? text[k] : '\0'; };
  switch (at(i)) {
    case 'h':
      if (at(++i) == 'h') {
        i++;
        return Length::kChar;
      }
      return Length::kShort;
    case 'l':
      if (at(++i) == 'l') {
        i++;
        return Length::kLongLong;
      }
      return Length::kLong;
    case 'q':
    case 'L': i++; return Length::kLongLong;
    case 'j': i++; return Length::kIntmax;
    case 'z':
    case 'Z': i++; return Length::kSize;
    case 't': i++; return Length::kPtrdiff;
    default: return Length::kNone;
  }
}

// Glibc's reading of text[start, limit), and whether it uses all of it.
void read_glibc(std::string_view text, Parsed& p, size_t limit) {
  size_t i = p.start + 1;
  std::string_view kept = text.substr(0, limit);
  p.directive = parse_glibc(kept, i);
  p.glibc_order = p.directive.conversion != 0 && i == limit;
}

// Upstream's readers of print fmts and printk formats: the letters it knows
// (`known` counts the h/l ones into ls) and '*', in any order, up to a letter
// that ends the directive.
template <typename Known>
void read_loose(std::string_view text, Parsed& p, Known known) {
  size_t i = p.start + 1;
  for (; i < text.size(); i++) {
    char c = text[i];
    if (c == '*') {
      if (p.stars < 2) p.star_at[p.stars] = static_cast<uint32_t>(i);
      if (p.stars < UINT16_MAX) p.stars++;
    } else if (!known(c, p.ls)) {
      p.letter = c;
      break;
    }
  }
  p.letter_end = p.end = static_cast<uint32_t>(i < text.size() ? i + 1 : text.size());
}

// "%-5lx", "%pI4": upstream's print-fmt reader (see parser.h).
void read_print_fmt(std::string_view text, Parsed& p) {
  read_loose(text, p, [](char c, int8_t& ls) {
    if (c == 'h')
      ls--;
    else if (c == 'l')
      ls++;
    else if (c == 'L')
      ls = 2;
    else
      return is_digit(c) || c == '#' || c == '+' || c == '.' || c == 'z' || c == 'Z' || c == '-';
    return true;
  });
  if (p.letter == 'p') p.end += static_cast<uint32_t>(pointer_letters(text.substr(p.end)));
  read_glibc(text, p, p.letter_end);
}

bool is_alnum(char c) { return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// "%ld", "%pS": upstream's reading of a printk format's binary arguments.
void read_bprint(std::string_view text, Parsed& p) {
  read_loose(text, p, [](char c, int8_t& ls) {
    if (c == 'l')
      ls++;
    else if (c == 'L')
      ls = 2;
    else if (c == 'z' || c == 'Z')
      ls = 1;
    else
      return is_digit(c) || c == '.';
    return true;
  });
  if (p.letter == 'p') {
    p.ls = 1;
    if (p.end < text.size() && is_alnum(text[p.end])) p.end++;
  }
  read_glibc(text, p, p.letter_end);
}

// "%16s", "%%b %d": tep_print_event's reading of its caller's format.
void read_line(std::string_view text, Parsed& p) {
  constexpr size_t kKept = 31;  // upstream copies a directive into char[32]
  size_t i = p.start + 1;
  for (; i < text.size(); i++) {
    char c = text[i];
    if (c == 'd' || c == 'u' || c == 'i' || c == 'x' || c == 'X' || c == 'o' || c == 's') {
      p.letter = c;
      break;
    }
  }
  p.end = static_cast<uint32_t>(i < text.size() ? i + 1 : text.size());
  p.letter_end = static_cast<uint32_t>(p.end - p.start < kKept ? p.end : p.start + kKept);
  read_glibc(text, p, p.letter_end);
}

}  // namespace

bool is_int_conversion(char c) {
  switch (c) {
    case 'd':
    case 'i':
    case 'u':
    case 'x':
    case 'X':
    case 'o':
    case 'c': return true;
    default: return false;
  }
}

Directive parse_glibc(std::string_view text, size_t& i) {
  Directive d;
  for (; i < text.size(); i++) {
    char f = text[i];
    if (f == '-')
      d.left = true;
    else if (f == '+')
      d.plus = true;
    else if (f == ' ')
      d.space = true;
    else if (f == '#')
      d.alt = true;
    else if (f == '0')
      d.zero = true;
    else if (f == '\'' || f == 'I')
      d.grouping = true;
    else
      break;
  }
  if (i < text.size() && text[i] == '*') {
    d.width_star = true;
    i++;
  } else {
    d.width = read_count(text, i, d.overflow);
  }
  if (i < text.size() && text[i] == '.') {
    i++;
    if (i < text.size() && text[i] == '*') {
      d.precision_star = true;
      i++;
    } else {
      d.precision = read_count(text, i, d.overflow);
    }
  }
  d.length = read_length(text, i);
  if (i < text.size()) d.conversion = text[i++];
  return d;
}

Parsed parse(Dialect dialect, std::string_view text, size_t start) {
  Parsed p;
  p.start = static_cast<uint32_t>(start);
  switch (dialect) {
    case Dialect::kGlibc: {
      size_t i = start + 1;
      p.directive = parse_glibc(text, i);
      p.letter = p.directive.conversion;
      p.letter_end = p.end = static_cast<uint32_t>(i);
      p.stars = static_cast<uint16_t>(p.directive.width_star + p.directive.precision_star);
      p.glibc_order = p.letter != 0;
      break;
    }
    case Dialect::kPrintFmt: read_print_fmt(text, p); break;
    case Dialect::kBprint: read_bprint(text, p); break;
    case Dialect::kLine: read_line(text, p); break;
  }
  return p;
}

size_t pointer_letters(std::string_view rest) {
  auto at = [&](size_t i) { return i < rest.size() ? rest[i] : '\0'; };
  switch (at(0)) {
    case 'F':
    case 'S':
    case 'f':
    case 's':
    case 'B':  // "%pB" (ahead of upstream 1.9.0, which leaves the 'B' as text)
      return 1;
    case 'a':  // "%pa", "%pap", "%pad" (ahead of upstream 1.9.0, as 'B')
      return (at(1) == 'p' || at(1) == 'd') ? 2 : 1;
    case 'M':
    case 'm': return (at(1) == 'R' || at(1) == 'F') ? 2 : 1;
    case 'I':
    case 'i': {
      // "%pI4", "%pI6c", "%pISpc", "%pI4h"
      size_t n = 1, index = 2;
      char kind = at(1);
      if (kind == 'S') {
        while (at(index) == 'p' || at(index) == 'f' || at(index) == 's') {
          n++;
          index++;
        }
      }
      if (kind == 'S' || kind == '4') {
        char c = at(index);
        if (c == 'h' || c == 'n' || c == 'l' || c == 'b') {
          n++;
          index++;
        }
        if (kind == '4') return n + 1;
      }
      if (kind == 'S' || kind == '6') {
        if (at(index) == 'c') n++;
        n++;
      }
      return n;
    }
    case 'U':  // "%pUb"
      return (at(1) == 'L' || at(1) == 'l' || at(1) == 'B' || at(1) == 'b') ? 2 : 1;
    case 'h':  // "%*phD"
      return (at(1) == 'C' || at(1) == 'D' || at(1) == 'N') ? 2 : 1;
    default: return 0;
  }
}

}  // namespace tep::format_string
