// SPDX-License-Identifier: LGPL-2.1
// The library's log calls for C++ code. event-utils.h cannot be included there:
// its `min` macro breaks the standard headers. These are the exported functions
// of compat/log.cc (they honour tep_set_loglevel and an application's tep_vprint).
#pragma once

extern "C" {
void tep_warning(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
void tep_info(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
}
