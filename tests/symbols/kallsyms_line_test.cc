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

}  // namespace
