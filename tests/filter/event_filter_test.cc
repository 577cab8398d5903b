// SPDX-License-Identifier: LGPL-2.1
// EventFilter through its C++ interface: the public struct it hands out
// (sorted event_filters[], error_buffer), the handle reference it holds,
// adding, replacing and removing per-event filters, matching (including a
// tree a consumer swapped in), copying and comparing through text, and
// strerror's answers.
#include "filter/event_filter.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "../support/files.h"
#include "filter/filter_nodes.h"
#include "filter_test_util.h"

namespace tep::filter {
namespace {

class EventFilterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    tep_ = testing::load_handle();
    pub_ = EventFilter::create(tep_);
    filter_ = EventFilter::from(pub_);
    switch_ = tep_find_event_by_name(tep_, "sched", "sched_switch");
    kmalloc_ = tep_find_event_by_name(tep_, "kmem", "kmalloc");
    ASSERT_NE(switch_, nullptr);
    ASSERT_NE(kmalloc_, nullptr);
  }
  void TearDown() override {
    EventFilter::destroy(pub_);
    tep_free(tep_);
  }
  std::string text(EventFilter* filter, tep_event* event) {
    char* s = filter->make_string(event->id);
    std::string out = s ? s : "<null>";
    free(s);
    return out;
  }
  std::string text(tep_event* event) { return text(filter_, event); }
  std::vector<int> ids() const {
    std::vector<int> out;
    for (int i = 0; i < pub_->filters; i++) out.push_back(pub_->event_filters[i].event_id);
    return out;
  }

  tep_handle* tep_ = nullptr;
  tep_event_filter* pub_ = nullptr;
  EventFilter* filter_ = nullptr;
  tep_event *switch_ = nullptr, *kmalloc_ = nullptr;
};

TEST_F(EventFilterTest, FreshFilterIsEmpty) {
  EXPECT_EQ(pub_->tep, tep_);
  EXPECT_EQ(pub_->filters, 0);
  EXPECT_EQ(pub_->event_filters, nullptr);
  EXPECT_STREQ(pub_->error_buffer, "");
  EXPECT_FALSE(filter_->filtered(switch_->id));
  EXPECT_EQ(filter_->make_string(switch_->id), nullptr);
  EXPECT_EQ(filter_->remove_event(switch_->id), 0);
}

// The filter keeps its handle alive until it is destroyed.
TEST_F(EventFilterTest, HoldsAReferenceToItsHandle) {
  const int before = tep_get_ref(tep_);
  tep_event_filter* other = EventFilter::create(tep_);
  EXPECT_EQ(tep_get_ref(tep_), before + 1);
  EventFilter::destroy(other);
  EXPECT_EQ(tep_get_ref(tep_), before);
}

TEST(EventFilterWithoutHandle, FindsNoEvents) {
  tep_event_filter* pub = EventFilter::create(nullptr);
  ASSERT_NE(pub, nullptr);
  EventFilter* filter = EventFilter::from(pub);
  EXPECT_EQ(pub->tep, nullptr);
  EXPECT_EQ(filter->add_filter_str("sched_switch"), TEP_ERRNO__EVENT_NOT_FOUND);
  EXPECT_EQ(filter->match(nullptr), TEP_ERRNO__NO_FILTER);
  EventFilter::destroy(pub);
}

TEST_F(EventFilterTest, EntriesStaySortedById) {
  ASSERT_EQ(filter_->add_filter_str("kmalloc"), 0);
  ASSERT_EQ(filter_->add_filter_str("print"), 0);
  ASSERT_EQ(filter_->add_filter_str("sched_switch: prev_pid == 1"), 0);
  EXPECT_EQ(ids(), (std::vector<int>{5, switch_->id, kmalloc_->id}));
  for (int i = 0; i < pub_->filters; i++) {
    ASSERT_NE(pub_->event_filters[i].event, nullptr);
    EXPECT_EQ(pub_->event_filters[i].event->id, pub_->event_filters[i].event_id);
    EXPECT_NE(pub_->event_filters[i].filter, nullptr);
  }
  EXPECT_TRUE(filter_->filtered(5));
  EXPECT_FALSE(filter_->filtered(6));
  EXPECT_FALSE(filter_->filtered(-1));
}

TEST_F(EventFilterTest, AddingAgainReplacesTheFilter) {
  ASSERT_EQ(filter_->add_filter_str("sched_switch: prev_pid == 1"), 0);
  ASSERT_EQ(filter_->add_filter_str("sched_switch: prev_pid == 2 || next_pid == 3"), 0);
  EXPECT_EQ(pub_->filters, 1);
  EXPECT_EQ(text(switch_), "(prev_pid == 2) || (next_pid == 3)");
  ASSERT_EQ(filter_->add_filter_str("sched_switch"), 0);
  EXPECT_EQ(text(switch_), "TRUE");
}

// One event's parse error does not stop the others; the error is returned
// and the failing event keeps what it had.
TEST_F(EventFilterTest, FailureOfOneEventLeavesTheOthers) {
  ASSERT_EQ(filter_->add_filter_str("sched_switch: prev_pid == 7"), 0);
  // A string compared with '<': an error where prev_comm exists, FALSE where it does not.
  EXPECT_EQ(filter_->add_filter_str("sched_switch,kmalloc: prev_comm < \"a\""), TEP_ERRNO__ILLEGAL_STRING_CMP);
  EXPECT_NE(std::string(pub_->error_buffer).find("Illegal comparison for string"), std::string::npos);
  EXPECT_EQ(text(switch_), "prev_pid == 7");
  EXPECT_EQ(text(kmalloc_), "FALSE");
  EXPECT_EQ(pub_->filters, 2);
}

TEST_F(EventFilterTest, AddClearsThePreviousError) {
  EXPECT_LT(filter_->add_filter_str("sched_switch: prev_pid === 1"), 0);
  EXPECT_STRNE(pub_->error_buffer, "");
  ASSERT_EQ(filter_->add_filter_str("sched_switch: prev_pid == 1"), 0);
  EXPECT_STREQ(pub_->error_buffer, "");
}

TEST_F(EventFilterTest, RemoveKeepsTheRestInOrder) {
  ASSERT_EQ(filter_->add_filter_str("print,sched_switch,kmalloc"), 0);
  EXPECT_EQ(filter_->remove_event(switch_->id), 1);
  EXPECT_EQ(ids(), (std::vector<int>{5, kmalloc_->id}));
  EXPECT_EQ(filter_->remove_event(switch_->id), 0);
  EXPECT_EQ(filter_->remove_event(kmalloc_->id), 1);
  EXPECT_EQ(filter_->remove_event(5), 1);
  EXPECT_EQ(pub_->filters, 0);
  // Usable again after emptying.
  ASSERT_EQ(filter_->add_filter_str("kmalloc: bytes_req > 10"), 0);
  EXPECT_EQ(text(kmalloc_), "bytes_req > 10");
}

TEST_F(EventFilterTest, ResetDropsEverything) {
  ASSERT_EQ(filter_->add_filter_str("sched: common_pid == 1"), 0);
  EXPECT_EQ(pub_->filters, 3);
  filter_->reset();
  EXPECT_EQ(pub_->filters, 0);
  EXPECT_EQ(pub_->event_filters, nullptr);
  filter_->reset();  // twice is fine
  testing::RecordBuilder r(switch_);
  EXPECT_EQ(filter_->match(r.record()), TEP_ERRNO__NO_FILTER);
}

TEST_F(EventFilterTest, MatchAnswers) {
  testing::RecordBuilder r(switch_);
  r.set("prev_pid", 5);
  EXPECT_EQ(filter_->match(r.record()), TEP_ERRNO__NO_FILTER);
  EXPECT_EQ(filter_->match(nullptr), TEP_ERRNO__NO_FILTER);  // decided before the record is read
  ASSERT_EQ(filter_->add_filter_str("sched_switch: prev_pid == 5"), 0);
  EXPECT_EQ(filter_->match(r.record()), TEP_ERRNO__FILTER_MATCH);
  r.set("prev_pid", 6);
  EXPECT_EQ(filter_->match(r.record()), TEP_ERRNO__FILTER_MISS);
  testing::RecordBuilder other(kmalloc_);
  EXPECT_EQ(filter_->match(other.record()), TEP_ERRNO__FILTER_NOT_FOUND);
  EXPECT_EQ(filter_->match(nullptr), TEP_ERRNO__FILTER_NOT_FOUND);
  tep_record empty{};
  EXPECT_EQ(filter_->match(&empty), TEP_ERRNO__FILTER_NOT_FOUND);
}

// A record shorter than common_type, or with an unknown event id.
TEST_F(EventFilterTest, MatchOfDamagedRecords) {
  ASSERT_EQ(filter_->add_filter_str("sched_switch: prev_pid == 0"), 0);
  testing::RecordBuilder r(switch_);
  tep_record* record = r.record();
  for (int size : {0, 1, 2, 8, 24}) {
    record->size = size;
    const int ret = filter_->match(record);
    EXPECT_TRUE(ret == TEP_ERRNO__FILTER_MATCH || ret == TEP_ERRNO__FILTER_MISS || ret == TEP_ERRNO__FILTER_NOT_FOUND)
        << size << " " << ret;
  }
  testing::RecordBuilder unknown(switch_);
  unknown.set("common_type", 9999);
  EXPECT_EQ(filter_->match(unknown.record()), TEP_ERRNO__FILTER_NOT_FOUND);
}

TEST_F(EventFilterTest, MatchClearsTheErrorBuffer) {
  EXPECT_LT(filter_->add_filter_str("sched_switch: ((prev_pid"), 0);
  ASSERT_STRNE(pub_->error_buffer, "");
  testing::RecordBuilder r(switch_);
  filter_->match(r.record());
  EXPECT_STREQ(pub_->error_buffer, "");
}

// Consumers may replace a tree in event_filters[]: match() then runs that
// tree, not the program compiled for the old one.
TEST_F(EventFilterTest, MatchRunsATreeAConsumerSwappedIn) {
  ASSERT_EQ(filter_->add_filter_str("sched_switch: prev_pid == 5"), 0);
  testing::RecordBuilder r(switch_);
  r.set("prev_pid", 5);
  ASSERT_EQ(filter_->match(r.record()), TEP_ERRNO__FILTER_MATCH);
  tep_filter_arg* mine = new_node(TEP_FILTER_ARG_BOOLEAN);
  mine->boolean.value = TEP_FILTER_FALSE;
  tep_filter_arg* original = pub_->event_filters[0].filter;
  pub_->event_filters[0].filter = mine;
  EXPECT_EQ(filter_->match(r.record()), TEP_ERRNO__FILTER_MISS);
  pub_->event_filters[0].filter = original;
  EXPECT_EQ(filter_->match(r.record()), TEP_ERRNO__FILTER_MATCH);
  free_tree(mine);
}

TEST_F(EventFilterTest, CopyGoesThroughTextToAnotherHandle) {
  ASSERT_EQ(filter_->add_filter_str("sched_switch: (prev_pid == 1 || next_pid == 2) && prev_comm =~ \"^k\""), 0);
  ASSERT_EQ(filter_->add_filter_str("sched_wakeup: bogus == 1"), 0);  // FALSE
  ASSERT_EQ(filter_->add_filter_str("kmalloc"), 0);                   // TRUE
  tep_handle* other_tep = testing::load_handle();
  tep_event_filter* other_pub = EventFilter::create(other_tep);
  EventFilter* other = EventFilter::from(other_pub);
  ASSERT_EQ(other->add_filter_str("print"), 0);  // replaced by the copy
  EXPECT_EQ(other->copy_from(*filter_), 0);
  EXPECT_EQ(other_pub->filters, 3);
  EXPECT_FALSE(other->filtered(5));
  tep_event* other_switch = tep_find_event_by_name(other_tep, "sched", "sched_switch");
  EXPECT_EQ(text(other, other_switch), text(switch_));
  EXPECT_EQ(text(other, tep_find_event_by_name(other_tep, "sched", "sched_wakeup")), "FALSE");
  EXPECT_EQ(text(other, tep_find_event_by_name(other_tep, "kmem", "kmalloc")), "TRUE");
  // The copy's tree belongs to the other handle's event.
  EXPECT_EQ(other_pub->event_filters[0].event, other_switch);  // ids: switch, wakeup, kmalloc
  EXPECT_TRUE(other->same_as(*filter_));
  EXPECT_TRUE(filter_->same_as(*other));
  EventFilter::destroy(other_pub);
  tep_free(other_tep);
}

// Events the destination handle lacks are skipped, and reported as -1.
TEST_F(EventFilterTest, CopySkipsEventsTheDestinationLacks) {
  ASSERT_EQ(filter_->add_filter_str("sched_switch: prev_pid == 1"), 0);
  ASSERT_EQ(filter_->add_filter_str("kmalloc: bytes_req == 8"), 0);
  tep_handle* small = tep_alloc();
  tep_set_long_size(small, 8);
  const std::string format = test::read_file(testing::data_dir() + "/events/kmem/kmalloc/format");
  ASSERT_FALSE(format.empty());
  ASSERT_EQ(tep_parse_event(small, format.c_str(), format.size(), "kmem"), TEP_ERRNO__SUCCESS);
  tep_event_filter* small_pub = EventFilter::create(small);
  EventFilter* copy = EventFilter::from(small_pub);
  EXPECT_EQ(copy->copy_from(*filter_), -1);
  EXPECT_EQ(small_pub->filters, 1);
  EXPECT_EQ(text(copy, tep_find_event_by_name(small, "kmem", "kmalloc")), "bytes_req == 8");
  EXPECT_FALSE(copy->same_as(*filter_));
  EventFilter::destroy(small_pub);
  tep_free(small);
}

TEST_F(EventFilterTest, SameAsComparesEventsAndTexts) {
  tep_event_filter* other_pub = EventFilter::create(tep_);
  EventFilter* other = EventFilter::from(other_pub);
  EXPECT_TRUE(filter_->same_as(*other));  // both empty
  ASSERT_EQ(filter_->add_filter_str("sched_switch: prev_pid == 1"), 0);
  EXPECT_FALSE(filter_->same_as(*other));
  ASSERT_EQ(other->add_filter_str("sched_switch: prev_pid == 2"), 0);
  EXPECT_FALSE(filter_->same_as(*other));
  ASSERT_EQ(other->add_filter_str("sched_switch: prev_pid==1"), 0);
  EXPECT_TRUE(filter_->same_as(*other));
  // The same text on another event is another filter.
  other->reset();
  ASSERT_EQ(other->add_filter_str("sched_wakeup: pid == 1"), 0);
  filter_->reset();
  ASSERT_EQ(filter_->add_filter_str("sched_switch: prev_pid == 1"), 0);
  EXPECT_FALSE(filter_->same_as(*other));
  EventFilter::destroy(other_pub);
}

// A tree a consumer cleared makes the filters differ rather than crash.
TEST_F(EventFilterTest, SameAsWithAClearedTree) {
  tep_event_filter* other_pub = EventFilter::create(tep_);
  EventFilter* other = EventFilter::from(other_pub);
  ASSERT_EQ(filter_->add_filter_str("sched_switch: prev_pid == 1"), 0);
  ASSERT_EQ(other->add_filter_str("sched_switch: prev_pid == 1"), 0);
  tep_filter_arg* saved = other_pub->event_filters[0].filter;
  other_pub->event_filters[0].filter = nullptr;
  EXPECT_FALSE(filter_->same_as(*other));
  EXPECT_FALSE(other->same_as(*filter_));
  other_pub->event_filters[0].filter = saved;
  EventFilter::destroy(other_pub);
}

TEST_F(EventFilterTest, StrerrorOfTheLastParse) {
  const int ret = filter_->add_filter_str("sched_switch: prev_pid === 1");
  ASSERT_EQ(ret, TEP_ERRNO__UNKNOWN_TOKEN);
  char buf[TEP_FILTER_ERROR_BUFSZ];
  ASSERT_EQ(filter_->strerror(ret, buf, sizeof(buf)), 0);
  EXPECT_STREQ(buf, " prev_pid === 1\n            ^\nUnknown op token =");
  // Any code in range gets the parse message while one is kept.
  ASSERT_EQ(filter_->strerror(TEP_ERRNO__SYNTAX_ERROR, buf, sizeof(buf)), 0);
  EXPECT_STREQ(buf, pub_->error_buffer);
  char small[8];
  EXPECT_EQ(filter_->strerror(ret, small, sizeof(small)), -1);  // cut short
  EXPECT_STREQ(small, " prev_p");
}

TEST_F(EventFilterTest, StrerrorWithoutAParseMessage) {
  char buf[64];
  ASSERT_EQ(filter_->strerror(TEP_ERRNO__FILTER_MISS, buf, sizeof(buf)), 0);
  EXPECT_STREQ(buf, "record does not match to filter");
  char small[7];
  ASSERT_EQ(filter_->strerror(TEP_ERRNO__SYNTAX_ERROR, small, sizeof(small)), 0);
  EXPECT_STREQ(small, "syntax");
  EXPECT_EQ(filter_->strerror(TEP_ERRNO__SYNTAX_ERROR, buf, 0), 0);
  EXPECT_EQ(filter_->strerror(TEP_ERRNO__SYNTAX_ERROR, nullptr, 16), -1);
}

TEST_F(EventFilterTest, StrerrorRefusesOtherCodes) {
  char buf[64] = "untouched";
  for (int code : {0, 1, -1, static_cast<int>(__TEP_ERRNO__START), static_cast<int>(__TEP_ERRNO__END), 100000})
    EXPECT_EQ(filter_->strerror(code, buf, sizeof(buf)), -1) << code;
  EXPECT_STREQ(buf, "untouched");
}

}  // namespace
}  // namespace tep::filter
