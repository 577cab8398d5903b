// SPDX-License-Identifier: LGPL-2.1
// lib/typed/shape: what the model builder asks of a print fmt argument (casts,
// computability, the field it reads) and of its compiled form (equality, the
// bytes it needs, MAJOR / MINOR halves).
#include "typed/shape.h"

#include <gtest/gtest.h>

#include <deque>
#include <string>

#include "unit_fixture.h"

namespace tep::typed {
namespace {

using test::Handle;

TEST(TypedShape, IntegerTypes) {
  int width = 0;
  bool is_signed = false;
  EXPECT_TRUE(integer_type_of("u8", 8, width, is_signed));
  EXPECT_EQ(width, 1);
  EXPECT_FALSE(is_signed);
  EXPECT_TRUE(integer_type_of("__s32", 8, width, is_signed));
  EXPECT_EQ(width, 4);
  EXPECT_TRUE(is_signed);
  EXPECT_TRUE(integer_type_of("unsigned long", 4, width, is_signed));
  EXPECT_EQ(width, 4);
  EXPECT_FALSE(is_signed);
  EXPECT_TRUE(integer_type_of("long", 8, width, is_signed));
  EXPECT_EQ(width, 8);
  EXPECT_TRUE(is_signed);
  EXPECT_TRUE(integer_type_of("pid_t", 8, width, is_signed));
  EXPECT_EQ(width, 4);
  EXPECT_FALSE(integer_type_of("void *", 8, width, is_signed));
  EXPECT_FALSE(integer_type_of("struct page", 8, width, is_signed));
  EXPECT_FALSE(integer_type_of("gfp_flags_t_unknown", 8, width, is_signed));
}

TEST(TypedShape, IntegerTypeSpellings) {
  int width = 0;
  bool is_signed = true;
  EXPECT_TRUE(integer_type_of("unsigned", 8, width, is_signed));
  EXPECT_EQ(width, 4);
  EXPECT_FALSE(is_signed);
  EXPECT_TRUE(integer_type_of("unsigned char", 8, width, is_signed));
  EXPECT_EQ(width, 1);
  EXPECT_FALSE(is_signed);
  EXPECT_TRUE(integer_type_of("signed char", 8, width, is_signed));
  EXPECT_TRUE(is_signed);
  EXPECT_TRUE(integer_type_of("  const u16 ", 8, width, is_signed));
  EXPECT_EQ(width, 2);
  EXPECT_TRUE(integer_type_of("_s16", 8, width, is_signed));
  EXPECT_TRUE(is_signed);
  EXPECT_TRUE(integer_type_of("__u64", 8, width, is_signed));
  EXPECT_EQ(width, 8);
  EXPECT_TRUE(integer_type_of("unsigned long long", 4, width, is_signed));
  EXPECT_EQ(width, 8);
  EXPECT_TRUE(integer_type_of("size_t", 4, width, is_signed));
  EXPECT_EQ(width, 4);
  EXPECT_FALSE(is_signed);
  EXPECT_TRUE(integer_type_of("bool", 8, width, is_signed));
  EXPECT_EQ(width, 1);
  EXPECT_FALSE(integer_type_of("", 8, width, is_signed));
  EXPECT_FALSE(integer_type_of("char *", 8, width, is_signed));
  EXPECT_FALSE(integer_type_of("u128", 8, width, is_signed));
  // A long of no usable size is no integer type.
  EXPECT_FALSE(integer_type_of("long", 3, width, is_signed));
  EXPECT_FALSE(integer_type_of("long", 0, width, is_signed));
}

TEST(TypedShape, NumberTexts) {
  EXPECT_TRUE(is_number_text("0x1f"));
  EXPECT_TRUE(is_number_text("0XAB"));
  EXPECT_TRUE(is_number_text("8ULL"));
  EXPECT_TRUE(is_number_text("70"));
  EXPECT_FALSE(is_number_text("jiffies"));
  EXPECT_FALSE(is_number_text("0x"));
  EXPECT_FALSE(is_number_text("0xg"));
  EXPECT_FALSE(is_number_text("12ab"));
  EXPECT_FALSE(is_number_text("-1"));  // computable() takes the sign off first
  EXPECT_FALSE(is_number_text(""));
}

const char kFields[] =
    "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"
    "\tfield:unsigned int b;\toffset:12;\tsize:4;\tsigned:0;\n"
    "\tfield:void * p;\toffset:16;\tsize:8;\tsigned:0;\n"
    "\tfield:unsigned long arr[4];\toffset:24;\tsize:32;\tsigned:0;\n"
    "\tfield:bool on;\toffset:56;\tsize:1;\tsigned:0;\n"
    "\tfield:__data_loc char[] name;\toffset:60;\tsize:4;\tsigned:0;\n";

// The trees of a print fmt's arguments, parsed by the library.
class ShapeArgs : public ::testing::Test {
 protected:
  const format::Event& parse(const std::string& print_fmt) { return h_.add(kFields, print_fmt); }
  Handle h_;
};

TEST_F(ShapeArgs, UnwrapTakesOffEveryCastKeepingTheNarrowest) {
  const format::Event& e =
      parse("\"%d %d %p %d\", (unsigned int)(u8)REC->a, (long)(short)REC->b, (void *)REC->b, REC->a");
  Unwrapped u = unwrap(Handle::arg(e, 0), 8);
  ASSERT_NE(u.core, nullptr);
  EXPECT_EQ(u.core->type, TEP_PRINT_FIELD);
  EXPECT_EQ(u.cast_width, 1);
  EXPECT_FALSE(u.cast_signed);
  EXPECT_FALSE(u.pointer_cast);
  Unwrapped s = unwrap(Handle::arg(e, 1), 8);
  EXPECT_EQ(s.cast_width, 2);
  EXPECT_TRUE(s.cast_signed);
  Unwrapped p = unwrap(Handle::arg(e, 2), 8);
  EXPECT_TRUE(p.pointer_cast);
  EXPECT_EQ(p.cast_width, 0);
  Unwrapped none = unwrap(Handle::arg(e, 3), 8);
  EXPECT_EQ(none.core, Handle::arg(e, 3));
  EXPECT_EQ(none.cast_width, 0);
  Unwrapped null = unwrap(nullptr, 8);
  EXPECT_EQ(null.core, nullptr);
}

TEST_F(ShapeArgs, ComputableExpressions) {
  const format::Event& e = parse(
      "\"%d %d %d %d %ld %d %d %d\", REC->a, REC->a + REC->b * 2, -REC->a, REC->a ? 1 : 2, REC->arr[1], "
      "__get_dynamic_array_len(name), !REC->on, ~REC->b");
  for (size_t i = 0; i < 8; i++) EXPECT_TRUE(computable(Handle::arg(e, i), e)) << i;
}

TEST_F(ShapeArgs, KernelVariablesStringsAndHelpersAreNotComputable) {
  const format::Event& e =
      parse("\"%lu %d %s %d %s\", jiffies - REC->a, REC->a ? jiffies : 0, \"text\", REC->a + jiffies, __get_str(name)");
  for (size_t i = 0; i < 5; i++) EXPECT_FALSE(computable(Handle::arg(e, i), e)) << i;
  EXPECT_FALSE(computable(nullptr, e));
}

TEST_F(ShapeArgs, SingleField) {
  const format::Event& e = parse(
      "\"%d %d %d %s %s %d\", REC->a + REC->a, REC->a + REC->b, 7, __print_flags(REC->b, \"|\", {1, \"X\"}), "
      "__get_str(name), (int)REC->arr[2]");
  const tep_format_field* a = tep_find_field(const_cast<format::Event*>(&e), "a");
  const tep_format_field* b = tep_find_field(const_cast<format::Event*>(&e), "b");
  EXPECT_EQ(single_field(Handle::arg(e, 0), e), a);
  EXPECT_EQ(single_field(Handle::arg(e, 1), e), nullptr);  // two fields
  EXPECT_EQ(single_field(Handle::arg(e, 2), e), nullptr);  // none
  EXPECT_EQ(single_field(Handle::arg(e, 3), e), b);
  EXPECT_STREQ(single_field(Handle::arg(e, 4), e)->name, "name");
  EXPECT_STREQ(single_field(Handle::arg(e, 5), e)->name, "arr");
  EXPECT_EQ(single_field(nullptr, e), nullptr);
}

// Trees no print fmt of the parser gives, built by hand.
class Trees {
 public:
  tep_print_arg* atom(const char* text) {
    tep_print_arg& n = node(TEP_PRINT_ATOM);
    n.atom.atom = str(text);
    return &n;
  }
  tep_print_arg* field(tep_format_field* f) {
    tep_print_arg& n = node(TEP_PRINT_FIELD);
    n.field.name = f->name;
    n.field.field = f;
    return &n;
  }
  tep_print_arg* cast(const char* type, tep_print_arg* item) {
    tep_print_arg& n = node(TEP_PRINT_TYPE);
    n.typecast.type = str(type);
    n.typecast.item = item;
    return &n;
  }
  tep_print_arg* op(const char* o, tep_print_arg* left, tep_print_arg* right) {
    tep_print_arg& n = node(TEP_PRINT_OP);
    n.op.op = str(o);
    n.op.left = left;
    n.op.right = right;
    return &n;
  }
  tep_print_arg& node(tep_print_arg_type type) {
    tep_print_arg& n = nodes_.emplace_back();
    n = tep_print_arg{};
    n.type = type;
    return n;
  }

 private:
  char* str(const char* s) { return s ? strings_.emplace_back(s).data() : nullptr; }
  std::deque<tep_print_arg> nodes_;
  std::deque<std::string> strings_;
};

TEST_F(ShapeArgs, ComputableOnOddTrees) {
  const format::Event& e = parse("\"%d\", REC->a");
  tep_format_field* a = tep_find_field(const_cast<format::Event*>(&e), "a");
  Trees t;
  EXPECT_TRUE(computable(t.atom("-4095"), e));  // folded constants may be negative
  EXPECT_FALSE(computable(t.atom(nullptr), e));
  EXPECT_FALSE(computable(t.op("&", nullptr, t.field(a)), e));  // an address-of: unary, not arithmetic
  EXPECT_TRUE(computable(t.op("-", &t.node(TEP_PRINT_NULL), t.field(a)), e));
  EXPECT_FALSE(computable(t.op("?", t.field(a), t.atom("1")), e));   // branches that are no ':'
  EXPECT_FALSE(computable(t.op("[", t.atom("3"), t.atom("1")), e));  // only a field is indexed
  EXPECT_FALSE(computable(&t.node(TEP_PRINT_NULL), e));
  // A field the event does not have.
  tep_format_field ghost{};
  ghost.name = const_cast<char*>("ghost");
  tep_print_arg* unresolved = t.field(&ghost);
  unresolved->field.field = nullptr;
  EXPECT_FALSE(computable(unresolved, e));
  // Too deep to be typed (and no stack overflow on the way).
  tep_print_arg* deep = t.field(a);
  for (int i = 0; i < 10000; i++) deep = t.cast("int", deep);
  EXPECT_FALSE(computable(deep, e));
  EXPECT_EQ(single_field(deep, e), nullptr);
  Unwrapped u = unwrap(deep, 8);
  ASSERT_NE(u.core, nullptr);  // stops after its limit, on a cast
  EXPECT_EQ(u.core->type, TEP_PRINT_TYPE);
}

TEST(TypedShape, PointerAndBoolFields) {
  tep_format_field f{};
  f.type = const_cast<char*>("const char *");
  f.size = 8;
  EXPECT_TRUE(is_pointer_field(f));
  f.flags = TEP_FIELD_IS_ARRAY;  // "char *names[4]": an array, not a pointer
  EXPECT_FALSE(is_pointer_field(f));
  f.type = nullptr;
  f.flags = 0;
  EXPECT_FALSE(is_pointer_field(f));
  EXPECT_FALSE(is_bool_field(f));
  f.size = 1;
  for (const char* type : {"bool", "_Bool", "const bool"}) {
    f.type = const_cast<char*>(type);
    EXPECT_TRUE(is_bool_field(f)) << type;
  }
  f.type = const_cast<char*>("u8");
  EXPECT_FALSE(is_bool_field(f));
  f.type = const_cast<char*>("bool");
  f.size = 4;
  EXPECT_FALSE(is_bool_field(f));
}

// Compiled expressions built by hand.
class Exprs {
 public:
  const print_plan::Expr* field(int offset, int size) {
    print_plan::Expr& e = add(print_plan::Expr::Kind::kField);
    e.field.offset = offset;
    e.field.size = size;
    e.field.valid = true;
    return &e;
  }
  const print_plan::Expr* constant(uint64_t v) {
    print_plan::Expr& e = add(print_plan::Expr::Kind::kConstant);
    e.constant = v;
    return &e;
  }
  const print_plan::Expr* binary(print_plan::Expr::Op op, const print_plan::Expr* a, const print_plan::Expr* b) {
    print_plan::Expr& e = add(print_plan::Expr::Kind::kBinary);
    e.op = op;
    e.a = a;
    e.b = b;
    return &e;
  }
  const print_plan::Expr* mask(uint64_t m, const print_plan::Expr* a) {
    print_plan::Expr& e = add(print_plan::Expr::Kind::kMask);
    e.constant = m;
    e.a = a;
    return &e;
  }
  const print_plan::Expr* index(int offset, int element, const print_plan::Expr* i) {
    print_plan::Expr& e = add(print_plan::Expr::Kind::kFieldIndex);
    e.field.offset = offset;
    e.field.size = 4 * element;
    e.element_size = element;
    e.a = i;
    return &e;
  }

 private:
  print_plan::Expr& add(print_plan::Expr::Kind kind) {
    print_plan::Expr& e = exprs_.emplace_back();
    e.kind = kind;
    return e;
  }
  std::deque<print_plan::Expr> exprs_;
};

using Op = print_plan::Expr::Op;

TEST(TypedShape, SameExprIsStructural) {
  Exprs x;
  const print_plan::Expr* a = x.binary(Op::kAnd, x.field(8, 4), x.constant(3));
  const print_plan::Expr* b = x.binary(Op::kAnd, x.field(8, 4), x.constant(3));
  EXPECT_TRUE(same_expr(a, a));
  EXPECT_TRUE(same_expr(a, b));
  EXPECT_TRUE(same_expr(nullptr, nullptr));
  EXPECT_FALSE(same_expr(a, nullptr));
  EXPECT_FALSE(same_expr(a, x.binary(Op::kOr, x.field(8, 4), x.constant(3))));
  EXPECT_FALSE(same_expr(a, x.binary(Op::kAnd, x.field(12, 4), x.constant(3))));
  EXPECT_FALSE(same_expr(a, x.binary(Op::kAnd, x.field(8, 2), x.constant(3))));
  EXPECT_FALSE(same_expr(a, x.binary(Op::kAnd, x.field(8, 4), x.constant(7))));
  EXPECT_FALSE(same_expr(a, x.binary(Op::kAnd, x.field(8, 4), nullptr)));
}

TEST(TypedShape, BytesNeeded) {
  Exprs x;
  EXPECT_EQ(bytes_needed(nullptr), 0);
  EXPECT_EQ(bytes_needed(x.constant(5)), 0);
  EXPECT_EQ(bytes_needed(x.field(8, 4)), 12);
  EXPECT_EQ(bytes_needed(x.binary(Op::kAdd, x.field(8, 4), x.field(16, 8))), 24);
  EXPECT_EQ(bytes_needed(x.mask(0xff, x.field(20, 2))), 22);
  // arr[3] of 8-byte elements at 24: up to the end of element 3.
  EXPECT_EQ(bytes_needed(x.index(24, 8, x.constant(3))), 24 + 4 * 8);
  // An index read from the record: at least the first element, and the index's field.
  EXPECT_EQ(bytes_needed(x.index(24, 8, x.field(8, 4))), 32);
  EXPECT_EQ(bytes_needed(x.index(4, 2, x.field(40, 4))), 44);
}

TEST(TypedShape, DeviceHalves) {
  Exprs x;
  DeviceHalf h;
  ASSERT_TRUE(device_half(x.binary(Op::kShr, x.field(8, 4), x.constant(20)), h));
  EXPECT_TRUE(h.major);
  EXPECT_EQ(h.bits, 20);
  EXPECT_EQ(h.field_offset, 8);
  EXPECT_EQ(h.field_size, 4);
  ASSERT_TRUE(device_half(x.binary(Op::kAnd, x.field(8, 4), x.constant((1u << 20) - 1)), h));
  EXPECT_FALSE(h.major);
  EXPECT_EQ(h.bits, 20);
  // "(unsigned int)(...)" compiles to a 32-bit mask around it.
  ASSERT_TRUE(device_half(x.mask(0xffffffff, x.binary(Op::kShr, x.field(12, 8), x.constant(8))), h));
  EXPECT_TRUE(h.major);
  EXPECT_EQ(h.bits, 8);
  EXPECT_EQ(h.field_offset, 12);
}

TEST(TypedShape, NotDeviceHalves) {
  Exprs x;
  DeviceHalf h;
  EXPECT_FALSE(device_half(nullptr, h));
  EXPECT_FALSE(device_half(x.field(8, 4), h));
  EXPECT_FALSE(device_half(x.binary(Op::kShr, x.field(8, 4), x.constant(0)), h));
  EXPECT_FALSE(device_half(x.binary(Op::kShr, x.field(8, 4), x.constant(32)), h));
  EXPECT_FALSE(device_half(x.binary(Op::kAnd, x.field(8, 4), x.constant(0x5)), h));  // not 2^n - 1
  EXPECT_FALSE(device_half(x.binary(Op::kAnd, x.field(8, 4), x.constant(0)), h));
  EXPECT_FALSE(device_half(x.binary(Op::kAnd, x.field(8, 4), x.constant(0xffffffff)), h));
  EXPECT_FALSE(device_half(x.binary(Op::kAdd, x.field(8, 4), x.constant(20)), h));
  EXPECT_FALSE(device_half(x.binary(Op::kShr, x.constant(20), x.field(8, 4)), h));
  EXPECT_FALSE(device_half(x.binary(Op::kShr, x.field(8, 4), x.field(12, 4)), h));
  EXPECT_FALSE(device_half(x.mask(0xffff, x.binary(Op::kShr, x.field(8, 4), x.constant(20))), h));
}

}  // namespace
}  // namespace tep::typed
