// SPDX-License-Identifier: LGPL-2.1
// The library's log calls. They are compat/log.cc's exported functions, called
// through the PLT on purpose (the one exception to "lib/ calls no exported
// function"): an application that defines tep_warning, tep_info or tep_vprint
// sees the library's own messages, as it does with upstream. None is on a
// per-record path. (event-utils.h declares them too, but its `min` macro breaks
// the standard headers.)
#pragma once

extern "C" {
void tep_warning(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
void tep_info(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
}
