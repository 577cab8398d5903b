// SPDX-License-Identifier: LGPL-2.1
#include "filter/filter_program.h"

#include <cstring>
#include <string>

#include "core/handle.h"
#include "filter/filter_nodes.h"
#include "record/field_access.h"

namespace tep::filter {
namespace {

// Text of a value that is not NUL-terminated in the record, or a number.
struct Scratch {
  char small[128];
  std::string big;

  char* reserve(size_t n) {
    if (n < sizeof(small)) return small;
    big.assign(n + 1, '\0');
    return big.data();
  }
};

// "0x" and lower-case hex digits, like upstream's "0x%llx".
const char* hex_text(uint64_t v, Scratch& scratch) {
  char* out = scratch.small;
  char digits[16];
  int n = 0;
  do {
    digits[n++] = "0123456789abcdef"[v & 0xf];
    v >>= 4;
  } while (v);
  *out++ = '0';
  *out++ = 'x';
  while (n) *out++ = digits[--n];
  *out = 0;
  return scratch.small;
}

// `count` bytes at `start` (clipped to the record) up to the first NUL.
const char* copy_text(const uint8_t* data, int data_size, int64_t start, int64_t count, Scratch& scratch) {
  if (start < 0 || start >= data_size || count <= 0) {
    scratch.small[0] = 0;
    return scratch.small;
  }
  if (count > data_size - start) count = data_size - start;
  char* out = scratch.reserve(static_cast<size_t>(count));
  memcpy(out, data + start, static_cast<size_t>(count));
  out[count] = 0;
  return out;
}

// A field read as a number. For a field that is not 1, 2, 4 or 8 bytes (a char
// array: `prev_comm > 5`) upstream compares an uninitialised variable, in
// practice a user-space pointer left on its stack (trace-cmd matches every
// record for `> 5` and `!= 0`, none for `< 5`, `== 0` or `& 1`). Ours compares
// the address of the field's bytes: the same answers against such numbers,
// and the same on every run. A field outside the record reads as 0.
uint64_t field_number(const tep_format_field& field, const tep_record& record, bool swap) {
  uint64_t v = 0;
  if (read_field_value(field, record.data, record.size, swap, v)) return v;
  const int size = field.size;
  if (size == 1 || size == 2 || size == 4 || size == 8) return 0;
  return reinterpret_cast<uintptr_t>(record.data) + static_cast<uint64_t>(field.offset);
}

// The record's pid, read within its size (tep_data_pid reads past it, as upstream's).
int record_pid(const tep_handle& tep, const tep_record& record) {
  return tep.common_fields.read(tep, record::CommonField::Pid, record.data, record.size);
}

}  // namespace

MatchProgram::MatchProgram(tep_handle* tep, const tep_filter_arg* root) : tep_(tep) {
  root_ = compile_condition(root);
}

int MatchProgram::add(const Node& node) {
  nodes_.push_back(node);
  return static_cast<int>(nodes_.size() - 1);
}

int MatchProgram::compile_condition(const tep_filter_arg* arg) {
  Node node;
  if (!arg) {
    node.op = TEP_ERRNO__INVALID_ARG_TYPE;
    return add(node);
  }
  switch (arg->type) {
    case TEP_FILTER_ARG_BOOLEAN:
      node.kind = Kind::kConst;
      node.number = arg->boolean.value ? 1 : 0;
      return add(node);
    case TEP_FILTER_ARG_OP:
      switch (arg->op.type) {
        case TEP_FILTER_OP_AND:
        case TEP_FILTER_OP_OR:
          node.kind = arg->op.type == TEP_FILTER_OP_AND ? Kind::kAnd : Kind::kOr;
          node.left = compile_condition(arg->op.left);
          break;
        case TEP_FILTER_OP_NOT:
          node.kind = Kind::kNot;
          break;
        default:
          node.op = TEP_ERRNO__INVALID_OP_TYPE;
          return add(node);
      }
      node.right = compile_condition(arg->op.right);
      return add(node);
    case TEP_FILTER_ARG_NUM: {
      node.op = arg->num.type;
      const tep_filter_arg* left = arg->num.left;
      const tep_filter_arg* right = arg->num.right;
      if (left && right && left->type == TEP_FILTER_ARG_FIELD && left->field.field &&
          left->field.field != comm_field() && left->field.field != cpu_field() &&
          right->type == TEP_FILTER_ARG_VALUE && right->value.type == TEP_FILTER_NUMBER) {
        node.kind = Kind::kCompareFieldNumber;
        node.field = left->field.field;
        node.number = right->value.val;
        return add(node);
      }
      node.kind = Kind::kCompareNumbers;
      node.left = compile_value(left);
      node.right = compile_value(right);
      return add(node);
    }
    case TEP_FILTER_ARG_STR: {
      node.kind = Kind::kCompareStrings;
      node.op = arg->str.type;
      node.text = arg->str.val ? arg->str.val : "";
      node.regex = &arg->str.reg;
      const tep_format_field* field = arg->str.field;
      if (!field) {
        node.kind = Kind::kBadCondition;
        node.op = TEP_ERRNO__INVALID_ARG_TYPE;
      } else if (field == comm_field()) {
        node.source = StringSource::kComm;
      } else if (field == cpu_field()) {
        node.source = StringSource::kCpuText;
      } else if (field->flags & TEP_FIELD_IS_STRING) {
        node.source = (field->flags & TEP_FIELD_IS_DYNAMIC) ? StringSource::kDynamic : StringSource::kFixed;
        node.field = field;
      } else {
        node.source = StringSource::kNumberText;
        node.field = field;
        node.symbolize = (field->flags & (TEP_FIELD_IS_POINTER | TEP_FIELD_IS_LONG)) != 0;
      }
      return add(node);
    }
    case TEP_FILTER_ARG_EXP:
    case TEP_FILTER_ARG_VALUE:
    case TEP_FILTER_ARG_FIELD:
      node.kind = Kind::kNonZero;
      node.left = compile_value(arg);
      return add(node);
    default:
      node.op = TEP_ERRNO__INVALID_ARG_TYPE;
      return add(node);
  }
}

int MatchProgram::compile_value(const tep_filter_arg* arg) {
  Node node;
  node.kind = Kind::kBadValue;
  node.op = TEP_ERRNO__INVALID_ARG_TYPE;
  if (!arg) return add(node);
  switch (arg->type) {
    case TEP_FILTER_ARG_FIELD:
      node.field = arg->field.field;
      if (node.field == comm_field())
        node.kind = Kind::kCommAddress;
      else if (node.field == cpu_field())
        node.kind = Kind::kCpu;
      else if (node.field)
        node.kind = Kind::kField;
      return add(node);
    case TEP_FILTER_ARG_VALUE:
      node.kind = arg->value.type == TEP_FILTER_NUMBER ? Kind::kNumber : Kind::kStringValue;
      node.number = arg->value.val;
      return add(node);
    case TEP_FILTER_ARG_EXP:
      node.kind = Kind::kArithmetic;
      node.op = arg->exp.type;
      node.left = compile_value(arg->exp.left);
      node.right = compile_value(arg->exp.right);
      return add(node);
    default:
      return add(node);
  }
}

bool MatchProgram::matches(tep_record* record, tep_errno& err) const {
  return root_ >= 0 && test(root_, record, err);
}

bool MatchProgram::test(int index, tep_record* record, tep_errno& err) const {
  if (err) return false;  // after an error nothing more is evaluated
  const Node& node = nodes_[index];
  switch (node.kind) {
    case Kind::kConst:
      return node.number != 0;
    case Kind::kAnd:
      return test(node.left, record, err) && test(node.right, record, err);
    case Kind::kOr:
      return test(node.left, record, err) || test(node.right, record, err);
    case Kind::kNot:
      return !test(node.right, record, err);
    case Kind::kCompareFieldNumber:
      return compare(node.op, field_number(*node.field, *record, swaps_bytes(*tep_)), node.number, err);
    case Kind::kCompareNumbers: {
      uint64_t l = value(node.left, record, err);
      uint64_t r = value(node.right, record, err);
      if (err) return false;
      return compare(node.op, l, r, err);
    }
    case Kind::kCompareStrings:
      if (node.op < TEP_FILTER_CMP_MATCH || node.op > TEP_FILTER_CMP_NOT_REGEX) {
        err = TEP_ERRNO__ILLEGAL_STRING_CMP;
        return false;
      }
      return test_strings(node, record);
    case Kind::kNonZero:
      return value(node.left, record, err) != 0;
    default:
      err = static_cast<tep_errno>(node.op);
      return false;
  }
}

bool MatchProgram::compare(int op, uint64_t l, uint64_t r, tep_errno& err) {
  switch (op) {
    case TEP_FILTER_CMP_EQ: return l == r;
    case TEP_FILTER_CMP_NE: return l != r;
    case TEP_FILTER_CMP_GT: return l > r;
    case TEP_FILTER_CMP_LT: return l < r;
    case TEP_FILTER_CMP_GE: return l >= r;
    case TEP_FILTER_CMP_LE: return l <= r;
    default:
      err = TEP_ERRNO__ILLEGAL_INTEGER_CMP;
      return false;
  }
}

uint64_t MatchProgram::value(int index, tep_record* record, tep_errno& err) const {
  const Node& node = nodes_[index];
  switch (node.kind) {
    case Kind::kNumber:
      return node.number;
    case Kind::kStringValue:
      if (!err) err = TEP_ERRNO__NOT_A_NUMBER;
      return node.number;
    case Kind::kField:
      return field_number(*node.field, *record, swaps_bytes(*tep_));
    case Kind::kCpu:
      return static_cast<uint64_t>(static_cast<int64_t>(record->cpu));
    case Kind::kCommAddress:
      // Upstream compares the comm string's address as the number.
      return reinterpret_cast<uintptr_t>(tep_->comms.comm_of(record_pid(*tep_, *record)));
    case Kind::kArithmetic: {
      uint64_t l = value(node.left, record, err);
      uint64_t r = value(node.right, record, err);
      if (err) return 0;
      switch (node.op) {
        case TEP_FILTER_EXP_ADD: return l + r;
        case TEP_FILTER_EXP_SUB: return l - r;
        case TEP_FILTER_EXP_MUL: return l * r;
        case TEP_FILTER_EXP_DIV:
        case TEP_FILTER_EXP_MOD:
          if (r == 0) break;  // upstream dies of SIGFPE; an error here
          return node.op == TEP_FILTER_EXP_DIV ? l / r : l % r;
        // Shift counts wrap at 64 as on the x86 upstream runs on.
        case TEP_FILTER_EXP_RSHIFT: return l >> (r & 63);
        case TEP_FILTER_EXP_LSHIFT: return l << (r & 63);
        case TEP_FILTER_EXP_AND: return l & r;
        case TEP_FILTER_EXP_OR: return l | r;
        case TEP_FILTER_EXP_XOR: return l ^ r;
        default: break;
      }
      if (!err) err = TEP_ERRNO__INVALID_EXP_TYPE;
      return 0;
    }
    default:
      if (!err) err = static_cast<tep_errno>(node.op);
      return 0;
  }
}

// The record's text for the field, as upstream reads it: a char array up to
// its NUL (or all of it), a __data_loc string up to its NUL (or, when its last
// byte is not NUL, the first bytes of the location word's size), the comm of
// the record's pid, or a number as a kernel symbol / "0x..." text.
bool MatchProgram::test_strings(const Node& node, tep_record* record) const {
  Scratch scratch;
  const uint8_t* data = static_cast<const uint8_t*>(record->data);
  const int data_size = record->size;
  const char* text = "";
  switch (node.source) {
    case StringSource::kComm:
      text = tep_->comms.comm_of(record_pid(*tep_, *record));
      break;
    case StringSource::kCpuText:
      text = hex_text(static_cast<uint64_t>(static_cast<int64_t>(record->cpu)), scratch);
      break;
    case StringSource::kNumberText: {
      uint64_t v = 0;
      read_field_value(*tep_, *node.field, data, data_size, v);
      FunctionTable::CMatch match;
      text = node.symbolize && tep_->functions.lookup(v, match) ? match.name : nullptr;
      if (!text) text = hex_text(v, scratch);
      break;
    }
    case StringSource::kFixed:
    case StringSource::kDynamic: {
      int64_t start = node.field->offset;
      int64_t length = node.field->size;
      if (node.source == StringSource::kDynamic) {
        uint32_t loc = 0;
        if (start >= 0 && start + 4 <= data_size) memcpy(&loc, data + start, 4);
        start = loc & 0xffff;
        length = loc >> 16;
      }
      const int64_t last = start + length - 1;
      // NUL-terminated within the record: compared in place. (With a length,
      // data[last] is that NUL; an empty location needs a search.)
      if (start >= 0 && last >= 0 && last < data_size && data[last] == 0 && start < data_size &&
          (last >= start || memchr(data + start, 0, static_cast<size_t>(data_size - start)))) {
        text = reinterpret_cast<const char*>(data + start);
      } else {
        text = copy_text(data, data_size, start, node.field->size, scratch);
      }
      break;
    }
  }
  if (!text) text = "";
  switch (node.op) {
    case TEP_FILTER_CMP_MATCH: return strcmp(text, node.text) == 0;
    case TEP_FILTER_CMP_NOT_MATCH: return strcmp(text, node.text) != 0;
    case TEP_FILTER_CMP_REGEX: return regexec(node.regex, text, 0, nullptr, 0) == 0;
    default: return regexec(node.regex, text, 0, nullptr, 0) != 0;
  }
}

}  // namespace tep::filter
