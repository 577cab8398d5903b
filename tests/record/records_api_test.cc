// SPDX-License-Identifier: LGPL-2.1
// tep_get_*field_val*, tep_get_field_raw, tep_read_number_field, tep_data_*.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "event-parse.h"
#include "trace-seq.h"

extern "C" int get_field_val(struct trace_seq* s, struct tep_format_field* field, const char* name,
                             struct tep_record* record, unsigned long long* val, int err);

namespace {

const char kFormat[] =
    "name: ev\nID: 5\nformat:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
    "\tfield:short delta;\toffset:8;\tsize:2;\tsigned:1;\n"
    "\tfield:__data_loc char[] name;\toffset:12;\tsize:4;\tsigned:0;\n"
    "\tfield:char comm[4];\toffset:16;\tsize:4;\tsigned:0;\n"
    "\tfield:__rel_loc char[] rel;\toffset:20;\tsize:4;\tsigned:0;\n"
    "\n"
    "print fmt: \"%d\", REC->delta\n";

class RecordsApi : public ::testing::Test {
 protected:
  void SetUp() override {
    tep = tep_alloc();
    tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);  // the records below are little-endian
    tep_set_long_size(tep, 8);
    ASSERT_EQ(tep_parse_event(tep, kFormat, sizeof kFormat - 1, "s"), TEP_ERRNO__SUCCESS);
    event = tep_find_event(tep, 5);
    const unsigned char bytes[] = {5, 0, 1, 2, 100, 0, 0, 0,           // common
                                   0xfe, 0xff, 0, 0,                    // delta = -2
                                   24, 0, 3, 0,                         // name -> 24, len 3
                                   'a', 'b', 'c', 'd',                  // comm
                                   3, 0, 2, 0,                          // rel -> 24 + 3
                                   'x', 'y', 0, 'q', 'r', 0, 0, 0};
    memcpy(data, bytes, sizeof bytes);
    rec.data = data;
    rec.size = sizeof bytes;
    trace_seq_init(&s);
  }
  void TearDown() override {
    trace_seq_destroy(&s);
    tep_free(tep);
  }
  std::string seq_text() {
    trace_seq_terminate(&s);
    std::string out = s.buffer;
    trace_seq_reset(&s);
    return out;
  }
  tep_handle* tep = nullptr;
  tep_event* event = nullptr;
  unsigned char data[64] = {};
  tep_record rec{};
  trace_seq s;
};

TEST_F(RecordsApi, CommonData) {
  EXPECT_EQ(tep_data_type(tep, &rec), 5);
  EXPECT_EQ(tep_data_flags(tep, &rec), 1);
  EXPECT_EQ(tep_data_preempt_count(tep, &rec), 2);
  EXPECT_EQ(tep_data_pid(tep, &rec), 100);
  EXPECT_EQ(tep_find_event_by_record(tep, &rec), event);
  EXPECT_EQ(tep_data_pid(nullptr, &rec), -1);
}

TEST_F(RecordsApi, FieldValues) {
  unsigned long long v = 0;
  EXPECT_EQ(tep_get_field_val(&s, event, "delta", &rec, &v, 1), 0);
  EXPECT_EQ(v, 0xfffeu);  // not sign-extended, as upstream
  EXPECT_EQ(tep_get_common_field_val(&s, event, "common_pid", &rec, &v, 1), 0);
  EXPECT_EQ(v, 100u);
  EXPECT_EQ(tep_get_any_field_val(&s, event, "common_flags", &rec, &v, 1), 0);
  EXPECT_EQ(v, 1u);
  EXPECT_EQ(seq_text(), "");
}

TEST_F(RecordsApi, ErrorMessages) {
  unsigned long long v = 0;
  EXPECT_EQ(tep_get_field_val(&s, event, "missing", &rec, &v, 1), -1);
  EXPECT_EQ(seq_text(), "<CANT FIND FIELD missing>");
  EXPECT_EQ(tep_get_field_val(&s, event, "comm", &rec, &v, 1), 0);  // 4 bytes: a number
  EXPECT_EQ(tep_get_common_field_val(&s, event, "delta", &rec, &v, 1), -1);
  EXPECT_EQ(seq_text(), "<CANT FIND FIELD delta>");
  EXPECT_EQ(tep_get_field_val(&s, event, "missing", &rec, &v, 0), -1);
  EXPECT_EQ(seq_text(), "");
  tep_format_field* comm = tep_find_field(event, "comm");
  int saved = comm->size;
  comm->size = 3;
  EXPECT_EQ(get_field_val(&s, comm, "comm", &rec, &v, 1), -1);
  EXPECT_EQ(seq_text(), " comm=INVALID");
  comm->size = saved;
  EXPECT_EQ(get_field_val(&s, nullptr, "zz", &rec, &v, 1), -1);
  EXPECT_EQ(seq_text(), "<CANT FIND FIELD zz>");
}

TEST_F(RecordsApi, RawFields) {
  int len = 0;
  auto* p = static_cast<unsigned char*>(tep_get_field_raw(&s, event, "name", &rec, &len, 1));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p - data, 24);
  EXPECT_EQ(len, 3);
  p = static_cast<unsigned char*>(tep_get_field_raw(&s, event, "rel", &rec, &len, 1));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p - data, 27);
  EXPECT_EQ(len, 2);
  p = static_cast<unsigned char*>(tep_get_field_raw(&s, event, "comm", &rec, nullptr, 1));
  EXPECT_EQ(p - data, 16);
  EXPECT_EQ(tep_get_field_raw(&s, event, "nope", &rec, &len, 1), nullptr);
  EXPECT_EQ(seq_text(), "<CANT FIND FIELD nope>");
  // A location pointing past the record gives nothing.
  data[12] = 60;
  EXPECT_EQ(tep_get_field_raw(&s, event, "name", &rec, &len, 1), nullptr);
}

TEST_F(RecordsApi, ReadNumberField) {
  unsigned long long v = 0;
  EXPECT_EQ(tep_read_number_field(tep_find_field(event, "delta"), data, &v), 0);
  EXPECT_EQ(v, 0xfffeu);
  EXPECT_EQ(tep_read_number_field(nullptr, data, &v), -1);
  EXPECT_EQ(tep_read_number(tep, data + 4, 4), 100u);
}

}  // namespace
