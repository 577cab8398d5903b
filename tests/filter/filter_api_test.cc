// SPDX-License-Identifier: LGPL-2.1
// The exported tep_filter_* functions, end to end.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

#include "event-parse.h"
#include "filter_test_util.h"

namespace tep::filter {
namespace {

class FilterApi : public ::testing::Test {
 protected:
  void SetUp() override {
    tep_ = testing::load_handle();
    filter_ = tep_filter_alloc(tep_);
    switch_ = tep_find_event_by_name(tep_, "sched", "sched_switch");
    wakeup_ = tep_find_event_by_name(tep_, "sched", "sched_wakeup");
    ASSERT_NE(switch_, nullptr);
    ASSERT_NE(wakeup_, nullptr);
  }
  void TearDown() override {
    tep_filter_free(filter_);
    tep_free(tep_);
  }
  std::string text(tep_event* event) {
    char* s = tep_filter_make_string(filter_, event->id);
    std::string out = s ? s : "<null>";
    free(s);
    return out;
  }
  std::string error(int rc) {
    char buf[TEP_FILTER_ERROR_BUFSZ];
    if (tep_filter_strerror(filter_, static_cast<tep_errno>(rc), buf, sizeof(buf)) < 0) return "<none>";
    return buf;
  }

  tep_handle* tep_ = nullptr;
  tep_event_filter* filter_ = nullptr;
  tep_event* switch_ = nullptr;
  tep_event* wakeup_ = nullptr;
};

TEST_F(FilterApi, EventsByNameRegexAndSystem) {
  EXPECT_EQ(tep_filter_add_filter_str(filter_, "sched/sched_w.*: pid == 1"), 0);
  EXPECT_EQ(filter_->filters, 1);
  EXPECT_EQ(filter_->event_filters[0].event, wakeup_);
  EXPECT_EQ(text(wakeup_), "pid == 1");
  EXPECT_EQ(tep_filter_add_filter_str(filter_, "SCHED_SWITCH"), 0);
  EXPECT_EQ(text(switch_), "TRUE");
  // Sorted by id in the public array.
  ASSERT_EQ(filter_->filters, 2);
  EXPECT_LT(filter_->event_filters[0].event_id, filter_->event_filters[1].event_id);
  EXPECT_EQ(tep_filter_add_filter_str(filter_, "nosuch"), TEP_ERRNO__EVENT_NOT_FOUND);
  EXPECT_EQ(tep_filter_add_filter_str(filter_, "sched["), TEP_ERRNO__INVALID_EVENT_NAME);
  EXPECT_EQ(tep_filter_add_filter_str(filter_, ":"), TEP_ERRNO__FILTER_NOT_FOUND);
  // A ',' after the ':' (upstream fails to allocate the next name).
  EXPECT_EQ(tep_filter_add_filter_str(filter_, "sched_switch: prev_comm == \"a,b\""),
            TEP_ERRNO__MEM_ALLOC_FAILED);
}

TEST_F(FilterApi, FailedParseKeepsTheOldFilterAndTheMessage) {
  ASSERT_EQ(tep_filter_add_filter_str(filter_, "sched_switch: prev_pid == 1"), 0);
  int rc = tep_filter_add_filter_str(filter_, "sched_switch: prev_pid === 1");
  EXPECT_EQ(rc, TEP_ERRNO__UNKNOWN_TOKEN);
  EXPECT_EQ(error(rc), " prev_pid === 1\n            ^\nUnknown op token =");
  EXPECT_EQ(text(switch_), "prev_pid == 1");
  // The next add clears the message: strerror falls back to the generic text.
  ASSERT_EQ(tep_filter_add_filter_str(filter_, "sched_switch: prev_pid == 2"), 0);
  EXPECT_EQ(error(TEP_ERRNO__SYNTAX_ERROR), "syntax error");
  EXPECT_EQ(error(0), "<none>");
}

TEST_F(FilterApi, MatchNumbersStringsAndComm) {
  ASSERT_EQ(tep_filter_add_filter_str(
                filter_, "sched_switch: (prev_pid > 10 && prev_comm =~ \"^ba\") || COMM == \"bash\""),
            0);
  testing::RecordBuilder a(switch_);
  a.set("prev_pid", 11).set("prev_comm", "BASH");
  EXPECT_EQ(tep_filter_match(filter_, a.record()), TEP_ERRNO__FILTER_MATCH);
  testing::RecordBuilder b(switch_);
  b.set("prev_pid", 11).set("prev_comm", "sh");
  EXPECT_EQ(tep_filter_match(filter_, b.record()), TEP_ERRNO__FILTER_MISS);
  b.set("common_pid", 42);  // comm "bash"
  EXPECT_EQ(tep_filter_match(filter_, b.record()), TEP_ERRNO__FILTER_MATCH);
  testing::RecordBuilder other(wakeup_);
  EXPECT_EQ(tep_filter_match(filter_, other.record()), TEP_ERRNO__FILTER_NOT_FOUND);
}

TEST_F(FilterApi, SignedFieldsCompareSignExtendedUnsigned) {
  ASSERT_EQ(tep_filter_add_filter_str(filter_, "sched_switch: prev_pid > 100"), 0);
  testing::RecordBuilder r(switch_);
  r.set("prev_pid", 0xffffffffu);  // -1: 0xffff...ffff as a 64-bit unsigned
  EXPECT_EQ(tep_filter_match(filter_, r.record()), TEP_ERRNO__FILTER_MATCH);
}

TEST_F(FilterApi, NumbersAsTextAndSymbols) {
  tep_event* kmalloc = tep_find_event_by_name(tep_, "kmem", "kmalloc");
  ASSERT_NE(kmalloc, nullptr);
  ASSERT_EQ(tep_filter_add_filter_str(filter_, "kmalloc: call_site == \"do_sys_open\" || bytes_req == \"0x2a\""), 0);
  testing::RecordBuilder r(kmalloc);
  r.set("call_site", 0xffffffff816b5580ULL);
  EXPECT_EQ(tep_filter_match(filter_, r.record()), TEP_ERRNO__FILTER_MATCH);
  testing::RecordBuilder s(kmalloc);
  s.set("bytes_req", 42);
  EXPECT_EQ(tep_filter_match(filter_, s.record()), TEP_ERRNO__FILTER_MATCH);
}

TEST_F(FilterApi, DynamicStrings) {
  tep_event* irq = tep_find_event_by_name(tep_, "irq", "irq_handler_entry");
  ASSERT_NE(irq, nullptr);
  ASSERT_EQ(tep_filter_add_filter_str(filter_, "irq_handler_entry: name == \"eth0\""), 0);
  testing::RecordBuilder r(irq);
  r.set("name", "eth0");
  EXPECT_EQ(tep_filter_match(filter_, r.record()), TEP_ERRNO__FILTER_MATCH);
  testing::RecordBuilder s(irq);
  s.set("name", "eth1");
  EXPECT_EQ(tep_filter_match(filter_, s.record()), TEP_ERRNO__FILTER_MISS);
}

TEST_F(FilterApi, MatchErrors) {
  ASSERT_EQ(tep_filter_add_filter_str(filter_, "sched_switch: prev_pid + \"x\""), 0);
  testing::RecordBuilder r(switch_);
  EXPECT_EQ(tep_filter_match(filter_, r.record()), TEP_ERRNO__NOT_A_NUMBER);
  ASSERT_EQ(tep_filter_add_filter_str(filter_, "sched_switch: prev_pid / 0"), 0);
  EXPECT_EQ(tep_filter_match(filter_, r.record()), TEP_ERRNO__INVALID_EXP_TYPE);  // upstream: SIGFPE
  tep_filter_reset(filter_);
  EXPECT_EQ(tep_filter_match(filter_, r.record()), TEP_ERRNO__NO_FILTER);
}

TEST_F(FilterApi, RemoveFilteredReset) {
  ASSERT_EQ(tep_filter_add_filter_str(filter_, "sched_switch,sched_wakeup"), 0);
  EXPECT_EQ(tep_event_filtered(filter_, switch_->id), 1);
  EXPECT_EQ(tep_filter_remove_event(filter_, switch_->id), 1);
  EXPECT_EQ(tep_filter_remove_event(filter_, switch_->id), 0);
  EXPECT_EQ(tep_event_filtered(filter_, switch_->id), 0);
  EXPECT_EQ(filter_->filters, 1);
  tep_filter_reset(filter_);
  EXPECT_EQ(filter_->filters, 0);
  EXPECT_EQ(filter_->event_filters, nullptr);
}

TEST_F(FilterApi, CopyAndCompareGoThroughText) {
  ASSERT_EQ(tep_filter_add_filter_str(filter_, "sched_switch: (prev_pid == 1 || next_pid == 2) && !(prev_comm =~ \"^k\")"), 0);
  ASSERT_EQ(tep_filter_add_filter_str(filter_, "sched_wakeup: bogus == 1"), 0);
  tep_event_filter* copy = tep_filter_alloc(tep_);
  EXPECT_EQ(tep_filter_copy(copy, filter_), 0);
  EXPECT_EQ(tep_filter_compare(filter_, copy), 1);
  ASSERT_EQ(tep_filter_add_filter_str(copy, "sched_switch: prev_pid == 1"), 0);
  EXPECT_EQ(tep_filter_compare(filter_, copy), 0);
  // Text that does not parse back is dropped instead of crashing.
  tep_filter_reset(filter_);
  ASSERT_EQ(tep_filter_add_filter_str(filter_, "sched_switch: prev_pid ~ \"x\""), 0);
  EXPECT_EQ(tep_filter_copy(copy, filter_), 0);
  EXPECT_EQ(copy->filters, 0);
  tep_filter_free(copy);
}

TEST_F(FilterApi, TestFiltersPrintsEachEvent) {
  tep_set_test_filters(tep_, 1);
  fflush(stdout);
  char path[] = "/tmp/filter_test_XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  int saved = dup(1);
  dup2(fd, 1);
  int rc = tep_filter_add_filter_str(filter_, "sched_switch,sched_wakeup: prev_pid == 3");
  fflush(stdout);
  dup2(saved, 1);
  close(saved);
  EXPECT_EQ(rc, 0);
  FILE* f = fdopen(fd, "r");
  rewind(f);
  char buf[256] = "";
  size_t n = fread(buf, 1, sizeof(buf) - 1, f);
  buf[n] = 0;
  fclose(f);
  unlink(path);
  EXPECT_STREQ(buf, " 'sched_wakeup: FALSE'\n 'sched_switch: prev_pid == 3'\n");
}

TEST_F(FilterApi, NullArgumentsAreSafe) {
  tep_filter_free(nullptr);
  tep_filter_reset(nullptr);
  EXPECT_NE(tep_filter_add_filter_str(nullptr, "x"), 0);
  EXPECT_NE(tep_filter_add_filter_str(filter_, nullptr), 0);
  EXPECT_EQ(tep_filter_make_string(nullptr, 1), nullptr);
  EXPECT_EQ(tep_filter_make_string(filter_, 12345), nullptr);
  // An empty filter answers before the record is looked at, as upstream.
  EXPECT_EQ(tep_filter_match(filter_, nullptr), TEP_ERRNO__NO_FILTER);
  ASSERT_EQ(tep_filter_add_filter_str(filter_, "sched_switch: prev_pid > 0"), 0);
  EXPECT_EQ(tep_filter_match(filter_, nullptr), TEP_ERRNO__FILTER_NOT_FOUND);
  char buf[8];
  EXPECT_EQ(tep_filter_strerror(nullptr, TEP_ERRNO__SYNTAX_ERROR, buf, sizeof(buf)), -1);
  tep_event_filter* orphan = tep_filter_alloc(nullptr);
  ASSERT_NE(orphan, nullptr);
  EXPECT_NE(tep_filter_add_filter_str(orphan, "sched_switch"), 0);
  tep_filter_free(orphan);
}

TEST_F(FilterApi, HugeInputIsBounded) {
  std::string big = "sched_switch: prev_comm == \"" + std::string(50 << 20, 'a') + "\"";
  auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(tep_filter_add_filter_str(filter_, big.c_str()), 0);
  std::string bad = "sched_switch: prev_comm == \"" + std::string(50 << 20, 'a') + "\" ===";
  EXPECT_EQ(tep_filter_add_filter_str(filter_, bad.c_str()), TEP_ERRNO__SYNTAX_ERROR);
  // Upstream copies the whole input into its 1024-byte buffer; only the message fits.
  EXPECT_EQ(error(TEP_ERRNO__SYNTAX_ERROR), "Syntax error");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(60));
  EXPECT_EQ(tep_filter_add_filter_str(filter_, ""), TEP_ERRNO__FILTER_NOT_FOUND);
}

}  // namespace
}  // namespace tep::filter
