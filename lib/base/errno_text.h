// SPDX-License-Identifier: LGPL-2.1
// The message of a tep_errno code (event-parse.h's TEP_ERRORS), for
// tep_strerror and the filter's error texts.
#pragma once

namespace tep::base {

// nullptr when `code` is not one of TEP_ERRORS.
const char* errno_text(int code);

}  // namespace tep::base
