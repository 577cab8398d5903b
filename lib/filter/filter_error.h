// SPDX-License-Identifier: LGPL-2.1
// The text tep_filter_strerror returns after a parse error: the expression,
// a caret under the position reached, then the message, e.g.
//    prev_pid === 1
//               ^
//   Unknown op token =
// laid out as upstream lays it out in its 1024-byte error buffer. Where
// upstream would write past that buffer (long expressions), only the message
// is kept.
#pragma once

#include <cstddef>
#include <string_view>

namespace tep::filter {

class ErrorReport {
 public:
  // `buffer` (TEP_FILTER_ERROR_BUFSZ bytes) may be null: errors are then dropped.
  ErrorReport(char* buffer, std::string_view input) : buffer_(buffer), input_(input) {}

  void show(size_t position, const char* fmt, ...) __attribute__((format(printf, 3, 4)));

 private:
  char* buffer_;
  std::string_view input_;
};

}  // namespace tep::filter
