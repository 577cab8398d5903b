// SPDX-License-Identifier: LGPL-2.1
// The print fmt compiler: number arguments (expressions).
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

const Expr* Compiler::number(const tep_print_arg* node, int depth) {
  if (depth > kMaxDepth) plan_.failed = true;
  if (!node || depth > kMaxDepth) return new_expr(Expr::Kind::kZero);
  switch (node->type) {
    case TEP_PRINT_ATOM: {
      Expr* e = new_expr(Expr::Kind::kConstant);
      e->constant = node->atom.atom ? strtoull(node->atom.atom, nullptr, 0) : 0;
      return e;
    }
    case TEP_PRINT_FIELD: {
      FieldRef f = field_of(node);
      if (!f.valid) return new_expr(Expr::Kind::kZero);
      Expr* e = new_expr(Expr::Kind::kField);
      e->field = f;
      return e;
    }
    case TEP_PRINT_TYPE: {
      const Expr* item = number(node->typecast.item, depth + 1);
      return masked(item, format_string::cast_mask(node->typecast.type ? node->typecast.type : ""));
    }
    case TEP_PRINT_FUNC: {
      Expr* e = new_expr(Expr::Kind::kFunction);
      e->call = call(node, depth);
      return e;
    }
    case TEP_PRINT_DYNAMIC_ARRAY:
    case TEP_PRINT_DYNAMIC_ARRAY_LEN: {
      if (!node->dynarray.field) return new_expr(Expr::Kind::kZero);
      Expr* e =
          new_expr(node->type == TEP_PRINT_DYNAMIC_ARRAY ? Expr::Kind::kDynamicAddress : Expr::Kind::kDynamicLength);
      e->field = field_ref(*node->dynarray.field);
      return e;
    }
    case TEP_PRINT_OP: {
      const char* op = node->op.op ? node->op.op : "";
      if (strcmp(op, "[") == 0) {
        const tep_print_arg* left = node->op.left;
        const tep_print_arg* cast = nullptr;
        while (left && left->type == TEP_PRINT_TYPE) {
          if (!cast) cast = left;
          left = left->typecast.item;
        }
        if (left && left->type == TEP_PRINT_DYNAMIC_ARRAY && left->dynarray.field) {
          Expr* e = new_expr(Expr::Kind::kDynamicIndex);
          e->field = field_ref(*left->dynarray.field);
          e->element_size = e->field.element_size ? e->field.element_size : tep_.long_size;
          e->a = number(node->op.right, depth + 1);
          e->constant = cast ? format_string::pointer_cast_mask(cast->typecast.type ? cast->typecast.type : "") : ~0ULL;
          return e;
        }
        if (left && left->type == TEP_PRINT_FIELD) {
          FieldRef f = field_of(left);
          if (!f.valid) return new_expr(Expr::Kind::kZero);
          const Expr* index = number(node->op.right, depth + 1);
          uint64_t mask =
              cast ? format_string::pointer_cast_mask(cast->typecast.type ? cast->typecast.type : "") : ~0ULL;
          // REC->args[2]: the element is a field of its own (evaluate's offset).
          int64_t at = static_cast<int64_t>(f.offset + index->constant * f.element_size);
          if (index->kind == Expr::Kind::kConstant && at >= 0 && at <= INT32_MAX) {
            Expr* e = new_expr(Expr::Kind::kField);
            e->field.offset = static_cast<int>(at);
            e->field.size = f.element_size;
            e->field.valid = true;
            return masked(e, mask);
          }
          Expr* e = new_expr(Expr::Kind::kFieldIndex);
          e->field = f;
          e->element_size = f.element_size;
          e->a = index;
          e->constant = mask;
          return e;
        }
        Expr* e = new_expr(Expr::Kind::kBinary);  // upstream: "[" is then an unknown op
        e->op = Expr::Op::kUnknown;
        e->a = e->b = new_expr(Expr::Kind::kZero);  // e.g. `"%p", r[4]`: nothing to index
        return e;
      }
      if (strcmp(op, "?") == 0) {
        const tep_print_arg* branches = node->op.right;
        Expr* e = new_expr(Expr::Kind::kConditional);
        e->a = number(node->op.left, depth + 1);
        if (branches && branches->type == TEP_PRINT_OP) {
          e->b = number(branches->op.left, depth + 1);
          e->c = number(branches->op.right, depth + 1);
        } else {
          e->b = e->c = new_expr(Expr::Kind::kZero);
        }
        if (e->a->kind == Expr::Kind::kConstant) return e->a->constant ? e->b : e->c;
        return e;
      }
      Expr* e = new_expr(Expr::Kind::kBinary);
      e->op = op_from(op);
      e->a = number(node->op.left, depth + 1);
      e->b = number(node->op.right, depth + 1);
      // Kernel formats are full of constant arithmetic (masks, shifts): fold it once.
      if (e->a->kind == Expr::Kind::kConstant && e->b->kind == Expr::Kind::kConstant)
        return constant(apply_operator(e->op, e->a->constant, e->b->constant));
      return e;
    }
    default:
      // NULL, strings, bitmasks (0 upstream); flags, symbols, arrays, hex
      // (an uninitialised value upstream).
      return new_expr(Expr::Kind::kZero);
  }
}

}  // namespace tep::print_plan::compiling
