// SPDX-License-Identifier: LGPL-2.1
#include "trace_seq/hand_printf.h"

#include <array>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "core/per_thread.h"
#include "trace_seq/int_text.h"
#include "trace_seq/seq.h"

namespace tep::seq {

namespace {

// Past this a width or precision is left to vsnprintf (glibc fails on huge ones).
constexpr int64_t kMaxHandWidth = 4096;
// Leading zeros (precision or '0' flag) composed with the digits in one buffer.
constexpr int64_t kComposedZeros = 32;

int64_t read_count(std::string_view text, size_t& i) {
  int64_t n = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
    if (n < INT32_MAX) n = n * 10 + (text[i] - '0');
    i++;
  }
  return n > INT32_MAX ? INT32_MAX : n;
}

void pad_to_width(trace_seq* s, const Conversion& c, std::string_view body) {
  int64_t pad = c.width - static_cast<int64_t>(body.size());
  if (!c.left) append_repeated(s, ' ', pad);
  append(s, body);
  if (c.left) append_repeated(s, ' ', pad);
}

// What format_by_hand can print exactly as glibc does.
bool done_by_hand(const Conversion& c) {
  if (c.other_flag || c.width > kMaxHandWidth || c.precision > kMaxHandWidth) return false;
  if (is_int_conversion(c.conversion) && c.conversion != 'c') return true;
  // "%ls", "%lc" are wide; "%05s" pads with zeros in glibc.
  return (c.conversion == 's' || c.conversion == 'c') && c.length == 0 && !c.zero;
}

}  // namespace

Conversion parse_conversion(std::string_view text, size_t& i) {
  Conversion c;
  for (; i < text.size(); i++) {
    char f = text[i];
    if (f == '-') c.left = true;
    else if (f == '+') c.plus = true;
    else if (f == ' ') c.space = true;
    else if (f == '#') c.alternate = true;
    else if (f == '0') c.zero = true;
    else if (f == '\'' || f == 'I') c.other_flag = true;
    else break;
  }
  if (i < text.size() && text[i] == '*') {
    c.star_width = true;
    i++;
  } else {
    c.width = read_count(text, i);
  }
  if (i < text.size() && text[i] == '.') {
    i++;
    if (i < text.size() && text[i] == '*') {
      c.star_precision = true;
      i++;
    } else {
      c.precision = read_count(text, i);
    }
  }
  for (; i < text.size(); i++) {
    char l = text[i];
    if (l == 'h') c.length = c.length == -1 ? -2 : -1;
    else if (l == 'l') c.length = c.length == 1 ? 2 : 1;
    else if (l == 'z' || l == 'Z' || l == 't') c.length = 1;
    else if (l == 'q' || l == 'L' || l == 'j') c.length = 2;
    else break;
  }
  if (i < text.size()) c.conversion = text[i++];
  return c;
}

bool is_int_conversion(char c) {
  switch (c) {
    case 'd': case 'i': case 'u': case 'x': case 'X': case 'o': case 'c': return true;
    default: return false;
  }
}

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

  // Digits at the end of `buf`, with room before them for zeros and a prefix:
  // the number usually goes out in one append.
  char buf[kIntTextSize + kComposedZeros];
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
  if (zeros <= kComposedZeros) {
    char* text = digits - zeros;
    for (int64_t i = 0; i < zeros; i++) text[i] = '0';
    text -= prefix.size();
    for (size_t i = 0; i < prefix.size(); i++) text[i] = prefix[i];
    append(s, std::string_view(text, static_cast<size_t>(end - text)));
  } else {
    append(s, prefix);
    append_repeated(s, '0', zeros);
    append(s, std::string_view(digits, digit_count));
  }
  if (c.left) append_repeated(s, ' ', pad);
}

void format_string(trace_seq* s, const Conversion& c, std::string_view text) {
  if (c.precision >= 0 && static_cast<int64_t>(text.size()) > c.precision) text = text.substr(0, c.precision);
  pad_to_width(s, c, text);
}

namespace {

// A format split once: trace-cmd passes the same literals ("%.*s", " %s: ")
// for every record. Found again by content, so a reused pointer is harmless.
struct HandFormat {
  struct Piece {
    std::string_view literal;  // text before the conversion ("%%" as "%")
    Conversion conversion;
    bool has_conversion = false;
  };
  std::string text;
  const char* last_pointer = nullptr;  // where the caller's copy was last seen
  bool by_hand = false;  // every conversion is one done by hand
  std::vector<Piece> pieces;
};

constexpr size_t kCachedFormats = 16;

std::unique_ptr<HandFormat> split(const char* fmt) {
  auto format = std::make_unique<HandFormat>();
  format->text = fmt;
  std::string_view text(format->text);
  size_t i = 0;
  while (i < text.size()) {
    HandFormat::Piece piece;
    size_t percent = text.find('%', i);
    if (percent == std::string_view::npos) {
      piece.literal = text.substr(i);
      format->pieces.push_back(piece);
      break;
    }
    if (percent + 1 < text.size() && text[percent + 1] == '%') {
      piece.literal = text.substr(i, percent + 1 - i);  // up to and with one '%'
      format->pieces.push_back(piece);
      i = percent + 2;
      continue;
    }
    piece.literal = text.substr(i, percent - i);
    i = percent + 1;
    piece.conversion = parse_conversion(text, i);
    if (!done_by_hand(piece.conversion)) return format;  // by_hand stays false
    piece.has_conversion = true;
    format->pieces.push_back(piece);
  }
  format->by_hand = true;
  return format;
}

struct HandFormatCache {
  std::array<std::unique_ptr<HandFormat>, kCachedFormats> formats;
  size_t next_victim = 0;
};

// One entry per call site: callers pass string literals, and equal literals in
// different objects ("%.*s" in trace-cmd and in a plugin) get entries of their
// own instead of taking one entry from each other. The pointer finds the
// entry, the content confirms it (a buffer may be reused for other text).
const HandFormat& find_or_split(const char* fmt) {
  auto& cache = per_thread<HandFormatCache>();
  for (const auto& format : cache.formats)
    if (format && format->last_pointer == fmt && strcmp(format->text.c_str(), fmt) == 0) return *format;
  auto& slot = cache.formats[cache.next_victim];
  cache.next_victim = (cache.next_victim + 1) % kCachedFormats;
  slot = split(fmt);
  slot->last_pointer = fmt;
  return *slot;
}

}  // namespace

int format_by_hand(trace_seq* s, const char* fmt, va_list ap) {
  const HandFormat& format = find_or_split(fmt);
  if (!format.by_hand) return -1;
  // One conversion with its argument(s); `ap` is the caller's list, advanced.
  auto print_argument = [&](const Conversion& c) {
    if (c.conversion == 's') {
      const char* str = va_arg(ap, const char*);
      // glibc: "(null)", or nothing when the precision is too short for it.
      if (!str) str = c.precision < 0 || c.precision >= 6 ? "(null)" : "";
      size_t length = c.precision < 0 ? strlen(str) : strnlen(str, static_cast<size_t>(c.precision));
      format_string(s, c, std::string_view(str, length));
    } else if (c.conversion == 'c' || c.length <= 0) {
      format_int(s, c, va_arg(ap, unsigned));
    } else if (c.length == 1) {
      format_int(s, c, static_cast<uint64_t>(va_arg(ap, unsigned long)));
    } else {
      format_int(s, c, static_cast<uint64_t>(va_arg(ap, unsigned long long)));
    }
  };
  unsigned start = s->len;
  for (const HandFormat::Piece& piece : format.pieces) {
    append(s, piece.literal);
    if (!piece.has_conversion) continue;
    if (__builtin_expect(!piece.conversion.star(), 1)) {
      print_argument(piece.conversion);
      continue;
    }
    Conversion starred = piece.conversion;  // '*' fills in the width or precision
    if (starred.star_width) {
      int width = va_arg(ap, int);
      starred.left = starred.left || width < 0;
      starred.width = width < 0 ? -int64_t{width} : width;
    }
    if (starred.star_precision) {
      int precision = va_arg(ap, int);
      starred.precision = precision < 0 ? -1 : precision;
    }
    if (starred.width > kMaxHandWidth || starred.precision > kMaxHandWidth) {
      s->len = start;  // rare: let vsnprintf redo the whole format
      return -1;
    }
    print_argument(starred);
  }
  return static_cast<int>(s->len - start);
}

}  // namespace tep::seq
