// SPDX-License-Identifier: LGPL-2.1
#include "core/handle.h"

#include <gtest/gtest.h>

namespace tep::core {
namespace {

TEST(Handle, ReadsInTheFileByteOrder) {
  tep_handle tep;
  const unsigned char b[4] = {1, 2, 3, 4};
  tep.file_bigendian = tep.host_bigendian;
  EXPECT_FALSE(swaps_bytes(tep));
  const uint32_t host = read_in_file_order(tep, b, 4);
  tep.file_bigendian = !tep.host_bigendian;
  EXPECT_TRUE(swaps_bytes(tep));
  EXPECT_EQ(read_in_file_order(tep, b, 4), __builtin_bswap32(host));
}

TEST(Handle, RefCountsTheHandle) {
  auto* tep = new tep_handle;
  ref(*tep);
  EXPECT_EQ(tep->ref_count, 2);
  unref(tep);
  EXPECT_EQ(tep->ref_count, 1);
  unref(tep);  // deletes: ASan's leak check sees it go
  unref(nullptr);
}

TEST(Handle, AddsAParsedEventWithItsPrintFmt) {
  tep_handle tep;
  tep.long_size = 8;
  format::Event* added = nullptr;
  const char text[] =
      "name: ev\nID: 4\nformat:\n\tfield:int x;\toffset:0;\tsize:4;\tsigned:1;\n\n\nprint fmt: \"%d\", REC->x\n";
  ASSERT_EQ(add_event_format(tep, text, "sys", &added), TEP_ERRNO__SUCCESS);
  ASSERT_NE(added, nullptr);
  EXPECT_EQ(tep.events.find_by_id(4), added);
  EXPECT_FALSE(added->flags & TEP_EVENT_FL_FAILED);
  EXPECT_NE(added->print_fmt.args, nullptr);
}

TEST(Handle, AFormatWithoutPrintFmtIsAddedAsFailed) {
  tep_handle tep;
  format::Event* added = nullptr;
  ASSERT_EQ(
      add_event_format(tep, "name: ev\nID: 4\nformat:\n\tfield:int x;\toffset:0;\tsize:4;\tsigned:1;\n\n\n", "sys", &added),
      TEP_ERRNO__SUCCESS);
  ASSERT_NE(added, nullptr);
  EXPECT_TRUE(added->flags & TEP_EVENT_FL_FAILED);
}

TEST(Handle, ABadFormatAddsNothing) {
  tep_handle tep;
  format::Event* added = reinterpret_cast<format::Event*>(1);
  EXPECT_NE(add_event_format(tep, "not a format", "sys", &added), TEP_ERRNO__SUCCESS);
  EXPECT_EQ(added, nullptr);
  EXPECT_EQ(tep.events.size(), 0u);
}

TEST(Handle, HeaderPageMarksTheHandle) {
  tep_handle tep;
  EXPECT_EQ(add_header_page(tep, "", 8), format::HeaderPageStatus::kOldFormat);
  EXPECT_TRUE(tep.old_format);
  EXPECT_FALSE(tep.header_page_parsed);

  tep_handle parsed;
  const char page[] =
      "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
      "\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
      "\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
      "\tfield: char data;\toffset:16;\tsize:4080;\tsigned:1;\n";
  EXPECT_EQ(add_header_page(parsed, page, 8), format::HeaderPageStatus::kParsed);
  EXPECT_TRUE(parsed.header_page_parsed);
  EXPECT_FALSE(parsed.old_format);
}

}  // namespace
}  // namespace tep::core
