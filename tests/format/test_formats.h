// SPDX-License-Identifier: LGPL-2.1
// Small format texts shared by the format tests.
#pragma once

#include <string>

namespace tep::testing {

inline const char kCommonFields[] =
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n";

// "name: NAME\nID: ID\nformat:\n<common>\n<fields>\nprint fmt: <print>\n"
inline std::string make_format(const std::string& name, int id, const std::string& fields,
                               const std::string& print = "\"\"") {
  return "name: " + name + "\nID: " + std::to_string(id) + "\nformat:\n" + kCommonFields + "\n" + fields +
         "\nprint fmt: " + print + "\n";
}

inline const char kSchedSwitch[] =
    "name: sched_switch\n"
    "ID: 316\n"
    "format:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
    "\n"
    "\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
    "\tfield:pid_t prev_pid;\toffset:24;\tsize:4;\tsigned:1;\n"
    "\tfield:int prev_prio;\toffset:28;\tsize:4;\tsigned:1;\n"
    "\tfield:long prev_state;\toffset:32;\tsize:8;\tsigned:1;\n"
    "\tfield:char next_comm[16];\toffset:40;\tsize:16;\tsigned:0;\n"
    "\tfield:pid_t next_pid;\toffset:56;\tsize:4;\tsigned:1;\n"
    "\tfield:int next_prio;\toffset:60;\tsize:4;\tsigned:1;\n"
    "\n"
    "print fmt: \"prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s%s ==> next_comm=%s next_pid=%d "
    "next_prio=%d\", REC->prev_comm, REC->prev_pid, REC->prev_prio, (REC->prev_state & ((((0x00000000 + 1) << 8) "
    "- 1))) ? __print_flags(REC->prev_state & ((((0x00000000 + 1) << 8) - 1)), \"|\", { 0x00000001, \"S\" }, { "
    "0x00000002, \"D\" }) : \"R\", REC->prev_state & (((0x00000000 + 1) << 8) - 1) ? \"+\" : \"\", "
    "REC->next_comm, REC->next_pid, REC->next_prio\n";

}  // namespace tep::testing
