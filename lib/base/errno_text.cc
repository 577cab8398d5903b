// SPDX-License-Identifier: LGPL-2.1
#include "base/errno_text.h"

#include <cstdint>
#include <iterator>

#include "event-parse.h"

namespace tep::base {

namespace {
#define _PE(code, str) str
constexpr const char* kMessages[] = {TEP_ERRORS};
#undef _PE
}  // namespace

const char* errno_text(int code) {
  const int64_t index = int64_t{code} - (__TEP_ERRNO__START + 1);  // no overflow for any int
  return index >= 0 && index < static_cast<int64_t>(std::size(kMessages)) ? kMessages[index] : nullptr;
}

}  // namespace tep::base
