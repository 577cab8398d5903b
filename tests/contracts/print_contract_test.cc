// SPDX-License-Identifier: LGPL-2.1
// What tep_print_event and the tep_print_*field* family leave in the caller's
// seq: the text, always NUL-terminated (KernelShark and perf read seq.buffer
// as a C string right after), and upstream's messages.
#include <string>

#include "contract_fixture.h"

namespace contracts {
namespace {

#pragma GCC diagnostic ignored "-Wformat-zero-length"
#pragma GCC diagnostic ignored "-Wformat-extra-args"

using PrintEventContract = ContractTest;
using PrintFieldContract = ContractTest;
using PrintMessageContract = ContractTest;

TEST_F(PrintEventContract, LatencyAfterInfoIsACString) {
  // KernelShark: one seq, reset between the info and the latency columns.
  tep_print_event(tep_, &seq_, &record_, "%s", TEP_PRINT_INFO);
  EXPECT_EQ(c_string(), "prev_comm=bash prev_pid=1234");
  trace_seq_reset(&seq_);
  tep_print_event(tep_, &seq_, &record_, "%s", TEP_PRINT_LATENCY);
  EXPECT_EQ(c_string(), "d..2.");
  trace_seq_reset(&seq_);
  tep_print_event(tep_, &seq_, &record_, "%s", TEP_PRINT_COMM);
  EXPECT_EQ(c_string(), "bash");
}

TEST_F(PrintEventContract, EveryDirectiveLeavesNul) {
  struct Case {
    const char* fmt;
    const char* arg;
    unsigned number;
    const char* expected;
  } cases[] = {
      {"%s", TEP_PRINT_LATENCY, 0, "d..2."},
      {"%s", TEP_PRINT_INFO, 0, "prev_comm=bash prev_pid=1234"},
      {"%s", TEP_PRINT_INFO_RAW, 0, " prev_comm=bash prev_pid=1234 ip=0x0"},
      {"%s", TEP_PRINT_COMM, 0, "bash"},
      {"%s", TEP_PRINT_NAME, 0, "sched_switch"},
      {"%-20s|", TEP_PRINT_NAME, 0, "sched_switch        |"},
      {"%d", nullptr, TEP_PRINT_PID, "1234"},
      {"%d", nullptr, TEP_PRINT_CPU, "1"},
      {"%d", nullptr, TEP_PRINT_TIME, "        1000"},
      {"%6.1000d", nullptr, TEP_PRINT_TIME, "    0.000001"},
  };
  for (const Case& c : cases) {
    make_stale();
    if (c.arg)
      tep_print_event(tep_, &seq_, &record_, c.fmt, c.arg);
    else
      tep_print_event(tep_, &seq_, &record_, c.fmt, c.number);
    EXPECT_EQ(text(), c.expected) << c.fmt;
    EXPECT_EQ(c_string(), text()) << c.fmt;
  }
}

TEST_F(PrintEventContract, LiteralTextAndEmptyFormatLeaveNul) {
  make_stale();
  tep_print_event(tep_, &seq_, &record_, "plain text");
  EXPECT_EQ(c_string(), "plain text");
  make_stale();
  tep_print_event(tep_, &seq_, &record_, "");
  EXPECT_EQ(c_string(), "");
}

TEST_F(PrintEventContract, EventThatPrintsNothingLeavesEmptyString) {
  static const char quiet[] =
      "name: quiet\nID: 901\nformat:\n"
      "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
      "\tfield:int x;\toffset:8;\tsize:4;\tsigned:1;\n\n"
      "print fmt: \"\"\n";
  ASSERT_EQ(tep_parse_event(tep_, quiet, sizeof(quiet) - 1, "fixture"), 0);
  uint16_t type = 901;
  memcpy(data_, &type, 2);
  make_stale();
  tep_print_event(tep_, &seq_, &record_, "%s", TEP_PRINT_INFO);
  EXPECT_EQ(seq_.len, 0u);
  EXPECT_EQ(c_string(), "");
}

std::string handler_saw;

int handler(trace_seq* s, tep_record*, tep_event*, void*) {
  handler_saw.assign(s->buffer, s->len);
  trace_seq_puts(s, "H");
  return 0;
}

TEST_F(PrintEventContract, HandlerWritesMidLine) {
  ASSERT_GE(tep_register_event_handler(tep_, -1, "sched", "sched_switch", handler, nullptr), 0);
  make_stale();
  tep_print_event(tep_, &seq_, &record_, "<%s|%s>", TEP_PRINT_NAME, TEP_PRINT_INFO);
  EXPECT_EQ(handler_saw, "<sched_switch|");
  EXPECT_EQ(c_string(), "<sched_switch|H>");
}

TEST_F(PrintFieldContract, PrintFieldLeavesNul) {
  // perf: sort keys read from seq.buffer after each tep_print_field.
  for (const char* name : {"prev_comm", "prev_pid", "ip"}) {
    make_stale();
    tep_print_field(&seq_, record_.data, tep_find_field(event_, name));
    EXPECT_EQ(c_string(), text()) << name;
  }
  make_stale();
  tep_print_field(&seq_, record_.data, tep_find_field(event_, "prev_pid"));
  EXPECT_EQ(c_string(), "1234");
}

TEST_F(PrintFieldContract, FunctionFieldByNameLeavesNul) {
  // A long field holding a kernel address is printed by name; upstream writes
  // the name with trace_seq_puts and leaves no NUL (perf showed heap bytes).
  static const char fmt[] =
      "name: timer\nID: 80\nformat:\n"
      "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
      "\tfield:unsigned long function;\toffset:8;\tsize:8;\tsigned:0;\n\n"
      "print fmt: \"function=%pS\", (void *)REC->function\n";
  tep_set_long_size(tep_, 8);
  ASSERT_EQ(tep_parse_event(tep_, fmt, sizeof(fmt) - 1, "timer"), 0);
  ASSERT_EQ(tep_parse_kallsyms(tep_, "ffffffff81001000 T do_work\nffffffff81002000 T next_fn\n"), 0);
  uint64_t function = 0xffffffff81001010ULL;
  memcpy(data_ + 8, &function, 8);
  make_stale();
  tep_print_field(&seq_, data_, tep_find_field(tep_find_event(tep_, 80), "function"));
  EXPECT_EQ(c_string(), "do_work+0x10");
}

TEST_F(PrintFieldContract, PrintFieldsLeavesNul) {
  make_stale();
  tep_print_fields(&seq_, record_.data, record_.size, event_);
  EXPECT_EQ(c_string(), " prev_comm=bash prev_pid=1234 ip=0x0");
  make_stale();
  tep_record_print_fields(&seq_, &record_, event_);
  EXPECT_EQ(c_string(), " prev_comm=bash prev_pid=1234 ip=0x0");
  make_stale();
  tep_record_print_selected_fields(&seq_, &record_, event_, 0x2);
  EXPECT_EQ(c_string(), " prev_pid=1234");
  make_stale();
  tep_record_print_selected_fields(&seq_, &record_, event_, 0);  // prints nothing
  EXPECT_EQ(c_string(), "");
  make_stale();
  tep_print_field_content(&seq_, record_.data, record_.size, tep_find_field(event_, "prev_comm"));
  EXPECT_EQ(c_string(), "bash");
}

TEST_F(PrintFieldContract, NumAndFuncFieldLeaveNul) {
  make_stale();
  EXPECT_EQ(tep_print_num_field(&seq_, "<%llx>", event_, "prev_pid", &record_, 1), 5);
  EXPECT_EQ(c_string(), "<4d2>");
  make_stale();
  EXPECT_EQ(tep_print_func_field(&seq_, "<%s>", event_, "ip", &record_, 1), 12);
  EXPECT_EQ(c_string(), "<0x00000000>");
}

TEST_F(PrintFieldContract, MissingFieldMessageOrNothingTerminated) {
  make_stale();
  EXPECT_EQ(tep_print_num_field(&seq_, "%llx", event_, "nosuch", &record_, 1), -1);
  EXPECT_EQ(c_string(), "CAN'T FIND FIELD \"nosuch\"");
  make_stale();
  EXPECT_EQ(tep_print_num_field(&seq_, "%llx", event_, "nosuch", &record_, 0), -1);
  EXPECT_EQ(c_string(), "");
  make_stale();
  EXPECT_EQ(tep_print_func_field(&seq_, "%s", event_, "prev_comm", &record_, 1), -1);  // 16 bytes: no number
  EXPECT_EQ(c_string(), "CAN'T FIND FIELD \"prev_comm\"");
}

TEST_F(PrintFieldContract, NumFieldNullFormatReturnsMinusOne) {
  make_stale();
  EXPECT_EQ(tep_print_num_field(&seq_, nullptr, event_, "prev_pid", &record_, 1), -1);
  EXPECT_EQ(seq_.len, 0u);
  EXPECT_EQ(c_string(), "");
}

TEST_F(PrintMessageContract, SockaddrOnNonFieldUsesUpstreamWording) {
  uint16_t type = 556;
  memcpy(data_, &type, 2);
  record_.size = 136;
  tep_print_event(tep_, &seq_, &record_, "%s", TEP_PRINT_INFO);
  EXPECT_EQ(c_string(), "addr=ARG NOT FIELD NOR DYNAMIC ARRAY BUT TYPE 11p");
}

}  // namespace
}  // namespace contracts
