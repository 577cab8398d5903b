// SPDX-License-Identifier: LGPL-2.1
// printk formats: how upstream strips quotes and "\n", reads odd lines, and
// which entry wins for a duplicate address.
#include <gtest/gtest.h>

#include <string>

#include "symbols/printk_table.h"

namespace {

using tep::symbols::PrintkTable;

std::string at(const PrintkTable& t, uint64_t addr) {
  const char* f = t.find(addr);
  return f ? f : "(none)";
}

TEST(PrintkTable, ParsesTheKernelFile) {
  PrintkTable t;
  t.parse("0xffffffff828195af : \"thaw_processes\"\n0xffffffff8281a3e9 : \"rcu %d\\n\"\n");
  EXPECT_EQ(at(t, 0xffffffff828195af), "thaw_processes");
  EXPECT_EQ(at(t, 0xffffffff8281a3e9), "rcu %d");  // trailing \n dropped with the quote
  EXPECT_EQ(at(t, 1), "(none)");
  EXPECT_EQ(t.count(), 2);
}

TEST(PrintkTable, QuoteAndNewlineStripping) {
  PrintkTable t;
  t.add("\"a\\n\"x", 1);  // no closing quote at the end: nothing else stripped
  t.add("plain\\n", 2);
  t.add("\"a\\t\\\\n\"", 3);
  t.add("\"", 4);
  EXPECT_EQ(at(t, 1), "a\\n\"x");
  EXPECT_EQ(at(t, 2), "plain\\n");
  EXPECT_EQ(at(t, 3), "a\\t\\");
  EXPECT_EQ(at(t, 4), "");
}

TEST(PrintkTable, OddLines) {
  PrintkTable t;
  // No blank after ':' loses the first character; a line without a format takes
  // the rest of the text, as upstream's pointer arithmetic does.
  t.parse("0x10:\"x\"\n0x20 :\n0x30 : \"y\"\n");
  EXPECT_EQ(at(t, 0x10), "x");
  EXPECT_EQ(at(t, 0x20), "0x30 : \"y\"\n");
  EXPECT_EQ(at(t, 0x30), "y");
  PrintkTable empty;
  empty.parse(":::\n0x10 : \"never\"\n");  // an entry of only ':' ends the parse
  EXPECT_EQ(empty.count(), 0);
}

TEST(PrintkTable, DuplicatesAndPrintOrder) {
  PrintkTable t;
  t.parse("0x30 : \"c\"\n0x10 : \"a\"\n0x20 : \"b\"\n0x10 : \"a2\"\n");
  char* text = nullptr;
  size_t size = 0;
  FILE* out = open_memstream(&text, &size);
  t.print(out);
  fclose(out);
  EXPECT_STREQ(text,
               "0000000000000010 a2\n0000000000000010 a\n0000000000000020 b\n"
               "0000000000000030 c\n");
  free(text);
  EXPECT_EQ(at(t, 0x10), "a");  // glibc bsearch's first probe among the two
}

}  // namespace
