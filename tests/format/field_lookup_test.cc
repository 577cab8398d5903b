// SPDX-License-Identifier: LGPL-2.1
// Fields by name through the per-thread cache (lib/format/field_lookup.h):
// the answer must follow the name's text, not its pointer, and never outlive
// the event it came from.
#include <gtest/gtest.h>

#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <string>
#include <thread>

#include "event-parse.h"
#include "test_formats.h"
#include "trace-seq.h"

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

// Names of 1 to 31 characters are confirmed by comparing words of the
// caller's buffer (16, 8, 4 or 2 bytes wide), longer ones by strcmp: pairs
// here share their first word, or all but the last byte, and a shorter name
// leaves the longer one's bytes past its NUL.
constexpr const char* kWordNames =
    "\tfield:int prev_pid;\toffset:8;\tsize:4;\tsigned:1;\n"
    "\tfield:int prev_pid_b;\toffset:12;\tsize:4;\tsigned:1;\n"
    "\tfield:long prev_state_long;\toffset:16;\tsize:8;\tsigned:1;\n"
    "\tfield:long prev_state_lonG;\toffset:24;\tsize:8;\tsigned:1;\n"
    "\tfield:short next_pr;\toffset:32;\tsize:2;\tsigned:1;\n"
    "\tfield:char next_prio;\toffset:34;\tsize:1;\tsigned:1;\n"
    "\tfield:char a;\toffset:35;\tsize:1;\tsigned:1;\n"
    "\tfield:char ab;\toffset:36;\tsize:1;\tsigned:1;\n"
    "\tfield:char abc;\toffset:37;\tsize:1;\tsigned:1;\n"
    "\tfield:char abcdef;\toffset:38;\tsize:1;\tsigned:1;\n"
    "\tfield:char sixteen_or_more_chars;\toffset:39;\tsize:1;\tsigned:1;\n"
    "\tfield:char sixteen_or_more_charz;\toffset:40;\tsize:1;\tsigned:1;\n"
    "\tfield:char sixteen_or_more_;\toffset:41;\tsize:1;\tsigned:1;\n"
    "\tfield:char thirty_one_characters_long_name;\toffset:42;\tsize:1;\tsigned:1;\n"
    "\tfield:char thirty_two_characters_long_names;\toffset:43;\tsize:1;\tsigned:1;\n";

// The offset tep_find_field gives for `name` (twice: the second one is a
// hit), -1 when there is no such field.
int offset_of(tep_event* e, const char* name) {
  tep_format_field* first = tep_find_field(e, name);
  EXPECT_EQ(tep_find_field(e, name), first) << name;
  return first ? first->offset : -1;
}

TEST(FieldLookup, WordComparedNamesFollowTheBuffer) {
  tep_handle* tep = handle_with(kWordNames);
  tep_event* e = tep_find_event(tep, 7);
  char name[48];  // room for the longest name below and its NUL
  const struct {
    const char* text;
    int offset;
  } steps[] = {
      {"prev_pid_b", 12},      {"prev_pid", 8},          {"prev_pid_b", 12},       {"prev_pid_c", -1},
      {"prev_pid", 8},         {"prev_state_long", 16},  {"prev_state_lonG", 24},  {"prev_state_lonx", -1},
      {"prev_state_long", 16}, {"prev_state_lon", -1},   {"next_pr", 32},          {"next_prio", 34},
      {"next_pr", 32},         {"next_pri", -1},         {"prev_state_long", 16},  {"prev_pid", 8},
      {"abcdef", 38},          {"abc", 37},              {"ab", 36},               {"a", 35},
      {"ab", 36},              {"b", -1},                {"a", 35},                {"abd", -1},
      {"abcdeg", -1},          {"abcdef", 38},           {"abcd", -1},             {"abc", 37},
      {"", -1},                {"ab", 36},               {"abcdef", 38},           {"prev_pid", 8},
      {"sixteen_or_more_chars", 39},
      {"sixteen_or_more_charz", 40},
      {"sixteen_or_more_", 41},
      {"sixteen_or_more_charx", -1},
      {"sixteen_or_more_chars", 39},
      {"sixteen_or_more", -1},
      {"thirty_one_characters_long_name", 42},
      {"thirty_two_characters_long_names", 43},
      {"thirty_two_characters_long_namez", -1},
      {"thirty_one_characters_long_name", 42},
      {"sixteen_or_more_", 41},
      {"prev_pid", 8},
  };
  for (const auto& step : steps) {
    strcpy(name, step.text);
    EXPECT_EQ(offset_of(e, name), step.offset) << step.text;
  }
  tep_free(tep);
}

TEST(FieldLookup, FieldValuesFollowTheBuffer) {
  tep_handle* tep = handle_with(kWordNames);
  tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);  // the values below are little-endian on any host
  tep_event* e = tep_find_event(tep, 7);
  unsigned char data[40];
  for (size_t i = 0; i < sizeof data; i++) data[i] = static_cast<unsigned char>(i + 1);
  tep_record rec{};
  rec.data = data;
  rec.size = sizeof data;
  trace_seq s;
  trace_seq_init(&s);
  auto text = [&s] {
    trace_seq_terminate(&s);
    std::string out = s.buffer;
    trace_seq_reset(&s);
    return out;
  };
  char name[32];
  unsigned long long v = 0;
  strcpy(name, "prev_state_lonG");
  EXPECT_EQ(tep_get_field_val(&s, e, name, &rec, &v, 1), 0);
  EXPECT_EQ(v, 0x201f1e1d1c1b1a19ull);
  strcpy(name, "prev_pid");
  EXPECT_EQ(tep_get_field_val(&s, e, name, &rec, &v, 1), 0);
  EXPECT_EQ(v, 0x0c0b0a09u);
  strcpy(name, "next_pr");
  EXPECT_EQ(tep_get_field_val(&s, e, name, &rec, &v, 1), 0);
  EXPECT_EQ(v, 0x2221u);
  strcpy(name, "next_prio");
  EXPECT_EQ(tep_get_field_val(&s, e, name, &rec, &v, 1), 0);
  EXPECT_EQ(v, 0x23u);
  strcpy(name, "next_pri");
  EXPECT_EQ(tep_get_field_val(&s, e, name, &rec, &v, 1), -1);
  EXPECT_EQ(text(), "<CANT FIND FIELD next_pri>");
  EXPECT_EQ(tep_get_field_val(&s, e, name, &rec, &v, 1), -1);  // a cached miss
  EXPECT_EQ(text(), "<CANT FIND FIELD next_pri>");
  EXPECT_EQ(tep_get_field_val(&s, e, name, &rec, &v, 0), -1);
  EXPECT_EQ(text(), "");
  strcpy(name, "ab");
  EXPECT_EQ(tep_get_field_val(&s, e, name, &rec, &v, 1), 0);
  EXPECT_EQ(v, 0x25u);
  strcpy(name, "abd");
  EXPECT_EQ(tep_get_field_val(&s, e, name, &rec, &v, 1), -1);
  EXPECT_EQ(text(), "<CANT FIND FIELD abd>");
  // The same names again, now cached, with a record too short for the last field.
  rec.size = 31;
  strcpy(name, "prev_pid");
  EXPECT_EQ(tep_get_field_val(&s, e, name, &rec, &v, 1), 0);
  EXPECT_EQ(v, 0x0c0b0a09u);
  strcpy(name, "prev_state_lonG");
  EXPECT_EQ(tep_get_field_val(&s, e, name, &rec, &v, 1), -1);
  EXPECT_EQ(text(), " prev_state_lonG=INVALID");
  rec.size = -1;
  strcpy(name, "prev_pid");
  EXPECT_EQ(tep_get_field_val(&s, e, name, &rec, &v, 1), -1);
  EXPECT_EQ(text(), " prev_pid=INVALID");
  // A file of the other byte order: read in that order, through the same slots.
  rec.size = sizeof data;
  tep_set_file_bigendian(tep, TEP_BIG_ENDIAN);
  EXPECT_EQ(tep_get_field_val(&s, e, name, &rec, &v, 1), 0);
  EXPECT_EQ(v, 0x090a0b0cu);
  EXPECT_EQ(text(), "");
  trace_seq_destroy(&s);
  tep_free(tep);
}

// A name ending at the last byte of a page followed by an inaccessible one:
// its lookups, and those of shorter names later put at the same address,
// read nothing past that page.
TEST(FieldLookup, NamesAtThePageEnd) {
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  void* map = mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(map, MAP_FAILED);
  ASSERT_EQ(mprotect(static_cast<char*>(map) + page, page, PROT_NONE), 0);
  tep_handle* tep = handle_with(kWordNames);
  tep_event* e = tep_find_event(tep, 7);
  for (const char* first : {"thirty_two_characters_long_names", "thirty_one_characters_long_name",
                            "sixteen_or_more_chars", "prev_state_long", "prev_pid", "next_pr", "abcdef", "abc",
                            "ab", "a"}) {
    char* name = static_cast<char*>(map) + page - (strlen(first) + 1);
    strcpy(name, first);
    EXPECT_EQ(offset_of(e, name), tep_find_field(e, first)->offset) << first;
    for (const char* shorter : {"sixteen_or_more_", "prev_pid", "next_pr", "prev_pi", "abc", "ab", "a", "p", ""}) {
      if (strlen(shorter) > strlen(first)) continue;
      strcpy(name, shorter);
      const tep_format_field* want = tep_find_field(e, std::string(shorter).c_str());
      EXPECT_EQ(offset_of(e, name), want ? want->offset : -1) << first << " then " << shorter;
    }
  }
  tep_free(tep);
  munmap(map, 2 * page);
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
