// SPDX-License-Identifier: LGPL-2.1
#include "core/common_fields.h"

#include <gtest/gtest.h>

#include <string>

#include "core/handle.h"
#include "event-parse.h"

namespace tep::core {
namespace {

const char kFormat[] =
    "name: e\nID: 7\nformat:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n\nprint fmt: \"\"\n";

TEST(CommonFields, NoEventsMeansMinusOne) {
  tep_handle* tep = tep_alloc();
  tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);  // the bytes below are little-endian
  unsigned char data[8] = {};
  EXPECT_EQ(tep->common_fields.read(*tep, CommonField::kType, data, sizeof data), -1);
  tep_free(tep);
}

TEST(CommonFields, ReadsEachField) {
  tep_handle* tep = tep_alloc();
  tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);  // the bytes below are little-endian
  ASSERT_EQ(tep_parse_event(tep, kFormat, sizeof kFormat - 1, "s"), TEP_ERRNO__SUCCESS);
  unsigned char data[8] = {7, 0, 0x0d, 2, 0x39, 0x30, 0, 0};
  EXPECT_EQ(tep->common_fields.read(*tep, CommonField::kType, data, sizeof data), 7);
  EXPECT_EQ(tep->common_fields.read(*tep, CommonField::kFlags, data, sizeof data), 0x0d);
  EXPECT_EQ(tep->common_fields.read(*tep, CommonField::kPreemptCount, data, sizeof data), 2);
  EXPECT_EQ(tep->common_fields.read(*tep, CommonField::kPid, data, sizeof data), 12345);
  // A record too short for the field reads as 0, never past its end.
  EXPECT_EQ(tep->common_fields.read(*tep, CommonField::kPid, data, 6), 0);
  tep_free(tep);
}

}  // namespace
}  // namespace tep::core
