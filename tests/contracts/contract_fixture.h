// SPDX-License-Identifier: LGPL-2.1
// A handle and records for the contract unit tests (public API only): one
// sched_switch-like event and one with a sockaddr printed from a non-field.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "event-parse.h"
#include "trace-seq.h"

namespace contracts {

inline constexpr char kSwitchFormat[] =
    "name: sched_switch\nID: 372\nformat:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
    "\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
    "\tfield:pid_t prev_pid;\toffset:24;\tsize:4;\tsigned:1;\n"
    "\tfield:unsigned long ip;\toffset:32;\tsize:8;\tsigned:0;\n\n"
    "print fmt: \"prev_comm=%s prev_pid=%d\", REC->prev_comm, REC->prev_pid\n";

inline constexpr char kSockFormat[] =
    "name: svc_xprt_dequeue\nID: 556\nformat:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
    "\tfield:struct __kernel_sockaddr_storage ss;\toffset:8;\tsize:128;\tsigned:0;\n\n"
    "print fmt: \"addr=%pIScp\", (struct sockaddr *)&REC->ss\n";

class ContractTest : public ::testing::Test {
 protected:
  void SetUp() override {
    tep_ = tep_alloc();
    ASSERT_EQ(tep_parse_event(tep_, kSwitchFormat, sizeof(kSwitchFormat) - 1, "sched"), 0);
    ASSERT_EQ(tep_parse_event(tep_, kSockFormat, sizeof(kSockFormat) - 1, "sunrpc"), 0);
    tep_register_comm(tep_, "bash", 1234);
    event_ = tep_find_event_by_name(tep_, "sched", "sched_switch");
    ASSERT_NE(event_, nullptr);
    memset(data_, 0, sizeof(data_));
    uint16_t type = 372;
    int32_t pid = 1234;
    memcpy(data_, &type, 2);
    data_[2] = 1;  // irqs off
    data_[3] = 2;  // preempt count
    memcpy(data_ + 4, &pid, 4);
    memcpy(data_ + 8, "bash", 5);
    memcpy(data_ + 24, &pid, 4);
    record_.data = data_;
    record_.size = 40;
    record_.cpu = 1;
    record_.ts = 1000;
    trace_seq_init(&seq_);
  }
  void TearDown() override {
    trace_seq_destroy(&seq_);
    tep_free(tep_);
  }

  // An empty seq whose buffer holds junk (an earlier text): a missing
  // terminator shows as '~' in c_string().
  void make_stale() {
    trace_seq_reset(&seq_);
    memset(seq_.buffer, '~', seq_.buffer_size);
  }
  // The seq's buffer read as a C string, as KernelShark and perf read it.
  std::string c_string() const { return std::string(seq_.buffer, strnlen(seq_.buffer, seq_.buffer_size)); }
  std::string text() const { return std::string(seq_.buffer, seq_.len); }

  tep_handle* tep_ = nullptr;
  tep_event* event_ = nullptr;
  unsigned char data_[160];
  tep_record record_{};
  trace_seq seq_{};
};

}  // namespace contracts
