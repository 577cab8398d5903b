// SPDX-License-Identifier: LGPL-2.1
// The token stream of an event format file, split exactly as upstream's
// tokenizer splits it, because which inputs parse (and the type strings they
// produce, e.g. "const char __attribute__((user)) *") depends on it:
//   "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
//   -> SPACE ITEM(field) OP(:) ITEM(unsigned) SPACE ITEM(short) ... NEWLINE
// Tokens are views into the input; the rare concatenated string ("a" "b") is
// kept in an arena owned by the tokenizer, so every view lives as long as it.
#pragma once

#include <forward_list>
#include <string>
#include <string_view>

#include "base/text_reader.h"

namespace tep::format {

enum class TokenType {
  None,     // end of input, or a byte the format grammar never contains (control, non-ASCII)
  Space,    // a run of blanks other than '\n'
  Newline,  // one '\n'
  Delim,    // ( ) ,
  Op,       // any other printable: ':' ';' '[' '*' "->" "<<=" ...
  Item,     // a run of [A-Za-z0-9_]
  DQuote,   // "text" without its quotes (adjacent strings concatenated)
  SQuote,   // 'c' without its quotes
};

struct Token {
  TokenType type = TokenType::None;
  std::string_view text;

  bool is(TokenType t, std::string_view s) const { return type == t && text == s; }
};

class FormatTokenizer {
 public:
  explicit FormatTokenizer(std::string_view text) : in_(text) {}

  Token next_raw();    // every token, spaces included
  Token next();        // skips Space (a Newline is a token)
  Token next_item();   // skips Space and Newline

  size_t pos() const { return in_.pos(); }
  void rewind(size_t pos) { in_.seek(pos); }
  // What follows the cursor, from the original text (NULs included up to size).
  std::string_view rest() const { return in_.rest(); }
  void skip_blanks();  // Space characters only

 private:
  Token quoted(char quote);
  void skip_while(bool also_newlines);  // Space bytes, and Newlines if asked
  TextReader in_;
  std::forward_list<std::string> arena_;  // nodes never move
};

// The character classes upstream's tokenizer uses (C locale).
TokenType char_class(int c);

}  // namespace tep::format
