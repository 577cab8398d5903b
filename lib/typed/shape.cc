// SPDX-License-Identifier: LGPL-2.1
#include "typed/shape.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <string>

#include "format/field_lookup.h"

namespace tep::typed {
namespace {

constexpr int kMaxDepth = 256;  // deeper expressions are not typed

const tep_format_field* field_of(const tep_print_arg* node, const tep_event& event) {
  if (node->field.field) return node->field.field;
  return node->field.name ? format::find_any_field_in(event, node->field.name) : nullptr;
}

bool computable_at(const tep_print_arg* node, const tep_event& event, int depth) {
  if (!node || depth > kMaxDepth) return false;
  switch (node->type) {
    case TEP_PRINT_ATOM: {
      // Constant folding writes negative results as "-4095".
      std::string_view text = node->atom.atom ? node->atom.atom : "";
      if (!text.empty() && text[0] == '-') text.remove_prefix(1);
      return is_number_text(text);
    }
    case TEP_PRINT_FIELD: return field_of(node, event) != nullptr;
    case TEP_PRINT_TYPE: return computable_at(node->typecast.item, event, depth + 1);
    case TEP_PRINT_DYNAMIC_ARRAY_LEN: return node->dynarray.field != nullptr;
    case TEP_PRINT_OP: {
      const char* op = node->op.op ? node->op.op : "";
      if (strcmp(op, "[") == 0) {
        const tep_print_arg* left = node->op.left;
        while (left && left->type == TEP_PRINT_TYPE) left = left->typecast.item;
        bool indexable = left && ((left->type == TEP_PRINT_FIELD && field_of(left, event)) ||
                                  (left->type == TEP_PRINT_DYNAMIC_ARRAY && left->dynarray.field));
        return indexable && computable_at(node->op.right, event, depth + 1);
      }
      if (strcmp(op, "?") == 0) {
        const tep_print_arg* branches = node->op.right;
        return branches && branches->type == TEP_PRINT_OP && computable_at(node->op.left, event, depth + 1) &&
               computable_at(branches->op.left, event, depth + 1) &&
               computable_at(branches->op.right, event, depth + 1);
      }
      // A unary operator keeps its operand on the right, the left is NULL.
      bool unary = !node->op.left || node->op.left->type == TEP_PRINT_NULL;
      if (unary && !(strcmp(op, "-") == 0 || strcmp(op, "~") == 0 || strcmp(op, "!") == 0 || strcmp(op, "+") == 0))
        return false;
      if (!unary && !computable_at(node->op.left, event, depth + 1)) return false;
      return computable_at(node->op.right, event, depth + 1);
    }
    default:
      // strings, tables, helpers, print functions, a bare __get_dynamic_array
      return false;
  }
}

void collect_field(const tep_print_arg* node, const tep_event& event, const tep_format_field*& found, bool& several,
                   int depth) {
  if (!node || depth > kMaxDepth || several) return;
  const tep_format_field* f = nullptr;
  switch (node->type) {
    case TEP_PRINT_FIELD: f = field_of(node, event); break;
    case TEP_PRINT_DYNAMIC_ARRAY:
    case TEP_PRINT_DYNAMIC_ARRAY_LEN: f = node->dynarray.field; break;
    case TEP_PRINT_TYPE: collect_field(node->typecast.item, event, found, several, depth + 1); return;
    case TEP_PRINT_OP:
      collect_field(node->op.left, event, found, several, depth + 1);
      collect_field(node->op.right, event, found, several, depth + 1);
      return;
    case TEP_PRINT_FLAGS: collect_field(node->flags.field, event, found, several, depth + 1); return;
    case TEP_PRINT_SYMBOL: collect_field(node->symbol.field, event, found, several, depth + 1); return;
    case TEP_PRINT_HEX:
    case TEP_PRINT_HEX_STR: collect_field(node->hex.field, event, found, several, depth + 1); return;
    case TEP_PRINT_INT_ARRAY: collect_field(node->int_array.field, event, found, several, depth + 1); return;
    case TEP_PRINT_STRING:
      f = node->string.field    ? node->string.field
          : node->string.string ? format::find_any_field_in(event, node->string.string)
                                : nullptr;
      break;
    case TEP_PRINT_BITMASK:
    case TEP_PRINT_CPUMASK:
      f = node->bitmask.field     ? node->bitmask.field
          : node->bitmask.bitmask ? format::find_any_field_in(event, node->bitmask.bitmask)
                                  : nullptr;
      break;
    case TEP_PRINT_STACKTRACE:  // named by the print fmt, resolved when printed
      f = node->stacktrace.field        ? node->stacktrace.field
          : node->stacktrace.stacktrace ? format::find_any_field_in(event, node->stacktrace.stacktrace)
                                        : nullptr;
      break;
    default: return;
  }
  if (!f) return;
  if (found && found != f) several = true;
  found = f;
}

bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

}  // namespace

bool is_number_text(std::string_view text) {
  size_t i = 0;
  if (text.empty()) return false;
  if (text.size() > 1 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    i = 2;
    if (i >= text.size() || !isxdigit(static_cast<unsigned char>(text[i]))) return false;
    while (i < text.size() && isxdigit(static_cast<unsigned char>(text[i]))) i++;
  } else {
    if (!isdigit(static_cast<unsigned char>(text[0]))) return false;
    while (i < text.size() && isdigit(static_cast<unsigned char>(text[i]))) i++;
  }
  for (; i < text.size(); i++)
    if (!strchr("uUlL", text[i])) return false;
  return true;
}

bool integer_type_of(std::string_view type, int long_size, int& width, bool& is_signed) {
  while (!type.empty() && type.back() == ' ') type.remove_suffix(1);
  while (!type.empty() && type.front() == ' ') type.remove_prefix(1);
  if (type.empty() || type.back() == '*' || type.substr(0, 6) == "struct") return false;
  for (std::string_view q : {"const ", "volatile "})
    if (type.substr(0, q.size()) == q) type.remove_prefix(q.size());
  for (std::string_view p : {"__", "_"})
    if (type.substr(0, p.size()) == p && type.size() == p.size() + 3) type.remove_prefix(p.size());
  if (type.size() == 2 || type.size() == 3) {
    char sign = type[0];
    std::string_view bits = type.substr(1);
    if ((sign == 'u' || sign == 's') && (bits == "8" || bits == "16" || bits == "32" || bits == "64")) {
      width = std::stoi(std::string(bits)) / 8;
      is_signed = sign == 's';
      return true;
    }
  }
  bool has_unsigned = false;
  if (type.substr(0, 9) == "unsigned ") {
    has_unsigned = true;
    type.remove_prefix(9);
  } else if (type == "unsigned") {
    width = 4;
    is_signed = false;
    return true;
  } else if (type.substr(0, 7) == "signed ") {
    type.remove_prefix(7);
  }
  struct Named {
    std::string_view name;
    int width;  // 0: long
    bool is_signed;
  };
  static constexpr Named named[] = {
      {"char", 1, true},     {"short", 2, true},     {"short int", 2, true}, {"int", 4, true},
      {"long", 0, true},     {"long int", 0, true},  {"long long", 8, true}, {"long long int", 8, true},
      {"bool", 1, false},    {"_Bool", 1, false},    {"size_t", 0, false},   {"ssize_t", 0, true},
      {"pid_t", 4, true},    {"uid_t", 4, false},    {"gid_t", 4, false},    {"dev_t", 4, false},
      {"gfp_t", 4, false},   {"loff_t", 8, true},    {"sector_t", 8, false}, {"umode_t", 2, false},
      {"int8_t", 1, true},   {"int16_t", 2, true},   {"int32_t", 4, true},   {"int64_t", 8, true},
      {"uint8_t", 1, false}, {"uint16_t", 2, false}, {"uint32_t", 4, false}, {"uint64_t", 8, false},
  };
  for (const Named& n : named) {
    if (type != n.name) continue;
    width = n.width ? n.width : long_size;
    is_signed = has_unsigned ? false : n.is_signed;
    return width == 1 || width == 2 || width == 4 || width == 8;
  }
  return false;
}

Unwrapped unwrap(const tep_print_arg* node, int long_size) {
  Unwrapped u;
  int depth = 0;
  while (node && node->type == TEP_PRINT_TYPE && depth++ < kMaxDepth) {
    std::string_view type = node->typecast.type ? node->typecast.type : "";
    int width = 0;
    bool is_signed = false;
    if (ends_with(type, "*")) {
      u.pointer_cast = true;
    } else if (integer_type_of(type, long_size, width, is_signed)) {
      if (!u.cast_width || width < u.cast_width) {
        u.cast_width = width;
        u.cast_signed = is_signed;
      }
    }
    node = node->typecast.item;
  }
  u.core = node;
  return u;
}

bool computable(const tep_print_arg* node, const tep_event& event) { return computable_at(node, event, 0); }

const tep_format_field* single_field(const tep_print_arg* node, const tep_event& event) {
  const tep_format_field* found = nullptr;
  bool several = false;
  collect_field(node, event, found, several, 0);
  return several ? nullptr : found;
}

bool is_pointer_field(const tep_format_field& field) {
  std::string_view type = field.type ? field.type : "";
  return !(field.flags & TEP_FIELD_IS_ARRAY) && type.find('*') != std::string_view::npos;
}

bool is_bool_field(const tep_format_field& field) {
  std::string_view type = field.type ? field.type : "";
  return field.size == 1 && (type == "bool" || type == "_Bool" || type == "const bool");
}

bool same_expr(const print_plan::Expr* a, const print_plan::Expr* b) {
  if (a == b) return true;
  if (!a || !b || a->kind != b->kind || a->op != b->op || a->constant != b->constant ||
      a->element_size != b->element_size || a->index != b->index || a->call != b->call)
    return false;
  if (a->field.offset != b->field.offset || a->field.size != b->field.size || a->field.valid != b->field.valid)
    return false;
  return same_expr(a->a, b->a) && same_expr(a->b, b->b) && same_expr(a->c, b->c);
}

int64_t bytes_needed(const print_plan::Expr* e) {
  using K = print_plan::Expr::Kind;
  if (!e) return 0;
  int64_t need = 0;
  switch (e->kind) {
    case K::kField:
    case K::kDynamicAddress:
    case K::kDynamicLength:
    case K::kDynamicIndex: need = int64_t{e->field.offset} + e->field.size; break;
    case K::kFieldIndex:
      if (e->a && e->a->kind == K::kConstant)
        need = int64_t{e->field.offset} + static_cast<int64_t>(e->a->constant + 1) * e->element_size;
      else
        need = int64_t{e->field.offset} + e->element_size;
      break;
    default: break;
  }
  for (const print_plan::Expr* sub : {e->a, e->b, e->c})
    if (sub) need = std::max(need, bytes_needed(sub));
  return need;
}

bool device_half(const print_plan::Expr* e, DeviceHalf& out) {
  using K = print_plan::Expr::Kind;
  if (e && e->kind == K::kMask && e->constant == 0xffffffffULL) e = e->a;
  if (!e || e->kind != K::kBinary || !e->a || !e->b || e->a->kind != K::kField || e->b->kind != K::kConstant)
    return false;
  uint64_t k = e->b->constant;
  out.field_offset = e->a->field.offset;
  out.field_size = e->a->field.size;
  if (e->op == print_plan::Expr::Op::kShr && k > 0 && k < 32) {
    out.major = true;
    out.bits = static_cast<int>(k);
    return true;
  }
  if (e->op == print_plan::Expr::Op::kAnd && k && ((k + 1) & k) == 0 && k < 0xffffffffULL) {
    out.major = false;
    out.bits = __builtin_popcountll(k);
    return true;
  }
  return false;
}

}  // namespace tep::typed
