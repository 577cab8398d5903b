// SPDX-License-Identifier: LGPL-2.1
#include "filter/filter_error.h"

#include <cstdarg>
#include <cstdio>
#include <cstring>

#include "event-parse.h"

namespace tep::filter {

void ErrorReport::show(size_t position, const char* fmt, ...) {
  if (!buffer_) return;
  const size_t len = input_.size();
  size_t used = 0;
  if (len) {
    // One '\n', (min(len, position) - 1) blanks, '^', '\n'.
    size_t column = 1;
    if (len > 1 && position > 1) column = len < position ? len : position;
    if (len + column + 2 < TEP_FILTER_ERROR_BUFSZ) {
      memcpy(buffer_, input_.data(), len);
      buffer_[len] = '\n';
      memset(buffer_ + len + 1, ' ', column - 1);
      buffer_[len + column] = '^';
      buffer_[len + column + 1] = '\n';
      used = len + column + 2;
    }
  }
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buffer_ + used, TEP_FILTER_ERROR_BUFSZ - used, fmt, ap);
  va_end(ap);
}

}  // namespace tep::filter
