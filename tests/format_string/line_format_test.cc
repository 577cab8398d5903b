// SPDX-License-Identifier: LGPL-2.1
// tep_print_event's caller format (the kLine dialect): its split, and each
// directive printed with its value, checked against glibc's snprintf.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include <climits>

#include "format_string/line_format.h"
#include "seq/seq_sink.h"
#include "trace-seq.h"

namespace {

using tep::format_string::LineKind;
using tep::format_string::LinePiece;

std::vector<std::string> scan(const char* format) {
  std::vector<std::string> out;
  for (const LinePiece& piece : tep::format_string::split_line_format(format)) {
    out.push_back("L:" + std::string(piece.literal));
    switch (piece.kind) {
      case LineKind::kNone: break;
      case LineKind::kInt: out.push_back("I:" + std::string(piece.directive)); break;
      case LineKind::kString: out.push_back("S:" + std::string(piece.directive)); break;
      case LineKind::kUnknown: out.push_back("U:" + std::string(piece.directive)); break;
    }
  }
  return out;
}

// The one directive of `format` (which must hold exactly one).
LinePiece piece_of(const char* directive) {
  auto pieces = tep::format_string::split_line_format(directive);
  EXPECT_GE(pieces.size(), 1u) << directive;
  return pieces.empty() ? LinePiece{} : pieces[0];
}

TEST(LineFormat, SplitsLikeUpstream) {
  EXPECT_EQ(scan("%16s-%-5d [%03d] %s"),
            (std::vector<std::string>{"L:", "S:%16s", "L:-", "I:%-5d", "L: [", "I:%03d", "L:] ", "S:%s"}));
  // Everything up to the first of d u i x X o s belongs to the directive.
  EXPECT_EQ(scan("a%%b %d|"), (std::vector<std::string>{"L:a", "I:%%b %d", "L:|"}));
  EXPECT_EQ(scan("%c %d"), (std::vector<std::string>{"L:", "I:%c %d"}));
  EXPECT_EQ(scan("%6.x1000d"), (std::vector<std::string>{"L:", "I:%6.x", "L:1000d"}));
  // No conversion letter: unknown, to the end.
  EXPECT_EQ(scan("trailing %q"), (std::vector<std::string>{"L:trailing ", "U:%q"}));
  EXPECT_EQ(scan("%"), (std::vector<std::string>{"L:", "U:%"}));
  EXPECT_EQ(scan("plain"), (std::vector<std::string>{"L:plain"}));
  EXPECT_TRUE(scan("").empty());
}

TEST(LineFormat, KeepsAtMost31Characters) {
  std::string format = "%" + std::string(40, '1') + "d";
  auto pieces = scan(format.c_str());
  ASSERT_EQ(pieces.size(), 2u);
  EXPECT_EQ(pieces[1], "I:" + format.substr(0, 31));
}

std::string render_int(const char* directive, int value) {
  trace_seq s;
  trace_seq_init(&s);
  tep::seq::SeqSink sink{&s};
  tep::format_string::format_line_int(sink, piece_of(directive), value);
  std::string out(s.buffer, s.len);
  trace_seq_destroy(&s);
  return out;
}

std::string render_string(const char* directive, const char* text) {
  trace_seq s;
  trace_seq_init(&s);
  tep::seq::SeqSink sink{&s};
  tep::format_string::format_line_string(sink, piece_of(directive), text);
  std::string out(s.buffer, s.len);
  trace_seq_destroy(&s);
  return out;
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat"
std::string glibc_int(const char* directive, int value) {
  char buf[256];
  int n = snprintf(buf, sizeof(buf), directive, value);
  return std::string(buf, n > 0 ? n : 0);  // "%c" of 0 writes a NUL
}
std::string glibc_string(const char* directive, const char* text) {
  char buf[256];
  snprintf(buf, sizeof(buf), directive, text);
  return buf;
}
#pragma GCC diagnostic pop

TEST(LineDirective, IntegersMatchPrintf) {
  const char* flags[] = {"", "-", "+", " ", "#", "0", "-0", "+0", "-+", "# 0", "'"};
  const char* widths[] = {"", "1", "5", "12"};
  const char* precisions[] = {"", ".", ".0", ".3", ".10"};
  const char* lengths[] = {"", "h", "hh"};
  const char* conversions = "diuxXoc";
  const int values[] = {0, 1, -1, 7, 42, -42, 99999, -99999, 255, 256, 32767, -32768, 65535,
                        2147483647, -2147483647 - 1};
  int checked = 0;
  for (const char* f : flags)
    for (const char* w : widths)
      for (const char* p : precisions)
        for (const char* l : lengths)
          for (const char* c = conversions; *c; c++) {
            if (*c == 'c' && (*p || *l)) continue;  // undefined for %c
            std::string directive = std::string("%") + f + w + p + l + *c;
            for (int v : values) {
              ASSERT_EQ(render_int(directive.c_str(), v), glibc_int(directive.c_str(), v))
                  << directive << " " << v;
              checked++;
            }
          }
  EXPECT_GT(checked, 10000);
}

TEST(LineDirective, LongLengthReadsTheIntZeroExtended) {
  // The callee reads a 64-bit register whose upper half the int left zero (x86-64,
  // arm64) or filled with its sign (s390x); a 32-bit long is the int itself.
#if defined(__s390x__) || defined(__powerpc64__)
  EXPECT_EQ(render_int("%ld", -1), "-1");
  EXPECT_EQ(render_int("%llx", -1), "ffffffffffffffff");
#else
  EXPECT_EQ(render_int("%ld", -1), sizeof(long) == 8 ? "4294967295" : "-1");
  EXPECT_EQ(render_int("%llx", -1), "ffffffff");
#endif
  EXPECT_EQ(render_int("%zd", 5), "5");
}

TEST(LineDirective, TextAndPercentAroundTheConversion) {
  EXPECT_EQ(render_int("%%d", 5), "%d");
  EXPECT_EQ(render_int("%%b %d", 5), "%b 5");
  EXPECT_EQ(render_int("%5c| and", 'A'), "    A| and");
  // A second conversion has no argument: nothing.
  EXPECT_EQ(render_int("%c %d", 'A'), "A ");
  EXPECT_EQ(render_int("%*d", 5), "");
}

TEST(LineDirective, StringsMatchPrintf) {
  const char* directives[] = {"%s", "%16s", "%-16s", "%.3s", "%16.16s", "%-5.2s", "%05s", "%.0s", "%1s"};
  const char* texts[] = {"", "a", "<idle>", "kworker/0:1H-events_highpri"};
  for (const char* d : directives)
    for (const char* t : texts) EXPECT_EQ(render_string(d, t), glibc_string(d, t)) << d << " " << t;
  EXPECT_EQ(render_string("%% %s", "x"), "% x");
}

TEST(LineDirective, WidthsBehaveAsGlibc) {
  // A caller's own width: glibc pads it, and refuses one past INT_MAX (nothing printed).
  EXPECT_EQ(render_int("%9999999999d", 5), "");
  EXPECT_EQ(render_int("%.9999999999d", 5), "");
  EXPECT_EQ(render_int("[%2147483648d]", 5), "");
  EXPECT_EQ(render_string("%99999999999s", "x"), "");
  EXPECT_TRUE(render_int("%5000d", 5) == std::string(4999, ' ') + "5");  // past the hand limit: glibc's own
  EXPECT_EQ(render_int("%-6000x", 255).size(), 6000u);
  EXPECT_EQ(render_string("%.5000s", "abc"), "abc");
}

TEST(LineDirective, LengthRunsAsGlibc) {
  // glibc prints an unknown conversion's text as it reads it.
  for (const char* d : {"%lllld", "%hld", "%l5d", "%lhd", "%zld", "%hhhd", "%5-d"})
    EXPECT_EQ(render_int(d, 7), glibc_int(d, 7)) << d;
  // Positional arguments are never handed to glibc (it would read arguments
  // that are not there): the walk copies the text after the "$".
  EXPECT_EQ(render_string("%4$.006s", "abc"), ".006s");
  EXPECT_EQ(render_int("%1$nd", 5), "nd");
  // A 64-bit read of an int's register: zero-extended, or sign-extended on s390x; l, z and t
  // are 32-bit reads on i686.
  const bool sign_extends = tep::format_string::int_argument_register(-1) == UINT64_MAX;
  for (const char* d : {"%hhd", "%hd", "%ld", "%lld", "%zd", "%Zd", "%jd", "%td", "%qd", "%Ld"}) {
    const bool narrow = sizeof(long) == 4 && ((d[1] == 'l' && d[2] != 'l') || d[1] == 'z' || d[1] == 'Z' || d[1] == 't');
    EXPECT_EQ(render_int(d, -3), d[1] == 'h' ? glibc_int(d, -3) : sign_extends || narrow ? "-3" : "4294967293") << d;
  }
}

}  // namespace
