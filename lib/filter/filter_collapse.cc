// SPDX-License-Identifier: LGPL-2.1
#include "filter/filter_collapse.h"

#include <cstring>

namespace tep::filter {
namespace {

enum Verdict { kNormal = 0, kFalse = 1, kTrue = 2 };

class Folder {
 public:
  Folder(ErrorReport& errors, size_t position) : errors_(errors), position_(position) {}

  // kNormal, kFalse, kTrue, or a negative tep_errno.
  int test(tep_filter_arg* parent, tep_filter_arg* arg);

 private:
  int replace_by_child(tep_filter_arg* parent, tep_filter_arg* old_child, tep_filter_arg* child);
  int test_logic(tep_filter_arg* parent, tep_filter_arg* arg);

  ErrorReport& errors_;
  size_t position_;
};

int Folder::test(tep_filter_arg* parent, tep_filter_arg* arg) {
  if (!arg) {
    // An operator without its operand ("prev_pid ==", "a == 1 &&"): upstream
    // dereferences the missing child and crashes.
    errors_.show(position_, "Syntax error");
    return TEP_ERRNO__SYNTAX_ERROR;
  }
  switch (arg->type) {
    case TEP_FILTER_ARG_BOOLEAN: return arg->boolean.value ? kTrue : kFalse;
    case TEP_FILTER_ARG_STR:
    case TEP_FILTER_ARG_VALUE:
    case TEP_FILTER_ARG_FIELD: return kNormal;
    case TEP_FILTER_ARG_EXP:
    case TEP_FILTER_ARG_NUM: {
      tep_filter_arg* kids[2];
      children_of(arg, kids);
      int verdict = test(arg, kids[0]);
      if (verdict != kNormal) return verdict;
      return test(arg, kids[1]);
    }
    case TEP_FILTER_ARG_OP: return test_logic(parent, arg);
    default: errors_.show(position_, "bad arg in filter tree"); return TEP_ERRNO__BAD_FILTER_ARG;
  }
}

// && || !: a constant side decides the result or drops out.
int Folder::test_logic(tep_filter_arg* parent, tep_filter_arg* arg) {
  const tep_filter_op_type type = arg->op.type;
  if (type != TEP_FILTER_OP_NOT) {
    int left = test(arg, arg->op.left);
    if (left < 0) return left;
    if (left != kNormal) {
      if (left == kTrue && type == TEP_FILTER_OP_OR) return kTrue;
      if (left == kFalse && type == TEP_FILTER_OP_AND) return kFalse;
      int right = test(arg, arg->op.right);
      if (right != kNormal) return right;
      return replace_by_child(parent, arg, arg->op.right);
    }
  }
  int right = test(arg, arg->op.right);
  if (right == kTrue) {
    if (type == TEP_FILTER_OP_OR) return kTrue;
    if (type == TEP_FILTER_OP_NOT) return kFalse;
    return replace_by_child(parent, arg, arg->op.left);
  }
  if (right == kFalse) {
    if (type == TEP_FILTER_OP_AND) return kFalse;
    if (type == TEP_FILTER_OP_NOT) return kTrue;
    return replace_by_child(parent, arg, arg->op.left);
  }
  return right;
}

// `child` takes the place of `old_child` under `parent`; at the root (parent
// == old_child) the child's contents move into the root node itself.
int Folder::replace_by_child(tep_filter_arg* parent, tep_filter_arg* old_child, tep_filter_arg* child) {
  if (parent->type != TEP_FILTER_ARG_OP && child->type != TEP_FILTER_ARG_OP) {
    errors_.show(position_, "can not reparent other than OP");
    return TEP_ERRNO__REPARENT_NOT_OP;
  }
  if (old_child->op.right == child) {
    old_child->op.right = nullptr;
  } else if (old_child->op.left == child) {
    old_child->op.left = nullptr;
  } else {
    errors_.show(position_, "Error in reparent op, find other child");
    return TEP_ERRNO__REPARENT_FAILED;
  }
  if (parent == old_child) {
    *parent = *child;
    memset(child, 0, sizeof(*child));  // its payload now belongs to the root
    return kNormal;
  }
  if (parent->op.right == old_child) {
    parent->op.right = child;
  } else if (parent->op.left == old_child) {
    parent->op.left = child;
  } else {
    errors_.show(position_, "Error in reparent op");
    return TEP_ERRNO__REPARENT_FAILED;
  }
  return kNormal;
}

}  // namespace

int collapse_tree(tep_filter_arg* root, NodePool& pool, ErrorReport& errors, size_t position, tep_filter_arg** out) {
  Folder folder(errors, position);
  int verdict = folder.test(root, root);
  *out = nullptr;
  if (verdict < 0) return verdict;
  if (verdict == kNormal) {
    *out = root;
  } else {
    *out = pool.make(TEP_FILTER_ARG_BOOLEAN);
    (*out)->boolean.value = verdict == kTrue ? TEP_FILTER_TRUE : TEP_FILTER_FALSE;
  }
  return 0;
}

}  // namespace tep::filter
