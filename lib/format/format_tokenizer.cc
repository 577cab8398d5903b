// SPDX-License-Identifier: LGPL-2.1
#include "format/format_tokenizer.h"

namespace tep::format {

namespace {

constexpr TokenType classify(int c) {
  if (c == '\n') return TokenType::Newline;
  if (c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r') return TokenType::Space;
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')
    return TokenType::Item;
  if (c == '\'') return TokenType::SQuote;
  if (c == '"') return TokenType::DQuote;
  if (c < 0x20 || c > 0x7e) return TokenType::None;
  if (c == '(' || c == ')' || c == ',') return TokenType::Delim;
  return TokenType::Op;
}

// One table lookup per byte: the tokenizer's hot path.
struct ClassTable {
  TokenType of[256];
  constexpr ClassTable() : of() {
    for (int c = 0; c < 256; ++c) of[c] = classify(c);
  }
};
constexpr ClassTable kClasses;

}  // namespace

TokenType char_class(int c) { return kClasses.of[c & 0xff]; }

namespace {

// Old kernels' mac80211 formats used these macros unexpanded; upstream reads
// each as the string it stands for.
struct MacroString {
  std::string_view name, text;
};
constexpr MacroString kMacroStrings[] = {
    {"LOCAL_PR_FMT", "%s"},
    {"STA_PR_FMT", " sta:%pM"},
    {"VIF_PR_FMT", " vif:%p(%d)"},
};

int byte(char c) { return static_cast<unsigned char>(c); }

}  // namespace

void FormatTokenizer::skip_blanks() { skip_while(false); }

Token FormatTokenizer::quoted(char quote) {
  // Upstream ends a string at the quote unless the byte before it is a
  // backslash (so a quote after "\\" does not end it either), or at the end
  // of input or a non-ASCII byte (consumed, not kept).
  std::string* joined = nullptr;
  for (;;) {
    size_t start = in_.pos();
    size_t end = start;
    char last = quote;
    for (;;) {
      if (in_.at_end()) {
        end = in_.pos();
        break;
      }
      char c = in_.next();
      if (byte(c) >= 0x80 || (c == quote && last != '\\')) {
        end = in_.pos() - 1;
        break;
      }
      last = c;
    }
    std::string_view piece = in_.text().substr(start, end - start);
    if (quote != '"') return {TokenType::SQuote, piece};
    // Adjacent strings ("a" "b", even across lines) join into one token.
    size_t save = in_.pos();
    while (!in_.at_end() && TextReader::is_space(in_.peek())) in_.skip();
    if (!in_.at_end() && in_.peek() == '"') {
      in_.skip();
      if (!joined) joined = &arena_.emplace_front();
      joined->append(piece);
      continue;
    }
    in_.seek(save);
    if (!joined) return {TokenType::DQuote, piece};
    joined->append(piece);
    return {TokenType::DQuote, *joined};
  }
}

Token FormatTokenizer::next_raw() {
  // Indexes into the reader's (NUL-truncated) text, every access bounded by its size.
  const std::string_view text = in_.text();
  const size_t size = text.size();
  size_t i = in_.pos();
  if (i >= size) return {};
  const size_t start = i;
  const char c = text[i++];
  const TokenType type = kClasses.of[byte(c)];
  auto peek = [&]() { return i < size ? text[i] : '\0'; };
  switch (type) {
    case TokenType::Item:
    case TokenType::Space: {
      while (i < size && kClasses.of[byte(text[i])] == type) ++i;
      in_.seek(i);
      Token tok{type, text.substr(start, i - start)};
      if (type == TokenType::Item && tok.text.size() >= 10 && tok.text.back() == 'T') {
        for (const auto& m : kMacroStrings)
          if (tok.text == m.name) return {TokenType::DQuote, m.text};
      }
      return tok;
    }
    case TokenType::None:  // consumed, as upstream does
      in_.seek(i);
      return {};
    case TokenType::Newline:
    case TokenType::Delim:
      in_.seek(i);
      return {type, text.substr(start, 1)};
    case TokenType::DQuote:
    case TokenType::SQuote:
      in_.seek(i);
      return quoted(c);
    case TokenType::Op:
      break;
  }
  // Operators: "->", doubled "++ -- || && >> <<", and a trailing '=' after
  // "< > ! = << >>" and after a single "+ - | &".
  const char n = peek();
  auto take_equal = [&] {
    if (peek() == '=') ++i;
  };
  switch (c) {
    case '-':
      if (n == '>') {
        ++i;
        break;
      }
      [[fallthrough]];
    case '+':
    case '|':
    case '&':
    case '>':
    case '<':
      if (n != c) {
        take_equal();
      } else {
        ++i;
        if (c == '>' || c == '<') take_equal();
      }
      break;
    case '!':
    case '=':
      take_equal();
      break;
    default:
      break;
  }
  in_.seek(i);
  return {TokenType::Op, text.substr(start, i - start)};
}

void FormatTokenizer::skip_while(bool also_newlines) {
  const std::string_view text = in_.text();
  size_t i = in_.pos();
  while (i < text.size()) {
    TokenType t = kClasses.of[byte(text[i])];
    if (t != TokenType::Space && !(also_newlines && t == TokenType::Newline)) break;
    ++i;
  }
  in_.seek(i);
}

// A run of blanks is always one Space token, so skipping the bytes is the same.
Token FormatTokenizer::next() {
  skip_while(false);
  return next_raw();
}

Token FormatTokenizer::next_item() {
  skip_while(true);
  return next_raw();
}

}  // namespace tep::format
