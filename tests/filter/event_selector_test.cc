// SPDX-License-Identifier: LGPL-2.1
// select_events: which events the names before a filter's ':' pick (anchored,
// case-insensitive regexes on a name or "system/name"), in upstream's
// processing order, where the expression starts, and the errors of malformed
// lists.
#include "filter/event_selector.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "filter/filter_nodes.h"
#include "filter_test_util.h"

namespace tep::filter {
namespace {

class EventSelector : public ::testing::Test {
 protected:
  void SetUp() override { tep_ = testing::load_handle(); }
  void TearDown() override { tep_free(tep_); }

  // "sys/name sys/name ..." in the order returned, or "error <code>".
  std::string select(const char* filter_str) {
    std::vector<tep_event*> events;
    expression_ = "unset";
    const int ret = select_events(tep_, filter_str, events, &expression_);
    if (ret < 0) return "error " + std::to_string(ret);
    std::string out;
    for (tep_event* e : events) out += (out.empty() ? "" : " ") + std::string(e->system) + "/" + e->name;
    return out;
  }

  tep_handle* tep_ = nullptr;
  const char* expression_ = nullptr;
};

std::string error(int code) { return "error " + std::to_string(code); }

TEST_F(EventSelector, OneEventByName) {
  EXPECT_EQ(select("sched_switch"), "sched/sched_switch");
  EXPECT_EQ(expression_, nullptr);
  EXPECT_EQ(select("sched/sched_switch"), "sched/sched_switch");
  EXPECT_EQ(select("SCHED/Sched_Switch"), "sched/sched_switch");  // case does not count
}

TEST_F(EventSelector, ExpressionStartsAfterTheColon) {
  const char* text = "sched_switch: prev_pid == 1";
  EXPECT_EQ(select(text), "sched/sched_switch");
  EXPECT_EQ(expression_, text + 13);
  EXPECT_EQ(select("sched_switch:"), "sched/sched_switch");
  EXPECT_STREQ(expression_, "");
}

// A lone name matches a system too; found in id order, returned reversed.
TEST_F(EventSelector, LoneNameMatchesASystem) {
  EXPECT_EQ(select("sched"), "sched/sched_wakeup sched/sched_switch sched/sched_process_exec");
  EXPECT_EQ(select("ftrace"), "ftrace/print");
  EXPECT_EQ(select("print"), "ftrace/print");
}

TEST_F(EventSelector, NamesAreAnchoredRegexes) {
  EXPECT_EQ(select("sched/sched_w.*"), "sched/sched_wakeup");
  EXPECT_EQ(select("sched_sw"), error(TEP_ERRNO__EVENT_NOT_FOUND));
  EXPECT_EQ(select("ched_switch"), error(TEP_ERRNO__EVENT_NOT_FOUND));
  EXPECT_EQ(select(".*/sched_switch"), "sched/sched_switch");
  EXPECT_EQ(select("irq/.*"), "irq/irq_handler_entry");
  EXPECT_EQ(select("sched_(switch|wakeup)"), error(TEP_ERRNO__EVENT_NOT_FOUND));  // basic regex: '|' is literal
  EXPECT_EQ(select("sched_\\(switch\\|wakeup\\)"), "sched/sched_wakeup sched/sched_switch");
}

// Both words must match with a system: "kmem/sched_switch" finds nothing.
TEST_F(EventSelector, SystemAndNameMustBothMatch) {
  EXPECT_EQ(select("kmem/sched_switch"), error(TEP_ERRNO__EVENT_NOT_FOUND));
  EXPECT_EQ(select("sched/kmalloc"), error(TEP_ERRNO__EVENT_NOT_FOUND));
  EXPECT_EQ(select("kmem/kmalloc"), "kmem/kmalloc");
}

TEST_F(EventSelector, ListsAreProcessedLastFirst) {
  EXPECT_EQ(select("sched_switch,irq_handler_entry: irq == 1"), "irq/irq_handler_entry sched/sched_switch");
  EXPECT_STREQ(expression_, " irq == 1");
  EXPECT_EQ(select("kmalloc,sched_switch,print"), "ftrace/print sched/sched_switch kmem/kmalloc");
  EXPECT_EQ(select("sched_switch,sched_switch"), "sched/sched_switch sched/sched_switch");
}

TEST_F(EventSelector, BlanksAndExtraSlashesAreIgnored) {
  EXPECT_EQ(select("  sched_switch  ,\tkmalloc : x"), "kmem/kmalloc sched/sched_switch");
  EXPECT_EQ(select("sched//sched_switch"), "sched/sched_switch");
  EXPECT_EQ(select("/sched/sched_switch/"), "sched/sched_switch");
  EXPECT_EQ(select(" sched / sched_switch "), "sched/sched_switch");
  // Only two words are read: a third is ignored, as upstream.
  EXPECT_EQ(select("sched/sched_switch/whatever"), "sched/sched_switch");
}

TEST_F(EventSelector, EmptyNamesFindNoFilter) {
  EXPECT_EQ(select(""), error(TEP_ERRNO__FILTER_NOT_FOUND));
  EXPECT_EQ(select(":"), error(TEP_ERRNO__FILTER_NOT_FOUND));
  EXPECT_EQ(select("///"), error(TEP_ERRNO__FILTER_NOT_FOUND));
  EXPECT_EQ(select("sched_switch,,kmalloc"), error(TEP_ERRNO__FILTER_NOT_FOUND));
  EXPECT_EQ(select("sched_switch,"), error(TEP_ERRNO__FILTER_NOT_FOUND));
}

// A name made of blanks is an empty regex after trimming: it matches nothing.
TEST_F(EventSelector, BlankNameMatchesNothing) {
  EXPECT_EQ(select("   "), error(TEP_ERRNO__EVENT_NOT_FOUND));
  EXPECT_EQ(select("sched/ "), error(TEP_ERRNO__EVENT_NOT_FOUND));
}

TEST_F(EventSelector, BadRegexesAreInvalidNames) {
  EXPECT_EQ(select("sched["), error(TEP_ERRNO__INVALID_EVENT_NAME));
  EXPECT_EQ(select("sched[/sched_switch"), error(TEP_ERRNO__INVALID_EVENT_NAME));
  EXPECT_EQ(select("sched/sched_switch\\("), error(TEP_ERRNO__INVALID_EVENT_NAME));
  EXPECT_EQ(select("sched_switch,\\(: x"), error(TEP_ERRNO__INVALID_EVENT_NAME));
}

// Longer than kMaxRegexLength: refused before regcomp sees it.
TEST_F(EventSelector, OverlongNamesAreRefused) {
  const std::string name(kMaxRegexLength + 1, 'a');
  EXPECT_EQ(select(name.c_str()), error(TEP_ERRNO__INVALID_EVENT_NAME));
  EXPECT_EQ(select(("sched/" + name).c_str()), error(TEP_ERRNO__INVALID_EVENT_NAME));
  EXPECT_EQ(select((name + "/sched_switch").c_str()), error(TEP_ERRNO__INVALID_EVENT_NAME));
  // At the limit the name is compiled ('(' is a literal in a basic regex).
  const std::string parens = std::string(kMaxRegexLength / 2, '(') + std::string(kMaxRegexLength / 2, ')');
  EXPECT_EQ(select(parens.c_str()), error(TEP_ERRNO__EVENT_NOT_FOUND));
}

// A ',' after the ':' starts a name that ends before it begins (upstream
// fails that allocation).
TEST_F(EventSelector, CommaAfterTheColon) {
  EXPECT_EQ(select("sched_switch: prev_comm == \"a,b\""), error(TEP_ERRNO__MEM_ALLOC_FAILED));
  EXPECT_EQ(select("kmalloc: a, b"), error(TEP_ERRNO__MEM_ALLOC_FAILED));
  EXPECT_EQ(select("nosuch: a, b"), error(TEP_ERRNO__EVENT_NOT_FOUND));  // the first name fails first
}

TEST_F(EventSelector, FailureLeavesTheExpressionAlone) {
  std::vector<tep_event*> events;
  const char* expression = "unchanged";
  EXPECT_EQ(select_events(tep_, "nosuch: x == 1", events, &expression), TEP_ERRNO__EVENT_NOT_FOUND);
  EXPECT_STREQ(expression, "unchanged");
}

// The vector is the answer alone: what it held before is dropped.
TEST_F(EventSelector, EventsAreReplaced) {
  std::vector<tep_event*> events(3, nullptr);
  const char* expression = nullptr;
  ASSERT_EQ(select_events(tep_, "kmalloc", events, &expression), 0);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_STREQ(events[0]->name, "kmalloc");
}

TEST(EventSelectorWithoutHandle, FindsNothing) {
  std::vector<tep_event*> events;
  const char* expression = nullptr;
  EXPECT_EQ(select_events(nullptr, "sched_switch", events, &expression), TEP_ERRNO__EVENT_NOT_FOUND);
  EXPECT_EQ(select_events(nullptr, "sched[", events, &expression), TEP_ERRNO__INVALID_EVENT_NAME);
  tep_handle* empty = tep_alloc();
  EXPECT_EQ(select_events(empty, ".*", events, &expression), TEP_ERRNO__EVENT_NOT_FOUND);
  tep_free(empty);
}

}  // namespace
}  // namespace tep::filter
