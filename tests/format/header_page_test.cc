// SPDX-License-Identifier: LGPL-2.1
#include <gtest/gtest.h>

#include <string>

#include "event-parse.h"

namespace {

struct Layout {
  int ret, commit_size, ts_size, sub_size, data_size, commit_offset;
  bool old;
};

Layout parse(std::string text, int long_size = 8) {
  tep_handle* tep = tep_alloc();
  Layout l;
  l.ret = tep_parse_header_page(tep, text.data(), text.size(), long_size);
  l.commit_size = tep_get_header_page_size(tep);
  l.ts_size = tep_get_header_timestamp_size(tep);
  l.sub_size = tep_get_sub_buffer_size(tep);
  l.data_size = tep_get_sub_buffer_data_size(tep);
  l.commit_offset = tep_get_sub_buffer_commit_offset(tep);
  l.old = tep_is_old_format(tep);
  tep_free(tep);
  return l;
}

const char kLinux618[] =
    "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
    "\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
    "\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
    "\tfield: char data;\toffset:16;\tsize:4080;\tsigned:0;\n";

TEST(HeaderPage, Linux618) {
  Layout l = parse(kLinux618);
  EXPECT_EQ(l.ret, 0);
  EXPECT_EQ(l.commit_size, 8);
  EXPECT_EQ(l.ts_size, 8);
  EXPECT_EQ(l.sub_size, 4096);
  EXPECT_EQ(l.data_size, 4080);
  EXPECT_EQ(l.commit_offset, 8);
  EXPECT_FALSE(l.old);
}

TEST(HeaderPage, FreshHandleIsAllZero) {
  tep_handle* tep = tep_alloc();
  EXPECT_EQ(tep_get_header_page_size(tep), 0);
  EXPECT_EQ(tep_get_header_timestamp_size(tep), 0);
  EXPECT_EQ(tep_get_sub_buffer_size(tep), 0);
  tep_free(tep);
}

TEST(HeaderPage, EmptyMeansOldKernel) {
  Layout l = parse("", 4);
  EXPECT_EQ(l.ret, -1);
  EXPECT_TRUE(l.old);
  EXPECT_EQ(l.commit_size, 4);
  EXPECT_EQ(l.ts_size, 8);
  EXPECT_EQ(l.commit_offset, 0);
}

TEST(HeaderPage, OverwriteIsOptional) {
  Layout l = parse("\tfield: u64 timestamp;\toffset:0;\tsize:8;\n\tfield: local_t commit;\toffset:8;\tsize:4;\n"
                   "\tfield: char data;\toffset:12;\tsize:4084;\n");
  EXPECT_EQ(l.ret, 0);
  EXPECT_EQ(l.commit_size, 4);
  EXPECT_EQ(l.sub_size, 4096);
}

// Linux 7.x: "unsigned char overwrite" is two words: upstream reads neither
// overwrite nor data.
TEST(HeaderPage, TwoWordTypesLoseTheDataField) {
  std::string text = kLinux618;
  text.replace(text.find("int overwrite"), 3, "unsigned char");
  Layout l = parse(text);
  EXPECT_EQ(l.ret, 0);
  EXPECT_EQ(l.commit_size, 8);
  EXPECT_EQ(l.data_size, 0);
}

// A malformed line does not stop the parse: the next field is tried from
// where it failed (here the commit line's junk costs only the commit line).
TEST(HeaderPage, ParsingGoesOnAfterAMalformedLine) {
  Layout l = parse("\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
                   "\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1; junk\n"
                   "\tfield: char data;\toffset:16;\tsize:4080;\tsigned:0;\n");
  EXPECT_EQ(l.ret, 0);
  EXPECT_EQ(l.commit_size, 8);
  EXPECT_EQ(l.data_size, 4080);
}

TEST(HeaderPage, NumbersAreAtoi) {
  Layout l = parse("\tfield: u64 timestamp;\toffset:0x4;\tsize:010;\tsigned:0;\n");
  EXPECT_EQ(l.ret, 0);
  EXPECT_EQ(l.ts_size, 10);
}

TEST(HeaderPage, EveryPrefixIsSafe) {
  std::string text = kLinux618;
  for (size_t n = 1; n <= text.size(); n++) {
    std::string prefix = text.substr(0, n);
    EXPECT_EQ(parse(prefix).ret, 0) << n;
  }
}

TEST(HeaderPage, NullArguments) {
  EXPECT_EQ(tep_parse_header_page(nullptr, nullptr, 0, 8), -1);
  tep_handle* tep = tep_alloc();
  EXPECT_EQ(tep_parse_header_page(tep, nullptr, 10, 8), -1);
  tep_free(tep);
}

}  // namespace
