// SPDX-License-Identifier: LGPL-2.1
// The formatter's sink for a public trace_seq: its inline appends.
#pragma once

#include <cstdint>
#include <string_view>

#include "trace-seq.h"
#include "seq/int_text.h"
#include "seq/seq.h"

namespace tep::seq {

struct SeqSink {
  trace_seq* s;
  void append(std::string_view text) { seq::append(s, text); }
  void append_char(char c) { seq::append_char(s, c); }
  void append_repeated(char c, int64_t count) { seq::append_repeated(s, c, count); }
};

}  // namespace tep::seq
