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

namespace tep::base {

enum class TokenType {
  kNone,     // end of input (a NUL ends it too), or one byte no grammar has: a control
             // byte outside a string, or a byte >= 0x80 (consumed, as upstream does)
  kError,    // a string without its closing quote: "abc<end> or "ab\xc3..."
  kSpace,    // a run of blanks other than '\n'
  kNewline,  // one '\n'
  kDelim,    // ( ) ,
  kOp,       // any other printable byte: ':' ';' '[' '*' "->" "<<=" ...
  kItem,     // a run of [A-Za-z0-9_]
  kDQuote,   // "text" without its quotes, backslashes kept; adjacent strings joined
  kSQuote,   // 'c' without its quotes
};

struct Token {
  TokenType type = TokenType::kNone;
  std::string_view text;

  bool is(TokenType t, std::string_view s) const { return type == t && text == s; }
  // Items and quoted strings: what may follow a cast's closing parenthesis.
  bool is_item_like() const {
    return type == TokenType::kItem || type == TokenType::kDQuote || type == TokenType::kSQuote;
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

namespace token_classes {
// The token a byte starts (upstream's get_type, C locale). A byte >= 0x80 is
// None whatever the signedness of char: upstream, where char is signed, sees
// a negative value and stops; arm64 and s390x, where it is unsigned, too.
constexpr TokenType classify(int c) {
  if (c == '\n') return TokenType::kNewline;
  if (c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r') return TokenType::kSpace;
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_') return TokenType::kItem;
  if (c == '\'') return TokenType::kSQuote;
  if (c == '"') return TokenType::kDQuote;
  if (c < 0x20 || c > 0x7e) return TokenType::kNone;
  if (c == '(' || c == ')' || c == ',') return TokenType::kDelim;
  return TokenType::kOp;
}

// One table lookup per byte: the format parser's hot path.
struct ClassTable {
  TokenType of[256];
  constexpr ClassTable() : of() {
    for (int c = 0; c < 256; ++c) of[c] = classify(c);
  }
};
inline constexpr ClassTable kTable;
inline TokenType of(char c) { return kTable.of[static_cast<unsigned char>(c)]; }
}  // namespace token_classes

inline constexpr TokenGrammar kFormatFileGrammar{};  // fields and header_page
inline constexpr TokenGrammar kPrintFmtGrammar{};    // the text after "print fmt: "
inline constexpr TokenGrammar kFilterGrammar{.tilde_operators = true};

class Tokenizer {
 public:
  Tokenizer(std::string_view text, const TokenGrammar& grammar) : in_(text), grammar_(grammar) {}

  Token next_raw();   // every token, spaces included (upstream's __read_token)
  Token next();       // skips Space; a Newline is a token (read_token)
  Token next_item();  // skips Space and Newline (read_token_item)

  // Checks of the next token (Space skipped) without building it, for the
  // parts of format files every field repeats ("offset:8;"). Each consumes
  // the token when it is the one asked for; otherwise the position is
  // unspecified (callers fail the parse there).
  bool next_is_item(std::string_view word) {
    std::string_view item = next_item_text();
    return item.data() && item == word;
  }
  // An operator byte that never starts a longer operator (':' ';' '[' ']').
  bool next_is_lone_op(char op) {
    skip_while(false);
    const std::string_view text = in_.text();
    if (in_.pos() >= text.size() || text[in_.pos()] != op) return false;
    in_.seek(in_.pos() + 1);
    return true;
  }
  bool next_is_newline() { return next_is_lone_op('\n'); }
  // Consumes `literal` if the text goes on with exactly it (nothing otherwise):
  // "\tfield:" stands for Space, Item(field), Op(:) when the caller knows
  // where the tokens end.
  bool skip_literal(std::string_view literal) {
    if (in_.rest().substr(0, literal.size()) != literal) return false;
    in_.seek(in_.pos() + literal.size());
    return true;
  }
  // The text of the next token if it is an Item (null data otherwise).
  std::string_view next_item_text() {
    skip_while(false);
    const std::string_view text = in_.text();
    size_t i = in_.pos();
    const size_t start = i;
    while (i < text.size() && token_classes::of(text[i]) == TokenType::kItem) ++i;
    std::string_view item = text.substr(start, i - start);
    // Empty, or one of the macro names next_raw() turns into strings.
    if (item.empty() || macro_string(item)) return {};
    in_.seek(i);
    return item;
  }

  // Bytes consumed so far: where a format's print fmt starts, where a
  // filter's error caret points.
  size_t pos() const { return in_.pos(); }
  void rewind(size_t pos) { in_.seek(pos); }
  // What follows the cursor, up to the end or the first NUL.
  std::string_view rest() const { return in_.rest(); }
  void skip_blanks() { skip_while(false); }  // Space bytes only

 private:
  Token quoted(char quote);
  // The string an old kernel's unexpanded macro name stands for, or nullptr.
  static const char* macro_string(std::string_view item);
  void skip_while(bool also_newlines) {
    const std::string_view text = in_.text();
    size_t i = in_.pos();
    while (i < text.size()) {
      const TokenType t = token_classes::of(text[i]);
      if (t != TokenType::kSpace && !(also_newlines && t == TokenType::kNewline)) break;
      ++i;
    }
    in_.seek(i);
  }

  TextReader in_;
  TokenGrammar grammar_;
  std::forward_list<std::string> joined_;  // joined strings; nodes never move
};

}  // namespace tep::base
