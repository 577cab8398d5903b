// SPDX-License-Identifier: LGPL-2.1
// The print fmt compiler: string arguments.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "format/field_lookup.h"
#include "format_string/cast_table.h"
#include "print_plan/compiler_state.h"
#include "print_plan/evaluator.h"
#include "record/field_access.h"

namespace tep::print_plan::compiling {

const StrArg* Compiler::string(const tep_print_arg* node, int depth) {
  if (depth > kMaxDepth) plan_.failed = true;
  if (!node || depth > kMaxDepth) return new_string(StrArg::Kind::kNothing);
  switch (node->type) {
    case TEP_PRINT_ATOM:
    case TEP_PRINT_BSTRING: {
      const char* text = node->type == TEP_PRINT_ATOM ? node->atom.atom : node->string.string;
      StrArg* s = new_string(StrArg::Kind::kText);
      s->text = text ? text : "";
      return s;
    }
    case TEP_PRINT_FIELD: {
      FieldRef f = field_of(node);
      if (!f.valid) return new_string(StrArg::Kind::kNothing);
      // A long-sized scalar is taken for a pointer: a printk string or hex.
      bool address = !f.is_array && f.size == tep_.long_size;
      StrArg* s = new_string(address ? StrArg::Kind::kAddress : StrArg::Kind::kFieldBytes);
      s->field = f;
      return s;
    }
    case TEP_PRINT_FLAGS:
    case TEP_PRINT_SYMBOL: {
      bool flags = node->type == TEP_PRINT_FLAGS;
      StrArg* s = new_string(flags ? StrArg::Kind::kFlags : StrArg::Kind::kSymbols);
      s->value = number(flags ? node->flags.field : node->symbol.field, depth + 1);
      if (flags && node->flags.delim) {
        s->has_delimiter = true;
        s->text = node->flags.delim;
      }
      for (const tep_print_flag_sym* f = flags ? node->flags.flags : node->symbol.symbols; f; f = f->next) {
        int64_t value = flag_value(f->value);
        s->symbols.push_back({value, f->str ? f->str : ""});
        if (flags) s->flag_bits.push_back(value > 0 ? static_cast<uint64_t>(value) : ~0ULL);
        if (value < 0) s->negative_end = s->symbols.size();
      }
      return s;
    }
    case TEP_PRINT_HEX:
    case TEP_PRINT_HEX_STR:
    case TEP_PRINT_INT_ARRAY: {
      bool is_hex = node->type != TEP_PRINT_INT_ARRAY;
      const tep_print_arg* source = is_hex ? node->hex.field : node->int_array.field;
      if (!source) return new_string(StrArg::Kind::kNothing);
      StrArg* s = new_string(!is_hex                       ? StrArg::Kind::kIntArray
                             : node->type == TEP_PRINT_HEX ? StrArg::Kind::kHex
                                                           : StrArg::Kind::kHexString);
      if (source->type == TEP_PRINT_DYNAMIC_ARRAY && source->dynarray.field) {
        s->source_is_dynamic = true;
        s->field = field_ref(*source->dynarray.field);
      } else if (source->type == TEP_PRINT_FIELD) {
        s->field = field_of(source);
        if (!s->field.valid) s->kind = StrArg::Kind::kNothing;
      } else {
        s->kind = StrArg::Kind::kNothing;
      }
      s->value = number(is_hex ? node->hex.size : node->int_array.count, depth + 1);
      if (!is_hex) {
        s->element_size = number(node->int_array.el_size, depth + 1);
        s->count_from_length = !node->int_array.count && s->source_is_dynamic;
      }
      return s;
    }
    case TEP_PRINT_STACKTRACE: {
      FieldRef f = resolve_field(event_, node->stacktrace.field, node->stacktrace.stacktrace);
      if (!f.valid) return new_string(StrArg::Kind::kNothing);
      StrArg* s = new_string(StrArg::Kind::kStacktrace);
      s->field = f;
      return s;
    }
    case TEP_PRINT_STRING: {
      FieldRef f = resolve_field(event_, node->string.field, node->string.string);
      if (!f.valid) return new_string(StrArg::Kind::kNothing);
      StrArg* s = new_string(StrArg::Kind::kDynString);
      s->field = f;
      return s;
    }
    case TEP_PRINT_BITMASK:
    case TEP_PRINT_CPUMASK: {
      FieldRef f = resolve_field(event_, node->bitmask.field, node->bitmask.bitmask);
      if (!f.valid) return new_string(StrArg::Kind::kNothing);
      StrArg* s = new_string(node->type == TEP_PRINT_BITMASK ? StrArg::Kind::kBitmask : StrArg::Kind::kCpumask);
      s->field = f;
      return s;
    }
    case TEP_PRINT_OP: {
      // The only operator a string can come from is ?:.
      if (!node->op.op || node->op.op[0] != '?') return new_string(StrArg::Kind::kNothing);
      const tep_print_arg* branches = node->op.right;
      if (!branches || branches->type != TEP_PRINT_OP) return new_string(StrArg::Kind::kNothing);
      StrArg* s = new_string(StrArg::Kind::kConditional);
      s->value = number(node->op.left, depth + 1);
      s->yes = string(branches->op.left, depth + 1);
      s->no = string(branches->op.right, depth + 1);
      return s;
    }
    case TEP_PRINT_FUNC: {
      StrArg* s = new_string(StrArg::Kind::kFunction);
      s->call = call(node, depth);
      return s;
    }
    default: return new_string(StrArg::Kind::kNothing);
  }
}

}  // namespace tep::print_plan::compiling
