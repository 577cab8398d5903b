// SPDX-License-Identifier: LGPL-2.1
// Hand-built filter trees for the tests of the tree code (text, folding,
// node ownership): each maker returns a calloc'ed node owning its payload,
// freed with tep::filter::free_tree, or made from a NodePool when one is given.
#pragma once

#include <regex.h>

#include <cstdlib>
#include <cstring>

#include "event-parse.h"
#include "filter/filter_nodes.h"

namespace tep::filter::testing {

class Trees {
 public:
  explicit Trees(NodePool* pool = nullptr) : pool_(pool) {}

  tep_filter_arg* boolean(bool value) {
    tep_filter_arg* n = make(TEP_FILTER_ARG_BOOLEAN);
    n->boolean.value = value ? TEP_FILTER_TRUE : TEP_FILTER_FALSE;
    return n;
  }
  tep_filter_arg* number(unsigned long long value) {
    tep_filter_arg* n = make(TEP_FILTER_ARG_VALUE);
    n->value.type = TEP_FILTER_NUMBER;
    n->value.val = value;
    return n;
  }
  tep_filter_arg* string_value(const char* text) {
    tep_filter_arg* n = make(TEP_FILTER_ARG_VALUE);
    n->value.type = TEP_FILTER_STRING;
    n->value.str = strdup(text);
    return n;
  }
  tep_filter_arg* field(tep_format_field* f) {
    tep_filter_arg* n = make(TEP_FILTER_ARG_FIELD);
    n->field.field = f;
    return n;
  }
  tep_filter_arg* num(tep_filter_cmp_type type, tep_filter_arg* left, tep_filter_arg* right) {
    tep_filter_arg* n = make(TEP_FILTER_ARG_NUM);
    n->num.type = type;
    n->num.left = left;
    n->num.right = right;
    return n;
  }
  tep_filter_arg* exp(tep_filter_exp_type type, tep_filter_arg* left, tep_filter_arg* right) {
    tep_filter_arg* n = make(TEP_FILTER_ARG_EXP);
    n->exp.type = type;
    n->exp.left = left;
    n->exp.right = right;
    return n;
  }
  tep_filter_arg* op(tep_filter_op_type type, tep_filter_arg* left, tep_filter_arg* right) {
    tep_filter_arg* n = make(TEP_FILTER_ARG_OP);
    n->op.type = type;
    n->op.left = left;
    n->op.right = right;
    return n;
  }
  tep_filter_arg* op_not(tep_filter_arg* operand) { return op(TEP_FILTER_OP_NOT, nullptr, operand); }
  // A string comparison; the regex kinds get their pattern compiled.
  tep_filter_arg* str(tep_filter_cmp_type type, tep_format_field* f, const char* value) {
    tep_filter_arg* n = make(TEP_FILTER_ARG_STR);
    n->str.type = type;
    n->str.field = f;
    n->str.val = value ? strdup(value) : nullptr;
    if (type == TEP_FILTER_CMP_REGEX || type == TEP_FILTER_CMP_NOT_REGEX)
      regcomp(&n->str.reg, value ? value : "", REG_ICASE | REG_NOSUB);
    return n;
  }
  // `count` comparisons `f == i` joined by `type`, nested to the left: a tree `count` levels deep.
  tep_filter_arg* chain(tep_filter_op_type type, tep_format_field* f, int count) {
    tep_filter_arg* root = num(TEP_FILTER_CMP_EQ, field(f), number(0));
    for (int i = 1; i < count; i++) root = op(type, root, num(TEP_FILTER_CMP_EQ, field(f), number(i)));
    return root;
  }

 private:
  tep_filter_arg* make(tep_filter_arg_type type) { return pool_ ? pool_->make(type) : new_node(type); }

  NodePool* pool_;
};

// A field with a name only, as the tree code needs.
struct NamedField {
  explicit NamedField(const char* name) : name_(strdup(name)) { field.name = name_; }
  ~NamedField() { free(name_); }
  NamedField(const NamedField&) = delete;
  NamedField& operator=(const NamedField&) = delete;
  tep_format_field field{};

 private:
  char* name_;
};

}  // namespace tep::filter::testing
