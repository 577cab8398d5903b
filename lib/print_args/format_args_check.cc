// SPDX-License-Identifier: LGPL-2.1
#include "print_args/format_args_check.h"

namespace tep::print_args {

bool format_args_match(const format_string::PrintFmt& format) {
  if (format.lacks_arguments()) return false;
  for (const format_string::PrintFmtPiece& piece : format.pieces()) {
    if (piece.kind != format_string::PrintFmtPiece::Kind::kConversion) continue;
    // Upstream copies the directive, up to its letter, into a 32-byte buffer
    // (one byte less for integers, which it may widen by an 'l').
    size_t length = piece.parsed.letter_end - piece.parsed.start;
    bool text = piece.parsed.letter == 'p' || piece.parsed.letter == 's';
    if (length > (text ? 31u : 30u)) return false;
  }
  return true;
}

bool format_args_match(std::string_view format, const tep_print_arg* args) {
  size_t count = 0;
  for (const tep_print_arg* arg = args; arg; arg = arg->next) count++;
  return format_args_match(format_string::PrintFmt(format, count));
}

}  // namespace tep::print_args
