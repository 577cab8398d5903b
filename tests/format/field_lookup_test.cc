// SPDX-License-Identifier: LGPL-2.1
// Fields by name through the per-thread cache (lib/format/field_lookup.h):
// the answer must follow the name's text, not its pointer, and never outlive
// the event it came from.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <thread>

#include "event-parse.h"
#include "test_formats.h"

namespace tep::testing {
namespace {

tep_handle* handle_with(const std::string& fields) {
  tep_handle* tep = tep_alloc();
  std::string text = make_format("e", 7, fields);
  EXPECT_EQ(tep_parse_event(tep, text.data(), text.size(), "s"), TEP_ERRNO__SUCCESS);
  return tep;
}

constexpr const char* kTwoFields =
    "\tfield:int alpha;\toffset:8;\tsize:4;\tsigned:1;\n"
    "\tfield:int beta;\toffset:12;\tsize:4;\tsigned:1;\n";

TEST(FieldLookup, OneBufferReusedForSeveralNames) {
  tep_handle* tep = handle_with(kTwoFields);
  tep_event* e = tep_find_event(tep, 7);
  char name[16];
  strcpy(name, "alpha");
  EXPECT_EQ(tep_find_field(e, name)->offset, 8);
  strcpy(name, "beta");
  EXPECT_EQ(tep_find_field(e, name)->offset, 12);
  strcpy(name, "gamma");
  EXPECT_EQ(tep_find_field(e, name), nullptr);
  EXPECT_EQ(tep_find_field(e, name), nullptr);  // a cached miss
  strcpy(name, "alpha");
  EXPECT_EQ(tep_find_field(e, name)->offset, 8);
  strcpy(name, "alph");
  EXPECT_EQ(tep_find_field(e, name), nullptr);
  tep_free(tep);
}

TEST(FieldLookup, ListsAreKeptApart) {
  tep_handle* tep = handle_with(kTwoFields);
  tep_event* e = tep_find_event(tep, 7);
  const char* pid = "common_pid";
  EXPECT_EQ(tep_find_field(e, pid), nullptr);
  EXPECT_EQ(tep_find_common_field(e, pid)->offset, 4);
  EXPECT_EQ(tep_find_any_field(e, pid), tep_find_common_field(e, pid));
  EXPECT_EQ(tep_find_field(e, pid), nullptr);
  EXPECT_EQ(tep_find_any_field(e, "beta"), tep_find_field(e, "beta"));
  tep_free(tep);
}

TEST(FieldLookup, LongNamesAreFoundToo) {
  const std::string name(60, 'n');
  tep_handle* tep = handle_with("\tfield:int " + name + ";\toffset:8;\tsize:4;\tsigned:1;\n");
  tep_event* e = tep_find_event(tep, 7);
  ASSERT_NE(tep_find_field(e, name.c_str()), nullptr);
  EXPECT_EQ(tep_find_field(e, name.c_str())->offset, 8);
  EXPECT_EQ(tep_find_field(e, (name + "x").c_str()), nullptr);
  tep_free(tep);
}

// A handle freed and another made: the same literal must find the new
// event's field, whatever addresses the allocator hands out again.
TEST(FieldLookup, AnswersDoNotOutliveTheirEvent) {
  for (int round = 0; round < 8; round++) {
    const bool swapped = round % 2;
    tep_handle* tep = handle_with(swapped ? "\tfield:int beta;\toffset:8;\tsize:4;\tsigned:1;\n"
                                            "\tfield:int alpha;\toffset:12;\tsize:4;\tsigned:1;\n"
                                          : kTwoFields);
    tep_event* e = tep_find_event(tep, 7);
    tep_format_field* alpha = tep_find_field(e, "alpha");
    ASSERT_NE(alpha, nullptr);
    EXPECT_EQ(alpha->offset, swapped ? 12 : 8);
    EXPECT_EQ(alpha->event, e);
    tep_free(tep);
  }
}

TEST(FieldLookup, EachThreadFindsTheSameFields) {
  tep_handle* tep = handle_with(kTwoFields);
  tep_event* e = tep_find_event(tep, 7);
  tep_format_field* alpha = tep_find_field(e, "alpha");
  tep_format_field* seen = nullptr;
  std::thread t([&] { seen = tep_find_field(e, "alpha"); });
  t.join();
  EXPECT_EQ(seen, alpha);
  tep_free(tep);
}

}  // namespace
}  // namespace tep::testing
