// SPDX-License-Identifier: LGPL-2.1
// Parse-time arithmetic on print fmt trees, as upstream does it:
//  - flag and symbol tables: { (1UL << 3), "X" } stores the value as text;
//    a plain atom or cast keeps its spelling ("0x08", "(u8)3" -> "3"),
//    an expression is computed on signed 64-bit values ("8") and only with
//    + - ~ | & || && < > <= >= == != << >> (others make the event fail);
//  - constant folding of top-level arguments: in
//      REC->state & ((0x01 | 0x02) + 1)
//    every operator whose two operands are atoms becomes one atom, computed
//    on unsigned 64-bit values and written as a signed decimal ("4").
#pragma once

#include <cstdint>

#include "event-parse.h"
#include "format/arg_tree.h"

namespace tep::print_args {

// The text stored for a flag/symbol table entry, kept in `tree` (an atom's
// own text, or a constant expression's value in decimal), or nullptr if
// upstream cannot evaluate it (a field, a function, '*', '/', '?', ...).
char* table_entry_text(format::ArgTree& tree, const tep_print_arg& arg);

// What a cast does to a value at parse time (format_string::cast_mask, the table print
// plans use too): "u8" masks to 8 bits, "s16" to 16, "unsigned int" to 32;
// pointers, structs and unknown types keep it.
uint64_t apply_cast(uint64_t value, const char* type);

// Folds constant sub-expressions of one top-level argument in place.
void fold_constants(format::ArgTree& tree, tep_print_arg& arg);

}  // namespace tep::print_args
