// SPDX-License-Identifier: LGPL-2.1
// Filter tree nodes and their ownership: the pseudo fields, what
// clear_payload frees, children_of, the iterative free_tree, and NodePool
// handing over what the final tree reaches while freeing the rest (the
// leak checker of the sanitizer build sees any node or string left behind).
#include "filter/filter_nodes.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <vector>

#include "filter_trees.h"

namespace tep::filter {
namespace {

TEST(FilterNodes, PseudoFieldsHaveOnlyAName) {
  tep_format_field* comm = comm_field();
  tep_format_field* cpu = cpu_field();
  EXPECT_STREQ(comm->name, "COMM");
  EXPECT_STREQ(cpu->name, "CPU");
  EXPECT_EQ(comm_field(), comm);  // one object for the process: trees compare them by address
  EXPECT_EQ(cpu_field(), cpu);
  EXPECT_NE(comm, cpu);
  for (tep_format_field* f : {comm, cpu}) {
    EXPECT_EQ(f->event, nullptr);
    EXPECT_EQ(f->type, nullptr);
    EXPECT_EQ(f->offset, 0);
    EXPECT_EQ(f->size, 0);
    EXPECT_EQ(f->flags, 0u);
  }
}

TEST(FilterNodes, NewNodeIsZeroedWithItsType) {
  tep_filter_arg* node = new_node(TEP_FILTER_ARG_NUM);
  EXPECT_EQ(node->type, TEP_FILTER_ARG_NUM);
  EXPECT_EQ(node->num.type, TEP_FILTER_CMP_NONE);
  EXPECT_EQ(node->num.left, nullptr);
  EXPECT_EQ(node->num.right, nullptr);
  free_tree(node);
}

TEST(FilterNodes, ClearPayloadFreesWhatTheNodeOwns) {
  testing::Trees t;
  testing::NamedField comm("comm");
  for (tep_filter_arg* node : {t.string_value("abc"), t.str(TEP_FILTER_CMP_MATCH, &comm.field, "x"),
                               t.str(TEP_FILTER_CMP_REGEX, &comm.field, "^a.*"),
                               t.str(TEP_FILTER_CMP_NOT_REGEX, &comm.field, "b$"), t.number(5), t.boolean(true)}) {
    if (node->type == TEP_FILTER_ARG_STR) node->str.buffer = static_cast<char*>(calloc(1, 17));
    clear_payload(node);
    EXPECT_EQ(node->type, TEP_FILTER_ARG_NONE);
    const tep_filter_arg zero{};
    EXPECT_EQ(memcmp(node, &zero, sizeof(zero)), 0);
    free(node);
  }
}

// A CHAR value owns its string like a STRING one.
TEST(FilterNodes, ClearPayloadFreesCharValues) {
  tep_filter_arg* node = new_node(TEP_FILTER_ARG_VALUE);
  node->value.type = TEP_FILTER_CHAR;
  node->value.str = strdup("c");
  clear_payload(node);
  EXPECT_EQ(node->value.str, nullptr);
  free(node);
}

TEST(FilterNodes, ChildrenOfEachKind) {
  testing::Trees t;
  testing::NamedField pid("pid");
  tep_filter_arg* kids[2];
  tep_filter_arg *a = t.number(1), *b = t.number(2);
  for (tep_filter_arg* node :
       {t.op(TEP_FILTER_OP_AND, a, b), t.exp(TEP_FILTER_EXP_ADD, a, b), t.num(TEP_FILTER_CMP_EQ, a, b)}) {
    children_of(node, kids);
    EXPECT_EQ(kids[0], a);
    EXPECT_EQ(kids[1], b);
    memset(node, 0, sizeof(*node));
    free_tree(node);
  }
  tep_filter_arg* not_node = t.op_not(b);
  children_of(not_node, kids);
  EXPECT_EQ(kids[0], nullptr);
  EXPECT_EQ(kids[1], b);
  not_node->op.right = nullptr;
  free_tree(not_node);
  for (tep_filter_arg* leaf :
       {a, b, t.boolean(false), t.field(&pid.field), t.str(TEP_FILTER_CMP_MATCH, &pid.field, "x")}) {
    kids[0] = kids[1] = leaf;
    children_of(leaf, kids);
    EXPECT_EQ(kids[0], nullptr);
    EXPECT_EQ(kids[1], nullptr);
    free_tree(leaf);
  }
}

TEST(FilterNodes, FreeTreeOfNothing) { free_tree(nullptr); }

// Deep in both directions: left chains (&& ||) and right chains (!), far
// deeper than the parser's limit.
TEST(FilterNodes, FreeTreeIsIterative) {
  testing::Trees t;
  testing::NamedField pid("pid");
  free_tree(t.chain(TEP_FILTER_OP_AND, &pid.field, 10 * 1000));
  tep_filter_arg* nots = t.boolean(true);
  for (int i = 0; i < 100 * 1000; i++) nots = t.op_not(nots);
  free_tree(nots);
}

TEST(NodePool, DestructorFreesEverythingMade) {
  NodePool pool;
  testing::Trees t(&pool);
  testing::NamedField comm("comm");
  t.op(TEP_FILTER_OP_OR, t.str(TEP_FILTER_CMP_REGEX, &comm.field, "^k"), t.string_value("lost"));
  t.number(1);
  pool.retain_string(strdup("retained"));
}

TEST(NodePool, TakeKeepsWhatTheRootReaches) {
  std::vector<char*> retained;
  tep_filter_arg* root;
  tep_filter_arg *left, *right;
  {
    NodePool pool;
    testing::Trees t(&pool);
    testing::NamedField pid("pid");
    left = t.num(TEP_FILTER_CMP_EQ, t.field(&pid.field), t.number(1));
    right = t.string_value("kept");
    t.op(TEP_FILTER_OP_AND, t.number(7), t.string_value("abandoned"));  // unreachable: freed with the pool
    root = t.op(TEP_FILTER_OP_OR, left, right);
    char* address = strdup("c");
    pool.retain_string(address);
    EXPECT_EQ(pool.take(root, retained), root);
    ASSERT_EQ(retained.size(), 1u);
    EXPECT_EQ(retained[0], address);
  }
  // The pool is gone: the kept nodes are the caller's (ASan: no use after free).
  EXPECT_EQ(root->op.left, left);
  EXPECT_EQ(left->num.right->value.val, 1u);
  EXPECT_STREQ(right->value.str, "kept");
  free_tree(root);
  for (char* s : retained) free(s);
}

TEST(NodePool, TakeOfNoRootFreesAllNodesAndHandsOverTheStrings) {
  std::vector<char*> retained = {strdup("earlier")};
  {
    NodePool pool;
    testing::Trees t(&pool);
    t.op(TEP_FILTER_OP_OR, t.boolean(true), t.string_value("x"));
    pool.retain_string(strdup("a"));
    pool.retain_string(strdup("b"));
    EXPECT_EQ(pool.take(nullptr, retained), nullptr);
  }
  ASSERT_EQ(retained.size(), 3u);  // appended after what the vector held
  EXPECT_STREQ(retained[0], "earlier");
  EXPECT_STREQ(retained[1], "a");
  EXPECT_STREQ(retained[2], "b");
  for (char* s : retained) free(s);
}

// A node reached twice (the parser may point at one from two places before
// folding) is kept once, not counted twice.
TEST(NodePool, TakeCopesWithSharedNodes) {
  std::vector<char*> retained;
  NodePool pool;
  testing::Trees t(&pool);
  tep_filter_arg* shared = t.number(3);
  tep_filter_arg* root = t.op(TEP_FILTER_OP_AND, shared, shared);
  EXPECT_EQ(pool.take(root, retained), root);
  root->op.right = nullptr;  // free_tree would free it twice
  free_tree(root);
}

// Nodes can be made again after a take: the pool stays usable.
TEST(NodePool, MakeAfterTake) {
  std::vector<char*> retained;
  NodePool pool;
  testing::Trees t(&pool);
  tep_filter_arg* first = pool.take(t.boolean(true), retained);
  tep_filter_arg* lost = t.boolean(false);
  EXPECT_NE(lost, first);
  free_tree(first);
}

}  // namespace
}  // namespace tep::filter
