// SPDX-License-Identifier: LGPL-2.1
// lib/format_string against glibc. The input is a format, a NUL, then bytes that make
// the argument vector (8 bytes a value; strings from a small table):
//  - read in glibc's dialect, every directive the formatter does by hand must
//    print what snprintf prints with the same arguments (abort otherwise);
//  - read as a print fmt (for 0-7 arguments), as bprint and as a
//    tep_print_event format, nothing may crash or print unbounded text.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_common.h"
#include "format_string/format.h"
#include "format_string/line_format.h"
#include "format_string/directive_parser.h"
#include "format_string/print_fmt_format.h"
#include "print_args/format_args_check.h"
#include "../support/string_sink.h"

namespace {

class Args {
 public:
  Args(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  uint64_t next() {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v = v << 8 | (at_ < size_ ? data_[at_++] : 0);
    return v;
  }
  const char* string() {
    static const char* const kTexts[] = {"", "a", "hello", "kworker/0:1H-events_highpri", "x y\tz", "%d%s"};
    return kTexts[next() % (sizeof(kTexts) / sizeof(kTexts[0]))];
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t at_ = 0;
};

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-security"
template <typename... A>
std::string c_format(const std::string& directive, A... args) {
  char buf[16384];
  int n = snprintf(buf, sizeof(buf), directive.c_str(), args...);
  if (n < 0 || n >= static_cast<int>(sizeof(buf))) abort();  // widths stay below the hand limit
  return std::string(buf, static_cast<size_t>(n));
}
#pragma GCC diagnostic pop

template <typename V>
std::string c_format_starred(const std::string& directive, const tep::format_string::Directive& d, int w, int p, V v) {
  if (d.width_star && d.precision_star) return c_format(directive, w, p, v);
  if (d.width_star) return c_format(directive, w, v);
  if (d.precision_star) return c_format(directive, p, v);
  return c_format(directive, v);
}

// trace_seq_printf's reading: stops at the first directive not done by hand.
void compare_with_glibc(std::string_view format, Args& args) {
  size_t i = 0;
  while ((i = format.find('%', i)) != std::string_view::npos) {
    if (i + 1 < format.size() && format[i + 1] == '%') {
      i += 2;
      continue;
    }
    tep::format_string::Parsed p = tep::format_string::parse(tep::format_string::Dialect::kGlibc, format, i);
    tep::format_string::Directive d = p.directive;
    if (!tep::format_string::formats_by_hand(d)) return;
    std::string text(format.substr(p.start, p.end - p.start));
    int w = static_cast<int>(args.next()), prec = static_cast<int>(args.next());
    if (d.width_star) d.set_star_width(w);
    if (d.precision_star) d.set_star_precision(prec);
    if (d.width > tep::format_string::kMaxHandCount || d.precision > tep::format_string::kMaxHandCount) return;
    StringSink ours;
    std::string theirs;
    if (d.conversion == 's') {
      const char* s = args.string();
      tep::format_string::format_string(ours, d, d.precision < 0 ? std::string_view(s) : std::string_view(s, strnlen(s, d.precision)));
      theirs = c_format_starred(text, p.directive, w, prec, s);
    } else if (d.conversion == 'c' || d.int_bits() <= 32) {
      unsigned v = static_cast<unsigned>(args.next());
      tep::format_string::format_int(ours, d, v);
      theirs = c_format_starred(text, p.directive, w, prec, v);
    } else {
      unsigned long long v = args.next();
      tep::format_string::format_int(ours, d, v);
      theirs = c_format_starred(text, p.directive, w, prec, v);
    }
    if (ours.text != theirs) {
      fprintf(stderr, "mismatch for \"%s\" (w %d p %d): ours \"%s\" glibc \"%s\"\n", text.c_str(), w, prec,
              ours.text.c_str(), theirs.c_str());
      abort();
    }
    i = p.end;
  }
}

// Text a print fmt may print per directive: the bound plus a little.
constexpr size_t kMaxPrinted = tep::format_string::kMaxUntrustedCount + 64;

void print_fmt_reading(std::string_view format, size_t arg_count, Args& args) {
  tep::format_string::PrintFmt parsed(format, arg_count);
  tep::print_args::format_args_match(parsed);
  for (const tep::format_string::PrintFmtPiece& piece : parsed.pieces()) {
    parsed.literal(piece);
    if (piece.kind != tep::format_string::PrintFmtPiece::Kind::kConversion || piece.parsed.letter == 'p') continue;
    tep::format_string::PrintFmtConversion c = tep::format_string::PrintFmt::conversion(format, piece);
    int star = static_cast<int>(args.next());
    const int* star_arg = piece.star_arg >= 0 ? &star : nullptr;
    StringSink out;
    if (piece.parsed.letter == 's') tep::format_string::format_text(out, c, star_arg, args.string());
    else tep::format_string::format_number(out, c, star_arg, args.next());
    if (out.text.size() > kMaxPrinted) abort();
  }
}

// A caller's widths are glibc's: pieces with long digit runs would pad
// gigabytes legitimately, and are left out.
bool has_long_count(std::string_view directive) {
  size_t run = 0;
  for (char c : directive) {
    run = c >= '0' && c <= '9' ? run + 1 : 0;
    if (run > 4) return true;
  }
  return false;
}

void line_reading(std::string_view format, Args& args) {
  for (const tep::format_string::LinePiece& piece : tep::format_string::split_line_format(format)) {
    if (has_long_count(piece.directive)) continue;
    StringSink out;
    if (piece.kind == tep::format_string::LineKind::kInt) tep::format_string::format_line_int(out, piece, static_cast<int>(args.next()));
    else if (piece.kind == tep::format_string::LineKind::kString) tep::format_string::format_line_string(out, piece, args.string());
  }
}

void bprint_reading(std::string_view format) {
  for (size_t i = 0; i < format.size(); i++) {
    if (format[i] != '%') continue;
    tep::format_string::Parsed p = tep::format_string::parse(tep::format_string::Dialect::kBprint, format, i);
    if (p.end <= i || p.end > format.size()) abort();
    i = p.end - 1;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Split split = fuzz::split_at_nul(data, size);
  std::string_view format(split.text);
  Args args(split.rest, split.rest_size);
  compare_with_glibc(format, args);
  Args again(split.rest, split.rest_size);
  print_fmt_reading(format, split.rest_size ? split.rest[0] % 8 : 0, again);
  line_reading(format, again);
  bprint_reading(format);
  return 0;
}
