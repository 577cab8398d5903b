// SPDX-License-Identifier: LGPL-2.1
#include "format/format_tokenizer.h"

#include <climits>

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

void FormatTokenizer::skip_blanks() {
  while (!in_.at_end() && kClasses.of[byte(in_.peek())] == TokenType::Space) in_.skip();
}

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
  if (in_.at_end()) return {};
  size_t start = in_.pos();
  char c = in_.next();
  TokenType type = kClasses.of[byte(c)];
  switch (type) {
    case TokenType::None:
      return {};
    case TokenType::Newline:
    case TokenType::Delim:
      return {type, in_.text().substr(start, 1)};
    case TokenType::DQuote:
    case TokenType::SQuote:
      return quoted(c);
    case TokenType::Op: {
      char n = in_.peek();
      auto take_equal = [&] {
        if (in_.peek() == '=') in_.skip();
      };
      switch (c) {
        case '-':
          if (n == '>') {
            in_.skip();
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
            in_.skip();
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
      return {type, in_.text().substr(start, in_.pos() - start)};
    }
    case TokenType::Space:
    case TokenType::Item:
      break;
  }
  const std::string_view text = in_.text();
  size_t end = in_.pos();
  while (end < text.size() && kClasses.of[byte(text[end])] == type) ++end;
  in_.seek(end);
  Token tok{type, text.substr(start, end - start)};
  if (type == TokenType::Item && tok.text.size() >= 10 && tok.text.back() == 'T') {
    for (const auto& m : kMacroStrings)
      if (tok.text == m.name) return {TokenType::DQuote, m.text};
  }
  return tok;
}

Token FormatTokenizer::next() {
  for (;;) {
    Token t = next_raw();
    if (t.type != TokenType::Space) return t;
  }
}

Token FormatTokenizer::next_item() {
  for (;;) {
    Token t = next_raw();
    if (t.type != TokenType::Space && t.type != TokenType::Newline) return t;
  }
}

unsigned long parse_c_ulong(std::string_view s) {
  auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'z') return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    return 99;
  };
  size_t i = 0;
  while (i < s.size() && TextReader::is_space(s[i])) ++i;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  int base = 10;
  if (i < s.size() && s[i] == '0') {
    if (i + 2 < s.size() && (s[i + 1] == 'x' || s[i + 1] == 'X') && digit(s[i + 2]) < 16) {
      base = 16;
      i += 2;
    } else {
      base = 8;
    }
  }
  unsigned long value = 0;
  bool overflow = false;
  for (; i < s.size() && digit(s[i]) < base; ++i) {
    unsigned long d = digit(s[i]);
    if (value > (ULONG_MAX - d) / base) overflow = true;
    value = value * base + d;
  }
  if (overflow) return ULONG_MAX;
  return negative ? -value : value;
}

int parse_c_atoi(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && TextReader::is_space(s[i])) ++i;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  // strtol saturates at LONG_MAX / LONG_MIN; atoi then truncates to int.
  unsigned long magnitude = 0;
  bool overflow = false;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
    unsigned long d = s[i] - '0';
    if (magnitude > (static_cast<unsigned long>(LONG_MAX) + 1 - d) / 10) overflow = true;
    magnitude = magnitude * 10 + d;
  }
  long value;
  if (negative)
    value = overflow || magnitude > static_cast<unsigned long>(LONG_MAX) + 1 ? LONG_MIN
                                                                            : static_cast<long>(0 - magnitude);
  else
    value = overflow || magnitude > static_cast<unsigned long>(LONG_MAX) ? LONG_MAX : static_cast<long>(magnitude);
  return static_cast<int>(value);
}

}  // namespace tep::format
