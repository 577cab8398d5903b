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
// The rules are one; the one difference, '~' joining an operator in filters,
// is a TokenGrammar.
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
  Error,    // a string without its closing quote: "abc<end> or "ab\xc3..."
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

// Quoted strings, in every grammar: a string ends at its quote unless a
// backslash comes right before it ("a\"b" is one string, and so is "a\\" b"
// as upstream reads it); a control byte other than '\n' ends it too, dropped
// ("a<TAB>b" is the string "a" then the item b). A string that meets the end
// of the input or a byte >= 0x80 is an Error token holding the text so far
// (the byte consumed, no joining after it). Print fmts fail there (but
// sizeof("int\xc3) compares its text, as upstream), format files too except
// inside "[...]" (upstream keeps the text), and a filter ends there.
struct TokenGrammar {
  bool tilde_operators = false;  // "=~" and "!~" are operators (filters' regex matches)
};

inline constexpr TokenGrammar kFormatFileGrammar{};  // fields and header_page
inline constexpr TokenGrammar kPrintFmtGrammar{};    // the text after "print fmt: "
inline constexpr TokenGrammar kFilterGrammar{.tilde_operators = true};

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
  void skip_while(bool also_newlines);

  TextReader in_;
  TokenGrammar grammar_;
  std::forward_list<std::string> joined_;  // joined strings; nodes never move
};

}  // namespace tep
