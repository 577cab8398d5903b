// SPDX-License-Identifier: LGPL-2.1
// trace_seq_printf's hand-done conversions against glibc's vsnprintf, over
// every flag/width/precision/length combination and edge values.
#include "seq/hand_printf.h"

#include <gtest/gtest.h>

#include <climits>
#include <cstdarg>
#include <cstdio>
#include <string>
#include <vector>

#include "trace-seq.h"

namespace {

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-security"
std::string libc(const char* fmt, ...) {
  char buf[8192];
  va_list ap;
  va_start(ap, fmt);
  int ret = vsnprintf(buf, sizeof(buf), fmt, ap);
  va_end(ap);
  return std::string(buf, ret < 0 ? 0 : ret);  // "%c" of 0 writes a NUL
}
#pragma GCC diagnostic pop

// What format_by_hand writes, or "<vsnprintf>" when it declines.
std::string by_hand(const char* fmt, ...) {
  trace_seq s;
  trace_seq_init(&s);
  va_list ap;
  va_start(ap, fmt);
  int ret = tep::seq::format_by_hand(&s, fmt, ap);
  va_end(ap);
  std::string out = ret < 0 ? "<vsnprintf>" : std::string(s.buffer, s.len);
  if (ret >= 0) {
    EXPECT_EQ(static_cast<unsigned>(ret), s.len) << fmt;
  }
  trace_seq_destroy(&s);
  return out;
}

std::vector<std::string> directives(const std::vector<std::string>& lengths, const char* conversions) {
  std::vector<std::string> out;
  for (const char* flags : {"", "-", "0", "+", " ", "#", "-0", "+0", "- ", "#0", "-#"})
    for (const char* width : {"", "1", "5", "12", "25"})
      for (const char* precision : {"", ".", ".0", ".1", ".3", ".20"})
        for (const auto& length : lengths)
          for (const char* c = conversions; *c; c++)
            out.push_back(std::string("[%") + flags + width + precision + length + *c + "]");
  return out;
}

TEST(HandPrintf, IntConversionsMatchGlibc) {
  const long long values[] = {0, 1, -1, 7, 42, -42, 255, 256, 65535, -32768, INT_MAX, INT_MIN,
                              UINT_MAX, LLONG_MAX, LLONG_MIN, 0x123456789abcdefLL};
  int declined = 0, done = 0;
  auto check = [&](const std::string& hand, const std::string& glibc, const std::string& what) {
    if (hand == "<vsnprintf>") {
      declined++;  // "%hhc", "%0c": left to vsnprintf
      return;
    }
    done++;
    ASSERT_EQ(hand, glibc) << what;
  };
  for (const auto& d : directives({"", "hh", "h"}, "diuxXoc")) {
    for (long long v : values) {
      int i = static_cast<int>(v);
      check(by_hand(d.c_str(), i), libc(d.c_str(), i), d + " " + std::to_string(i));
    }
  }
  for (const auto& d : directives({"l", "ll", "z", "j", "t", "L", "q"}, "diuxXo")) {
    for (long long v : values) check(by_hand(d.c_str(), v), libc(d.c_str(), v), d + " " + std::to_string(v));
  }
  EXPECT_GT(done, 20 * declined);
}

TEST(HandPrintf, StringsMatchGlibc) {
  for (const char* flags : {"", "-"})
    for (const char* width : {"", "1", "5", "12"})
      for (const char* precision : {"", ".", ".0", ".2", ".5", ".6", ".20"})
        for (const char* text : {"", "a", "hello", "hello world, long text", static_cast<const char*>(nullptr)}) {
          std::string d = std::string("<%") + flags + width + precision + "s>";
          ASSERT_EQ(by_hand(d.c_str(), text), libc(d.c_str(), text)) << d << " " << (text ? text : "NULL");
        }
}

TEST(HandPrintf, StarsTextAndPercent) {
  EXPECT_EQ(by_hand("%*d|%-*d|%.*s|%*s", 6, 42, -6, 42, 3, "abcdef", -4, "x"),
            libc("%*d|%-*d|%.*s|%*s", 6, 42, -6, 42, 3, "abcdef", -4, "x"));
  EXPECT_EQ(by_hand("%.*d|%.*s", -1, 0, -1, "all"), libc("%.*d|%.*s", -1, 0, -1, "all"));
  EXPECT_EQ(by_hand("100%% sure %s: [%03llu] %lld ", "cpu", 7ULL, -5LL),
            libc("100%% sure %s: [%03llu] %lld ", "cpu", 7ULL, -5LL));
  EXPECT_EQ(by_hand("no conversions"), "no conversions");
  EXPECT_EQ(by_hand(""), "");
}

// What stays with vsnprintf: it decides, and nothing is consumed or written.
TEST(HandPrintf, DeclinesWhatItDoesNotDo) {
  EXPECT_EQ(by_hand("%p", static_cast<void*>(nullptr)), "<vsnprintf>");
  EXPECT_EQ(by_hand("%f", 1.0), "<vsnprintf>");
  EXPECT_EQ(by_hand("%ls", L"x"), "<vsnprintf>");
  EXPECT_EQ(by_hand("%'d", 1000), "<vsnprintf>");
  EXPECT_EQ(by_hand("%1$d", 1), "<vsnprintf>");
  EXPECT_EQ(by_hand("%99999d", 1), "<vsnprintf>");
  EXPECT_EQ(by_hand("%*d", 99999, 1), "<vsnprintf>");
  EXPECT_EQ(by_hand("trailing %"), "<vsnprintf>");
  EXPECT_EQ(by_hand("%d %n", 1, static_cast<int*>(nullptr)), "<vsnprintf>");
}

// Edges: through trace_seq_printf, hand or vsnprintf, the text is glibc's.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat"
#pragma GCC diagnostic ignored "-Wformat-extra-args"
#pragma GCC diagnostic ignored "-Wformat-overflow"
#pragma GCC diagnostic ignored "-Wformat-truncation"
TEST(HandPrintf, EdgesAsGlibc) {
  auto printed = [](int expected_ret, const char* fmt, auto... args) {
    trace_seq s;
    trace_seq_init(&s);
    int ret = trace_seq_printf(&s, fmt, args...);
    std::string out(s.buffer, s.len);
    trace_seq_destroy(&s);
    EXPECT_EQ(ret, expected_ret) << fmt;
    return out;
  };
  EXPECT_EQ(printed(5, "%05s", "x"), "    x");  // glibc ignores '0' for %s
  EXPECT_EQ(by_hand("%05s", "x"), libc("%05s", "x"));
  // Widths and precisions past INT_MAX: glibc refuses the whole format.
  EXPECT_EQ(printed(-1, "a%2147483648d", 1), "");
  EXPECT_EQ(printed(-1, "%.99999999999d", 1), "");
  EXPECT_EQ(by_hand("%*d", INT_MIN, 1), "<vsnprintf>");  // glibc spends ~20 s refusing it
  EXPECT_EQ(by_hand("%2147483648d", 1), "<vsnprintf>");
  // Stars: negative width is '-', negative precision is none.
  EXPECT_EQ(printed(6, "%*.*d|", -5, -3, 42), "42   |");
  EXPECT_EQ(by_hand("%*.*d|", -5, -3, 42), "42   |");
  EXPECT_EQ(by_hand("%*.*d", 5000, 1, 42), "<vsnprintf>");  // past the hand limit
  EXPECT_EQ(printed(5000, "%*.*d", 5000, 1, 42).size(), 5000u);
  // Length runs glibc reads its own way go to vsnprintf.
  for (const char* fmt : {"%lllld", "%hld", "%lhd", "%zld", "%hhhd"}) {
    EXPECT_EQ(by_hand(fmt, 7), "<vsnprintf>") << fmt;
    EXPECT_EQ(printed(static_cast<int>(libc(fmt, 7).size()), fmt, 7), libc(fmt, 7)) << fmt;
  }
  for (const char* fmt : {"%hhd", "%hd", "%d", "%ld", "%lld", "%zd", "%Zd", "%jd", "%td", "%qd", "%Ld"})
    EXPECT_EQ(by_hand(fmt, -5LL), libc(fmt, -5LL)) << fmt;
  EXPECT_EQ(by_hand("%--++  ##00x|%-+ 0#5d", 255, 3), libc("%--++  ##00x|%-+ 0#5d", 255, 3));
  EXPECT_EQ(by_hand("%%|%5%"), "<vsnprintf>");
  EXPECT_EQ(by_hand("%%"), "%");
  EXPECT_EQ(by_hand("%y"), "<vsnprintf>");
  EXPECT_EQ(printed(2, "%y"), "%y");
}
#pragma GCC diagnostic pop

// trace_seq_printf grows the buffer exactly as the vsnprintf path does, one
// spare byte after the terminator included.
TEST(HandPrintf, BufferGrowsAsWithVsnprintf) {
  for (int n = 4090; n < 4100; n++) {
    trace_seq a, b;
    trace_seq_init(&a);
    trace_seq_init(&b);
    std::string text(n, 'x');
    trace_seq_printf(&a, "%s", text.c_str());
    trace_seq_printf(&b, "%s%p", text.substr(0, n - 5).c_str(), static_cast<void*>(nullptr));  // "(nil)"
    EXPECT_EQ(a.len, b.len) << n;
    EXPECT_EQ(a.buffer_size, b.buffer_size) << n;
    trace_seq_destroy(&a);
    trace_seq_destroy(&b);
  }
}

}  // namespace
