// SPDX-License-Identifier: LGPL-2.1
// Reading records: tep_read_number with a NULL handle, the common fields read
// whatever record->size says, and what failed field reads leave behind.
#include <cstdint>
#include <string>

#include "contract_fixture.h"

namespace contracts {
namespace {

using ReadNumberContract = ContractTest;
using CommonFieldsContract = ContractTest;
using FieldValueContract = ContractTest;

constexpr unsigned long long kUnset = 0x5e5e5e5e5e5e5e5eULL;
const unsigned char kBytes[8] = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08};

TEST_F(ReadNumberContract, NullHandleReturnsHostValue) {
  // libtracecmd's compressed-section writer converts its sizes this way.
  uint16_t v2;
  uint32_t v4;
  uint64_t v8;
  memcpy(&v2, kBytes, 2);
  memcpy(&v4, kBytes, 4);
  memcpy(&v8, kBytes, 8);
  EXPECT_EQ(tep_read_number(nullptr, kBytes, 1), 0x01u);
  EXPECT_EQ(tep_read_number(nullptr, kBytes, 2), v2);
  EXPECT_EQ(tep_read_number(nullptr, kBytes, 4), v4);
  EXPECT_EQ(tep_read_number(nullptr, kBytes, 8), v8);
}

TEST_F(ReadNumberContract, OtherSizesAreZero) {
  for (int size : {0, 3, -1, 16}) {
    EXPECT_EQ(tep_read_number(nullptr, kBytes, size), 0u) << size;
    EXPECT_EQ(tep_read_number(tep_, kBytes, size), 0u) << size;
  }
}

TEST_F(ReadNumberContract, NullPointerIsZero) {  // upstream crashes
  EXPECT_EQ(tep_read_number(nullptr, nullptr, 4), 0u);
  EXPECT_EQ(tep_read_number(tep_, nullptr, 8), 0u);
}

TEST_F(ReadNumberContract, HandleReadsInFileOrder) {
  tep_set_file_bigendian(tep_, TEP_BIG_ENDIAN);
  EXPECT_EQ(tep_read_number(tep_, kBytes, 4), 0x01020304u);
  EXPECT_EQ(tep_read_number(tep_, kBytes, 1), 0x01u);
  tep_set_file_bigendian(tep_, TEP_LITTLE_ENDIAN);
  EXPECT_EQ(tep_read_number(tep_, kBytes, 4), 0x04030201u);
}

TEST_F(CommonFieldsContract, ReadFromDataWhateverSize) {
  for (int size : {40, 4, 1, 0, -1}) {
    record_.size = size;
    EXPECT_EQ(tep_data_type(tep_, &record_), 372) << size;
    EXPECT_EQ(tep_data_pid(tep_, &record_), 1234) << size;
    EXPECT_EQ(tep_data_preempt_count(tep_, &record_), 2) << size;
    EXPECT_EQ(tep_data_flags(tep_, &record_), 1) << size;
  }
}

TEST_F(CommonFieldsContract, RecordWithOnlyDataHasItsCommonFields) {
  // perf's trace_parse_common_type/pid fill only data.
  tep_record bare{};
  bare.data = data_;
  EXPECT_EQ(tep_data_type(tep_, &bare), 372);
  EXPECT_EQ(tep_data_pid(tep_, &bare), 1234);
}

// Deliberate: upstream reads the type past record->size here too.
TEST_F(CommonFieldsContract, ShortRecordFindsNoEvent) {
  record_.size = 2;
  EXPECT_EQ(tep_find_event_by_record(tep_, &record_), event_);
  EXPECT_TRUE(tep_record_is_event(&record_, event_));
  record_.size = 1;
  EXPECT_EQ(tep_find_event_by_record(tep_, &record_), nullptr);
  EXPECT_FALSE(tep_record_is_event(&record_, event_));
}

TEST_F(CommonFieldsContract, NegativeSizeFindsNoEvent) {
  record_.size = -1;  // upstream warns "ug! negative record size" and returns NULL
  EXPECT_EQ(tep_find_event_by_record(tep_, &record_), nullptr);
}

TEST_F(CommonFieldsContract, NullDataOrNoEventsGiveMinusOne) {
  tep_record bare{};
  EXPECT_EQ(tep_data_pid(tep_, &bare), -1);
  EXPECT_EQ(tep_data_type(tep_, &bare), -1);
  EXPECT_EQ(tep_find_event_by_record(tep_, &bare), nullptr);
  EXPECT_FALSE(tep_record_is_event(&bare, event_));
  tep_handle* empty = tep_alloc();
  EXPECT_EQ(tep_data_pid(empty, &record_), -1);
  EXPECT_EQ(tep_data_type(empty, &record_), -1);
  tep_free(empty);
  EXPECT_EQ(tep_data_pid(nullptr, &record_), -1);
  EXPECT_EQ(tep_data_pid(tep_, nullptr), -1);
}

TEST_F(FieldValueContract, FailedReadLeavesValUntouched) {
  unsigned long long val = kUnset;
  EXPECT_EQ(tep_get_field_val(&seq_, event_, "nosuch", &record_, &val, 0), -1);
  EXPECT_EQ(val, kUnset);
  EXPECT_EQ(tep_get_common_field_val(&seq_, event_, "prev_pid", &record_, &val, 0), -1);
  EXPECT_EQ(val, kUnset);
  EXPECT_EQ(tep_get_any_field_val(&seq_, event_, "nosuch", &record_, &val, 0), -1);
  EXPECT_EQ(val, kUnset);
  EXPECT_EQ(tep_get_field_val(&seq_, nullptr, "prev_pid", &record_, &val, 1), -1);
  EXPECT_EQ(val, kUnset);
  EXPECT_EQ(tep_get_field_val(&seq_, event_, "prev_pid", &record_, &val, 0), 0);
  EXPECT_EQ(val, 1234u);
}

TEST_F(FieldValueContract, CharArrayReadsAsANumberLikeUpstream) {
  // Upstream checks only that the size is 1, 2, 4 or 8: an 8-byte char array is a number.
  static const char fmt[] =
      "name: named\nID: 77\nformat:\n"
      "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
      "\tfield:char name[8];\toffset:8;\tsize:8;\tsigned:0;\n\nprint fmt: \"%s\", REC->name\n";
  ASSERT_EQ(tep_parse_event(tep_, fmt, sizeof(fmt) - 1, "s"), 0);
  memcpy(data_ + 8, "abcdefgh", 8);
  unsigned long long val = kUnset;
  EXPECT_EQ(tep_get_field_val(&seq_, tep_find_event(tep_, 77), "name", &record_, &val, 1), 0);
  uint64_t expected;
  memcpy(&expected, "abcdefgh", 8);
  EXPECT_EQ(val, expected);
}

TEST_F(FieldValueContract, ErrSeqGetsUpstreamMessagesTerminated) {
  unsigned long long val = kUnset;
  make_stale();
  tep_get_field_val(&seq_, event_, "nosuch", &record_, &val, 1);
  EXPECT_EQ(c_string(), "<CANT FIND FIELD nosuch>");
  make_stale();
  tep_get_field_val(&seq_, event_, "prev_comm", &record_, &val, 1);  // 16 bytes: not a number
  EXPECT_EQ(c_string(), " prev_comm=INVALID");
  trace_seq_reset(&seq_);
  tep_get_field_val(&seq_, event_, "nosuch", &record_, &val, 0);  // err 0: nothing printed
  EXPECT_EQ(seq_.len, 0u);
  EXPECT_EQ(tep_get_field_val(nullptr, event_, "prev_pid", &record_, &val, 1), 0);
}

TEST_F(FieldValueContract, NullErrSeqIsRefused) {  // upstream crashes printing the message
  unsigned long long val = kUnset;
  EXPECT_EQ(tep_get_field_val(nullptr, event_, "nosuch", &record_, &val, 1), -1);
  EXPECT_EQ(val, kUnset);
}

// Deliberate: upstream reads past record->size; ours refuses.
TEST_F(FieldValueContract, FieldPastRecordSizeIsInvalid) {
  unsigned long long val = kUnset;
  record_.size = 10;
  make_stale();
  EXPECT_EQ(tep_get_field_val(&seq_, event_, "prev_pid", &record_, &val, 1), -1);
  EXPECT_EQ(val, kUnset);
  EXPECT_EQ(c_string(), " prev_pid=INVALID");
}

TEST_F(FieldValueContract, FieldRawLeavesLenOnMiss) {
  int len = 0x5e5e;
  make_stale();
  EXPECT_EQ(tep_get_field_raw(&seq_, event_, "nosuch", &record_, &len, 1), nullptr);
  EXPECT_EQ(len, 0x5e5e);
  EXPECT_EQ(c_string(), "<CANT FIND FIELD nosuch>");
  void* raw = tep_get_field_raw(&seq_, event_, "prev_pid", &record_, &len, 1);
  EXPECT_EQ(raw, data_ + 24);
  EXPECT_EQ(len, 4);
  EXPECT_EQ(tep_get_field_raw(&seq_, event_, "prev_pid", &record_, nullptr, 1), data_ + 24);
}

TEST_F(FieldValueContract, ReadNumberFieldLeavesValueOnFailure) {
  unsigned long long val = kUnset;
  EXPECT_EQ(tep_read_number_field(tep_find_field(event_, "prev_comm"), data_, &val), -1);
  EXPECT_EQ(val, kUnset);
  EXPECT_EQ(tep_read_number_field(nullptr, data_, &val), -1);
  EXPECT_EQ(val, kUnset);
  EXPECT_EQ(tep_read_number_field(tep_find_field(event_, "prev_pid"), data_, &val), 0);
  EXPECT_EQ(val, 1234u);
}

}  // namespace
}  // namespace contracts
