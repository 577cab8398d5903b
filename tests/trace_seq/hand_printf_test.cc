// SPDX-License-Identifier: LGPL-2.1
// trace_seq_printf's hand-done conversions against glibc's vsnprintf, over
// every flag/width/precision/length combination and edge values.
#include "trace_seq/hand_printf.h"

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
  if (ret >= 0) EXPECT_EQ(static_cast<unsigned>(ret), s.len) << fmt;
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
  EXPECT_EQ(by_hand("%05s", "x"), "<vsnprintf>");
  EXPECT_EQ(by_hand("%'d", 1000), "<vsnprintf>");
  EXPECT_EQ(by_hand("%1$d", 1), "<vsnprintf>");
  EXPECT_EQ(by_hand("%99999d", 1), "<vsnprintf>");
  EXPECT_EQ(by_hand("%*d", 99999, 1), "<vsnprintf>");
  EXPECT_EQ(by_hand("trailing %"), "<vsnprintf>");
  EXPECT_EQ(by_hand("%d %n", 1, static_cast<int*>(nullptr)), "<vsnprintf>");
}

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
