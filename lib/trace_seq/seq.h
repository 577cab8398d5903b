// SPDX-License-Identifier: LGPL-2.1
// Fast appends to a public trace_seq, for the printing code (no vsnprintf for
// plain text). Semantics match trace_seq_puts/putc/printf: growth on demand,
// nothing written once the seq is in an error state.
// (Declarations fixed for the other folders; lib/trace_seq implements them.)
#pragma once

#include <string_view>

#include "trace-seq.h"

namespace tep::seq {

void append(trace_seq* s, std::string_view text);
void append_char(trace_seq* s, char c);
void appendf(trace_seq* s, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

}  // namespace tep::seq
