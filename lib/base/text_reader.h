// SPDX-License-Identifier: LGPL-2.1
// TextReader: the one bounds-checked cursor every text parser goes through
// (the Tokenizer of format files, print fmts and filters; printk formats,
// saved cmdlines and available_filter_functions line by line). It never reads
// past `text.size()`, and a NUL byte ends the input like the end. Numbers in
// the text are read with scan_number (base/number_scan.h).
#pragma once

#include <cstddef>
#include <string_view>

namespace tep::base {

class TextReader {
 public:
  explicit TextReader(std::string_view text) : text_(text.substr(0, text.find('\0'))) {}

  bool at_end() const { return pos_ >= text_.size(); }
  size_t pos() const { return pos_; }
  void seek(size_t pos) { pos_ = pos < text_.size() ? pos : text_.size(); }
  std::string_view text() const { return text_; }
  std::string_view rest() const { return text_.substr(pos_); }

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
    if (!at_end()) ++pos_;
    return line;
  }

  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

 private:
  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace tep::base
