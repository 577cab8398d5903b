// SPDX-License-Identifier: LGPL-2.1
// Tokenizer: the token stream of the three C-like texts upstream splits with
// one tokenizer, split exactly as it splits them, because which inputs parse
// (and the strings they produce) depends on it:
//   format files  "\tfield:unsigned short common_type;\toffset:0;\n"
//                 -> SPACE ITEM(field) OP(:) ITEM(unsigned) SPACE ITEM(short) ... NEWLINE
//   print fmts    "prev_comm=%s", REC->prev_comm
//                 -> DQUOTE(prev_comm=%s) DELIM(,) SPACE ITEM(REC) OP(->) ITEM(prev_comm)
//   filters       prev_comm =~ "^k" && !(prev_pid == 0x2a)
//                 -> ITEM(prev_comm) OP(=~) DQUOTE(^k) OP(&&) OP(!) DELIM(() ITEM(prev_pid) ...
// What the three share is written once below; where they differ (how a
// quoted string ends, whether '~' joins an operator) a TokenGrammar says.
// Token texts are views into the input, or into storage the tokenizer owns
// for the rare joined string ("a" "b"), so they live as long as both.
#pragma once

#include <cstddef>
#include <forward_list>
#include <string>
#include <string_view>

#include "base/text_reader.h"

namespace tep {

enum class TokenType {
  None,     // end of input (a NUL ends it too), or one byte no grammar has: a control
            // byte outside a string, or a byte >= 0x80 (consumed, as upstream does)
  Error,    // a string without its closing quote, under Unterminated::Error
  Space,    // a run of blanks other than '\n'
  Newline,  // one '\n'
  Delim,    // ( ) ,
  Op,       // any other printable byte: ':' ';' '[' '*' "->" "<<=" ...
  Item,     // a run of [A-Za-z0-9_]
  DQuote,   // "text" without its quotes, backslashes kept; adjacent strings joined
  SQuote,   // 'c' without its quotes
};

struct Token {
  TokenType type = TokenType::None;
  std::string_view text;

  bool is(TokenType t, std::string_view s) const { return type == t && text == s; }
  // Items and quoted strings: what may follow a cast's closing parenthesis.
  bool is_item_like() const {
    return type == TokenType::Item || type == TokenType::DQuote || type == TokenType::SQuote;
  }
};

// A quoted string ends at its quote unless a backslash comes right before it
// ("a\"b" is one string, and so is "a\\" b" as upstream reads it). Otherwise:
struct TokenGrammar {
  // A control byte other than '\n' (not after a backslash) ends the string and
  // is dropped: "a<TAB>b" is the string "a" then the item b. Format files keep it.
  bool control_byte_ends_string = true;
  // A string that meets the end of the input or a byte >= 0x80 ("abc<end>,
  // "ab\xc3\xa9"):
  enum class Unterminated {
    Text,   // is the string so far; the byte is dropped, as if it were the quote
    Error,  // is an Error token holding the text so far; the byte is left unread
    End,    // ends the input: None, the byte consumed
  } unterminated = Unterminated::Error;
  // "=~" and "!~" are operators, "=~" "!~" (filters' regex matches).
  bool tilde_operators = false;
};

// Event format files (fields and header_page): strings rarely appear, and are
// read to their quote or the end of the text.
inline constexpr TokenGrammar kFormatFileGrammar{.control_byte_ends_string = false,
                                                 .unterminated = TokenGrammar::Unterminated::Text};
// The print fmt after "print fmt: ": an unterminated string is a parse error.
inline constexpr TokenGrammar kPrintFmtGrammar{.unterminated = TokenGrammar::Unterminated::Error};
// Filter expressions: an unterminated string silently ends the filter (upstream
// then reads what came before it as the whole filter).
inline constexpr TokenGrammar kFilterGrammar{.unterminated = TokenGrammar::Unterminated::End,
                                             .tilde_operators = true};

class Tokenizer {
 public:
  Tokenizer(std::string_view text, const TokenGrammar& grammar) : in_(text), grammar_(grammar) {}

  Token next_raw();    // every token, spaces included (upstream's __read_token)
  Token next();        // skips Space; a Newline is a token (read_token)
  Token next_item();   // skips Space and Newline (read_token_item)

  // Bytes consumed so far: where a format's print fmt starts, where a
  // filter's error caret points.
  size_t pos() const { return in_.pos(); }
  void rewind(size_t pos) { in_.seek(pos); }
  // What follows the cursor, up to the end or the first NUL.
  std::string_view rest() const { return in_.rest(); }
  void skip_blanks();  // Space bytes only

 private:
  Token quoted(char quote);
  Token unterminated(std::string* joined, std::string_view piece, size_t at);
  void skip_while(bool also_newlines);

  TextReader in_;
  TokenGrammar grammar_;
  std::forward_list<std::string> joined_;  // joined strings; nodes never move
};

}  // namespace tep
