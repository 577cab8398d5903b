// SPDX-License-Identifier: LGPL-2.1
// A print fmt read once (the kPrintFmt dialect), with the argument each
// directive takes, as upstream pairs them:
//   "prev=%s:%d%%\tnext=%*s", REC->prev, REC->pid, REC->w, REC->next
//   -> "prev=" %s(arg 0)  ":" %d(arg 1)  "%<TAB>next=" %*s(star arg 2, arg 3)  end
// Literal text is kept unescaped ("\n" "\t" "\r", "\x" -> "x", "%%" -> "%");
// a lone trailing backslash ends the format. An event keeps this beside its
// argument tree; the print compiler, raw-field printing, bprint and the
// argument check read it instead of the text. print_fmt_format.h prints its
// conversions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "format_string/directive_parser.h"

namespace tep::format_string {

struct PrintFmtPiece {
  enum class Kind : uint8_t {
    kConversion,  // d u i x X o c s p with its argument ("%pI4": the letters after 'p' too)
    kBadLength,   // d u i x X o c with more than two 'h' or 'l': takes its argument, prints nothing
    kUnknown,     // another letter ended it: upstream prints ">c<" ("% d" -> "> <d")
    kNoArgument,  // a '*' or the conversion found no argument left, or a second '*' came:
                  // nothing printed, reading goes on as text from parsed.end (that letter)
    kCut,         // the format ended inside it
    kEnd,         // no directive: the text after the last one
  };
  Kind kind = Kind::kEnd;
  uint32_t literal_offset = 0, literal_size = 0;  // the unescaped text before it
  Parsed parsed;                                  // offsets into the format text
  int32_t arg = -1;                               // index of the argument the conversion takes
  int32_t star_arg = -1;                          // the argument its '*' takes
};

// How a print fmt's number or string conversion prints, kept in a print step.
struct PrintFmtConversion {
  Directive directive;    // with written widths bounded (bound_untrusted)
  std::string_view text;  // "%-5lx": for glibc's reading when not by hand
  bool by_hand = true;    // glibc's order; else vsnprintf of `text`
};

// Upstream makes a print fmt's %l a %ll where the trace's long is 64 bits and
// the host's is not (i686): the value is printed whole, not cut to the host's long.
inline void follow_trace_long(PrintFmtConversion& c, int trace_long_size) {
  if (trace_long_size == 8 && base::kLongBits == 32 && c.directive.length == Length::kLong)
    c.directive.length = Length::kLongLong;
}

class PrintFmt {
 public:
  PrintFmt() = default;
  PrintFmt(std::string_view format, size_t arg_count) { parse(format, arg_count); }
  // Reads `format` whose argument list has `arg_count` entries.
  void parse(std::string_view format, size_t arg_count);

  const std::vector<PrintFmtPiece>& pieces() const { return pieces_; }
  std::string_view literal(const PrintFmtPiece& p) const {
    return std::string_view(literals_).substr(p.literal_offset, p.literal_size);
  }
  // Upstream fails the event: a conversion without an argument, a second '*',
  // more than two 'h' or 'l'.
  bool lacks_arguments() const { return lacks_arguments_; }
  // The conversion of a kConversion / kBadLength piece of `format`.
  static PrintFmtConversion conversion(std::string_view format, const PrintFmtPiece& p);

 private:
  std::string literals_;
  std::vector<PrintFmtPiece> pieces_;
  bool lacks_arguments_ = false;
};

}  // namespace tep::format_string
