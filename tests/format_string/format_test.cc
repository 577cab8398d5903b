// SPDX-License-Identifier: LGPL-2.1
// The formatter against glibc's snprintf: every flag, width, precision and
// length combination of the conversions it does by hand, on edge values.
#include "format_string/format.h"

#include <gtest/gtest.h>

#include <climits>
#include <cstdio>
#include <string>

#include "format_string/directive_parser.h"
#include "../support/string_sink.h"

namespace {

using tep::format_string::Directive;

Directive glibc(const std::string& text) {
  size_t i = 1;
  return tep::format_string::parse_glibc(text, i);
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-security"
#pragma GCC diagnostic ignored "-Wformat"
// The value as a caller passes it for the directive's length.
std::string libc_int(const std::string& d, long long v) {
  char buf[512];
  Directive parsed = glibc(d);
  int n = parsed.int_bits() == 64 ? snprintf(buf, sizeof(buf), d.c_str(), v)
                                   : snprintf(buf, sizeof(buf), d.c_str(), static_cast<int>(v));
  return std::string(buf, n < 0 ? 0 : n);
}
std::string libc_string(const std::string& d, const char* t) {
  char buf[512];
  int n = snprintf(buf, sizeof(buf), d.c_str(), t);
  return std::string(buf, n < 0 ? 0 : n);
}
#pragma GCC diagnostic pop

std::string ours_int(const std::string& d, long long v) {
  StringSink out;
  Directive parsed = glibc(d);
  uint64_t reg = parsed.int_bits() == 64 ? static_cast<uint64_t>(v) : static_cast<uint32_t>(v);
  tep::format_string::format_int(out, parsed, reg);
  return out.text;
}

TEST(Format, IntegersMatchGlibc) {
  const long long values[] = {0, 1, -1, 7, 42, -42, 255, 256, 65535, -32768, INT_MAX, INT_MIN,
                              UINT_MAX, LLONG_MAX, LLONG_MIN, 0x123456789abcdefLL, 1000000007};
  int checked = 0;
  for (const char* flags : {"", "-", "0", "+", " ", "#", "-0", "+0", "- ", "#0", "-#", "--", "00", "+ "})
    for (const char* width : {"", "1", "5", "12", "25", "40"})
      for (const char* precision : {"", ".", ".0", ".1", ".3", ".20", ".35"})
        for (const char* length : {"", "hh", "h", "l", "ll", "z", "Z", "j", "t", "q", "L"})
          for (const char* c = "diuxXo"; *c; c++) {
            std::string d = std::string("%") + flags + width + precision + length + *c;
            for (long long v : values) {
              ASSERT_EQ(ours_int(d, v), libc_int(d, v)) << d << " " << v;
              checked++;
            }
          }
  EXPECT_GT(checked, 500000);
}

TEST(Format, CharactersMatchGlibc) {
  for (const char* d : {"%c", "%5c", "%-5c", "%1c"})
    for (int v : {65, 0, 255}) EXPECT_EQ(ours_int(d, v), libc_int(d, v)) << d << " " << v;
}

TEST(Format, StringsMatchGlibc) {
  for (const char* flags : {"", "-", "--"})
    for (const char* width : {"", "1", "5", "30"})
      for (const char* precision : {"", ".", ".0", ".2", ".10"})
        for (const char* t : {"", "a", "<idle>", "kworker/0:1H-events_highpri"}) {
          std::string d = std::string("%") + flags + width + precision + "s";
          StringSink out;
          tep::format_string::format_string(out, glibc(d), t);
          EXPECT_EQ(out.text, libc_string(d, t)) << d << " '" << t << "'";
        }
}

TEST(Format, StarsFillWidthAndPrecision) {
  Directive d = glibc("%*.*d");
  d.set_star_width(-6);
  d.set_star_precision(3);
  StringSink out;
  tep::format_string::format_int(out, d, 42);
  EXPECT_EQ(out.text, "042   ");
}

TEST(Format, LargeWidthsPad) {
  StringSink out;
  tep::format_string::format_int(out, glibc("%-100000d"), 1);
  EXPECT_EQ(out.text.size(), 100000u);
  EXPECT_EQ(out.text.front(), '1');
  out.text.clear();
  tep::format_string::format_int(out, glibc("%.500x"), 255);
  EXPECT_EQ(out.text, std::string(498, '0') + "ff");
}

}  // namespace
