// SPDX-License-Identifier: LGPL-2.1
// Hand-formatted conversions must equal glibc's printf for every directive a
// print fmt can hold. The reference is snprintf with the value cast the way
// upstream casts it before calling printf.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "print/conversion.h"

namespace {

using tep::print::Conversion;
using tep::print::format_integer;
using tep::print::format_string;
using tep::print::parse_conversion;

struct Seq {
  trace_seq s;
  Seq() { trace_seq_init(&s); }
  ~Seq() { trace_seq_destroy(&s); }
  std::string text() const { return std::string(s.buffer, s.len); }
};

int count_ls(const std::string& d) {
  int ls = 0;
  for (char c : d) {
    if (c == 'h') ls--;
    if (c == 'l') ls++;
    if (c == 'L') ls = 2;
  }
  return ls;
}

// What upstream's print_arg_number hands to printf.
std::string reference(const std::string& d, uint64_t v, bool star, int star_value) {
  char buf[512];
  int n = 0;
  int ls = count_ls(d);
  bool wide = ls > 0 || d.find('z') != std::string::npos || d.find('Z') != std::string::npos;
  if (wide) {
    long long x = static_cast<long long>(v);
    if (star) n = snprintf(buf, sizeof(buf), d.c_str(), star_value, x);
    else n = snprintf(buf, sizeof(buf), d.c_str(), x);
  } else {
    int x = ls == -2 ? static_cast<signed char>(v) : ls == -1 ? static_cast<short>(v) : static_cast<int>(v);
    if (star) n = snprintf(buf, sizeof(buf), d.c_str(), star_value, x);
    else n = snprintf(buf, sizeof(buf), d.c_str(), x);
  }
  return std::string(buf, n);
}

#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-security"

TEST(Conversion, IntegersMatchPrintf) {
  const char* directives[] = {
      "%d", "%i", "%u", "%x", "%X", "%o", "%c", "%5d", "%-5d|", "%05d", "%+d", "%+5d", "%-+8d|",
      "%.3d", "%8.3d", "%-8.3x|", "%#x", "%#X", "%#o", "%#08x", "%#.3o", "%.0d", "%+.0d", "%.0x",
      "%#.0o", "%#.0x", "%08.3d", "%hhx", "%hx", "%hd", "%hhd", "%hhu", "%hu", "%ld", "%lu", "%lx",
      "%lld", "%llu", "%llx", "%Lu", "%Ld", "%zu", "%zd", "%zx", "%Zd", "%#lx", "%016llx",
      "%-20lld|", "%3c", "%-3c|", "%#5o", "%+ld", "%20.15lu", "%-#10x|",
  };
  const uint64_t values[] = {0, 1, 7, 9, 10, 255, 256, 0x7f, 0x80, 0xffff, 0x8000, 0x7fffffff,
                             0x80000000, 0xffffffff, 0x100000000ULL, 0x123456789abcdefULL,
                             0x8000000000000000ULL, ~0ULL, ~0ULL - 41, 1000000007};
  for (const char* d : directives) {
    Conversion c = parse_conversion(d);
    for (uint64_t v : values) {
      Seq s;
      { tep::print::Output out(&s.s); format_integer(out, c, count_ls(d), false, 0, v); }
      EXPECT_EQ(s.text(), reference(d, v, false, 0)) << d << " " << v;
    }
  }
}

TEST(Conversion, StarWidthAndPrecision) {
  const char* directives[] = {"%*d", "%-*d|", "%.*d", "%*x", "%0*d", "%*lld"};
  for (const char* d : directives) {
    Conversion c = parse_conversion(d);
    for (int star : {0, 1, 5, 12, -4, -1}) {
      for (uint64_t v : {0ULL, 42ULL, ~0ULL}) {
        Seq s;
        { tep::print::Output out(&s.s); format_integer(out, c, count_ls(d), true, star, v); }
        EXPECT_EQ(s.text(), reference(d, v, true, star)) << d << " " << star << " " << v;
      }
    }
  }
}

TEST(Conversion, StringsMatchPrintf) {
  const char* directives[] = {"%s", "%10s", "%-10s|", "%.3s", "%8.2s", "%-8.2s|", "%.0s", "%*s", "%.*s",
                              "%-*s|"};
  const char* texts[] = {"", "a", "hello", "a much longer string than the width"};
  for (const char* d : directives) {
    Conversion c = parse_conversion(d);
    bool star = c.stars == 1;
    for (const char* t : texts) {
      for (int sv : {0, 3, 20, -6}) {
        Seq s;
        { tep::print::Output out(&s.s); format_string(out, c, star, sv, t); }
        char buf[256];
        if (star) snprintf(buf, sizeof(buf), d, sv, t);
        else snprintf(buf, sizeof(buf), d, t);
        EXPECT_EQ(s.text(), buf) << d << " '" << t << "' " << sv;
        if (!star) break;
      }
    }
  }
}

TEST(Conversion, CharZeroIsWritten) {
  // %c of 0 writes a NUL byte into the seq, as trace_seq_printf does.
  Conversion c = parse_conversion("%c");
  Seq s;
  { tep::print::Output out(&s.s); format_integer(out, c, 0, false, 0, 0); }
  EXPECT_EQ(s.s.len, 1u);
}

TEST(Conversion, UnusualOrderFallsBackToPrintf) {
  Conversion c = parse_conversion("%5-d");
  EXPECT_FALSE(c.by_hand);
  Seq s;
  { tep::print::Output out(&s.s); format_integer(out, c, 0, false, 0, 42); }
  char buf[64];
  snprintf(buf, sizeof(buf), "%5-d", 42);
  EXPECT_EQ(s.text(), buf);
}

TEST(Conversion, TwoStarsPrintNothing) {
  // Upstream fails the event; printf would read an argument that is not there.
  Conversion c = parse_conversion("%*.*d");
  Seq s;
  { tep::print::Output out(&s.s); format_integer(out, c, 0, true, 3, 42); }
  EXPECT_EQ(s.text(), "");
}

}  // namespace
