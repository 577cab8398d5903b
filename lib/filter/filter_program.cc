// SPDX-License-Identifier: LGPL-2.1
#include "filter/filter_program.h"

#include <algorithm>
#include <cstring>

#include "core/handle.h"
#include "filter/filter_nodes.h"
#include "filter/match_tests.h"
#include "record/field_access.h"

namespace tep::filter {
namespace {

bool valid_integer_cmp(int op) { return op >= TEP_FILTER_CMP_EQ && op <= TEP_FILTER_CMP_LE; }

// A value node's first error whatever the record: 0 when it has none, kMayFail
// when a division by a record's value may fail first.
constexpr int kMayFail = 1;

}  // namespace

MatchProgram::MatchProgram(tep_handle* tep, const tep_filter_arg* root) : tep_(tep) {
  const int entry = compile_condition(root, kAccept, kReject);
  // steps_ is complete: its elements stay where they are from here on.
  auto at = [this](int index) -> const Step* {
    return index >= 0 ? &steps_[static_cast<size_t>(index)] : index == kAccept ? &accept_ : &reject_;
  };
  for (Step& step : steps_) {
    step.program = this;
    if (step.test == Tests::fail)
      step.to[0] = step.to[1] = Tests::error_end(step.op);
    else
      step.to[0] = at(step.next[0]), step.to[1] = at(step.next[1]);
  }
  // A jump to a test that fails whatever the record goes to its error at once.
  auto past_failures = [](const Step* step) { return step->test == Tests::fail ? step->to[0] : step; };
  for (Step& step : steps_) step.to[0] = past_failures(step.to[0]), step.to[1] = past_failures(step.to[1]);
  entry_ = past_failures(at(entry));
}

// The step (or end) where testing `arg` starts; its outcome continues at
// `on_true` / `on_false`. Children are compiled right to left, so that each
// test knows where its outcomes jump.
int MatchProgram::compile_condition(const tep_filter_arg* arg, int on_true, int on_false) {
  Step step;
  step.test = Tests::fail;
  step.op = TEP_ERRNO__INVALID_ARG_TYPE;
  if (arg) {
    switch (arg->type) {
      case TEP_FILTER_ARG_BOOLEAN: return arg->boolean.value ? on_true : on_false;
      case TEP_FILTER_ARG_OP:
        switch (arg->op.type) {
          case TEP_FILTER_OP_AND:
            return compile_condition(arg->op.left, compile_condition(arg->op.right, on_true, on_false), on_false);
          case TEP_FILTER_OP_OR:
            return compile_condition(arg->op.left, on_true, compile_condition(arg->op.right, on_true, on_false));
          case TEP_FILTER_OP_NOT: return compile_condition(arg->op.right, on_false, on_true);
          default: step.op = TEP_ERRNO__INVALID_OP_TYPE; break;
        }
        break;
      case TEP_FILTER_ARG_NUM: step = compile_numbers(arg); break;
      case TEP_FILTER_ARG_STR: step = compile_strings(arg); break;
      case TEP_FILTER_ARG_EXP:
      case TEP_FILTER_ARG_VALUE:
      case TEP_FILTER_ARG_FIELD:
        step.left = compile_value(arg);
        if (const int err = static_error(step.left); err < 0) {
          step.op = err;
        } else {
          step.test = Tests::then<Tests::guarded<Tests::non_zero>>;
        }
        break;
      default: break;
    }
  }
  step.next[0] = on_false;
  step.next[1] = on_true;
  steps_.push_back(step);
  return static_cast<int>(steps_.size() - 1);
}

MatchProgram::Step MatchProgram::compile_numbers(const tep_filter_arg* arg) {
  Step step;
  step.op = arg->num.type;
  const tep_filter_arg* left = arg->num.left;
  const tep_filter_arg* right = arg->num.right;
  if (valid_integer_cmp(step.op) && left && right && left->type == TEP_FILTER_ARG_FIELD) {
    const tep_format_field* field = left->field.field;
    const int size = field ? field->size : 0;
    if ((size == 1 || size == 2 || size == 4 || size == 8) && field->offset >= 0 && field != comm_field() &&
        field != cpu_field() && right->type == TEP_FILTER_ARG_VALUE && right->value.type == TEP_FILTER_NUMBER) {
      step.test = Tests::field_test(size, (field->flags & TEP_FIELD_IS_SIGNED) != 0, step.op);
      step.offset = field->offset;
      step.end = static_cast<int64_t>(field->offset) + size;
      step.number = right->value.val;
      return step;
    }
  }
  step.left = compile_value(left);
  step.right = compile_value(right);
  int err = static_error(step.left);
  if (!err) err = static_error(step.right);
  if (!err && !valid_integer_cmp(step.op)) err = TEP_ERRNO__ILLEGAL_INTEGER_CMP;
  step.test = err < 0 ? Tests::fail : Tests::then<Tests::guarded<Tests::compare_values>>;
  if (err < 0) step.op = err;
  return step;
}

MatchProgram::Step MatchProgram::compile_strings(const tep_filter_arg* arg) {
  Step step;
  step.test = Tests::then<Tests::guarded<Tests::compare_strings>>;
  step.op = arg->str.type;
  step.text = arg->str.val ? arg->str.val : "";
  step.length = strlen(step.text);
  step.regex = &arg->str.reg;
  const tep_format_field* field = arg->str.field;
  if (!field) {
    step.test = Tests::fail;
    step.op = TEP_ERRNO__INVALID_ARG_TYPE;
  } else if (step.op < TEP_FILTER_CMP_MATCH || step.op > TEP_FILTER_CMP_NOT_REGEX) {
    step.test = Tests::fail;
    step.op = TEP_ERRNO__ILLEGAL_STRING_CMP;
  } else if (field == comm_field()) {
    step.source = StringSource::kComm;
  } else if (field == cpu_field()) {
    step.source = StringSource::kCpuText;
  } else if (field->flags & TEP_FIELD_IS_STRING) {
    const bool dynamic = field->flags & TEP_FIELD_IS_DYNAMIC;
    step.source = dynamic ? StringSource::kDynamic : StringSource::kFixed;
    step.field = field;
    step.offset = field->offset;
    // A __data_loc field's bytes are its 4-byte location word.
    step.end = static_cast<int64_t>(field->offset) + (dynamic ? 4 : field->size);
    if (step.op == TEP_FILTER_CMP_MATCH || step.op == TEP_FILTER_CMP_NOT_MATCH) {
      step.test =
          Tests::string_test(step, !dynamic && field->size > 0, field->size, step.op == TEP_FILTER_CMP_NOT_MATCH);
    }
  } else {
    step.source = StringSource::kNumberText;
    step.field = field;
    step.symbolize = (field->flags & (TEP_FIELD_IS_POINTER | TEP_FIELD_IS_LONG)) != 0;
  }
  return step;
}

int MatchProgram::compile_value(const tep_filter_arg* arg) {
  Node node;
  if (arg) {
    switch (arg->type) {
      case TEP_FILTER_ARG_FIELD:
        node.field = arg->field.field;
        if (node.field == comm_field())
          node.kind = Kind::kCommAddress;
        else if (node.field == cpu_field())
          node.kind = Kind::kCpu;
        else if (node.field)
          node.kind = Kind::kField;
        break;
      case TEP_FILTER_ARG_VALUE:
        node.kind = arg->value.type == TEP_FILTER_NUMBER ? Kind::kNumber : Kind::kStringValue;
        node.number = arg->value.val;
        break;
      case TEP_FILTER_ARG_EXP:
        node.kind = Kind::kArithmetic;
        node.op = arg->exp.type;
        node.left = compile_value(arg->exp.left);
        node.right = compile_value(arg->exp.right);
        break;
      default: break;
    }
  }
  nodes_.push_back(node);
  return static_cast<int>(nodes_.size() - 1);
}

// As value() meets errors: left, then right, then the node's own.
int MatchProgram::static_error(int index) const {
  const Node& node = nodes_[index];
  switch (node.kind) {
    case Kind::kStringValue: return TEP_ERRNO__NOT_A_NUMBER;
    case Kind::kBadValue: return node.op;
    case Kind::kArithmetic: {
      if (const int err = static_error(node.left)) return err;
      if (const int err = static_error(node.right)) return err;
      if (node.op == TEP_FILTER_EXP_DIV || node.op == TEP_FILTER_EXP_MOD) return kMayFail;
      return node.op >= TEP_FILTER_EXP_ADD && node.op <= TEP_FILTER_EXP_XOR ? 0 : TEP_ERRNO__INVALID_EXP_TYPE;
    }
    default: return 0;
  }
}

uint64_t MatchProgram::value(int index, tep_record* record, tep_errno& err) const {
  const Node& node = nodes_[index];
  switch (node.kind) {
    case Kind::kNumber: return node.number;
    case Kind::kStringValue:
      if (!err) err = TEP_ERRNO__NOT_A_NUMBER;
      return node.number;
    case Kind::kField: return matching::field_number(*node.field, *record, core::swaps_bytes(*tep_));
    case Kind::kCpu: return static_cast<uint64_t>(static_cast<int64_t>(record->cpu));
    case Kind::kCommAddress:
      // Upstream compares the comm string's address as the number.
      return reinterpret_cast<uintptr_t>(tep_->comms.comm_of(matching::record_pid(*tep_, *record)));
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

}  // namespace tep::filter
