// SPDX-License-Identifier: LGPL-2.1
// Questions the model builder asks about a print fmt argument: of its tree
// (tep_print_arg: casts, identifiers, the fields it reads) and of its compiled
// form (print_plan::Expr: structural equality, the record bytes it needs, MAJOR /
// MINOR splits).
#pragma once

#include <cstdint>
#include <string_view>

#include "event-parse.h"
#include "print_plan/plan.h"

namespace tep::typed {

// An argument with its casts taken off: "(unsigned int)(u8)REC->x" is REC->x
// with a 1-byte unsigned cast.
struct Unwrapped {
  const tep_print_arg* core = nullptr;
  int cast_width = 0;  // narrowest integer cast, 0 when none
  bool cast_signed = false;
  bool pointer_cast = false;  // "(void *)", "(struct page *)"
};
Unwrapped unwrap(const tep_print_arg* node, int long_size);

// An integer C type's width and signedness ("u8", "unsigned long", "pid_t");
// false for pointers, structs and names it does not know.
bool integer_type_of(std::string_view type, int long_size, int& width, bool& is_signed);

// True when every leaf of a numeric expression is a number or a resolved
// field: no kernel variable ("jiffies"), string, unknown helper or print
// function, whose value the evaluator could only guess.
bool computable(const tep_print_arg* node, const tep_event& event);

// A number literal as the parser keeps it ("0x1f", "8ULL", "70" for 'F').
bool is_number_text(std::string_view text);

// The one field an expression reads, or null (none, or several).
const tep_format_field* single_field(const tep_print_arg* node, const tep_event& event);

// A field whose declared type is a pointer ("const char *", "void *").
bool is_pointer_field(const tep_format_field& field);
bool is_bool_field(const tep_format_field& field);

bool same_expr(const print_plan::Expr* a, const print_plan::Expr* b);

// The end of the last record byte the expression reads at a known offset
// (0 when none): a record shorter than this gives a null value.
int64_t bytes_needed(const print_plan::Expr* e);

// "(unsigned int)((dev) >> 20)" is a MAJOR and "(unsigned int)((dev) & ((1U << 20) - 1))"
// a MINOR of the field at `field_offset`, with `bits` minor bits.
struct DeviceHalf {
  bool major = false;
  int field_offset = -1;
  int field_size = 0;
  int bits = 0;
};
bool device_half(const print_plan::Expr* e, DeviceHalf& out);

}  // namespace tep::typed
