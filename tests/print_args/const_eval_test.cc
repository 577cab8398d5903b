// SPDX-License-Identifier: LGPL-2.1
#include "print_args/const_eval.h"

#include <gtest/gtest.h>

namespace tep::print_args {
namespace {

TEST(PrintFmtConstEval, CastsMaskLikeUpstream) {
  EXPECT_EQ(apply_cast(0x1ff, "u8"), 0xffu);
  EXPECT_EQ(apply_cast(0x1ffff, "u16"), 0xffffu);
  EXPECT_EQ(apply_cast(0x1ffffffffull, "u32"), 0xffffffffu);
  EXPECT_EQ(apply_cast(~0ull, "s64"), ~0ull);
  EXPECT_EQ(apply_cast(200, "s8"), 200u);  // sign-extended, then masked again
  EXPECT_EQ(apply_cast(65537, "short"), 1u);
  EXPECT_EQ(apply_cast(257, "unsigned char"), 1u);
  EXPECT_EQ(apply_cast(4294967297ull, "int"), 1u);
  EXPECT_EQ(apply_cast(257, "char *"), 257u);
  EXPECT_EQ(apply_cast(257, "struct x"), 257u);
  EXPECT_EQ(apply_cast(257, "pid_t"), 257u);
  // Short and empty type strings are safe (upstream read before their start).
  EXPECT_EQ(apply_cast(257, ""), 257u);
  EXPECT_EQ(apply_cast(257, "*"), 257u);
  EXPECT_EQ(apply_cast(257, nullptr), 257u);
}

struct Nodes {
  base::StringArena memory;
  format::ArgTree tree{memory};
  tep_print_arg* atom(const char* text) {
    tep_print_arg* a = tree.new_arg();
    a->type = TEP_PRINT_ATOM;
    a->atom.atom = tree.keep(text);
    return a;
  }
  tep_print_arg* op(const char* name, tep_print_arg* l, tep_print_arg* r) {
    tep_print_arg* a = tree.new_arg();
    a->type = TEP_PRINT_OP;
    a->op.op = tree.keep(name);
    a->op.left = l ? l : tree.new_arg();
    a->op.right = r;
    return a;
  }
  tep_print_arg* cast(const char* type, tep_print_arg* item) {
    tep_print_arg* a = tree.new_arg();
    a->type = TEP_PRINT_TYPE;
    a->typecast.type = tree.keep(type);
    a->typecast.item = item;
    return a;
  }
};

TEST(PrintFmtConstEval, TableEntriesKeepAtomsAndEvaluateOperators) {
  Nodes n;
  EXPECT_STREQ(table_entry_text(n.tree, *n.atom("0x10u")), "0x10u");
  EXPECT_STREQ(table_entry_text(n.tree, *n.cast("u8", n.atom("300"))), "300");
  EXPECT_STREQ(table_entry_text(n.tree, *n.op("+", n.cast("u8", n.atom("300")), n.atom("1"))), "45");
  EXPECT_STREQ(table_entry_text(n.tree, *n.op("-", nullptr, n.atom("1"))), "-1");
  EXPECT_STREQ(table_entry_text(n.tree, *n.op("~", nullptr, n.atom("1"))), "-2");
  EXPECT_STREQ(table_entry_text(n.tree, *n.op("<<", n.atom("1"), n.atom("3"))), "8");
  EXPECT_STREQ(table_entry_text(n.tree, *n.op(">>", n.op("-", nullptr, n.atom("1")), n.atom("60"))), "-1");
  EXPECT_STREQ(table_entry_text(n.tree, *n.op("-", nullptr, n.op("<<", n.atom("1"), n.atom("63")))),
               "-9223372036854775808");  // more digits than a short string holds
  EXPECT_STREQ(table_entry_text(n.tree, *n.op("+", n.atom("18446744073709551615"), n.atom("0"))),
               "9223372036854775807");  // strtoll saturates
  EXPECT_STREQ(table_entry_text(n.tree, *n.op("||", n.atom("0"), n.atom("2"))), "1");
  EXPECT_STREQ(table_entry_text(n.tree, *n.op("!=", n.atom("1"), n.atom("2"))), "1");
  for (const char* unsupported : {"*", "/", "%", "^", "?", "!"})
    EXPECT_FALSE(table_entry_text(n.tree, *n.op(unsupported, n.atom("1"), n.atom("2")))) << unsupported;
  tep_print_arg* field = n.tree.new_arg();
  field->type = TEP_PRINT_FIELD;
  EXPECT_FALSE(table_entry_text(n.tree, *field));
}

TEST(PrintFmtConstEval, FoldingIsUnsignedAndBottomUp) {
  Nodes n;
  tep_print_arg* e = n.op("*", n.op("+", n.atom("1"), n.atom("2")), n.atom("3"));
  fold_constants(n.tree, *e);
  ASSERT_EQ(e->type, TEP_PRINT_ATOM);
  EXPECT_STREQ(e->atom.atom, "9");
  e = n.op(">>", n.atom("18446744073709551615"), n.atom("60"));
  fold_constants(n.tree, *e);
  EXPECT_STREQ(e->atom.atom, "15");
  e = n.op("-", n.atom("5"), n.atom("10"));
  fold_constants(n.tree, *e);
  EXPECT_STREQ(e->atom.atom, "-5");
  e = n.op("/", n.atom("5"), n.atom("0"));
  fold_constants(n.tree, *e);
  EXPECT_EQ(e->type, TEP_PRINT_OP);
  e = n.op("-", nullptr, n.atom("1"));  // unary: not folded
  fold_constants(n.tree, *e);
  EXPECT_EQ(e->type, TEP_PRINT_OP);
  e = n.op("[", n.atom("1"), n.atom("2"));
  fold_constants(n.tree, *e);
  EXPECT_EQ(e->type, TEP_PRINT_OP);
}

}  // namespace
}  // namespace tep::print_args
