// SPDX-License-Identifier: LGPL-2.1
// The caller's format of tep_print_event, split the way upstream splits it,
// and printf-style rendering of one directive with its single value.
//
// A directive runs from a '%' through the first of d u i x X o s after it;
// whatever lies in between (text, "%%", another '%') belongs to it:
//   "%16s-%-5d [%03d] %s"  ->  "%16s" "-" "%-5d" " [" "%03d" "] " "%s"
//   "a%%b %d"              ->  "a" then the directive "%%b %d"
// A '%' with no such letter after it makes an unknown directive that runs to
// the end of the format. Upstream keeps at most 31 characters of a directive.
#pragma once

#include <string_view>

#include "trace-seq.h"

namespace tep::output {

enum class DirectiveKind { kNone, kInt, kString, kUnknown };

struct FormatPiece {
  std::string_view literal;    // text before the directive (may be empty)
  std::string_view directive;  // "%...X", truncated to 31 characters
  DirectiveKind kind = DirectiveKind::kNone;  // kNone: literal only, end of format
};

class FormatScanner {
 public:
  explicit FormatScanner(std::string_view format) : rest_(format) {}
  // The next literal and directive; false once the format is used up.
  bool next(FormatPiece& piece);

 private:
  std::string_view rest_;
};

// What printf(directive, value) prints where that is well defined: text and
// "%%" are copied, the first conversion takes the value (d i u x X o c for an
// int, s for a string; flags, width, precision and length as printf). A
// further conversion would read an argument that does not exist: it prints
// nothing.
void format_int_directive(trace_seq* s, std::string_view directive, int value);
void format_string_directive(trace_seq* s, std::string_view directive, std::string_view text);

// printf(directive, value) for one integer conversion ("%08lx", "%*d" with
// `star`) taking a 64-bit argument; false (nothing printed) for anything else.
bool format_value_directive(trace_seq* s, std::string_view directive, uint64_t value, int star = 0);

}  // namespace tep::output
