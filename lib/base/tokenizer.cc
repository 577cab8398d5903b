// SPDX-License-Identifier: LGPL-2.1
#include "base/tokenizer.h"

namespace tep::base {

namespace {

int byte(char c) { return static_cast<unsigned char>(c); }
constexpr bool kSignedChar = static_cast<char>(0x80) < 0;
TokenType class_of(char c) { return token_classes::of(c); }

// Not printable and not '\n': '\t' '\r' '\x01' '\x7f' ... (bytes >= 0x80 are handled apart).
bool is_control(char c) { return (byte(c) < 0x20 && c != '\n') || c == 0x7f; }

// Bytes inside a quoted string that decide nothing: printable, '\n' or '\t'
// (upstream 1.9.0 keeps a tab in a string; 1.8.4 ended the string there), and
// neither the closing quote nor a backslash. of[0] for "...", of[1] for '...'.
struct PlainInString {
  bool of[2][256];
  constexpr PlainInString() : of() {
    for (int c = 0; c < 256; ++c) {
      const bool plain = ((c >= 0x20 && c < 0x7f) || c == '\n' || c == '\t') && c != '\\';
      of[0][c] = plain && c != '"';
      of[1][c] = plain && c != '\'';
    }
  }
};
constexpr PlainInString kPlainInString;

// Old kernels' mac80211 formats used these macros unexpanded (fixed by
// kernel commit 811cb50baf63); upstream reads each as the string it stands for.
struct MacroString {
  std::string_view name, text;
};
constexpr MacroString kMacroStrings[] = {
    {"LOCAL_PR_FMT", "%s"},
    {"STA_PR_FMT", " sta:%pM"},
    {"VIF_PR_FMT", " vif:%p(%d)"},
};

}  // namespace

const char* Tokenizer::macro_string(std::string_view item) {
  if (item.size() < 10 || item.back() != 'T') return nullptr;  // all end in "_FMT"
  for (const auto& m : kMacroStrings)
    if (item == m.name) return m.text.data();
  return nullptr;
}

// After the opening quote of "text" or 'c'.
Token Tokenizer::quoted(char quote) {
  const std::string_view text = in_.text();
  const TokenType type = quote == '"' ? TokenType::kDQuote : TokenType::kSQuote;
  const bool* plain = kPlainInString.of[type == TokenType::kDQuote ? 0 : 1];
  std::string* joined = nullptr;
  size_t i = in_.pos();
  for (;;) {
    const size_t start = i;
    char last = quote;
    for (;;) {
      // A run of plain bytes at once: each would only become `last`.
      if (size_t run = i; run < text.size() && plain[byte(text[run])]) {
        while (run < text.size() && plain[byte(text[run])]) ++run;
        last = text[run - 1];
        i = run;
      }
      // Upstream reads the bytes as char: where char is signed (x86) a byte >= 0x80 is
      // negative and ends the input; where it is unsigned (arm64, s390x) it is one more
      // unprintable byte, which ends the string.
      if (i >= text.size() || (kSignedChar && byte(text[i]) >= 0x80)) {  // "abc<end>, "ab\xc3
        in_.seek(i + 1);
        std::string_view piece = text.substr(start, i - start);
        if (!joined) return {TokenType::kError, piece};
        joined->append(piece);
        return {TokenType::kError, *joined};
      }
      const char c = text[i++];
      // "a\"b", "a\\" b": a backslash protects the next byte, even another backslash's.
      if (last != '\\' && (c == quote || is_control(c) || byte(c) >= 0x80)) break;
      last = c;
    }
    const std::string_view piece = text.substr(start, i - 1 - start);
    if (type == TokenType::kSQuote) {
      in_.seek(i);
      return {type, piece};
    }
    // "a" "b", even across lines, is one string "ab".
    size_t after = i;
    while (after < text.size() && TextReader::is_space(text[after])) ++after;
    if (after < text.size() && text[after] == '"') {
      if (!joined) joined = &joined_.emplace_front();
      joined->append(piece);
      i = after + 1;
      continue;
    }
    in_.seek(i);
    if (!joined) return {type, piece};
    joined->append(piece);
    return {type, *joined};
  }
}

Token Tokenizer::next_raw() {
  // Indexes into the reader's (NUL-truncated) text, every access bounded by its size.
  const std::string_view text = in_.text();
  const size_t size = text.size();
  size_t i = in_.pos();
  if (i >= size) return {};
  const size_t start = i;
  const char c = text[i++];
  const TokenType type = class_of(c);
  auto peek = [&]() { return i < size ? text[i] : '\0'; };
  switch (type) {
    case TokenType::kItem:
    case TokenType::kSpace: {
      while (i < size && class_of(text[i]) == type) ++i;
      in_.seek(i);
      Token tok{type, text.substr(start, i - start)};
      if (type == TokenType::kItem)
        if (const char* macro = macro_string(tok.text)) return {TokenType::kDQuote, macro};
      return tok;
    }
    case TokenType::kNone:  // consumed, as upstream does
      in_.seek(i);
      return {};
    case TokenType::kNewline:
    case TokenType::kDelim: in_.seek(i); return {type, text.substr(start, 1)};
    case TokenType::kDQuote:
    case TokenType::kSQuote: in_.seek(i); return quoted(c);
    default: break;
  }
  // Operators: "->", doubled "++ -- || && >> <<", and a trailing '=' after
  // "< > ! = << >>" and after a single "+ - | &" ("<<=" "&=" but "&&", "->").
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
      // "!=", "==", and in filters "=~" "!~" ("!=~" is "!=" then "~").
      if (n == '=' || (grammar_.tilde_operators && n == '~')) ++i;
      break;
    default: break;
  }
  in_.seek(i);
  return {TokenType::kOp, text.substr(start, i - start)};
}

// A run of blanks is always one Space token, so skipping the bytes is the same.
Token Tokenizer::next() {
  skip_while(false);
  return next_raw();
}

Token Tokenizer::next_item() {
  skip_while(true);
  return next_raw();
}

}  // namespace tep::base
