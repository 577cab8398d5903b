// SPDX-License-Identifier: LGPL-2.1
#include "filter/filter_lexer.h"

#include <cctype>

namespace tep::filter {
namespace {

// Upstream classifies one (signed) char at a time; bytes >= 0x80 are negative
// and fall in no class, so they end the input.
tep_event_type classify(int ch) {
  if (ch < 0) return TEP_EVENT_NONE;
  if (ch == '\n') return TEP_EVENT_NEWLINE;
  if (isspace(ch)) return TEP_EVENT_SPACE;
  if (isalnum(ch) || ch == '_') return TEP_EVENT_ITEM;
  if (ch == '\'') return TEP_EVENT_SQUOTE;
  if (ch == '"') return TEP_EVENT_DQUOTE;
  if (!isprint(ch)) return TEP_EVENT_NONE;
  if (ch == '(' || ch == ')' || ch == ',') return TEP_EVENT_DELIM;
  return TEP_EVENT_OP;
}

bool is_signed_printable(int ch) { return ch >= 0 && isprint(ch); }

}  // namespace

int FilterLexer::read_char() {
  if (reader_.at_end()) return -1;
  ++consumed_;
  return static_cast<signed char>(reader_.next());
}

int FilterLexer::peek_char() const {
  return reader_.at_end() ? -1 : static_cast<signed char>(reader_.peek());
}

Token FilterLexer::next() {
  Token tok;
  do {
    tok = read_one();
  } while (tok.type == TEP_EVENT_SPACE || tok.type == TEP_EVENT_NEWLINE);

  // "=~" and "!~": the tokenizer stops at "=" / "!", the filter glues the '~'.
  if (tok.type == TEP_EVENT_OP && (tok.text == "=" || tok.text == "!") && peek_char() == '~') {
    read_char();
    tok.text += '~';
  }
  return tok;
}

Token FilterLexer::read_one() {
  Token tok;
  int ch = read_char();
  tok.type = classify(ch);
  switch (tok.type) {
    case TEP_EVENT_NONE:
      return tok;
    case TEP_EVENT_SPACE:
      while (classify(peek_char()) == TEP_EVENT_SPACE) read_char();
      return tok;
    case TEP_EVENT_NEWLINE:
    case TEP_EVENT_DELIM:
      tok.text.assign(1, static_cast<char>(ch));
      return tok;
    case TEP_EVENT_OP:
      read_operator(static_cast<char>(ch), tok.text);
      return tok;
    case TEP_EVENT_DQUOTE:
    case TEP_EVENT_SQUOTE:
      if (!read_quoted(static_cast<char>(ch), tok.text)) tok = Token{};
      return tok;
    default:  // ITEM
      break;
  }
  tok.text.assign(1, static_cast<char>(ch));
  while (classify(peek_char()) == TEP_EVENT_ITEM) tok.text += static_cast<char>(read_char());
  // Upstream rewrites three mac80211 macro names into strings (a kernel-bug
  // workaround of its format parser that the filter tokenizer shares).
  if (tok.text == "LOCAL_PR_FMT" || tok.text == "STA_PR_FMT" || tok.text == "VIF_PR_FMT") {
    tok.type = TEP_EVENT_DQUOTE;
    tok.text = tok.text == "LOCAL_PR_FMT" ? "%s" : tok.text == "STA_PR_FMT" ? " sta:%pM" : " vif:%p(%d)";
  }
  return tok;
}

// "-" "->" "--" "-=" "+" "++" "+=" "&&" "&=" "<" "<<" "<=" "<<=" "!=" "==" ...
void FilterLexer::read_operator(char first, std::string& out) {
  out.assign(1, first);
  bool may_take_equal = false;
  switch (first) {
    case '-':
      if (peek_char() == '>') {
        out += static_cast<char>(read_char());
        return;
      }
      [[fallthrough]];
    case '+':
    case '|':
    case '&':
    case '>':
    case '<':
      if (peek_char() != first) {
        may_take_equal = true;
      } else {
        out += static_cast<char>(read_char());
        may_take_equal = first == '>' || first == '<';
      }
      break;
    case '!':
    case '=':
      may_take_equal = true;
      break;
    default:
      break;
  }
  if (may_take_equal && peek_char() == '=') out += static_cast<char>(read_char());
}

// After the opening quote of "abc" or 'abc'. A quote right after a backslash
// does not end the string (even after "\\"); backslashes stay in the text.
bool FilterLexer::read_quoted(char quote, std::string& out) {
  int ch = quote;
  for (;;) {
    int last = 0;
    for (;;) {
      last = ch;
      ch = read_char();
      if (ch < 0) return false;  // end of input or a non-ASCII byte: no string
      if (ch == '\\' && last == '\\') last = 0;
      bool more = (ch != quote && is_signed_printable(ch)) || last == '\\' || ch == '\n';
      if (!more) break;
      out += static_cast<char>(ch);
    }
    if (quote != '"') return true;
    // "abc" "def" is one string: look past blanks for another opening quote.
    TextReader saved = reader_;
    size_t saved_consumed = consumed_;
    int after;
    do {
      after = read_char();
    } while (after >= 0 && isspace(after));
    if (after != '"') {
      reader_ = saved;
      consumed_ = saved_consumed;
      return true;
    }
    ch = after;
  }
}

}  // namespace tep::filter
