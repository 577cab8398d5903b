// SPDX-License-Identifier: LGPL-2.1
// The four dialects of lib/format_string's parser on the directives they meet,
// edges included: saturated counts, length runs, repeated flags, stars.
#include "format_string/directive_parser.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using tep::format_string::Dialect;
using tep::format_string::Directive;
using tep::format_string::Length;
using tep::format_string::Parsed;
using tep::format_string::parse;

Directive glibc(const std::string& text) {
  size_t i = 1;
  return tep::format_string::parse_glibc(text, i);
}

TEST(ParseGlibc, ReadsTheParts) {
  Directive d = glibc("%-08.3lx");
  EXPECT_TRUE(d.left);
  EXPECT_TRUE(d.zero);
  EXPECT_EQ(d.width, 8);
  EXPECT_EQ(d.precision, 3);
  EXPECT_EQ(d.length, Length::kLong);
  EXPECT_EQ(d.conversion, 'x');
  EXPECT_FALSE(d.overflow);
  // Repeated flags are the flag once.
  d = glibc("%--++  ##00d");
  EXPECT_TRUE(d.left && d.plus && d.space && d.alt && d.zero);
  EXPECT_EQ(d.conversion, 'd');
  EXPECT_TRUE(glibc("%'d").grouping);
  EXPECT_TRUE(glibc("%Id").grouping);
  // "%." is precision 0.
  EXPECT_EQ(glibc("%.d").precision, 0);
  EXPECT_EQ(glibc("%d").precision, -1);
}

TEST(ParseGlibc, CountsSaturateAtIntMax) {
  EXPECT_EQ(glibc("%2147483647d").width, INT32_MAX);
  EXPECT_FALSE(glibc("%2147483647d").overflow);
  Directive d = glibc("%2147483648d");
  EXPECT_EQ(d.width, INT32_MAX);
  EXPECT_TRUE(d.overflow);
  d = glibc("%.99999999999999999999999d");
  EXPECT_EQ(d.precision, INT32_MAX);
  EXPECT_TRUE(d.overflow);
  EXPECT_EQ(d.conversion, 'd');
}

TEST(ParseGlibc, LengthModifiers) {
  struct {
    const char* text;
    Length length;
    int bits;
  } cases[] = {
      {"%hhd", Length::kChar, 8},     {"%hd", Length::kShort, 16},   {"%d", Length::kNone, 32},
      {"%ld", Length::kLong, 8 * sizeof(long)},  {"%lld", Length::kLongLong, 64}, {"%qd", Length::kLongLong, 64},
      {"%Ld", Length::kLongLong, 64}, {"%jd", Length::kIntmax, 64},  {"%zd", Length::kSize, 8 * sizeof(size_t)},
      {"%Zd", Length::kSize, 8 * sizeof(size_t)}, {"%td", Length::kPtrdiff, 8 * sizeof(ptrdiff_t)},
  };
  for (const auto& c : cases) {
    Directive d = glibc(c.text);
    EXPECT_EQ(d.length, c.length) << c.text;
    EXPECT_EQ(d.int_bits(), c.bits) << c.text;
    EXPECT_EQ(d.conversion, 'd') << c.text;
  }
  // glibc takes one modifier (or hh / ll): the next letter is the conversion.
  EXPECT_EQ(glibc("%lllx").conversion, 'l');
  EXPECT_EQ(glibc("%hlx").conversion, 'l');
  EXPECT_EQ(glibc("%hhhd").conversion, 'h');
}

TEST(ParseGlibc, StarsAndOddEnds) {
  Directive d = glibc("%*.*d");
  EXPECT_TRUE(d.width_star && d.precision_star);
  EXPECT_EQ(glibc("%").conversion, 0);
  EXPECT_EQ(glibc("%5").conversion, 0);
  EXPECT_EQ(glibc("%%").conversion, '%');
  EXPECT_EQ(glibc("%n").conversion, 'n');
  EXPECT_EQ(glibc("%1$d").conversion, '$');  // positional: not read by hand
}

TEST(ParseGlibc, StarValuesAsGlibc) {
  Directive d = glibc("%*d");
  d.set_star_width(-7);
  EXPECT_TRUE(d.left);
  EXPECT_EQ(d.width, 7);
  d = glibc("%*d");
  d.set_star_width(INT32_MIN);  // -INT_MIN does not fit: glibc refuses it
  EXPECT_TRUE(d.overflow);
  d = glibc("%.*d");
  d.set_star_precision(-1);
  EXPECT_EQ(d.precision, -1);
}

TEST(ParseDialect, Glibc) {
  Parsed p = parse(Dialect::kGlibc, "ab%-5.2sz", 2);
  EXPECT_EQ(p.letter, 's');
  EXPECT_EQ(p.end, 8u);
  EXPECT_TRUE(p.glibc_order);
}

TEST(ParseDialect, PrintFmtLettersInAnyOrder) {
  Parsed p = parse(Dialect::kPrintFmt, "%5-lx", 0);
  EXPECT_EQ(p.letter, 'x');
  EXPECT_EQ(p.ls, 1);
  EXPECT_EQ(p.end, 5u);
  EXPECT_FALSE(p.glibc_order);  // glibc reads '-' as the conversion
  p = parse(Dialect::kPrintFmt, "%-5lx", 0);
  EXPECT_TRUE(p.glibc_order);
  EXPECT_EQ(parse(Dialect::kPrintFmt, "%lllx", 0).ls, 3);
  EXPECT_EQ(parse(Dialect::kPrintFmt, "%hhd", 0).ls, -2);
  EXPECT_EQ(parse(Dialect::kPrintFmt, "%lLx", 0).ls, 2);
  EXPECT_EQ(parse(Dialect::kPrintFmt, "%zd", 0).ls, 0);
  // ' ' and q j t are not letters upstream knows: they end the directive.
  EXPECT_EQ(parse(Dialect::kPrintFmt, "% d", 0).letter, ' ');
  EXPECT_EQ(parse(Dialect::kPrintFmt, "%qd", 0).letter, 'q');
  p = parse(Dialect::kPrintFmt, "%**d", 0);
  EXPECT_EQ(p.stars, 2);
  EXPECT_EQ(p.star_at[0], 1u);
  EXPECT_EQ(p.star_at[1], 2u);
  p = parse(Dialect::kPrintFmt, "%5", 0);
  EXPECT_EQ(p.letter, 0);
  EXPECT_EQ(p.end, 2u);
}

TEST(ParseDialect, PrintFmtPointerLetters) {
  EXPECT_EQ(parse(Dialect::kPrintFmt, "%pI4h!", 0).end, 5u);
  EXPECT_EQ(parse(Dialect::kPrintFmt, "%pS+", 0).end, 3u);
  EXPECT_EQ(parse(Dialect::kPrintFmt, "%px", 0).end, 2u);
  EXPECT_EQ(parse(Dialect::kPrintFmt, "%pISpc", 0).end, 6u);
  EXPECT_EQ(parse(Dialect::kPrintFmt, "%*phD", 0).end, 5u);
  EXPECT_EQ(tep::format_string::pointer_letters("MR"), 2u);
  EXPECT_EQ(tep::format_string::pointer_letters("I6c"), 3u);
  EXPECT_EQ(tep::format_string::pointer_letters("Ub"), 2u);
  EXPECT_EQ(tep::format_string::pointer_letters(""), 0u);
}

TEST(ParseDialect, Bprint) {
  EXPECT_EQ(parse(Dialect::kBprint, "%ld", 0).ls, 1);
  EXPECT_EQ(parse(Dialect::kBprint, "%zd", 0).ls, 1);
  EXPECT_EQ(parse(Dialect::kBprint, "%lld", 0).ls, 2);
  // '-' and 'h' end a bprint directive reading nothing.
  Parsed p = parse(Dialect::kBprint, "%-5d", 0);
  EXPECT_EQ(p.letter, '-');
  EXPECT_EQ(p.end, 2u);
  EXPECT_EQ(parse(Dialect::kBprint, "%hd", 0).letter, 'h');
  p = parse(Dialect::kBprint, "%pS:", 0);
  EXPECT_EQ(p.letter, 'p');
  EXPECT_EQ(p.ls, 1);
  EXPECT_EQ(p.end, 3u);
  EXPECT_EQ(parse(Dialect::kBprint, "%p:", 0).end, 2u);
  EXPECT_EQ(parse(Dialect::kBprint, "%*.*d", 0).stars, 2);
}

TEST(ParseDialect, Line) {
  Parsed p = parse(Dialect::kLine, "%%b %d|", 0);
  EXPECT_EQ(p.letter, 'd');
  EXPECT_EQ(p.end, 6u);
  EXPECT_FALSE(p.glibc_order);
  p = parse(Dialect::kLine, "%-5d", 0);
  EXPECT_TRUE(p.glibc_order);
  EXPECT_EQ(p.directive.width, 5);
  p = parse(Dialect::kLine, "trailing %q", 9);
  EXPECT_EQ(p.letter, 0);
  EXPECT_EQ(p.end, 11u);
  std::string long_one = "%" + std::string(40, '1') + "d";
  p = parse(Dialect::kLine, long_one, 0);
  EXPECT_EQ(p.letter_end, 31u);  // kept
  EXPECT_EQ(p.end, 42u);         // read
}

}  // namespace
