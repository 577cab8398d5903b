// SPDX-License-Identifier: LGPL-2.1
// Function lookups: kallsyms parsing, upstream's choice among duplicate
// addresses, sizes, the resolver, tep_print_funcs, concurrent readers.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "core/handle.h"
#include "event-parse.h"
#include "symbols/function_table.h"

namespace {

using tep::symbols::FunctionMatch;
using tep::symbols::FunctionTable;

std::string name_at(const FunctionTable& t, uint64_t addr) {
  FunctionMatch m;
  return t.lookup(addr, m) ? std::string(m.name) : "(none)";
}

TEST(FunctionTable, LookupInsideAndBetween) {
  FunctionTable t;
  ASSERT_EQ(t.parse_kallsyms("0000000000001000 T a\n0000000000001100 t b\t[mod]\n"),
            tep::symbols::LinesStatus::kOk);
  FunctionMatch m;
  ASSERT_TRUE(t.lookup(0x1050, m));
  EXPECT_EQ(m.name, "a");
  EXPECT_EQ(m.start, 0x1000u);
  EXPECT_EQ(m.size, 0x100u);
  EXPECT_TRUE(m.module.empty());
  ASSERT_TRUE(t.lookup(0x1100, m));
  EXPECT_EQ(m.module, "mod");
  EXPECT_EQ(m.name.data()[m.name.size()], '\0');
  // Past the last start only the exact address matches (upstream's end marker is 0).
  EXPECT_FALSE(t.lookup(0x1101, m));
  EXPECT_FALSE(t.lookup(0xfff, m));
}

// Upstream: newest registration first among equal addresses (stable sort of a
// prepended list), then glibc's bsearch probe; an address inside the range
// goes to the last duplicate.
TEST(FunctionTable, DuplicateAddressesAsUpstream) {
  FunctionTable t;
  t.parse_kallsyms("1 T a\n1 T b\n1 T c\n0 T z\n2 T d\n");
  EXPECT_EQ(name_at(t, 1), "b");
  FunctionTable t2;
  t2.parse_kallsyms(
      "ffffffff81000000 T srso_alias_untrain_ret\nffffffff81000000 T _stext\n"
      "ffffffff81000000 T _text\nffffffff81000010 T next\n");
  EXPECT_EQ(name_at(t2, 0xffffffff81000000), "srso_alias_untrain_ret");
  EXPECT_EQ(name_at(t2, 0xffffffff81000005), "srso_alias_untrain_ret");
}

TEST(FunctionTable, BadLineStopsButKeepsEarlierOnes) {
  FunctionTable t;
  EXPECT_EQ(t.parse_kallsyms("10 T one\nzzz T bad\n20 T two\n"),
            tep::symbols::LinesStatus::kBadLine);
  EXPECT_EQ(t.count(), 1);
  EXPECT_EQ(name_at(t, 0x10), "one");
}

TEST(FunctionTable, RegistrationAfterLookupIsSeen) {
  FunctionTable t;
  t.add("first", 0x100, nullptr);
  EXPECT_EQ(name_at(t, 0x100), "first");
  t.add("second", 0x140, "m");
  EXPECT_EQ(name_at(t, 0x120), "first");
  EXPECT_EQ(name_at(t, 0x140), "second");
  EXPECT_EQ(t.count(), 2);
}

// Duplicates registered after a sort go first among their address's entries,
// as if every registration had come before the first lookup (upstream reads a
// stale map there and crashes; differences.md): sorting, registering and
// sorting again gives the order of one sort after them all.
TEST(FunctionTable, ResortAfterRegistrationsKeepsNewestFirst) {
  FunctionTable once, twice;
  const char* first = "10 T a1\n20 T b1\n20 T b2\n30 t c1\t[m]\n30 t c2\t[m]\n";
  const char* later = "30 T c3\n18 T a2\n50 T e1\n";
  once.parse_kallsyms(first);
  twice.parse_kallsyms(first);
  EXPECT_EQ(name_at(twice, 0x20), "b1");  // sorted here
  for (FunctionTable* t : {&once, &twice}) {
    t->add("b3", 0x20, nullptr);
    t->add("a0", 0x10, nullptr);
  }
  EXPECT_EQ(name_at(twice, 0x2f), "b1");  // and here
  once.parse_kallsyms(later);
  twice.parse_kallsyms(later);
  for (FunctionTable* t : {&once, &twice}) {
    EXPECT_EQ(t->count(), 10);
    char* text = nullptr;
    size_t size = 0;
    FILE* out = open_memstream(&text, &size);
    t->print(out);
    fclose(out);
    EXPECT_STREQ(text,
                 "0000000000000010 a0\n0000000000000010 a1\n0000000000000018 a2\n0000000000000020 b3\n"
                 "0000000000000020 b2\n0000000000000020 b1\n0000000000000030 c3\n0000000000000030 c2 [m]\n"
                 "0000000000000030 c1 [m]\n0000000000000050 e1\n");
    free(text);
  }
  for (uint64_t addr : {0x10, 0x18, 0x20, 0x2f, 0x30, 0x40, 0x50}) EXPECT_EQ(name_at(once, addr), name_at(twice, addr));
}

char* resolver(void* priv, unsigned long long* addr, char** mod) {
  ++*static_cast<int*>(priv);
  if (*addr == 0) return nullptr;
  *addr &= ~0xfULL;
  static char m[] = "resmod";
  *mod = m;
  static char n[] = "resolved";
  return n;
}

TEST(FunctionTable, ResolverAnswersEveryLookup) {
  FunctionTable t;
  t.add("table", 0x100, nullptr);
  int calls = 0;
  t.set_resolver(resolver, &calls);
  FunctionMatch m;
  ASSERT_TRUE(t.lookup(0x123, m));
  EXPECT_EQ(m.name, "resolved");
  EXPECT_EQ(m.module, "resmod");
  EXPECT_EQ(m.start, 0x120u);
  EXPECT_EQ(m.size, 0u);
  EXPECT_FALSE(t.lookup(0, m));
  EXPECT_EQ(calls, 2);
  t.reset_resolver();
  EXPECT_EQ(name_at(t, 0x100), "table");
}

// Answers are kept per thread (function_table.cc): a registration, a
// resolver, or another table at the same address must not see old ones.
TEST(FunctionTable, KeptAnswersFollowChanges) {
  FunctionTable t;
  t.add("first", 0x100, nullptr);
  t.add("end", 0x1000, nullptr);  // the last entry holds its own address only
  EXPECT_EQ(name_at(t, 0x150), "first");
  EXPECT_EQ(name_at(t, 0x150), "first");
  t.add("second", 0x140, nullptr);
  EXPECT_EQ(name_at(t, 0x150), "second");
  int calls = 0;
  t.set_resolver(resolver, &calls);
  EXPECT_EQ(name_at(t, 0x150), "resolved");
  EXPECT_EQ(name_at(t, 0x150), "resolved");
  EXPECT_EQ(calls, 2);  // a resolver answers every lookup itself
  t.reset_resolver();
  EXPECT_EQ(name_at(t, 0x150), "second");
  for (int i = 0; i < 2; i++) {
    auto* table = new FunctionTable;  // likely the same address both times
    table->add(i ? "two" : "one", 0x100, nullptr);
    table->add("end", 0x1000, nullptr);
    EXPECT_EQ(name_at(*table, 0x180), i ? "two" : "one");
    delete table;
  }
}

TEST(FunctionTable, PrintFormat) {
  FunctionTable t;
  t.parse_kallsyms("0000000000002000 t b\t[m]\n0000000000001000 T a\n");
  char* text = nullptr;
  size_t size = 0;
  FILE* out = open_memstream(&text, &size);
  t.print(out);
  fclose(out);
  EXPECT_STREQ(text, "0000000000001000 a\n0000000000002000 b [m]\n");
  free(text);
}

TEST(FunctionTable, ConcurrentReadersAndAWriter) {
  FunctionTable t;
  std::string text;
  for (int i = 0; i < 2000; i++) text += std::to_string(1000 + i * 16) + " T f" + std::to_string(i) + "\n";
  t.parse_kallsyms(text);
  std::atomic<bool> stop{false};
  std::atomic<int> misses{0};
  std::vector<std::thread> readers;
  for (int r = 0; r < 3; r++)
    readers.emplace_back([&] {
      FunctionMatch m;
      while (!stop)
        for (uint64_t a = 0x1000; a < 0x1000 + 2000 * 16; a += 97)
          if (!t.lookup(a, m) || m.name.empty()) ++misses;
    });
  for (int i = 0; i < 500; i++) t.add("late" + std::to_string(i), 0x100000 + i, nullptr);
  stop = true;
  for (auto& th : readers) th.join();
  EXPECT_EQ(misses, 0);
  EXPECT_EQ(t.count(), 2500);
}

TEST(FunctionApi, NamesStayValidAndPlansInvalidate) {
  tep_handle* tep = tep_alloc();
  uint64_t gen = tep->generation.load();
  char name[] = "func";
  ASSERT_EQ(tep_register_function(tep, name, 0x1000, nullptr), 0);
  EXPECT_GT(tep->generation.load(), gen);
  const char* found = tep_find_function(tep, 0x1000);
  ASSERT_NE(found, nullptr);
  for (int i = 0; i < 1000; i++) {
    std::string n = "f" + std::to_string(i);
    tep_register_function(tep, n.data(), 0x2000 + i, nullptr);
  }
  EXPECT_STREQ(found, "func");
  EXPECT_EQ(tep_get_function_count(tep), 1001);
  const char* fname = nullptr;
  unsigned long long start = 0;
  unsigned long size = 0;
  EXPECT_EQ(tep_find_function_info(tep, 0x1005, &fname, &start, &size), 1);
  EXPECT_EQ(size, 0x1000u);
  EXPECT_EQ(tep_find_function_address(tep, 0x1005), 0x1000u);
  EXPECT_EQ(tep_register_function(tep, nullptr, 1, nullptr), -1);
  tep_free(tep);
}

}  // namespace
