// SPDX-License-Identifier: LGPL-2.1
// The print fmt tokenizer. It splits text such as
//   "prev_comm=%s prev_pid=%d", REC->prev_comm, (u8)REC->prev_pid
// into the token kinds upstream's parser reasons about (enum tep_event_type):
// items ([A-Za-z0-9_]+), quoted strings (kept raw: escapes are interpreted at
// print time), delimiters ( ) , and operators (-> == != <= >= << >> && || ++
// -- and <<= >>= |= &= += -=, else one character).
// Adjacent double-quoted strings are joined, as C joins them. Every read is
// bounds-checked through TextReader: an unterminated string, a byte outside
// printable ASCII inside a string, or end of input give Error/None tokens,
// never a read past the end.
#pragma once

#include <string>
#include <string_view>

#include "base/text_reader.h"

namespace tep::printfmt {

enum class TokenKind {
  Error,    // malformed input (e.g. "abc without its closing quote)
  None,     // end of input, or a control byte (upstream stops there too)
  Space,
  Newline,
  Op,
  Delim,
  Item,
  DQuote,   // text without the quotes
  SQuote,
};

struct Token {
  TokenKind kind = TokenKind::None;
  std::string text;

  bool is(TokenKind k, std::string_view t) const { return kind == k && text == t; }
  // Items and quoted strings: what may follow a cast's closing parenthesis.
  bool is_item_like() const {
    return kind == TokenKind::Item || kind == TokenKind::DQuote || kind == TokenKind::SQuote;
  }
};

class Tokenizer {
 public:
  explicit Tokenizer(std::string_view text) : in_(text) {}

  // Every token, blanks included (upstream's __read_token).
  Token next_raw();
  // Skips blanks, keeps newlines (read_token).
  Token next();
  // Skips blanks and newlines (read_token_item).
  Token next_item();

 private:
  Token read_operator(char first);
  Token read_quoted(char quote);
  Token read_run(TokenKind kind, char first);

  TextReader in_;
};

}  // namespace tep::printfmt
