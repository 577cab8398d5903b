// SPDX-License-Identifier: LGPL-2.1
// Event formats several test folders parse, as the kernel writes them.
#pragma once

namespace test_formats {

// ftrace:bprint of a 64-bit kernel: the caller, the printk format's address
// and the binary arguments.
inline constexpr char kBprint[] =
    "name: bprint\nID: 6\nformat:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
    "\tfield:unsigned long ip;\toffset:8;\tsize:8;\tsigned:0;\n"
    "\tfield:const char * fmt;\toffset:16;\tsize:8;\tsigned:0;\n"
    "\tfield:u32 buf[];\toffset:24;\tsize:0;\tsigned:0;\n\n"
    "print fmt: \"%ps: %s\", (void *)REC->ip, REC->fmt\n";

}  // namespace test_formats
