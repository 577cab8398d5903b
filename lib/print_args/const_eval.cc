// SPDX-License-Identifier: LGPL-2.1
#include "print_args/const_eval.h"

#include <charconv>
#include <cstring>
#include <string_view>

#include "base/number_scan.h"
#include "format_string/cast_table.h"

namespace tep::print_args {

namespace {

// A value's decimal spelling (as std::to_string writes it), kept in the tree.
char* keep_decimal(format::ArgTree& tree, long long value) {
  char digits[24];
  char* end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  return tree.keep(std::string_view(digits, static_cast<size_t>(end - digits)));
}

// Trees are at most as deep as the parser's recursion limit allows; this
// bound only keeps a hand-built tree from overflowing the stack.
constexpr int kMaxDepth = 4096;

bool eval_signed(const tep_print_arg* arg, long long& out, int depth);

bool eval_operands(const tep_print_arg& arg, long long& left, long long& right, int depth) {
  return arg.op.left && arg.op.right && eval_signed(arg.op.left, left, depth + 1) &&
         eval_signed(arg.op.right, right, depth + 1);
}

// A missing left operand (unary + and -) counts as 0.
bool eval_unary_or_binary(const tep_print_arg& arg, long long& left, long long& right, int depth) {
  if (!arg.op.left || !arg.op.right) return false;
  if (arg.op.left->type == TEP_PRINT_NULL)
    left = 0;
  else if (!eval_signed(arg.op.left, left, depth + 1))
    return false;
  return eval_signed(arg.op.right, right, depth + 1);
}

bool eval_op(const tep_print_arg& arg, long long& out, int depth) {
  const char* op = arg.op.op;
  if (!op || !op[0]) return false;
  long long l = 0, r = 0;
  switch (op[0]) {
    case '|':
      if (!eval_operands(arg, l, r, depth)) return false;
      out = op[1] ? (l || r) : (l | r);
      return true;
    case '&':
      if (!eval_operands(arg, l, r, depth)) return false;
      out = op[1] ? (l && r) : (l & r);
      return true;
    case '<':
      if (!eval_operands(arg, l, r, depth)) return false;
      switch (op[1]) {
        case 0: out = l < r; return true;
        case '<': out = static_cast<long long>(static_cast<uint64_t>(l) << (r & 63)); return true;
        case '=': out = l <= r; return true;
        default: return false;
      }
    case '>':
      if (!eval_operands(arg, l, r, depth)) return false;
      switch (op[1]) {
        case 0: out = l > r; return true;
        case '>': out = l >> (r & 63); return true;
        case '=': out = l >= r; return true;
        default: return false;
      }
    case '=':
      if (!eval_operands(arg, l, r, depth) || op[1] != '=') return false;
      out = l == r;
      return true;
    case '!':
      if (!eval_operands(arg, l, r, depth) || op[1] != '=') return false;
      out = l != r;
      return true;
    case '-':
      if (!eval_unary_or_binary(arg, l, r, depth)) return false;
      out = static_cast<long long>(static_cast<uint64_t>(l) - static_cast<uint64_t>(r));
      return true;
    case '+':
      if (!eval_unary_or_binary(arg, l, r, depth)) return false;
      out = static_cast<long long>(static_cast<uint64_t>(l) + static_cast<uint64_t>(r));
      return true;
    case '~':
      if (!arg.op.right || !eval_signed(arg.op.right, r, depth + 1)) return false;
      out = ~r;
      return true;
    default: return false;
  }
}

bool eval_signed(const tep_print_arg* arg, long long& out, int depth) {
  if (!arg || depth > kMaxDepth) return false;
  switch (arg->type) {
    case TEP_PRINT_ATOM:
      out = arg->atom.atom ? base::scan_number(arg->atom.atom, base::kStrtoll).as_signed() : 0;
      return true;
    case TEP_PRINT_TYPE:
      if (!eval_signed(arg->typecast.item, out, depth + 1)) return false;
      out = static_cast<long long>(apply_cast(static_cast<uint64_t>(out), arg->typecast.type));
      return true;
    case TEP_PRINT_OP: return eval_op(*arg, out, depth);
    default: return false;
  }
}

// "1 + 2" on unsigned 64-bit values; false for operators upstream does not
// fold and for a division by zero (upstream crashes there).
bool fold_op(std::string_view op, uint64_t l, uint64_t r, uint64_t& out) {
  if (op == "+")
    out = l + r;
  else if (op == "-")
    out = l - r;
  else if (op == "*")
    out = l * r;
  else if (op == "/" || op == "%") {
    if (r == 0) return false;
    out = op == "/" ? l / r : l % r;
  } else if (op == "<<")
    out = l << (r & 63);
  else if (op == ">>")
    out = l >> (r & 63);
  else if (op == "&")
    out = l & r;
  else if (op == "|")
    out = l | r;
  else if (op == "^")
    out = l ^ r;
  else if (op == "<")
    out = l < r;
  else if (op == ">")
    out = l > r;
  else if (op == "<=")
    out = l <= r;
  else if (op == ">=")
    out = l >= r;
  else if (op == "==")
    out = l == r;
  else if (op == "!=")
    out = l != r;
  else if (op == "&&")
    out = l && r;
  else if (op == "||")
    out = l || r;
  else
    return false;
  return true;
}

void fold(format::ArgTree& tree, tep_print_arg* arg, int depth) {
  if (!arg || arg->type != TEP_PRINT_OP || depth > kMaxDepth) return;
  fold(tree, arg->op.left, depth + 1);
  fold(tree, arg->op.right, depth + 1);
  const tep_print_arg* left = arg->op.left;
  const tep_print_arg* right = arg->op.right;
  if (!left || !right || left->type != TEP_PRINT_ATOM || right->type != TEP_PRINT_ATOM || !left->atom.atom ||
      !right->atom.atom || !arg->op.op)
    return;
  uint64_t value;
  if (!fold_op(arg->op.op, base::scan_number(left->atom.atom, base::kStrtoull).bits,
               base::scan_number(right->atom.atom, base::kStrtoull).bits, value))
    return;
  *arg = tep_print_arg{};
  arg->type = TEP_PRINT_ATOM;
  arg->atom.atom = keep_decimal(tree, static_cast<long long>(value));
}

}  // namespace

uint64_t apply_cast(uint64_t value, const char* type) { return type ? value & format_string::cast_mask(type) : value; }

char* table_entry_text(format::ArgTree& tree, const tep_print_arg& arg) {
  const tep_print_arg* node = &arg;
  // A cast of an atom keeps the atom's spelling: "(u8)3" stores "3".
  for (int depth = 0; node && node->type == TEP_PRINT_TYPE && depth <= kMaxDepth; ++depth) node = node->typecast.item;
  if (!node) return nullptr;
  // The atom's text is already the tree's, and never written in place.
  if (node->type == TEP_PRINT_ATOM) return node->atom.atom ? node->atom.atom : tree.keep("");
  long long value;
  if (node->type != TEP_PRINT_OP || !eval_signed(node, value, 0)) return nullptr;
  return keep_decimal(tree, value);
}

void fold_constants(format::ArgTree& tree, tep_print_arg& arg) { fold(tree, &arg, 0); }

}  // namespace tep::print_args
