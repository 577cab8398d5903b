// SPDX-License-Identifier: LGPL-2.1
// pid <-> comm: list then sorted array like upstream, duplicates, overrides,
// saved_cmdlines lines, pointer stability and registration during lookups.
#include <gtest/gtest.h>

#include <atomic>
#include <cerrno>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "event-parse.h"
#include "symbols/comm_table.h"

namespace {

using tep::symbols::CommTable;

TEST(CommTable, IdleAndUnknown) {
  CommTable t;
  EXPECT_STREQ(t.comm_of(0), "<idle>");
  EXPECT_STREQ(t.comm_of(42), "<...>");
  EXPECT_TRUE(t.is_registered(0));
  EXPECT_FALSE(t.is_registered(42));
}

TEST(CommTable, DuplicatesBeforeTheFirstLookup) {
  CommTable t;
  t.add("a", 5, false);
  t.add("b", 5, false);
  t.add("c", 5, false);
  EXPECT_STREQ(t.comm_of(5), "b");  // newest first, then glibc's bsearch probe
  // Now sorted: a known pid is refused, an override replaces the probed entry.
  EXPECT_EQ(t.add("d", 5, false), CommTable::RegisterStatus::kPidExists);
  EXPECT_EQ(t.add("z", 5, true), CommTable::RegisterStatus::kOk);
  EXPECT_STREQ(t.comm_of(5), "z");
}

TEST(CommTable, InsertionKeepsOrder) {
  CommTable t;
  t.add("ten", 10, false);
  EXPECT_STREQ(t.comm_of(10), "ten");
  for (int pid : {5, 20, 15, -3, 1}) t.add(std::to_string(pid).c_str(), pid, false);
  for (int pid : {5, 20, 15, -3, 1}) EXPECT_EQ(t.comm_of(pid), std::to_string(pid));
  EXPECT_STREQ(t.comm_of(2), "<...>");
}

TEST(CommTable, NullCommAndPidZero) {
  CommTable t;
  t.add(nullptr, 7, false);
  EXPECT_STREQ(t.comm_of(7), "<...>");
  t.add("zero", 0, false);  // kept in the list, never shown: pid 0 is <idle>
  EXPECT_STREQ(t.comm_of(0), "<idle>");
}

TEST(CommTable, FindByCommWalksListNewestFirst) {
  CommTable t;
  t.add("x", 1, false);
  t.add("x", 2, false);
  t.add("x", 3, false);
  std::vector<int> pids;
  for (const tep_cmdline* c = t.find_by_comm("x", nullptr); c; c = t.find_by_comm("x", c))
    pids.push_back(c->pid);
  EXPECT_EQ(pids, (std::vector<int>{3, 2, 1}));
}

// Upstream restarts its array walk at `next` itself, so a loop never ends; we
// continue after it, as the documentation says.
TEST(CommTable, FindByCommWalksArrayByPid) {
  CommTable t;
  t.add("x", 3, false);
  t.add("x", 1, false);
  t.add("y", 2, false);
  t.comm_of(1);  // sorts
  std::vector<int> pids;
  for (const tep_cmdline* c = t.find_by_comm("x", nullptr); c; c = t.find_by_comm("x", c))
    pids.push_back(c->pid);
  EXPECT_EQ(pids, (std::vector<int>{1, 3}));
}

TEST(CommTable, SavedCmdlines) {
  CommTable t;
  EXPECT_EQ(t.parse_saved_cmdlines("1 bash\n\n2 sh\n3  spaced  \n-5 neg\n+6 pos\n"),
            tep::symbols::LinesStatus::kOk);
  EXPECT_STREQ(t.comm_of(1), "bash");
  EXPECT_STREQ(t.comm_of(3), "spaced  ");
  EXPECT_STREQ(t.comm_of(-5), "neg");
  EXPECT_STREQ(t.comm_of(6), "pos");
  CommTable big;
  // %d keeps the low 32 bits of a long; past a 32-bit long (i686) the line is an error.
  EXPECT_EQ(big.parse_saved_cmdlines("99999999999 big\n"),
            sizeof(long) == 8 ? tep::symbols::LinesStatus::kOk : tep::symbols::LinesStatus::kBadLine);
  if (sizeof(long) == 8) {
    EXPECT_STREQ(big.comm_of(1215752191), "big");
  }
  // Beyond long's range (even where the digits wrap 2^64 back below it) as upstream's ERANGE.
  for (const char* bad : {"12\n", "abc\n", "  \n", "9999999999999999999999 huge\n", "20000000000000000000 wraps\n",
                          "18446744073709551617 w\n", "9223372036854775808 x\n", "-9223372036854775809 y\n"}) {
    CommTable b;
    EXPECT_EQ(b.parse_saved_cmdlines(bad), tep::symbols::LinesStatus::kBadLine) << bad;
  }
  CommTable partial;
  EXPECT_EQ(partial.parse_saved_cmdlines("1 a\nbad\n2 b\n"), tep::symbols::LinesStatus::kBadLine);
  EXPECT_STREQ(partial.comm_of(1), "a");
  EXPECT_STREQ(partial.comm_of(2), "<...>");
}

TEST(CommApi, ReturnedStringsSurviveLaterRegistrations) {
  tep_handle* tep = tep_alloc();
  ASSERT_EQ(tep_register_comm(tep, "first", 100), 0);
  const char* first = tep_data_comm_from_pid(tep, 100);
  for (int i = 0; i < 5000; i++) tep_register_comm(tep, ("c" + std::to_string(i)).c_str(), 1000 + i);
  ASSERT_EQ(tep_override_comm(tep, "renamed", 100), 0);
  EXPECT_STREQ(first, "first");  // the old name is still readable
  EXPECT_STREQ(tep_data_comm_from_pid(tep, 100), "renamed");
  errno = 0;
  EXPECT_EQ(tep_register_comm(tep, "again", 100), -1);
  EXPECT_EQ(errno, EEXIST);
  EXPECT_EQ(tep_cmdline_pid(tep, nullptr), -1);
  EXPECT_EQ(tep_cmdline_pid(tep, tep_data_pid_from_comm(tep, "c7", nullptr)), 1007);
  tep_free(tep);
}

TEST(CommTable, RegistrationWhileLooking) {
  CommTable t;
  for (int i = 1; i <= 100; i++) t.add(("p" + std::to_string(i)).c_str(), i, false);
  std::atomic<bool> stop{false};
  std::atomic<int> bad{0};
  std::thread reader([&] {
    while (!stop)
      for (int i = 1; i <= 100; i++)
        if (t.comm_of(i) != "p" + std::to_string(i)) ++bad;
  });
  for (int i = 0; i < 3000; i++) t.add("late", 1000 + i, false);
  stop = true;
  reader.join();
  EXPECT_EQ(bad, 0);
  EXPECT_STREQ(t.comm_of(2999), "late");
}

// Lookups are remembered per thread (comm_table.cc): every change of the
// table must show through on the next lookup, in this thread and others.
TEST(CommTable, RememberedLookupsFollowChanges) {
  CommTable t;
  t.add("a", 7, false);
  EXPECT_STREQ(t.comm_of(7), "a");
  EXPECT_STREQ(t.comm_of(8), "<...>");
  EXPECT_FALSE(t.is_registered(8));
  t.add("b", 8, false);
  EXPECT_STREQ(t.comm_of(8), "b");
  EXPECT_TRUE(t.is_registered(8));
  EXPECT_EQ(t.add("c", 8, false), CommTable::RegisterStatus::kPidExists);
  EXPECT_STREQ(t.comm_of(8), "b");
  t.add("d", 8, true);
  EXPECT_STREQ(t.comm_of(8), "d");
  std::string other;
  std::thread([&] { other = t.comm_of(8); }).join();
  EXPECT_EQ(other, "d");
  t.add("e", 8 + 64, false);  // the same slot of the per-thread cache
  EXPECT_STREQ(t.comm_of(8 + 64), "e");
  EXPECT_STREQ(t.comm_of(8), "d");
}

TEST(CommTable, TablesDoNotShareRememberedLookups) {
  for (int round = 0; round < 8; round++) {
    auto t = std::make_unique<CommTable>();
    const std::string name = "r" + std::to_string(round);
    EXPECT_STREQ(t->comm_of(9), "<...>");
    t->add(name.c_str(), 9, false);
    EXPECT_EQ(t->comm_of(9), name);
  }
}

// A refused registration copies nothing: sched_switch registers the same
// pids on every record, for millions of records.
TEST(CommTable, RefusedRegistrationsKeepNoCopy) {
  CommTable t;
  t.add("x", 5, false);
  EXPECT_STREQ(t.comm_of(5), "x");
  const char* before = t.comm_of(5);
  for (int i = 0; i < 1000; i++) EXPECT_EQ(t.add("y", 5, false), CommTable::RegisterStatus::kPidExists);
  EXPECT_EQ(t.comm_of(5), before);
}

}  // namespace
