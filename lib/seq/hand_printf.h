// SPDX-License-Identifier: LGPL-2.1
// trace_seq_printf without vsnprintf for the formats trace-cmd and plugins
// pass per record ("%d %s %llu", "%.*s", "%-8s"): each format is split once
// per call site (lib/format_string reads it in glibc's dialect) and its conversions
// formatted by lib/format_string, byte for byte as glibc prints them. Anything else
// (%p, %f, %n, %ls, '$', a width past 4096, ...) is left to vsnprintf.
#pragma once

#include <cstdarg>

#include "trace-seq.h"

namespace tep::seq {

// vsnprintf(fmt, ap) appended to `s`, by hand; the number of characters
// written, or -1 (nothing written, `ap` untouched) when `fmt` holds a
// conversion not done by hand.
int format_by_hand(trace_seq* s, const char* fmt, va_list ap);

}  // namespace tep::seq
