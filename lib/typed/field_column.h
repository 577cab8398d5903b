// SPDX-License-Identifier: LGPL-2.1
// The column of a raw field, typed from its declaration alone: size and
// signedness win over the declared C type ("int dfd; size:8; signed:0" is a
// u64), char arrays are strings, other arrays typed arrays or bytes.
#pragma once

#include "event-parse.h"
#include "typed/column.h"

namespace tep::typed {

Column field_column(const tep_format_field& field, int long_size);

}  // namespace tep::typed
