// SPDX-License-Identifier: LGPL-2.1
// TextReader: the one bounds-checked cursor every text parser goes through
// (format files, header_page, kallsyms, printk formats, saved cmdlines, filters).
// It never reads past `text.size()`, and a NUL byte ends the input like the end.
// Numbers in the text are read with scan_number (base/number_scan.h).
#pragma once

#include <cstddef>
#include <string_view>

namespace tep {

class TextReader {
 public:
  explicit TextReader(std::string_view text) : text_(text.substr(0, text.find('\0'))) {}

  bool at_end() const { return pos_ >= text_.size(); }
  size_t pos() const { return pos_; }
  void seek(size_t pos) { pos_ = pos < text_.size() ? pos : text_.size(); }
  std::string_view text() const { return text_; }
  std::string_view rest() const { return text_.substr(pos_); }

  // The next byte, or '\0' at the end.
  char peek(size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }
  char next() { return at_end() ? '\0' : text_[pos_++]; }
  void skip(size_t n = 1) { seek(pos_ + n); }

  bool consume(char c) {
    if (peek() != c || at_end()) return false;
    ++pos_;
    return true;
  }
  bool consume(std::string_view s) {
    if (rest().substr(0, s.size()) != s) return false;
    pos_ += s.size();
    return true;
  }

  void skip_spaces() {  // blanks only, not newlines
    while (!at_end() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
  }
  void skip_whitespace() {
    while (!at_end() && is_space(text_[pos_])) ++pos_;
  }

  // Up to (not including) `c`; the cursor stops on `c` or at the end.
  std::string_view take_until(char c) {
    size_t end = text_.find(c, pos_);
    if (end == std::string_view::npos) end = text_.size();
    std::string_view out = text_.substr(pos_, end - pos_);
    pos_ = end;
    return out;
  }
  std::string_view take_line() {  // consumes the '\n'
    std::string_view line = take_until('\n');
    consume('\n');
    return line;
  }

  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

 private:
  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace tep
