// SPDX-License-Identifier: LGPL-2.1
#include "print/conversion.h"

#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <vector>

#include "trace_seq/hand_printf.h"
#include "trace_seq/seq.h"

namespace tep::print {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

inline void pad(Output& s, char c, int n) {
  if (n <= 0) return;
  static constexpr char spaces[] = "                                ";
  static constexpr char zeros[] = "00000000000000000000000000000000";
  const char* run = c == '0' ? zeros : spaces;
  while (n > 0) {
    int chunk = n < 32 ? n : 32;
    s.append(std::string_view(run, chunk));
    n -= chunk;
  }
}

// vsnprintf into the seq, for directives glibc reads in an unusual way.
__attribute__((format(printf, 2, 3))) void append_printf(Output& s, const char* fmt, ...) {
  char small[256];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof(small), fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if (n < static_cast<int>(sizeof(small))) {
    s.append(std::string_view(small, n));
    return;
  }
  std::vector<char> big(n + 1);
  va_start(ap, fmt);
  vsnprintf(big.data(), big.size(), fmt, ap);
  va_end(ap);
  s.append(std::string_view(big.data(), n));
}

// The value as printf's length modifier reads it; z reads all 64 bits (upstream
// passes an int there, and the full value is what lands in the register).
int64_t as_signed(const Conversion& c, uint64_t v) {
  switch (c.length) {
    case Conversion::Length::Char: return static_cast<int8_t>(v);
    case Conversion::Length::Short: return static_cast<int16_t>(v);
    case Conversion::Length::Int: return static_cast<int32_t>(v);
    default: return static_cast<int64_t>(v);
  }
}

uint64_t as_unsigned(const Conversion& c, uint64_t v) {
  switch (c.length) {
    case Conversion::Length::Char: return static_cast<uint8_t>(v);
    case Conversion::Length::Short: return static_cast<uint16_t>(v);
    case Conversion::Length::Int: return static_cast<uint32_t>(v);
    default: return v;
  }
}

uint64_t cast_by_count(int ls, uint64_t v) {
  switch (ls) {
    case -2: return static_cast<uint64_t>(static_cast<int64_t>(static_cast<signed char>(v)));
    case -1: return static_cast<uint64_t>(static_cast<int64_t>(static_cast<short>(v)));
    case 0: return static_cast<uint64_t>(static_cast<int64_t>(static_cast<int>(v)));
    default: return v;
  }
}

}  // namespace

Conversion parse_conversion(std::string_view text) {
  Conversion c;
  c.text = text;
  for (char ch : text) c.stars += ch == '*';
  size_t i = 1;  // past '%'
  for (; i < text.size(); i++) {
    char ch = text[i];
    if (ch == '-') c.left = true;
    else if (ch == '+') c.plus = true;
    else if (ch == ' ') c.space = true;
    else if (ch == '#') c.alt = true;
    else if (ch == '0') c.zero = true;
    else break;
  }
  if (i < text.size() && text[i] == '*') {
    c.star = Conversion::Star::Width;
    i++;
  } else if (i < text.size() && is_digit(text[i])) {
    c.width = 0;
    while (i < text.size() && is_digit(text[i])) {
      c.width = c.width * 10 + (text[i++] - '0');
      if (c.width > 100000) c.by_hand = false;
    }
  }
  if (i < text.size() && text[i] == '.') {
    i++;
    if (i < text.size() && text[i] == '*') {
      if (c.star != Conversion::Star::None) c.by_hand = false;
      c.star = Conversion::Star::Precision;
      i++;
    } else {
      c.precision = 0;
      while (i < text.size() && is_digit(text[i])) {
        c.precision = c.precision * 10 + (text[i++] - '0');
        if (c.precision > 100000) c.by_hand = false;
      }
    }
  }
  if (i + 1 > text.size()) {
    c.by_hand = false;
    return c;
  }
  std::string_view length = text.substr(i, text.size() - 1 - i);
  c.conversion = text.back();
  if (length.empty()) c.length = Conversion::Length::Int;
  else if (length == "hh") c.length = Conversion::Length::Char;
  else if (length == "h") c.length = Conversion::Length::Short;
  else if (length == "l" || length == "ll" || length == "L") c.length = Conversion::Length::Long;
  else if (length == "z" || length == "Z") c.length = Conversion::Length::Size;
  else c.by_hand = false;
  // glibc's zero padding of %c / %s is not worth imitating by hand.
  if ((c.conversion == 'c' || c.conversion == 's') && c.zero) c.by_hand = false;
  c.plain = c.by_hand && !c.left && !c.plus && !c.space && !c.alt && !c.zero && c.width < 0 &&
            c.precision < 0 && c.star == Conversion::Star::None;
  return c;
}

void format_integer(Output& s, const Conversion& c, int ls, bool has_star, int star_value,
                    uint64_t value) {
  star_value = seq::bounded_star(star_value);
  if (!c.by_hand) {
    std::string text(c.text);
    const char* f = text.c_str();
    if (c.stars > 1 || (c.stars == 1) != has_star) return;  // printf would read a missing argument
    uint64_t v = cast_by_count(ls, value);
    // Pass the value the way upstream does: as int for short counts, else 64-bit.
    if (ls <= 0 && c.length != Conversion::Length::Size) {
      if (has_star) append_printf(s, f, star_value, static_cast<int>(v));
      else append_printf(s, f, static_cast<int>(v));
    } else {
      if (has_star) append_printf(s, f, star_value, static_cast<long long>(v));
      else append_printf(s, f, static_cast<long long>(v));
    }
    return;
  }
  int width = c.width, precision = c.precision;
  bool left = c.left;
  if (has_star && c.star == Conversion::Star::Width) {
    width = star_value;
    if (width < 0) {
      left = true;
      width = -width;
    }
  } else if (has_star && c.star == Conversion::Star::Precision) {
    precision = star_value < 0 ? -1 : star_value;
  }

  char buf[96];
  char* end = buf + sizeof(buf);
  char* p = end;
  const char* prefix = "";
  int prefix_len = 0;
  char sign = 0;

  if (c.conversion == 'c') {
    char ch = static_cast<char>(static_cast<unsigned char>(value));
    int padding = width > 1 ? width - 1 : 0;
    if (!left) pad(s, ' ', padding);
    s.append_char(ch);
    if (left) pad(s, ' ', padding);
    return;
  }

  uint64_t mag;
  if (c.conversion == 'd' || c.conversion == 'i') {
    int64_t v = as_signed(c, value);
    mag = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
    if (v < 0) sign = '-';
    else if (c.plus) sign = '+';
    else if (c.space) sign = ' ';
  } else {
    mag = as_unsigned(c, value);
  }

  bool nonzero = mag != 0;
  if (!(precision == 0 && mag == 0)) {
    switch (c.conversion) {
      case 'x':
      case 'X': {
        const char* digits = c.conversion == 'x' ? "0123456789abcdef" : "0123456789ABCDEF";
        do {
          *--p = digits[mag & 15];
          mag >>= 4;
        } while (mag);
        if (c.alt && nonzero) {
          prefix = c.conversion == 'x' ? "0x" : "0X";
          prefix_len = 2;
        }
        break;
      }
      case 'o':
        do {
          *--p = static_cast<char>('0' + (mag & 7));
          mag >>= 3;
        } while (mag);
        break;
      default:
        do {
          *--p = static_cast<char>('0' + mag % 10);
          mag /= 10;
        } while (mag);
        break;
    }
  }
  int ndigits = static_cast<int>(end - p);
  int zeros = precision > ndigits ? precision - ndigits : 0;
  if (c.conversion == 'o' && c.alt && zeros == 0 && (ndigits == 0 || *p != '0')) zeros = 1;
  int body = (sign ? 1 : 0) + prefix_len + zeros + ndigits;
  int padding = width > body ? width - body : 0;
  if (!left && c.zero && precision < 0) {
    zeros += padding;
    padding = 0;
  }
  if (!left) pad(s, ' ', padding);
  if (sign) s.append_char(sign);
  if (prefix_len) s.append(std::string_view(prefix, prefix_len));
  pad(s, '0', zeros);
  s.append(std::string_view(p, ndigits));
  if (left) pad(s, ' ', padding);
}

void format_string(Output& s, const Conversion& c, bool has_star, int star_value,
                   std::string_view text) {
  star_value = seq::bounded_star(star_value);
  // printf's %s stops at the first NUL.
  size_t nul = text.find('\0');
  if (nul != std::string_view::npos) text = text.substr(0, nul);
  if (!c.by_hand && (c.stars > 1 || (c.stars == 1) != has_star ||
                     c.text.find_first_of("lhLzZqjt") != std::string_view::npos)) {
    return;  // printf would read a missing argument or a wide string
  }
  if (!c.by_hand) {
    std::string copy(text), fmt(c.text);
    if (has_star) append_printf(s, fmt.c_str(), star_value, copy.c_str());
    else append_printf(s, fmt.c_str(), copy.c_str());
    return;
  }
  if (c.plain) {
    s.append(text);
    return;
  }
  int width = c.width, precision = c.precision;
  bool left = c.left;
  if (has_star && c.star == Conversion::Star::Width) {
    width = star_value;
    if (width < 0) {
      left = true;
      width = -width;
    }
  } else if (has_star && c.star == Conversion::Star::Precision) {
    precision = star_value < 0 ? -1 : star_value;
  }
  if (precision >= 0 && text.size() > static_cast<size_t>(precision)) text = text.substr(0, precision);
  int padding = width > static_cast<int>(text.size()) ? width - static_cast<int>(text.size()) : 0;
  if (!left) pad(s, ' ', padding);
  s.append(text);
  if (left) pad(s, ' ', padding);
}

size_t pointer_letters(std::string_view rest) {
  auto at = [&](size_t i) { return i < rest.size() ? rest[i] : '\0'; };
  switch (at(0)) {
    case 'F':
    case 'S':
    case 'f':
    case 's':
      return 1;
    case 'M':
    case 'm':
      return (at(1) == 'R' || at(1) == 'F') ? 2 : 1;
    case 'I':
    case 'i': {
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
    case 'U':
      return (at(1) == 'L' || at(1) == 'l' || at(1) == 'B' || at(1) == 'b') ? 2 : 1;
    case 'h':
      return (at(1) == 'C' || at(1) == 'D' || at(1) == 'N') ? 2 : 1;
    default:
      return 0;
  }
}

uint64_t mask_for_type(std::string_view type, bool pointer) {
  constexpr uint64_t all = ~0ULL;
  if (type.size() < 2) return all;
  if (pointer) {
    if (type.back() != '*') return all;
    return mask_for_type(type.substr(0, type.size() - 2), false);
  }
  if (type.back() == '*') return all;
  if (type.substr(0, 6) == "struct") return all;
  if (type == "u8" || type == "s8") return 0xff;
  if (type == "u16" || type == "s16") return 0xffff;
  if (type == "u32" || type == "s32") return 0xffffffffULL;
  if (type == "u64" || type == "s64") return all;
  if (type.substr(0, 9) == "unsigned ") type.remove_prefix(9);
  if (type == "char") return 0xff;
  if (type == "short") return 0xffff;
  if (type == "int") return 0xffffffffULL;
  return all;
}

}  // namespace tep::print
