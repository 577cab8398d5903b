// SPDX-License-Identifier: LGPL-2.1
#include "filter/filter_nodes.h"

#include <cstdlib>
#include <cstring>
#include <new>
#include <unordered_set>

namespace tep::filter {

tep_format_field* comm_field() {
  static char name[] = "COMM";
  static tep_format_field field = [] {
    tep_format_field f{};
    f.name = name;
    return f;
  }();
  return &field;
}

tep_format_field* cpu_field() {
  static char name[] = "CPU";
  static tep_format_field field = [] {
    tep_format_field f{};
    f.name = name;
    return f;
  }();
  return &field;
}

tep_filter_arg* new_node(tep_filter_arg_type type) {
  auto* node = static_cast<tep_filter_arg*>(calloc(1, sizeof(tep_filter_arg)));
  if (!node) throw std::bad_alloc();
  node->type = type;
  return node;
}

void clear_payload(tep_filter_arg* node) {
  switch (node->type) {
    case TEP_FILTER_ARG_VALUE:
      if (node->value.type == TEP_FILTER_STRING || node->value.type == TEP_FILTER_CHAR) free(node->value.str);
      break;
    case TEP_FILTER_ARG_STR:
      free(node->str.val);
      free(node->str.buffer);
      if (node->str.type == TEP_FILTER_CMP_REGEX || node->str.type == TEP_FILTER_CMP_NOT_REGEX) regfree(&node->str.reg);
      break;
    default: break;
  }
  memset(node, 0, sizeof(*node));
}

void children_of(const tep_filter_arg* node, tep_filter_arg* out[2]) {
  out[0] = out[1] = nullptr;
  switch (node->type) {
    case TEP_FILTER_ARG_OP:
      out[0] = node->op.left;
      out[1] = node->op.right;
      break;
    case TEP_FILTER_ARG_EXP:
      out[0] = node->exp.left;
      out[1] = node->exp.right;
      break;
    case TEP_FILTER_ARG_NUM:
      out[0] = node->num.left;
      out[1] = node->num.right;
      break;
    default: break;
  }
}

void free_tree(tep_filter_arg* root) {
  std::vector<tep_filter_arg*> todo;
  if (root) todo.push_back(root);
  while (!todo.empty()) {
    tep_filter_arg* node = todo.back();
    todo.pop_back();
    tep_filter_arg* kids[2];
    children_of(node, kids);
    for (tep_filter_arg* kid : kids)
      if (kid) todo.push_back(kid);
    clear_payload(node);
    free(node);
  }
}

NodePool::~NodePool() {
  for (tep_filter_arg* node : nodes_) {
    clear_payload(node);
    free(node);
  }
  for (char* str : retained_) free(str);
}

tep_filter_arg* NodePool::make(tep_filter_arg_type type) {
  if (nodes_.size() == nodes_.capacity()) nodes_.reserve(2 * nodes_.size() + 16);  // no throw after new_node
  tep_filter_arg* node = new_node(type);
  nodes_.push_back(node);
  return node;
}

tep_filter_arg* NodePool::take(tep_filter_arg* root, std::vector<char*>& retained) {
  std::unordered_set<tep_filter_arg*> reached;
  std::vector<tep_filter_arg*> todo;
  if (root) todo.push_back(root);
  while (!todo.empty()) {
    tep_filter_arg* node = todo.back();
    todo.pop_back();
    if (!reached.insert(node).second) continue;
    tep_filter_arg* kids[2];
    children_of(node, kids);
    for (tep_filter_arg* kid : kids)
      if (kid) todo.push_back(kid);
  }
  std::vector<tep_filter_arg*> rest;
  for (tep_filter_arg* node : nodes_)
    if (!reached.count(node)) rest.push_back(node);
  nodes_.swap(rest);  // the destructor frees the unreachable ones
  retained.insert(retained.end(), retained_.begin(), retained_.end());
  retained_.clear();
  return root;
}

}  // namespace tep::filter
