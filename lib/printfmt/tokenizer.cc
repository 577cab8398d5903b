// SPDX-License-Identifier: LGPL-2.1
#include "printfmt/tokenizer.h"

namespace tep::printfmt {

namespace {

bool is_printable(char c) { return c >= 0x20 && c < 0x7f; }
bool is_item_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The kind a byte starts (upstream's get_type; bytes >= 0x80 count as the end).
TokenKind kind_of(char c) {
  if (c == '\n') return TokenKind::Newline;
  if (TextReader::is_space(c)) return TokenKind::Space;
  if (is_item_char(c)) return TokenKind::Item;
  if (c == '\'') return TokenKind::SQuote;
  if (c == '"') return TokenKind::DQuote;
  if (!is_printable(c)) return TokenKind::None;
  if (c == '(' || c == ')' || c == ',') return TokenKind::Delim;
  return TokenKind::Op;
}

// Old mac80211 formats used macros the kernel forgot to expand; upstream
// substitutes their text (kernel commit 811cb50baf63).
const char* expand_kernel_macro(std::string_view item) {
  if (item == "LOCAL_PR_FMT") return "%s";
  if (item == "STA_PR_FMT") return " sta:%pM";
  if (item == "VIF_PR_FMT") return " vif:%p(%d)";
  return nullptr;
}

}  // namespace

Token Tokenizer::next_raw() {
  if (in_.at_end()) return {};
  char c = in_.next();
  TokenKind kind = kind_of(c);
  switch (kind) {
    case TokenKind::None:
      return {};
    case TokenKind::Newline:
    case TokenKind::Delim:
      return {kind, std::string(1, c)};
    case TokenKind::Op:
      return read_operator(c);
    case TokenKind::DQuote:
    case TokenKind::SQuote:
      return read_quoted(c);
    default:
      break;
  }
  Token token = read_run(kind, c);
  if (kind == TokenKind::Item) {
    if (const char* text = expand_kernel_macro(token.text)) return {TokenKind::DQuote, text};
  }
  return token;
}

Token Tokenizer::next() {
  for (;;) {
    Token token = next_raw();
    if (token.kind != TokenKind::Space) return token;
  }
}

Token Tokenizer::next_item() {
  for (;;) {
    Token token = next_raw();
    if (token.kind != TokenKind::Space && token.kind != TokenKind::Newline) return token;
  }
}

// "->", doubled "++ -- || && << >>", a trailing '=' after "! = < > << >> + - | &".
Token Tokenizer::read_operator(char first) {
  std::string text(1, first);
  bool may_take_equal = false;
  switch (first) {
    case '-':
      if (in_.peek() == '>') {
        text += in_.next();
        break;
      }
      [[fallthrough]];
    case '+':
    case '|':
    case '&':
    case '>':
    case '<':
      if (in_.peek() == first) {
        text += in_.next();
        may_take_equal = first == '<' || first == '>';
      } else {
        may_take_equal = true;
      }
      break;
    case '!':
    case '=':
      may_take_equal = true;
      break;
    default:
      break;
  }
  if (may_take_equal && in_.peek() == '=') text += in_.next();
  return {TokenKind::Op, std::move(text)};
}

// "text" or 'c', quotes dropped, backslashes kept. As upstream, a backslash
// protects the next byte (so "a\\" does not end at its quote), a newline may
// sit inside, and another unprintable byte ends the string (and is dropped).
Token Tokenizer::read_quoted(char quote) {
  std::string text;
  char last = 0;
  char c = quote;
  for (;;) {
    last = c;
    // End of input (or a byte >= 0x80, which upstream reads as the end) inside the string.
    if (in_.at_end() || static_cast<unsigned char>(in_.peek()) >= 0x80)
      return {TokenKind::Error, std::move(text)};
    c = in_.next();
    bool keep_going = (c != quote && is_printable(c)) || last == '\\' || c == '\n';
    if (!keep_going) {
      if (quote == '\'') return {TokenKind::SQuote, std::move(text)};
      // "a" "b" is "ab": look past blanks for another opening quote.
      size_t after = in_.pos();
      in_.skip_whitespace();
      if (in_.consume('"')) {
        c = '"';
        continue;
      }
      in_.seek(after);
      return {TokenKind::DQuote, std::move(text)};
    }
    text += c;
  }
}

Token Tokenizer::read_run(TokenKind kind, char first) {
  std::string text(1, first);
  while (!in_.at_end() && kind_of(in_.peek()) == kind) text += in_.next();
  return {kind, std::move(text)};
}

}  // namespace tep::printfmt
