// SPDX-License-Identifier: LGPL-2.1
// A print fmt read once: pieces, the arguments they take, where a missing
// argument stops a directive, and how its conversions print (by hand against
// glibc with the value cast as upstream casts it; bounded widths).
#include "format_string/print_fmt_format.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "print_args/format_args_check.h"
#include "../support/string_sink.h"

namespace {

using tep::format_string::PrintFmt;
using tep::format_string::PrintFmtConversion;
using Kind = tep::format_string::PrintFmtPiece::Kind;

// "literal|kind:directive:arg:star" for each piece.
std::vector<std::string> pieces(const char* format, size_t args) {
  PrintFmt f(format, args);
  std::vector<std::string> out;
  for (const auto& p : f.pieces()) {
    std::string kind = p.kind == Kind::kConversion   ? "C"
                       : p.kind == Kind::kBadLength  ? "B"
                       : p.kind == Kind::kUnknown    ? "U"
                       : p.kind == Kind::kNoArgument ? "N"
                       : p.kind == Kind::kCut        ? "X"
                                                     : "E";
    std::string text = p.kind == Kind::kEnd ? "" : std::string(format).substr(p.parsed.start, p.parsed.end - p.parsed.start);
    out.push_back(std::string(f.literal(p)) + "|" + kind + ":" + text + ":" + std::to_string(p.arg) + ":" +
                  std::to_string(p.star_arg));
  }
  return out;
}

using V = std::vector<std::string>;

TEST(PrintFmt, PairsArgumentsInOrder) {
  EXPECT_EQ(pieces("prev=%s:%d%%\\tnext=%*s", 4),
            (V{"prev=|C:%s:0:-1", ":|C:%d:1:-1", "%\tnext=|C:%*s:3:2", "|E::-1:-1"}));
  EXPECT_EQ(pieces("ip=%pS x=%pI4h.", 2), (V{"ip=|C:%pS:0:-1", " x=|C:%pI4h:1:-1", ".|E::-1:-1"}));
  EXPECT_EQ(pieces("", 0), (V{"|E::-1:-1"}));
  EXPECT_FALSE(PrintFmt("%d %s", 2).lacks_arguments());
}

TEST(PrintFmt, Escapes) {
  EXPECT_EQ(pieces("a\\n\\t\\r\\\\\\q\\%d", 0), (V{"a\n\t\r\\q%d|E::-1:-1"}));
  // A lone trailing backslash ends the format.
  EXPECT_EQ(pieces("ab\\", 0), (V{"ab|E::-1:-1"}));
}

TEST(PrintFmt, MissingArgumentsStopAtTheLetter) {
  // The second %d has nothing: reading goes on at its 'd', as text.
  EXPECT_EQ(pieces("%d %d", 1), (V{"|C:%d:0:-1", " |N:%:-1:-1", "d|E::-1:-1"}));
  EXPECT_TRUE(PrintFmt("%d %d", 1).lacks_arguments());
  // A '*' without an argument stops there; so does a second '*'.
  EXPECT_EQ(pieces("%*d", 0), (V{"|N:%:-1:-1", "*d|E::-1:-1"}));
  EXPECT_EQ(pieces("%**d", 3), (V{"|N:%*:-1:0", "*d|E::-1:-1"}));
  EXPECT_EQ(pieces("%*.*s", 3), (V{"|N:%*.:-1:0", "*s|E::-1:-1"}));
  EXPECT_EQ(pieces("%*d", 1), (V{"|N:%*:-1:0", "d|E::-1:-1"}));
}

TEST(PrintFmt, OddDirectives) {
  EXPECT_EQ(pieces("%lllx", 1), (V{"|B:%lllx:0:-1", "|E::-1:-1"}));
  EXPECT_TRUE(PrintFmt("%lllx", 1).lacks_arguments());
  EXPECT_FALSE(PrintFmt("%llls", 1).lacks_arguments());  // not counted for %s
  EXPECT_EQ(pieces("% d", 1), (V{"|U:% :-1:-1", "d|E::-1:-1"}));
  EXPECT_EQ(pieces("%qd%jd%td", 3), (V{"|U:%q:-1:-1", "d|U:%j:-1:-1", "d|U:%t:-1:-1", "d|E::-1:-1"}));
  EXPECT_EQ(pieces("%n", 1), (V{"|U:%n:-1:-1", "|E::-1:-1"}));
  EXPECT_EQ(pieces("%%", 0), (V{"%|E::-1:-1"}));
  EXPECT_EQ(pieces("abc%5", 1), (V{"abc|X:%5:-1:-1", "|E::-1:-1"}));
  EXPECT_EQ(pieces("%", 0), (V{"|X:%:-1:-1", "|E::-1:-1"}));
  EXPECT_EQ(pieces("%*y", 1), (V{"|U:%*y:-1:0", "|E::-1:-1"}));
}

TEST(PrintFmt, ArgumentCheck) {
  using tep::print_args::format_args_match;
  EXPECT_TRUE(format_args_match(PrintFmt("%d %s %p", 3)));
  EXPECT_FALSE(format_args_match(PrintFmt("%d %s %p", 2)));
  EXPECT_FALSE(format_args_match(PrintFmt("%hhhd", 1)));
  // Upstream's buffers: 31 characters for %s and %p, 30 for the integers.
  std::string thirty = "%" + std::string(28, '0') + "d";  // 30 characters
  EXPECT_TRUE(format_args_match(PrintFmt(thirty, 1)));
  EXPECT_FALSE(format_args_match(PrintFmt("%0" + thirty.substr(1), 1)));
  std::string s31 = "%" + std::string(29, '1') + "s";
  EXPECT_TRUE(format_args_match(PrintFmt(s31, 1)));
  EXPECT_FALSE(format_args_match(PrintFmt("%1" + s31.substr(1), 1)));
}

PrintFmtConversion conversion_of(const std::string& directive) {
  static std::vector<std::string> kept;  // the conversion's text points into it
  kept.push_back(directive);
  PrintFmt f(kept.back(), 2);
  return PrintFmt::conversion(kept.back(), f.pieces().front());
}

TEST(PrintFmt, WrittenWidthsAreBounded) {
  PrintFmtConversion c = conversion_of("%9999999999d");
  EXPECT_TRUE(c.by_hand);
  EXPECT_EQ(c.directive.width, tep::format_string::kMaxUntrustedCount);
  EXPECT_FALSE(c.directive.overflow);
  StringSink out;
  tep::format_string::format_number(out, c, nullptr, 5);
  EXPECT_EQ(out.text.size(), size_t{tep::format_string::kMaxUntrustedCount});
  c = conversion_of("%.2147483648s");
  EXPECT_EQ(c.directive.precision, tep::format_string::kMaxUntrustedCount);
  // Stars from a record or a constant: the same bound, either sign.
  c = conversion_of("%*d");
  for (int star : {INT32_MAX, INT32_MIN, -(1 << 21)}) {
    out.text.clear();
    tep::format_string::format_number(out, c, &star, 5);
    EXPECT_EQ(out.text.size(), size_t{tep::format_string::kMaxUntrustedCount}) << star;
  }
  c = conversion_of("%.*d");
  int star = -5;  // no precision
  out.text.clear();
  tep::format_string::format_number(out, c, &star, 5);
  EXPECT_EQ(out.text, "5");
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-security"
#pragma GCC diagnostic ignored "-Wformat"
// What upstream hands to printf for a print fmt number: the value cast by
// the count of 'h'/'l', as an int unless that count is positive or the
// length is z / Z.
std::string reference(const std::string& d, uint64_t v, const int* star) {
  char buf[512];
  int n = 0;
  int ls = 0;
  for (char c : d) ls = c == 'h' ? ls - 1 : c == 'l' ? ls + 1 : c == 'L' ? 2 : ls;
  bool wide = ls > 0 || d.find_first_of("zZ") != std::string::npos;
  if (wide) {
    long long x = static_cast<long long>(v);
    n = star ? snprintf(buf, sizeof(buf), d.c_str(), *star, x) : snprintf(buf, sizeof(buf), d.c_str(), x);
  } else {
    int x = ls == -2 ? static_cast<signed char>(v) : ls == -1 ? static_cast<short>(v) : static_cast<int>(v);
    n = star ? snprintf(buf, sizeof(buf), d.c_str(), *star, x) : snprintf(buf, sizeof(buf), d.c_str(), x);
  }
  return std::string(buf, n < 0 ? 0 : n);
}
#pragma GCC diagnostic pop

TEST(PrintFmt, NumbersAsUpstreamPrintsThem) {
  const char* directives[] = {
      "%d", "%i", "%u", "%x", "%X", "%o", "%c", "%5d", "%-5d", "%05d", "%+d", "%+5d", "%-+8d",
      "%.3d", "%8.3d", "%-8.3x", "%#x", "%#X", "%#o", "%#08x", "%#.3o", "%.0d", "%+.0d", "%.0x",
      "%#.0o", "%#.0x", "%08.3d", "%hhx", "%hx", "%hd", "%hhd", "%hhu", "%hu", "%ld", "%lu", "%lx",
      "%lld", "%llu", "%llx", "%Lu", "%Ld", "%zu", "%zd", "%zx", "%Zd", "%#lx", "%016llx",
      "%-20lld", "%3c", "%-3c", "%#5o", "%+ld", "%20.15lu", "%-#10x",
      // glibc's own readings: through vsnprintf, as upstream
      "%5-d", "%l5d", "%hld", "%zhd", "%05c", "%.5.3d", "%--5d", "%-0+#5.3lx",
  };
  const uint64_t values[] = {0, 1, 7, 9, 10, 255, 256, 0x7f, 0x80, 0xffff, 0x8000, 0x7fffffff,
                             0x80000000, 0xffffffff, 0x100000000ULL, 0x123456789abcdefULL,
                             0x8000000000000000ULL, ~0ULL, ~0ULL - 41, 1000000007};
  for (const char* d : directives) {
    PrintFmtConversion c = conversion_of(d);
    for (uint64_t v : values) {
      StringSink out;
      tep::format_string::format_number(out, c, nullptr, v);
      EXPECT_EQ(out.text, reference(d, v, nullptr)) << d << " " << v;
    }
  }
  for (const char* d : {"%*d", "%-*d", "%.*d", "%*x", "%0*d", "%*lld", "%*hhd"}) {
    PrintFmtConversion c = conversion_of(d);
    for (int star : {0, 1, 5, 12, -4, -1})
      for (uint64_t v : {0ULL, 42ULL, ~0ULL}) {
        StringSink out;
        tep::format_string::format_number(out, c, &star, v);
        EXPECT_EQ(out.text, reference(d, v, &star)) << d << " " << star << " " << v;
      }
  }
}

TEST(PrintFmt, TextsAsUpstreamPrintsThem) {
  for (const char* d : {"%s", "%10s", "%-10s", "%.3s", "%8.2s", "%-8.2s", "%.0s", "%05s", "%-5-s"}) {
    PrintFmtConversion c = conversion_of(d);
    for (const char* t : {"", "a", "hello", "a much longer string than the width"}) {
      StringSink out;
      tep::format_string::format_text(out, c, nullptr, t);
      char buf[256];
      snprintf(buf, sizeof(buf), d, t);
      EXPECT_EQ(out.text, buf) << d << " '" << t << "'";
    }
  }
  // printf's %s stops at a NUL; a length letter (a wide string) prints nothing off the hand path.
  StringSink out;
  tep::format_string::format_text(out, conversion_of("%s"), nullptr, std::string_view("ab\0cd", 5));
  EXPECT_EQ(out.text, "ab");
  out.text.clear();
  tep::format_string::format_text(out, conversion_of("%l5s"), nullptr, "ab");
  EXPECT_EQ(out.text, "");
  out.text.clear();
  tep::format_string::format_text(out, conversion_of("%ls"), nullptr, "ab");  // by hand: narrow
  EXPECT_EQ(out.text, "ab");
}

}  // namespace
