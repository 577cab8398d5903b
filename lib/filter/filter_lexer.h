// SPDX-License-Identifier: LGPL-2.1
// FilterLexer: splits a filter expression into the tokens upstream's event
// tokenizer produces, e.g.  prev_comm =~ "^k" && !(prev_pid == 0x2a)
//   -> ITEM prev_comm, OP =~, DQUOTE ^k, OP &&, OP !, DELIM (, ITEM prev_pid ...
// Token rules kept from upstream because they decide which filters parse:
//   - operators are at most two characters ("==", "&&", "<<", "->") plus an
//     optional '=' after '<', '>', '<<', '>>', '!', '=', '+', '-', '&', '|';
//     "=" or "!" directly followed by '~' becomes "=~" / "!~";
//   - quoted strings keep backslashes, end at the matching quote or at the
//     first non-printable byte other than '\n' (dropped), and adjacent "..."
//     strings concatenate; a string reaching the end of the input or a
//     non-ASCII byte is no token: the input ends there;
//   - a byte that is neither printable ASCII nor whitespace ends the input.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "base/text_reader.h"
#include "event-parse.h"

namespace tep::filter {

struct Token {
  tep_event_type type = TEP_EVENT_NONE;  // ITEM, DQUOTE, SQUOTE, DELIM, OP or NONE (end)
  std::string text;                       // without quotes for strings
};

class FilterLexer {
 public:
  explicit FilterLexer(std::string_view text) : reader_(text) {}

  // The next token, whitespace skipped. TEP_EVENT_NONE once the input ends.
  Token next();
  // Bytes consumed so far: where an error caret points.
  size_t position() const { return consumed_; }

 private:
  Token read_one();
  void read_operator(char first, std::string& out);
  bool read_quoted(char quote, std::string& out);  // false: no closing quote
  int read_char();   // the next byte as upstream's signed char, -1 at the end
  int peek_char() const;

  TextReader reader_;
  size_t consumed_ = 0;
};

}  // namespace tep::filter
