// SPDX-License-Identifier: LGPL-2.1
// NULL handles, filters, listings and readers: upstream's answers where it
// has one, and the deliberate differences of Documentation/differences.md.
#include <cstdint>
#include <cstdlib>

#include "contract_fixture.h"
#include "kbuffer.h"

namespace contracts {
namespace {

using HandleContract = ContractTest;
using FilterContract = ContractTest;
using ListEventsContract = ContractTest;
using ParseFormatContract = ContractTest;
using KbufferContract = ContractTest;

TEST_F(HandleContract, SubBufferGettersOfNullHandleAreMinusOne) {
  EXPECT_EQ(tep_get_sub_buffer_size(nullptr), -1);
  EXPECT_EQ(tep_get_sub_buffer_data_size(nullptr), -1);
  EXPECT_EQ(tep_get_sub_buffer_commit_offset(nullptr), -1);
}

TEST_F(HandleContract, OlderGettersOfNullHandleAreZero) {
  EXPECT_EQ(tep_get_cpus(nullptr), 0);
  EXPECT_EQ(tep_get_long_size(nullptr), 0);
  EXPECT_EQ(tep_get_page_size(nullptr), 0);
  EXPECT_EQ(tep_get_header_page_size(nullptr), 0);
  EXPECT_EQ(tep_get_header_timestamp_size(nullptr), 0);
  EXPECT_EQ(tep_get_ref(nullptr), 0);
  EXPECT_EQ(tep_get_events_count(nullptr), 0);
  EXPECT_FALSE(tep_is_file_bigendian(nullptr));
  EXPECT_FALSE(tep_test_flag(nullptr, TEP_NSEC_OUTPUT));
}

TEST_F(FilterContract, StringFieldComparedWithNumberIsItsAddress) {
  // Upstream compares an uninitialised value, in practice a user-space pointer.
  struct {
    const char* text;
    bool matches;
  } cases[] = {{"sched_switch: prev_comm > 5", true},  {"sched_switch: prev_comm != 0", true},
               {"sched_switch: prev_comm < 5", false}, {"sched_switch: prev_comm == 0", false},
               {"sched_switch: prev_comm & 1", false}};
  for (const auto& c : cases) {
    tep_event_filter* filter = tep_filter_alloc(tep_);
    ASSERT_EQ(tep_filter_add_filter_str(filter, c.text), 0) << c.text;
    EXPECT_EQ(tep_filter_match(filter, &record_), c.matches ? TEP_ERRNO__FILTER_MATCH : TEP_ERRNO__FILTER_MISS)
        << c.text;
    tep_filter_free(filter);
  }
}

TEST_F(FilterContract, EmptyFilterAnswersBeforeTheRecord) {
  tep_event_filter* filter = tep_filter_alloc(tep_);
  EXPECT_EQ(tep_filter_match(filter, nullptr), TEP_ERRNO__NO_FILTER);
  EXPECT_EQ(tep_filter_match(filter, &record_), TEP_ERRNO__NO_FILTER);
  ASSERT_EQ(tep_filter_add_filter_str(filter, "sched_switch: prev_pid > 0"), 0);
  EXPECT_EQ(tep_filter_match(filter, nullptr), TEP_ERRNO__FILTER_NOT_FOUND);  // upstream crashes
  tep_filter_free(filter);
}

TEST_F(ListEventsContract, SameOrderReturnsTheCachedArray) {
  tep_event** a = tep_list_events(tep_, TEP_EVENT_SORT_ID);
  EXPECT_EQ(tep_list_events(tep_, TEP_EVENT_SORT_ID), a);
  tep_event** copy = tep_list_events_copy(tep_, TEP_EVENT_SORT_ID);
  EXPECT_NE(copy, a);
  free(copy);
}

// Deliberate: upstream re-sorts one array in place and keeps returning it after
// later parses; ours keeps one array per order, current after each parse.
TEST_F(ListEventsContract, ArraysStayStableAndCurrent) {
  tep_event** by_id = tep_list_events(tep_, TEP_EVENT_SORT_ID);
  tep_event* first = by_id[0];
  tep_list_events(tep_, TEP_EVENT_SORT_NAME);
  EXPECT_EQ(by_id[0], first);
  static const char more[] =
      "name: aaa\nID: 1\nformat:\n\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
      "\tfield:int v;\toffset:4;\tsize:4;\tsigned:1;\n\nprint fmt: \"\"\n";
  ASSERT_EQ(tep_parse_event(tep_, more, sizeof(more) - 1, "s"), 0);
  EXPECT_STREQ(tep_list_events(tep_, TEP_EVENT_SORT_ID)[0]->name, "aaa");
}

TEST_F(ParseFormatContract, EventPointerOnSuccessAndFailure) {
  tep_event* event = reinterpret_cast<tep_event*>(uintptr_t{0x5e5e});
  static const char bad_print[] =
      "name: bp\nID: 9\nformat:\n\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
      "\tfield:int v;\toffset:4;\tsize:4;\tsigned:1;\n\n"
      "print fmt: \"v=%d\", REC->v + (\n";
  tep_parse_format(tep_, &event, bad_print, sizeof(bad_print) - 1, "s");
  ASSERT_NE(event, nullptr);  // added, marked failed
  EXPECT_EQ(event, tep_find_event(tep_, 9));
  EXPECT_TRUE(event->flags & TEP_EVENT_FL_FAILED);
  event = reinterpret_cast<tep_event*>(uintptr_t{0x5e5e});
  EXPECT_NE(tep_parse_format(tep_, &event, "ID: 5\n", 6, "s"), 0);
  EXPECT_EQ(event, nullptr);
}

TEST_F(KbufferContract, NullHandleGetsAFreshHandlesReader) {
  // A long-4 little-endian page: timestamp 1000, commit 16, one 12-byte event.
  alignas(8) unsigned char page[4096] = {};
  auto store = [&](size_t at, uint64_t value, int size) {
    for (int i = 0; i < size; i++) page[at + i] = static_cast<unsigned char>(value >> (8 * i));
  };
  store(0, 1000, 8);
  store(8, 16, 4);
  store(12, 3 | 5 << 5, 4);
  kbuffer* kb = tep_kbuffer(nullptr);
  ASSERT_NE(kb, nullptr);
  ASSERT_EQ(kbuffer_load_subbuffer(kb, page), 0);
  unsigned long long event_ts = 0;
  EXPECT_EQ(kbuffer_read_event(kb, &event_ts), page + 16);
  EXPECT_EQ(event_ts, 1005u);
  kbuffer_free(kb);
}

}  // namespace
}  // namespace contracts
