// SPDX-License-Identifier: LGPL-2.1
// The public filter tree nodes (struct tep_filter_arg, read by trace-cmd and
// KernelShark) and who owns them. Nodes are malloc'ed C structs so the tree
// looks exactly like upstream's; a node owns the strings and regex_t it
// points to (VALUE str, STR val/buffer/reg), never its children's.
#pragma once

#include <cstddef>
#include <vector>

#include "event-parse.h"

namespace tep::filter {

// The pseudo fields upstream accepts in every event: the task's comm (looked
// up from common_pid) and the record's CPU. Only their names are set.
tep_format_field* comm_field();
tep_format_field* cpu_field();

// glibc's regcomp recurses per pattern element and overflows the stack on
// long patterns (upstream crashes there): longer ones are refused.
inline constexpr size_t kMaxRegexLength = 4096;

tep_filter_arg* new_node(tep_filter_arg_type type);
// Frees what the node itself owns (not its children) and marks it NONE.
void clear_payload(tep_filter_arg* node);
// Frees a whole tree, iteratively (trees can be thousands of levels deep).
void free_tree(tep_filter_arg* root);
// The children a node links to (left, right), nullptr where absent.
void children_of(const tep_filter_arg* node, tep_filter_arg* out[2]);

// Every node and detached string made while parsing one expression. The
// parser rewires nodes freely (collapsing, reparenting, abandoning partial
// trees like upstream does); take() keeps what the final tree reaches and
// frees the rest, and the destructor frees everything on failure.
class NodePool {
 public:
  NodePool() = default;
  ~NodePool();
  NodePool(const NodePool&) = delete;
  NodePool& operator=(const NodePool&) = delete;

  tep_filter_arg* make(tep_filter_arg_type type);
  // A string the tree no longer points to but whose address lives on as a
  // number (a one-character 'c' literal compares as its address upstream).
  void retain_string(char* str) { retained_.push_back(str); }
  // The nodes reachable from `root` become the caller's (free with
  // free_tree); `retained` receives the retained strings.
  tep_filter_arg* take(tep_filter_arg* root, std::vector<char*>& retained);

 private:
  std::vector<tep_filter_arg*> nodes_;
  std::vector<char*> retained_;
};

}  // namespace tep::filter
