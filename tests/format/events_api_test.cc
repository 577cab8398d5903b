// SPDX-License-Identifier: LGPL-2.1
// Event lookup, listing and field arrays through the C API.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "event-parse.h"
#include "test_formats.h"

namespace tep::testing {
namespace {

class EventsApi : public ::testing::Test {
 protected:
  void SetUp() override {
    tep = tep_alloc();
    tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);  // the records below are little-endian
    add("b", "y", 30, "\tfield:int v;\toffset:8;\tsize:4;\tsigned:1;\n");
    add("a", "y", 20, "");
    add("b", "x", 10, "\tfield:int v;\toffset:8;\tsize:4;\tsigned:1;\n\tfield:int w;\toffset:12;\tsize:4;\tsigned:1;\n");
  }
  void TearDown() override { tep_free(tep); }
  void add(const char* sys, const char* name, int id, const char* fields) {
    std::string text = make_format(name, id, fields);
    ASSERT_EQ(tep_parse_event(tep, text.data(), text.size(), sys), TEP_ERRNO__SUCCESS);
  }
  static std::string names(tep_event** list) {
    std::string out;
    for (int i = 0; list && list[i]; i++) out += std::string(list[i]->system) + "/" + list[i]->name + " ";
    return out;
  }
  tep_handle* tep = nullptr;
};

TEST_F(EventsApi, Lookup) {
  EXPECT_EQ(tep_get_events_count(tep), 3);
  EXPECT_EQ(tep_get_first_event(tep)->id, 10);
  EXPECT_EQ(tep_get_event(tep, 2)->id, 30);
  EXPECT_EQ(tep_get_event(tep, 3), nullptr);
  EXPECT_EQ(tep_get_event(tep, -1), nullptr);
  EXPECT_EQ(tep_find_event(tep, 20)->id, 20);
  EXPECT_EQ(tep_find_event(tep, 21), nullptr);
  EXPECT_EQ(tep_find_event_by_name(tep, nullptr, "y")->id, 20);
  EXPECT_EQ(tep_find_event_by_name(tep, "b", "y")->id, 30);
  EXPECT_EQ(tep_find_event_by_name(tep, "c", "y"), nullptr);
  EXPECT_EQ(tep_find_event(nullptr, 1), nullptr);
  EXPECT_EQ(tep_find_event_by_name(tep, "b", nullptr), nullptr);
}

TEST_F(EventsApi, Listings) {
  EXPECT_EQ(names(tep_list_events(tep, TEP_EVENT_SORT_ID)), "b/x a/y b/y ");
  EXPECT_EQ(names(tep_list_events(tep, TEP_EVENT_SORT_NAME)), "b/x a/y b/y ");
  EXPECT_EQ(names(tep_list_events(tep, TEP_EVENT_SORT_SYSTEM)), "a/y b/x b/y ");
  tep_event** copy = tep_list_events_copy(tep, TEP_EVENT_SORT_SYSTEM);
  EXPECT_EQ(names(copy), "a/y b/x b/y ");
  free(copy);
  EXPECT_EQ(tep_list_events(nullptr, TEP_EVENT_SORT_ID), nullptr);
}

TEST_F(EventsApi, FieldArraysAndFinders) {
  tep_event* x = tep_find_event(tep, 10);
  tep_format_field** common = tep_event_common_fields(x);
  tep_format_field** fields = tep_event_fields(x);
  int n = 0;
  while (common[n]) n++;
  EXPECT_EQ(n, 4);
  EXPECT_STREQ(fields[0]->name, "v");
  EXPECT_STREQ(fields[1]->name, "w");
  EXPECT_EQ(fields[2], nullptr);
  free(common);
  free(fields);
  EXPECT_NE(tep_find_common_field(x, "common_pid"), nullptr);
  EXPECT_EQ(tep_find_field(x, "common_pid"), nullptr);
  EXPECT_EQ(tep_find_any_field(x, "common_pid"), tep_find_common_field(x, "common_pid"));
  EXPECT_EQ(tep_find_any_field(x, "w"), tep_find_field(x, "w"));
  EXPECT_EQ(tep_find_any_field(x, "nope"), nullptr);
  EXPECT_EQ(tep_find_field(nullptr, "w"), nullptr);
}

TEST_F(EventsApi, RecordLookup) {
  unsigned char data[16] = {20, 0};
  tep_record rec{};
  rec.data = data;
  rec.size = sizeof data;
  EXPECT_EQ(tep_find_event_by_record(tep, &rec)->id, 20);
  EXPECT_TRUE(tep_record_is_event(&rec, tep_find_event(tep, 20)));
  EXPECT_FALSE(tep_record_is_event(&rec, tep_find_event(tep, 10)));
  rec.size = -1;
  EXPECT_EQ(tep_find_event_by_record(tep, &rec), nullptr);
}

}  // namespace
}  // namespace tep::testing
