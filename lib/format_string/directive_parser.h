// SPDX-License-Identifier: LGPL-2.1
// The one reader of printf-style directives. A dialect says where a directive
// starting at '%' ends and what else is counted on the way; the meaning of
// its parts is always glibc's (directive.h).
//
//   kGlibc    trace_seq_printf's format, as glibc reads it:
//             "%-5.3lld" -> flags, width, precision, length, conversion, in that order.
//   kPrintFmt an event's print fmt, as upstream's print-fmt reader walks it: the
//             letters 0-9 # + . z Z - h l L * in any order, up to a letter that
//             ends it ("%5-lx" ends at 'x'; "% d" ends at ' ', an unknown letter);
//             h/l count down/up (L sets 2); "%pI4h" takes its letters after 'p'.
//   kBprint   a printk format of ftrace:bprint, as upstream reads the binary
//             arguments: 0-9 . l L z Z * up to a letter; any other letter ('h',
//             '-', 'c', '%') ends it reading nothing; "%pS" takes one letter.
//   kLine     tep_print_event's caller format: from '%' through the first of
//             d u i x X o s, whatever lies between ("%%b %d" is one directive);
//             at most 31 characters are kept (upstream's char[32]).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "format_string/directive.h"

namespace tep::format_string {

enum class Dialect : uint8_t { kGlibc, kPrintFmt, kBprint, kLine };

// One directive as a dialect reads it at text[start] == '%'.
struct Parsed {
  Directive directive;       // glibc's reading of text[start, letter_end)
  uint32_t start = 0;        // the '%'
  uint32_t letter_end = 0;   // past the letter that ended it; kLine: past the text kept
  uint32_t end = 0;          // past the directive: reading resumes here
  char letter = 0;           // the letter that ended it; 0 when the text ended first
  int8_t ls = 0;             // kPrintFmt, kBprint: upstream's count of h (-1) and l (+1), L = 2
  uint16_t stars = 0;        // '*' met before the letter
  uint32_t star_at[2] = {};  // where the first two are
  bool glibc_order = false;  // `directive` reads text[start, letter_end) whole
};

Parsed parse(Dialect dialect, std::string_view text, size_t start);

// glibc's reading from text[i] (just past the '%'); leaves i past the conversion.
Directive parse_glibc(std::string_view text, size_t& i);

// How many letters after "%p" belong to the directive in a print fmt:
// "%pI4" -> 2, "%ps" -> 1, "%px" -> 0 (the 'x' is text: "(nil)x").
size_t pointer_letters(std::string_view rest);

}  // namespace tep::format_string
