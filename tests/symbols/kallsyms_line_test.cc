// SPDX-License-Identifier: LGPL-2.1
// One kallsyms line, read as upstream's sscanf("%16llx %c %n%*s%n%*1[\t][%n%*s%n") reads it.
#include <gtest/gtest.h>

#include <string>

#include "symbols/kallsyms_line.h"

namespace {

using tep::symbols::KallsymsLine;
using tep::symbols::scan_kallsyms_line;

std::string name_of(std::string_view line, const KallsymsLine& k) {
  return std::string(line.substr(k.name_start, k.name_end - k.name_start));
}

TEST(KallsymsLine, Canonical) {
  std::string_view line = "ffffffff81000000 T _stext";
  KallsymsLine k = scan_kallsyms_line(line);
  EXPECT_EQ(k.conversions, 2);
  EXPECT_EQ(k.addr, 0xffffffff81000000ull);
  EXPECT_EQ(k.type, 'T');
  EXPECT_EQ(name_of(line, k), "_stext");
  EXPECT_FALSE(k.has_module());
}

TEST(KallsymsLine, ModuleNeedsExactlyTabBracket) {
  std::string_view line = "ffffffffc0a00000 t ext4_fill_super\t[ext4]";
  KallsymsLine k = scan_kallsyms_line(line);
  ASSERT_TRUE(k.has_module());
  // The module ends one byte before the end of its word: the ']' goes.
  EXPECT_EQ(line.substr(k.module_start, k.module_end - 1 - k.module_start), "ext4");
  EXPECT_FALSE(scan_kallsyms_line("ffffffffc0a00000 t f [ext4]").has_module());
  EXPECT_FALSE(scan_kallsyms_line("ffffffffc0a00000 t f\t\t[ext4]").has_module());
  EXPECT_FALSE(scan_kallsyms_line("ffffffffc0a00000 t f\t[").has_module());
}

TEST(KallsymsLine, AddressWidthIsSixteen) {
  std::string_view line = "1ffffffffffffffff T big";  // 17 digits
  KallsymsLine k = scan_kallsyms_line(line);
  EXPECT_EQ(k.addr, 0x1fffffffffffffffull);
  EXPECT_EQ(k.type, 'f');
  EXPECT_EQ(name_of(line, k), "T");
}

TEST(KallsymsLine, SignAndHexPrefix) {
  EXPECT_EQ(scan_kallsyms_line("-1 T neg").addr, ~0ull);
  EXPECT_EQ(scan_kallsyms_line("0x10 T hex").addr, 0x10ull);
  KallsymsLine k = scan_kallsyms_line("0xg T zero");  // "0x" without digits reads 0
  EXPECT_EQ(k.conversions, 2);
  EXPECT_EQ(k.addr, 0ull);
  EXPECT_EQ(scan_kallsyms_line("+ T plus").conversions, 0);
}

TEST(KallsymsLine, IncompleteLines) {
  EXPECT_EQ(scan_kallsyms_line("   ").conversions, -1);
  EXPECT_EQ(scan_kallsyms_line("g T x").conversions, 0);
  EXPECT_EQ(scan_kallsyms_line("ffffffff81000000").conversions, 1);
  KallsymsLine k = scan_kallsyms_line("ffffffff81000000 t");
  EXPECT_EQ(k.conversions, 2);
  EXPECT_EQ(k.name_end, 0u);
}

TEST(KallsymsLine, TypeGluedToName) {
  std::string_view line = "ffffffff81000000 Tname";
  KallsymsLine k = scan_kallsyms_line(line);
  EXPECT_EQ(k.type, 'T');
  EXPECT_EQ(name_of(line, k), "name");
}

TEST(KallsymsLine, IgnoredSymbols) {
  std::string_view abs = "ffffffff81000000 A abs";
  EXPECT_TRUE(scan_kallsyms_line(abs).ignored(abs));
  std::string_view mapping = "ffffffff81000000 T $x";
  EXPECT_TRUE(scan_kallsyms_line(mapping).ignored(mapping));
  std::string_view undef = "ffffffff81000000 U undef";
  EXPECT_FALSE(scan_kallsyms_line(undef).ignored(undef));
}

// The one-pass reading of a usual line agrees with taking the line up to its
// '\n' and scanning it; lines of other shapes are left to that.
TEST(KallsymsLine, UsualLinesReadInOnePass) {
  using tep::symbols::scan_usual_kallsyms_line;
  const std::string_view usual[] = {
      "ffffffff81000000 T _stext\nffffffff81000010 T next\n",
      "ffffffff81000000 T _stext",  // the end of the text ends it too
      "ffffffffc0a00000 t ext4_fill_super\t[ext4]\nrest",
      "ffffffffc0a00000 t f\t[ext4]",
      "FFFFFFFF81000000 a abs\n",
  };
  for (std::string_view text : usual) {
    KallsymsLine fast;
    size_t size = 0;
    ASSERT_TRUE(scan_usual_kallsyms_line(text, fast, size)) << text;
    const std::string_view line = text.substr(0, text.find('\n'));
    EXPECT_EQ(size, line.size()) << text;
    KallsymsLine k = scan_kallsyms_line(line);
    EXPECT_EQ(fast.conversions, k.conversions) << text;
    EXPECT_EQ(fast.addr, k.addr) << text;
    EXPECT_EQ(fast.type, k.type) << text;
    EXPECT_EQ(fast.name_start, k.name_start) << text;
    EXPECT_EQ(fast.name_end, k.name_end) << text;
    EXPECT_EQ(fast.module_start, k.module_start) << text;
    EXPECT_EQ(fast.module_end, k.module_end) << text;
  }
  const std::string_view other[] = {
      "ffffffff81000000 T\n",              // no name on the line
      "ffffffff81000000 T name \n",        // a blank after the name
      "ffffffff81000000 T name\r\n",       // CR LF
      "ffffffffc0a00000 t f\t[ext4] x\n",  // more after the module
      "ffffffffc0a00000 t f\t[ ext4]\n",   // a blank before the module
      "ffffffffc0a00000 t f\t\n",          // a tab, no module
      "0xffffffff810000 T name\n",
      "81000000 T name\n",
      "\nffffffff81000000 T name\n",
  };
  for (std::string_view text : other) {
    KallsymsLine fast;
    size_t size = 0;
    EXPECT_FALSE(scan_usual_kallsyms_line(text, fast, size)) << text;
  }
}

}  // namespace
