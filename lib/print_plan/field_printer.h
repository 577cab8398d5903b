// SPDX-License-Identifier: LGPL-2.1
// Raw field printing: what tep_print_fields & co. and the INFO of raw or
// unparsable events print, following upstream 1.8.4:
//   " prev_comm=bash prev_pid=1234 prev_state=0x1 mask=ARRAY[ff, 00]"
// Scalars: pointers and unsigned longs as 0x%llx, signed 4-byte longs as 0x%x,
// signed shorts as %2d, other signed values in decimal, unsigned in decimal
// (a 1-byte value prints as its unsigned byte). Arrays: a string field whose
// bytes are printable prints as text, anything else as ARRAY[xx, ...]; a
// string field once found unprintable loses TEP_FIELD_IS_STRING for good, as
// upstream clears it.
#pragma once

#include <cstdint>

#include "event-parse.h"
#include "seq/output_buffer.h"

namespace tep::print_plan {

// Record size meaning "unknown" (tep_print_field): upstream trusts the data.
constexpr int64_t kUnknownSize = -1;

// A field printed through %ps/%pS in the print fmt shows the function name;
// tep_print_event's raw INFO adds the address: "ip=schedule+0x10 (0xffffffff81c0a010)".
enum class SymbolStyle { kName, kNameAndAddress };

// One field's value. `size` bounds the reads unless it is kUnknownSize.
void print_field_content(trace_seq* s, const void* data, int64_t size, tep_format_field& field,
                         SymbolStyle style = SymbolStyle::kName);

// " name=value" for each event field (common fields excluded); into a seq, or
// an Output the caller flushes.
void print_fields(trace_seq* s, const void* data, int64_t size, tep_event& event,
                  SymbolStyle style = SymbolStyle::kName);
void print_fields(seq::Output& s, const void* data, int64_t size, tep_event& event,
                  SymbolStyle style = SymbolStyle::kName);
// The same for the fields whose bit is set in `mask` (bit i = i-th field).
void print_selected_fields(trace_seq* s, const void* data, int64_t size, tep_event& event, uint64_t mask);

}  // namespace tep::print_plan
