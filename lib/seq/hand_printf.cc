// SPDX-License-Identifier: LGPL-2.1
#include "seq/hand_printf.h"

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "base/per_thread.h"
#include "base/text_keyed_cache.h"
#include "format_string/format.h"
#include "format_string/directive_parser.h"
#include "seq/output_buffer.h"

namespace tep::seq {

namespace {

using format_string::Directive;

// A format split once: trace-cmd passes the same literals ("%.*s", " %s: ")
// for every record. Found again by content, so a reused pointer is harmless.
struct HandFormat {
  struct Piece {
    // How the conversion after the literal prints; the two plain string
    // forms are most of what callers pass.
    enum class Kind : uint8_t {
      kNone,       // the literal alone
      kString,     // "%s"
      kStringCut,  // "%.*s"
      kOther,      // any other conversion done by hand
    };
    std::string_view literal;  // text before the conversion ("%%" as "%")
    Kind kind = Kind::kNone;
    Directive conversion;
  };
  std::string text;
  const char* pointer = nullptr;  // where the caller's copy was last seen
  bool immutable = false;         // and it is a literal of the main program
  bool by_hand = false;           // every conversion is one done by hand
  std::vector<Piece> pieces;
};

using Kind = HandFormat::Piece::Kind;

Kind kind_of(const Directive& d) {
  if (d.conversion != 's') return Kind::kOther;
  if (d.plain()) return Kind::kString;
  Directive cut;
  cut.conversion = 's';
  cut.precision_star = true;
  return d.flag_word() == cut.flag_word() && d.width == 0 ? Kind::kStringCut : Kind::kOther;
}

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
    format_string::Parsed parsed = format_string::parse(format_string::Dialect::kGlibc, text, percent);
    if (!format_string::formats_by_hand(parsed.directive)) return format;  // by_hand stays false
    piece.conversion = parsed.directive;
    piece.kind = kind_of(parsed.directive);
    format->pieces.push_back(piece);
    i = parsed.end;
  }
  format->by_hand = true;
  return format;
}

// One entry per call site: callers pass string literals, and equal literals in
// different objects ("%.*s" in trace-cmd and in a plugin) get entries of their
// own instead of taking one entry from each other.
using HandFormatCache = base::TextKeyedCache<HandFormat, 4>;

const HandFormat& find_or_split(const char* fmt) {
  auto& cache = base::per_thread<HandFormatCache>();
  if (const HandFormat* format = cache.find(fmt)) return *format;
  std::unique_ptr<HandFormat> made = split(fmt);
  return *cache.insert(fmt, made, [](const HandFormat&) { return true; });
}

// glibc's %s of a null pointer: "(null)", or nothing when the precision is too short for it.
const char* or_null_text(const char* str, int precision) {
  return str ? str : precision < 0 || precision >= 6 ? "(null)" : "";
}

}  // namespace

int format_by_hand(trace_seq* s, const char* fmt, va_list ap) {
  const HandFormat& format = find_or_split(fmt);
  if (!format.by_hand) return -1;
  Output out(s);
  // One conversion with its argument; `ap` is the caller's list, advanced.
  auto print_argument = [&](const Directive& c) {
    if (c.conversion == 's') {
      const char* str = or_null_text(va_arg(ap, const char*), c.precision);
      size_t length = c.precision < 0 ? strlen(str) : strnlen(str, static_cast<size_t>(c.precision));
      format_string::format_string(out, c, std::string_view(str, length));
    } else if (c.conversion == 'c' || c.int_bits() <= 32) {
      format_string::format_int(out, c, va_arg(ap, unsigned));
    } else {
      format_string::format_int(out, c, static_cast<uint64_t>(va_arg(ap, unsigned long long)));
    }
  };
  unsigned start = s->len;
  for (const HandFormat::Piece& piece : format.pieces) {
    if (!piece.literal.empty()) out.append(piece.literal);
    switch (piece.kind) {
      case Kind::kNone: continue;
      case Kind::kString: {
        const char* str = or_null_text(va_arg(ap, const char*), -1);
        out.append(std::string_view(str, strlen(str)));
        continue;
      }
      case Kind::kStringCut: {
        int precision = va_arg(ap, int);  // negative: none
        if (precision > format_string::kMaxHandCount) break;
        const char* str = or_null_text(va_arg(ap, const char*), precision);
        out.append(std::string_view(str, precision < 0 ? strlen(str) : strnlen(str, static_cast<size_t>(precision))));
        continue;
      }
      case Kind::kOther:
        if (__builtin_expect(!piece.conversion.star(), 1)) {
          print_argument(piece.conversion);
          continue;
        }
        Directive starred = piece.conversion;  // '*' fills in the width or precision
        if (starred.width_star) starred.set_star_width(va_arg(ap, int));
        if (starred.precision_star) starred.set_star_precision(va_arg(ap, int));
        if (starred.width > format_string::kMaxHandCount || starred.precision > format_string::kMaxHandCount) break;
        print_argument(starred);
        continue;
    }
    // rare: let vsnprintf redo the whole format (or refuse it past INT_MAX)
    out.discard();
    s->len = start;
    return -1;
  }
  out.flush();
  return static_cast<int>(s->len - start);
}

}  // namespace tep::seq
