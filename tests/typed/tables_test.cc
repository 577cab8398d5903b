// SPDX-License-Identifier: LGPL-2.1
// lib/typed/tables: the keys of __print_symbolic / __print_flags tables as the
// kernel meant them.
#include "typed/tables.h"

#include <gtest/gtest.h>

#include <deque>
#include <string>
#include <utility>
#include <vector>

namespace tep::typed {
namespace {

// A tep_print_flag_sym list as the parser links it; a null text stays null.
class SymbolList {
 public:
  SymbolList(std::initializer_list<std::pair<const char*, const char*>> entries) {
    syms_.reserve(entries.size());
    for (const auto& [value, name] : entries) syms_.push_back(tep_print_flag_sym{nullptr, text(value), text(name)});
    for (size_t i = 0; i + 1 < syms_.size(); i++) syms_[i].next = &syms_[i + 1];
  }
  const tep_print_flag_sym* head() const { return syms_.empty() ? nullptr : &syms_[0]; }

 private:
  char* text(const char* s) { return s ? texts_.emplace_back(s).data() : nullptr; }
  std::deque<std::string> texts_;
  std::vector<tep_print_flag_sym> syms_;
};

TEST(TypedTables, KeyNumbers) {
  uint64_t v = 0;
  EXPECT_TRUE(key_number("-6", v));
  EXPECT_EQ(v, static_cast<uint64_t>(-6));
  EXPECT_TRUE(key_number("0x80000000", v));
  EXPECT_EQ(v, 0x80000000u);
  EXPECT_TRUE(key_number("8ULL", v));
  EXPECT_EQ(v, 8u);
  EXPECT_TRUE(key_number("-0x1", v));
  EXPECT_EQ(v, ~0ULL);
  EXPECT_FALSE(key_number("I_DIRTY_SYNC", v));
  EXPECT_FALSE(key_number(nullptr, v));
  EXPECT_FALSE(key_number("", v));
  EXPECT_FALSE(key_number("-", v));
  EXPECT_FALSE(key_number("--1", v));
  EXPECT_FALSE(key_number("1 << 3", v));  // the parser folds expressions before
}

TEST(TypedTables, EntriesInOrderWithTheirKeys) {
  SymbolList list{{"1", "ONE"}, {"0x10", "SIXTEEN"}, {"-6", "ENXIO"}};
  std::vector<TableEntry> t = table_entries(list.head(), nullptr, Constants{});
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0].value, 1u);
  EXPECT_EQ(t[0].name, "ONE");
  EXPECT_EQ(t[0].key_text, "1");
  EXPECT_TRUE(t[0].resolved);
  EXPECT_EQ(t[0].label, -1);  // labels are the column's business
  EXPECT_EQ(t[1].value, 16u);
  EXPECT_EQ(t[2].value, static_cast<uint64_t>(-6));  // as the kernel meant it
  EXPECT_EQ(t[2].key_text, "-6");
}

TEST(TypedTables, TheKernelsTableEndIsNoEntry) {
  SymbolList list{{"1", "A"}, {"0", "0"}};
  std::vector<TableEntry> t = table_entries(list.head(), nullptr, Constants{});
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].name, "A");
  // Only as the last entry: elsewhere it is a value 0 named "0".
  SymbolList middle{{"0", "0"}, {"1", "A"}};
  EXPECT_EQ(table_entries(middle.head(), nullptr, Constants{}).size(), 2u);
}

TEST(TypedTables, EmptyList) { EXPECT_TRUE(table_entries(nullptr, nullptr, Constants{}).empty()); }

TEST(TypedTables, UnexpandedNamesStayUnresolved) {
  SymbolList list{{"I_DIRTY_SYNC", "I_DIRTY_SYNC"}, {"2", "I_DIRTY_DATASYNC"}};
  std::vector<TableEntry> t = table_entries(list.head(), nullptr, Constants{});
  ASSERT_EQ(t.size(), 2u);
  EXPECT_FALSE(t[0].resolved);
  EXPECT_EQ(t[0].value, 0u);
  EXPECT_EQ(t[0].key_text, "I_DIRTY_SYNC");
  EXPECT_TRUE(t[1].resolved);
}

TEST(TypedTables, ConstantsResolveNames) {
  SymbolList list{{"I_DIRTY_SYNC", "sync"}, {"OTHER", "other"}};
  Constants constants{{"I_DIRTY_SYNC", 1}};
  std::vector<TableEntry> t = table_entries(list.head(), nullptr, constants);
  ASSERT_EQ(t.size(), 2u);
  EXPECT_TRUE(t[0].resolved);
  EXPECT_EQ(t[0].value, 1u);
  EXPECT_FALSE(t[1].resolved);
}

TEST(TypedTables, ThePlansValuesResolveNamesUpstreamKnows) {
  SymbolList list{{"HI_SOFTIRQ", "HI"}, {"TIMER_SOFTIRQ", "TIMER"}, {"UNKNOWN", "X"}};
  print_plan::StrArg compiled;
  compiled.symbols = {{0, "HI"}, {1, "TIMER"}, {-1, "X"}};  // -1: upstream does not know it either
  std::vector<TableEntry> t = table_entries(list.head(), &compiled, Constants{});
  ASSERT_EQ(t.size(), 3u);
  EXPECT_TRUE(t[0].resolved);
  EXPECT_EQ(t[0].value, 0u);
  EXPECT_EQ(t[1].value, 1u);
  EXPECT_FALSE(t[2].resolved);
  // A consumer's constant wins over the plan's value.
  std::vector<TableEntry> c = table_entries(list.head(), &compiled, Constants{{"TIMER_SOFTIRQ", 7}});
  EXPECT_EQ(c[1].value, 7u);
}

TEST(TypedTables, APlanWithFewerSymbolsThanEntries) {
  SymbolList list{{"A_NAME", "a"}, {"B_NAME", "b"}};
  print_plan::StrArg compiled;
  compiled.symbols = {{5, "a"}};
  std::vector<TableEntry> t = table_entries(list.head(), &compiled, Constants{});
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0].value, 5u);
  EXPECT_FALSE(t[1].resolved);
}

TEST(TypedTables, NullTextsAreEmpty) {
  SymbolList list{{nullptr, "no key"}, {"3", nullptr}};
  std::vector<TableEntry> t = table_entries(list.head(), nullptr, Constants{});
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0].key_text, "");
  EXPECT_FALSE(t[0].resolved);
  EXPECT_EQ(t[1].name, "");
  EXPECT_EQ(t[1].value, 3u);
}

}  // namespace
}  // namespace tep::typed
