// SPDX-License-Identifier: LGPL-2.1
// An earlier boot's addresses: the last_boot_info and /proc/modules parsers,
// the translation (kernel, module ranges, modules gone), what later calls do,
// and the translation inside FunctionTable's lookups.
#include <gtest/gtest.h>

#include <string>

#include "symbols/boot_map.h"
#include "symbols/function_table.h"

namespace {

using tep::symbols::BootMap;
using tep::symbols::FunctionTable;
using Lbi = BootMap::LastBootStatus;
using Mods = BootMap::ModulesStatus;

constexpr uint64_t kText = 0xffffffff81000000;
constexpr char kLastBoot[] =
    "ffffffff9c000000\t[kernel]\n"
    "ffffffffc0f00000\text4\n"  // out of order: the ranges are sorted
    "ffffffffc0800000\tnf_tables\n"
    "ffffffffc0c00000\tgone\n";
constexpr char kModules[] =
    "nf_tables 376832 0 - Live 0xffffffffc0b00000\n"
    "ext4 1118208 1 mbcache,jbd2, Live 0xffffffffc0a00000 (OE)\n";

BootMap loaded() {
  BootMap m;
  m.set_text_address(kText);
  EXPECT_EQ(m.parse_last_boot_info(kLastBoot), Lbi::kOk);
  EXPECT_EQ(m.load_modules(kModules), Mods::kOk);
  return m;
}

uint64_t moved(const BootMap& m, uint64_t addr) { return addr + m.delta(addr); }

TEST(BootMap, NothingLoadedMovesNothing) {
  BootMap m;
  EXPECT_EQ(m.delta(0), 0u);
  EXPECT_EQ(m.delta(0xffffffff9c000000), 0u);
}

TEST(BootMap, KernelDeltaNeedsTextAndKernelLine) {
  BootMap m;
  ASSERT_EQ(m.parse_last_boot_info("ffffffff9c000000\t[kernel]\n"), Lbi::kOk);
  EXPECT_EQ(m.delta(0xffffffff9c000100), 0u);  // no _text yet
  m.set_text_address(kText);                    // kallsyms after last_boot_info
  EXPECT_EQ(moved(m, 0xffffffff9c000100), 0xffffffff81000100u);
  // Without modules every address moves by the kernel's delta.
  EXPECT_EQ(moved(m, 0xffffffffc0f00010), 0xffffffffa5f00010u);
  m.set_text_address(0xffffffff82000000);  // the last _text counts
  EXPECT_EQ(moved(m, 0xffffffff9c000100), 0xffffffff82000100u);
}

TEST(BootMap, ModulesMoveByTheirOwnDelta) {
  BootMap m = loaded();
  EXPECT_EQ(moved(m, 0xffffffff9c000100), 0xffffffff81000100u);   // kernel
  EXPECT_EQ(moved(m, 0xffffffffc07fffff), 0xffffffffa57fffffu);   // below the first module: kernel
  EXPECT_EQ(moved(m, 0xffffffffc0800040), 0xffffffffc0b00040u);   // nf_tables
  EXPECT_EQ(moved(m, 0xffffffffc0c00010), 0xffffffffc0c00010u);   // gone: as it is
  EXPECT_EQ(moved(m, 0xffffffffc0f01c40), 0xffffffffc0a01c40u);   // ext4
  EXPECT_EQ(moved(m, 0xfffffffff0000000), 0xffffffffefb00000u);   // the last range has no end
}

TEST(BootMap, OrderOfTheTextsDoesNotMatter) {
  BootMap m;
  ASSERT_EQ(m.load_modules(kModules), Mods::kOk);
  ASSERT_EQ(m.parse_last_boot_info(kLastBoot), Lbi::kOk);
  m.set_text_address(kText);
  EXPECT_EQ(moved(m, 0xffffffff9c000100), 0xffffffff81000100u);
  EXPECT_EQ(moved(m, 0xffffffffc0f01c40), 0xffffffffc0a01c40u);
}

TEST(BootMap, CurrentAndBadTextsChangeNothing) {
  BootMap m = loaded();
  EXPECT_EQ(m.parse_last_boot_info("# Current\n"), Lbi::kCurrent);
  EXPECT_EQ(m.parse_last_boot_info("# Currently anything"), Lbi::kCurrent);  // a prefix
  EXPECT_EQ(m.parse_last_boot_info("\n# Current\n"), Lbi::kBadLine);          // a line like any other
  EXPECT_EQ(m.parse_last_boot_info("ffffffff8c000000\t[kernel]\ntrace_clock: local\n"), Lbi::kBadLine);
  EXPECT_EQ(m.parse_last_boot_info("ffffffff8c000000\n"), Lbi::kBadLine);
  EXPECT_EQ(m.parse_last_boot_info("ffffffff8c000000\t[kernel]\n  \n"), Lbi::kBadLine);  // blanks only
  EXPECT_EQ(m.load_modules("ext4 1 0 - Live\n"), Mods::kBadLine);
  EXPECT_EQ(m.load_modules("ext4 1 0 - Live zz\n"), Mods::kBadLine);
  EXPECT_EQ(m.load_modules("ext4 1 0 - Live 1ffffffffc0a00000\n"), Mods::kOutOfRange);
  EXPECT_EQ(moved(m, 0xffffffff9c000100), 0xffffffff81000100u);
  EXPECT_EQ(moved(m, 0xffffffffc0f01c40), 0xffffffffc0a01c40u);
}

TEST(BootMap, LineShapes) {
  BootMap m;
  m.set_text_address(kText);
  // Blanks of any kind between the fields, empty lines, CR before LF, extra words.
  ASSERT_EQ(m.parse_last_boot_info("\n\n  ffffffff9c000000 [kernel] extra\r\n\nffffffffc0800000\tnf_tables\r\n"),
            Lbi::kOk);
  ASSERT_EQ(m.load_modules("\n nf_tables\t1\t0\t-\tLive\t0xffffffffc0b00000\r\n\n"), Mods::kOk);
  EXPECT_EQ(moved(m, 0xffffffffc0800040), 0xffffffffc0b00040u);
  // "0x" alone reads as 0; a sign negates; the width holds 18 bytes.
  ASSERT_EQ(m.load_modules("nf_tables 1 0 - Live 0x\n"), Mods::kOk);
  EXPECT_EQ(moved(m, 0xffffffffc0800040), 0x40u);
  ASSERT_EQ(m.load_modules("nf_tables 1 0 - Live 0xffffffffc0b000001\n"), Mods::kOk);
  EXPECT_EQ(moved(m, 0xffffffffc0800040), 0xffffffffc0b00040u);
  // Any name starting with [kernel] is the kernel's line.
  BootMap k;
  k.set_text_address(kText);
  ASSERT_EQ(k.parse_last_boot_info("ffffffff9c000000\t[kernel]x\n"), Lbi::kOk);
  EXPECT_EQ(moved(k, 0xffffffff9c000100), 0xffffffff81000100u);
}

TEST(BootMap, EmptyTexts) {
  BootMap m = loaded();
  EXPECT_EQ(m.load_modules(""), Mods::kOk);  // no module loaded now: ranges keep addresses
  EXPECT_EQ(moved(m, 0xffffffffc0f01c40), 0xffffffffc0f01c40u);
  EXPECT_EQ(m.parse_last_boot_info(""), Lbi::kOk);  // no ranges; the kernel's delta stays
  EXPECT_EQ(moved(m, 0xffffffff9c000100), 0xffffffff81000100u);
  EXPECT_EQ(moved(m, 0xffffffffc0f01c40), 0xffffffffc0f01c40u);  // above the first module still
}

// Upstream's in-place deltas: a second last_boot_info naming a module that
// was joined subtracts its address again; loading the modules again repairs it.
TEST(BootMap, SecondLastBootInfoSubtractsAgain) {
  BootMap m = loaded();
  ASSERT_EQ(m.parse_last_boot_info(kLastBoot), Lbi::kOk);
  EXPECT_EQ(moved(m, 0xffffffffc0f01c40), 0xffffffffc0a01c40u - 0xffffffffc0f00000u);
  EXPECT_EQ(moved(m, 0xffffffffc0c00010), 0xffffffffc0c00010u);  // never joined
  ASSERT_EQ(m.load_modules(kModules), Mods::kOk);
  EXPECT_EQ(moved(m, 0xffffffffc0f01c40), 0xffffffffc0a01c40u);
}

TEST(BootMap, EqualStartsTakeTheLastRange) {
  BootMap m;
  ASSERT_EQ(m.load_modules("a 1 0 - Live 0x1000\nb 1 0 - Live 0x2000\n"), Mods::kOk);
  ASSERT_EQ(m.parse_last_boot_info("100 a\n100 b\n"), Lbi::kOk);
  EXPECT_EQ(moved(m, 0x150), 0x2050u);
  ASSERT_EQ(m.parse_last_boot_info("100 b\n100 a\n"), Lbi::kOk);
  EXPECT_EQ(moved(m, 0x150), 0x150u - 0x100u + 0x1000u - 0x100u);  // a's delta, subtracted twice
}

TEST(BootMap, ModuleStartIsSetOnce) {
  BootMap m;
  ASSERT_EQ(m.load_modules("a 1 0 - Live 0x9000\nb 1 0 - Live 0xa000\n"), Mods::kOk);
  ASSERT_EQ(m.parse_last_boot_info("5000 b\n"), Lbi::kOk);
  ASSERT_EQ(m.parse_last_boot_info("1000 a\n"), Lbi::kOk);
  EXPECT_EQ(moved(m, 0x1010), 0x1010u);        // below the first start (0x5000): kernel's delta, 0
  EXPECT_EQ(moved(m, 0x5010), 0x5010u + 0x8000u);  // a's range
}

TEST(FunctionTableBoot, LookupsTranslateAndInfoMapsBack) {
  FunctionTable t;
  ASSERT_EQ(t.parse_kallsyms("ffffffff81000000 T _text\nffffffff81000100 T foo\nffffffff81000200 T bar\n"
                             "ffffffffc0a00000 t ext4_fill_super\t[ext4]\nffffffffc0a08000 t ext4_end\t[ext4]\n"),
            tep::symbols::LinesStatus::kOk);
  FunctionTable::CMatch m;
  ASSERT_TRUE(t.lookup(0xffffffff81000150, m));
  EXPECT_STREQ(m.name, "foo");
  EXPECT_EQ(m.boot_start, 0xffffffff81000100u);
  ASSERT_EQ(t.parse_last_boot_info(kLastBoot), Lbi::kOk);
  ASSERT_EQ(t.load_modules(kModules), Mods::kOk);
  ASSERT_TRUE(t.lookup(0xffffffff9c000150, m));  // the cached answer is dropped
  EXPECT_STREQ(m.name, "foo");
  EXPECT_EQ(m.start, 0xffffffff81000100u);
  EXPECT_EQ(m.boot_start, 0xffffffff9c000100u);
  ASSERT_TRUE(t.lookup(0xffffffffc0f00010, m));
  EXPECT_STREQ(m.name, "ext4_fill_super");
  EXPECT_EQ(m.boot_start, 0xffffffffc0a00000u);  // module functions keep this boot's address
  tep::symbols::FunctionMatch fm;
  ASSERT_TRUE(t.lookup(0xffffffff9c000150, fm));
  EXPECT_EQ(fm.name, "foo");
  EXPECT_EQ(fm.start, 0xffffffff81000100u);
}

TEST(FunctionTableBoot, TextWithAModuleIsNotTheKernels) {
  FunctionTable t;
  t.add("_text", 0xffffffff81000000, "mod");
  t.add("foo", 0xffffffff81000100, nullptr);
  t.add("end", 0xffffffff82000000, nullptr);
  ASSERT_EQ(t.parse_last_boot_info("ffffffff9c000000\t[kernel]\n"), Lbi::kOk);
  FunctionTable::CMatch m;
  EXPECT_FALSE(t.lookup(0xffffffff9c000150, m));
  t.add("_text", 0xffffffff81000000, nullptr);
  ASSERT_TRUE(t.lookup(0xffffffff9c000150, m));
  EXPECT_STREQ(m.name, "foo");
}

char* resolve_any(void*, unsigned long long* addr, char** mod) {
  *mod = nullptr;
  *addr -= 0x10;
  return const_cast<char*>("resolved");
}

TEST(FunctionTableBoot, ResolverGetsTheAddressAsItIs) {
  FunctionTable t;
  t.add("_text", kText, nullptr);
  ASSERT_EQ(t.parse_last_boot_info("ffffffff9c000000\t[kernel]\n"), Lbi::kOk);
  t.set_resolver(resolve_any, nullptr);
  FunctionTable::CMatch m;
  ASSERT_TRUE(t.lookup(0xffffffff9c000150, m));
  EXPECT_EQ(m.start, 0xffffffff9c000140u);
  EXPECT_EQ(m.boot_start, 0xffffffff9c000140u + 0x1b000000u);  // info still maps it "back"
}

}  // namespace
