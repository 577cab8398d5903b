// SPDX-License-Identifier: LGPL-2.1
// A column's text: exactly what upstream prints for its argument, by running
// the column's own steps of the event's print plan (lib/print_plan), or
// tep_print_field for a raw field and the fields of an unparsable event.
#pragma once

#include "format/event.h"
#include "core/handle.h"
#include "seq/seq.h"
#include "typed/model.h"
#include "typed/reader.h"

namespace tep::typed {

// Appends the column's text for `record` to `s`.
void print_text(trace_seq* s, const BatchSource& src, const Column& c, const tep_record& record);

}  // namespace tep::typed
