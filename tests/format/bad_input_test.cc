// SPDX-License-Identifier: LGPL-2.1
// Malformed formats: no crash, no read past `size`, an upstream error code
// (a malformed field list adds nothing, as in upstream 1.9.0) or an event
// marked FAILED (a missing or malformed print fmt). Every prefix is parsed from an exactly-sized heap
// copy so that AddressSanitizer builds catch any overread.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>

#include "event-parse.h"
#include "test_formats.h"

namespace tep::testing {
namespace {

bool acceptable(tep_errno rc) {
  return rc == TEP_ERRNO__SUCCESS || rc == TEP_ERRNO__MEM_ALLOC_FAILED || rc == TEP_ERRNO__READ_ID_FAILED ||
         rc == TEP_ERRNO__READ_FORMAT_FAILED;
}

void parse_every_prefix(const std::string& text) {
  for (size_t n = 0; n <= text.size(); n++) {
    std::unique_ptr<char[]> copy(new char[n ? n : 1]);
    memcpy(copy.get(), text.data(), n);
    tep_handle* tep = tep_alloc();
    tep_event* e = nullptr;
    tep_errno rc = tep_parse_format(tep, &e, copy.get(), n, "sys");
    EXPECT_TRUE(acceptable(rc)) << n;
    EXPECT_EQ(rc == TEP_ERRNO__SUCCESS, e != nullptr) << n;
    tep_free(tep);
  }
}

TEST(BadInput, EveryPrefixOfSchedSwitch) { parse_every_prefix(kSchedSwitch); }

TEST(BadInput, EveryPrefixOfUnusualFields) {
  parse_every_prefix(make_format("odd", 5,
                                 "\tfield:const char __attribute__((user)) * f;\toffset:8;\tsize:8;\tsigned:0;\n"
                                 "\tfield:__data_loc char[] n;\toffset:16;\tsize:4;\tsigned:0;\n"
                                 "\tfield:int x[2 + 1];\toffset:20;\tsize:12;\tsigned:1;\n"
                                 "\tfield:char s[\"q\"];\toffset:32;\tsize:1;\tsigned:0;\n",
                                 "\"%s\", __get_str(n)"));
}

TEST(BadInput, OneCharTypesAndNames) {
  tep_handle* tep = tep_alloc();
  std::string text = make_format("one", 1, "\tfield:a b;\toffset:8;\tsize:1;\tsigned:0;\n\tfield:x y[];\toffset:9;\tsize:1;\tsigned:0;\n");
  tep_event* e = nullptr;
  ASSERT_EQ(tep_parse_format(tep, &e, text.data(), text.size(), "s"), TEP_ERRNO__SUCCESS);
  EXPECT_STREQ(tep_find_field(e, "b")->type, "a");
  EXPECT_STREQ(tep_find_field(e, "y")->type, "x[]");
  tep_free(tep);
}

TEST(BadInput, AbsurdOffsetsAndSizesAreKeptAsRead) {
  tep_handle* tep = tep_alloc();
  std::string text = make_format("absurd", 2,
                                 "\tfield:int a;\toffset:4294967290;\tsize:99999999999;\tsigned:1;\n"
                                 "\tfield:char b[3];\toffset:2147483647;\tsize:4294967295;\tsigned:0;\n");
  tep_event* e = nullptr;
  ASSERT_EQ(tep_parse_format(tep, &e, text.data(), text.size(), "s"), TEP_ERRNO__SUCCESS);
  EXPECT_EQ(tep_find_field(e, "a")->offset, -6);
  EXPECT_EQ(tep_find_field(e, "b")->size, -1);
  EXPECT_EQ(tep_find_field(e, "b")->elementsize, 0xffffffffu / 3);
  // Reading them from a record answers INVALID rather than reading outside it.
  unsigned char data[16] = {};
  tep_record rec{};
  rec.data = data;
  rec.size = sizeof data;
  unsigned long long v = 0;
  EXPECT_EQ(tep_get_field_val(nullptr, e, "a", &rec, &v, 0), -1);
  int len = 0;
  EXPECT_EQ(tep_get_field_raw(nullptr, e, "b", &rec, &len, 0), nullptr);
  tep_free(tep);
}

TEST(BadInput, MissingPieces) {
  const char* texts[] = {
      "name:",
      "name: x\nID:",
      "name: x\nID: 1\nformat",
      "name: x\nID: 1\nformat:\n\tfield",
      "name: x\nID: 1\nformat:\n\tfield:",
      "name: x\nID: 1\nformat:\n\tfield:int",
      "name: x\nID: 1\nformat:\n\tfield:int a",
      "name: x\nID: 1\nformat:\n\tfield:int a;offset",
      "name: x\nID: 1\nformat:\n\tfield:int a[",
      "name: x\nID: 1\nformat:\n\tfield:int a[4",
      "name: x\nID: 1\nformat:\n\tfield:int __attribute__((",
      "name: x\nID: 1\nformat:\n\tfield:__attribute__((x)) int a;\toffset:0;\tsize:4;\n",
      "name: x\nID: 1\nformat:\n\tfield:int \"unterminated",
      "name: x\nID: 1\nformat:\n\n\nprint",
      "name: x\nID: 1\nformat:\n\n\nprint fmt",
  };
  for (const char* t : texts) {
    tep_handle* tep = tep_alloc();
    tep_event* e = nullptr;
    tep_errno rc = tep_parse_format(tep, &e, t, strlen(t), "s");
    EXPECT_TRUE(acceptable(rc)) << t;
    // Fields read (none), the print fmt label cut: added, failed.
    if (strstr(t, "print"))
      EXPECT_TRUE(e && (e->flags & TEP_EVENT_FL_FAILED)) << t;
    else
      EXPECT_EQ(e, nullptr) << t;
    tep_free(tep);
  }
}

TEST(BadInput, DeepAttributeNesting) {
  std::string deep = "name: deep\nID: 1\nformat:\n\tfield:int __attribute__" + std::string(100000, '(') + ";\n";
  tep_handle* tep = tep_alloc();
  tep_event* e = nullptr;
  EXPECT_EQ(tep_parse_format(tep, &e, deep.data(), deep.size(), "s"), TEP_ERRNO__READ_FORMAT_FAILED);
  EXPECT_EQ(e, nullptr);
  tep_free(tep);
}

TEST(BadInput, NulBytesEndTheText) {
  std::string text = make_format("nul", 3, "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n");
  text[text.find("\tfield:int a")] = '\0';
  tep_handle* tep = tep_alloc();
  tep_event* e = nullptr;
  EXPECT_EQ(tep_parse_format(tep, &e, text.data(), text.size(), "s"), TEP_ERRNO__READ_FORMAT_FAILED);
  EXPECT_EQ(e, nullptr);
  tep_free(tep);
}

TEST(BadInput, NullArguments) {
  tep_handle* tep = tep_alloc();
  tep_event* e = reinterpret_cast<tep_event*>(1);
  EXPECT_NE(tep_parse_format(tep, &e, nullptr, 10, "s"), TEP_ERRNO__SUCCESS);
  EXPECT_EQ(e, nullptr);
  EXPECT_NE(tep_parse_event(tep, "name: a\nID: 1\n", 14, nullptr), TEP_ERRNO__SUCCESS);
  EXPECT_NE(tep_parse_event(nullptr, "name: a\nID: 1\n", 14, "s"), TEP_ERRNO__SUCCESS);
  tep_free(tep);
}

}  // namespace
}  // namespace tep::testing
