// SPDX-License-Identifier: LGPL-2.1
#include "format/event_table.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace tep {
namespace {

std::unique_ptr<format::Event> make(const char* sys, const char* name, int id) {
  auto e = std::make_unique<format::Event>();
  e->set_names(sys, name);
  e->id = id;
  return e;
}

// "name7": appended, not `"name" + std::to_string(i)` (GCC 12 warns, -Wrestrict).
std::string numbered(const char* prefix, int i) {
  std::string out = prefix;
  out += std::to_string(i);
  return out;
}

std::string ids(tep_event** list) {
  std::string out;
  for (int i = 0; list[i]; i++)
    out += std::string(list[i]->system) + "/" + list[i]->name + ":" + std::to_string(list[i]->id) + " ";
  return out;
}

TEST(EventTable, KeepsIdOrderAndInsertionIndex) {
  format::EventTable t;
  format::Event& b = t.add(make("s", "b", 20));
  format::Event& a = t.add(make("s", "a", 10));
  format::Event& c = t.add(make("s", "c", 20));
  EXPECT_EQ(b.index, 0u);
  EXPECT_EQ(a.index, 1u);
  EXPECT_EQ(c.index, 2u);
  EXPECT_EQ(t.at_sorted(0), &a);
  EXPECT_EQ(t.at_sorted(1), &b);  // equal ids keep insertion order
  EXPECT_EQ(t.at_sorted(2), &c);
  EXPECT_EQ(t.at_sorted(3), nullptr);
}

TEST(EventTable, FindById) {
  format::EventTable t;
  format::Event& a = t.add(make("s", "a", 5));
  format::Event& big = t.add(make("s", "big", 1 << 20));
  EXPECT_EQ(t.find_by_id(5), &a);
  EXPECT_EQ(t.find_by_id(1 << 20), &big);
  EXPECT_EQ(t.find_by_id(6), nullptr);
  EXPECT_EQ(t.find_by_id(-1), nullptr);
}

TEST(EventTable, DuplicateIdsAnswerLikeABinarySearchThenTheCache) {
  format::EventTable t;
  t.add(make("s", "a", 1));
  format::Event& d1 = t.add(make("s", "d1", 7));
  format::Event& d2 = t.add(make("s", "d2", 7));
  t.add(make("s", "z", 9));
  // by id order: a d1 d2 z; bsearch over 4: mid=2 -> d2.
  EXPECT_EQ(t.find_by_id(7), &d2);
  // The last event found answers first while its id matches.
  EXPECT_EQ(t.find_by_name("s", "d1"), &d1);
  EXPECT_EQ(t.find_by_id(7), &d1);
}

TEST(EventTable, FindByName) {
  format::EventTable t;
  format::Event& x2 = t.add(make("two", "x", 20));
  format::Event& x1 = t.add(make("one", "x", 10));
  EXPECT_EQ(t.find_by_name(nullptr, "x"), &x1);  // first in id order
  EXPECT_EQ(t.find_by_name("two", "x"), &x2);
  EXPECT_EQ(t.find_by_name("three", "x"), nullptr);
  EXPECT_EQ(t.find_by_name(nullptr, "y"), nullptr);
  // The cache: after finding two/x, a system-less lookup returns it.
  EXPECT_EQ(t.find_by_name("two", "x"), &x2);
  EXPECT_EQ(t.find_by_name(nullptr, "x"), &x2);
}

TEST(EventTable, Listings) {
  format::EventTable t;
  t.add(make("b", "y", 3));
  t.add(make("a", "y", 2));
  t.add(make("b", "x", 1));
  EXPECT_EQ(ids(t.listing(TEP_EVENT_SORT_ID)), "b/x:1 a/y:2 b/y:3 ");
  EXPECT_EQ(ids(t.listing(TEP_EVENT_SORT_NAME)), "b/x:1 a/y:2 b/y:3 ");
  EXPECT_EQ(ids(t.listing(TEP_EVENT_SORT_SYSTEM)), "a/y:2 b/x:1 b/y:3 ");
  tep_event** copy = t.listing_copy(TEP_EVENT_SORT_SYSTEM);
  EXPECT_EQ(ids(copy), "a/y:2 b/x:1 b/y:3 ");
  EXPECT_NE(copy, t.listing(TEP_EVENT_SORT_SYSTEM));
  free(copy);
  // A new event invalidates the cached listings.
  t.add(make("a", "a", 0));
  EXPECT_EQ(ids(t.listing(TEP_EVENT_SORT_ID)), "a/a:0 b/x:1 a/y:2 b/y:3 ");
}

// Events arriving out of id order (format files come in name order) read
// back in id order, equal ids in insertion order, whenever the table is read.
TEST(EventTable, OutOfOrderIdsReadBackInIdOrder) {
  format::EventTable t;
  std::vector<std::pair<int, format::Event*>> added;  // id, event: insertion order
  unsigned seed = 7;
  for (int i = 0; i < 300; i++) {
    seed = seed * 1103515245u + 12345u;
    const int id = static_cast<int>((seed >> 16) % 120);  // duplicates too
    format::Event& e = t.add(make("s", numbered("e", i).c_str(), id));
    added.emplace_back(id, &e);
    if (i % 37 == 0) {  // reads in between sort what arrived so far
      auto expect = added;
      std::stable_sort(expect.begin(), expect.end(), [](auto& a, auto& b) { return a.first < b.first; });
      for (size_t k = 0; k < expect.size(); k++) ASSERT_EQ(t.at_sorted(k), expect[k].second) << i << " " << k;
    }
  }
  std::stable_sort(added.begin(), added.end(), [](auto& a, auto& b) { return a.first < b.first; });
  for (size_t k = 0; k < added.size(); k++) ASSERT_EQ(t.at_sorted(k), added[k].second) << k;
  EXPECT_EQ(t.at_sorted(added.size()), nullptr);
}

// Thousands of names (the name index grows) are all found, and events sharing
// a name across systems are found in id order.
TEST(EventTable, ManyNames) {
  format::EventTable t;
  std::vector<format::Event*> events;
  for (int i = 0; i < 5000; i++) events.push_back(&t.add(make("s", numbered("name", i).c_str(), 10000 - i)));
  format::Event& late = t.add(make("z", "name42", 5));
  for (int i = 0; i < 5000; i++) {
    if (i != 42) {
      ASSERT_EQ(t.find_by_name(nullptr, numbered("name", i)), events[i]) << i;
    }
  }
  EXPECT_EQ(t.find_by_name(nullptr, "name42"), &late);  // id 5 before id 9958
  EXPECT_EQ(t.find_by_name("s", "name42"), events[42]);
  EXPECT_EQ(t.find_by_name(nullptr, "name5000"), nullptr);
}

TEST(EventTable, EmptyListingIsNullTerminated) {
  format::EventTable t;
  ASSERT_NE(t.listing(TEP_EVENT_SORT_NAME), nullptr);
  EXPECT_EQ(t.listing(TEP_EVENT_SORT_NAME)[0], nullptr);
  tep_event** copy = t.listing_copy(TEP_EVENT_SORT_ID);
  ASSERT_NE(copy, nullptr);
  EXPECT_EQ(copy[0], nullptr);
  free(copy);
}

}  // namespace
}  // namespace tep
