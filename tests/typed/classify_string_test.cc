// SPDX-License-Identifier: LGPL-2.1
// lib/typed/classify_string: what a %s conversion means: strings, tables,
// hex dumps, arrays, masks, and ?: chains of them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "typed/classify.h"
#include "unit_fixture.h"

namespace tep::typed {
namespace {

const char kFields[] =
    "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"
    "\tfield:unsigned int b;\toffset:12;\tsize:4;\tsigned:0;\n"
    "\tfield:unsigned short st;\toffset:16;\tsize:2;\tsigned:0;\n"
    "\tfield:char comm[16];\toffset:18;\tsize:16;\tsigned:1;\n"
    "\tfield:__data_loc char[] name;\toffset:36;\tsize:4;\tsigned:1;\n"
    "\tfield:const char * fmt;\toffset:40;\tsize:8;\tsigned:0;\n"
    "\tfield:__data_loc u8[] buf;\toffset:48;\tsize:4;\tsigned:0;\n"
    "\tfield:unsigned int len;\toffset:52;\tsize:4;\tsigned:0;\n"
    "\tfield:__data_loc s32[] vals;\toffset:56;\tsize:4;\tsigned:1;\n"
    "\tfield:__data_loc unsigned long[] bits;\toffset:60;\tsize:4;\tsigned:0;\n"
    "\tfield:__data_loc cpumask_t cpus;\toffset:64;\tsize:4;\tsigned:0;\n"
    "\tfield:__data_loc unsigned long[] stack;\toffset:68;\tsize:4;\tsigned:0;\n";

class ClassifyString : public ::testing::Test {
 protected:
  Column first(const std::string& print_fmt) {
    format::Event& e = h_.add(kFields, print_fmt);
    return h_.classify(e, 0, 0);
  }
  test::Handle h_;
};

TEST_F(ClassifyString, Strings) {
  Column dyn = first("\"%s\", __get_str(name)");
  EXPECT_EQ(dyn.kind, Kind::kString);
  EXPECT_EQ(dyn.type, ValueType::kBytes);
  EXPECT_EQ(dyn.reader.from, Reader::From::kDynamicBytes);
  EXPECT_EQ(dyn.reader.offset, 36);
  EXPECT_TRUE(dyn.reader.cut_at_nul);
  ASSERT_NE(dyn.field, nullptr);
  EXPECT_STREQ(dyn.field->name, "name");
  Column comm = first("\"%s\", REC->comm");
  EXPECT_EQ(comm.kind, Kind::kString);
  EXPECT_EQ(comm.reader.from, Reader::From::kFixedBytes);
  EXPECT_EQ(comm.reader.offset, 18);
  EXPECT_EQ(comm.reader.size, 16);
  EXPECT_TRUE(comm.reader.cut_at_nul);
}

TEST_F(ClassifyString, KernelStringAddresses) {
  Column c = first("\"%s\", REC->fmt");
  EXPECT_EQ(c.kind, Kind::kString);
  EXPECT_EQ(c.reader.from, Reader::From::kPrintkString);
  EXPECT_EQ(c.reader.offset, 40);
  EXPECT_EQ(c.reader.size, 8);
  EXPECT_EQ(c.note, "a kernel string, from the printk formats");
  // A 32-bit kernel's address; a field of another size is bytes.
  test::Handle h32(4);
  format::Event& e = h32.add(
      "\tfield:const char * fmt;\toffset:8;\tsize:4;\tsigned:0;\n"
      "\tfield:u64 wide;\toffset:16;\tsize:8;\tsigned:0;\n",
      "\"%s %s\", REC->fmt, REC->wide");
  Column narrow = h32.classify(e, 0, 0);
  EXPECT_EQ(narrow.reader.from, Reader::From::kPrintkString);
  EXPECT_EQ(narrow.reader.size, 4);
  Column wide = h32.classify(e, 1, 1);
  EXPECT_EQ(wide.kind, Kind::kString);
  EXPECT_EQ(wide.reader.from, Reader::From::kFixedBytes);
  EXPECT_EQ(wide.reader.size, 8);
}

TEST_F(ClassifyString, Symbolic) {
  Column c = first("\"%s\", __print_symbolic(REC->st, {1, \"A\"}, {2, \"B\"}, {1, \"A\"})");
  EXPECT_EQ(c.kind, Kind::kEnum);
  EXPECT_EQ(c.type, ValueType::kU16);
  EXPECT_EQ(c.reader.from, Reader::From::kScalar);
  EXPECT_EQ(c.reader.offset, 16);
  ASSERT_EQ(c.tables.size(), 1u);
  ASSERT_EQ(c.tables[0].size(), 3u);
  EXPECT_EQ(c.labels, (std::vector<std::string>{"A", "B"}));  // every name once
  EXPECT_EQ(c.tables[0][2].label, 0);
  ASSERT_NE(c.field, nullptr);
  EXPECT_STREQ(c.field->name, "st");
  EXPECT_EQ(first("\"%s\", __print_symbolic(REC->a, {-1, \"M\"})").type, ValueType::kI32);
  EXPECT_EQ(first("\"%s\", __print_symbolic((u8)REC->a, {1, \"M\"})").type, ValueType::kU8);
  Column expr = first("\"%s\", __print_symbolic(REC->a >> 4, {1, \"M\"})");
  EXPECT_EQ(expr.kind, Kind::kEnum);
  EXPECT_EQ(expr.reader.from, Reader::From::kExpr);
}

TEST_F(ClassifyString, Flags) {
  Column c = first("\"%s\", __print_flags(REC->a, \"|\", {0, \"NONE\"}, {1, \"A\"}, {2, \"B\"})");
  EXPECT_EQ(c.kind, Kind::kFlags);
  EXPECT_EQ(c.type, ValueType::kU32);  // a set of bits is unsigned
  EXPECT_TRUE(c.has_delimiter);
  EXPECT_EQ(c.delimiter, "|");
  EXPECT_TRUE(c.has_zero_name);
  EXPECT_EQ(c.zero_name, "NONE");
  EXPECT_TRUE(c.labels.empty());  // flags have no codes
  Column no_zero = first("\"%s\", __print_flags(REC->b, \"\", {1, \"A\"})");
  EXPECT_FALSE(no_zero.has_zero_name);
  EXPECT_EQ(no_zero.delimiter, "");
}

TEST_F(ClassifyString, TablesOverOutsideValuesAreOpaque) {
  EXPECT_EQ(first("\"%s\", __print_flags(jiffies, \"|\", {1, \"A\"})").note,
            "a table over something outside the record");
  EXPECT_EQ(first("\"%s\", __print_symbolic(jiffies, {1, \"A\"})").note, "a table over something outside the record");
}

TEST_F(ClassifyString, HexDumps) {
  Column c = first("\"%s\", __print_hex(__get_dynamic_array(buf), REC->len)");
  EXPECT_EQ(c.kind, Kind::kBytes);
  EXPECT_EQ(c.reader.from, Reader::From::kDynamicBytes);
  EXPECT_EQ(c.reader.offset, 48);
  EXPECT_NE(c.reader.length, nullptr);
  Column fixed = first("\"%s\", __print_hex_str(REC->comm, 4)");
  EXPECT_EQ(fixed.kind, Kind::kBytes);
  EXPECT_EQ(fixed.reader.from, Reader::From::kFixedBytes);
  EXPECT_EQ(fixed.reader.size, 16);
  EXPECT_EQ(first("\"%s\", __print_hex(__get_dynamic_array(buf), jiffies)").note, "a length from outside the record");
}

TEST_F(ClassifyString, IntegerArrays) {
  Column c = first("\"%s\", __print_array(__get_dynamic_array(vals), __get_dynamic_array_len(vals) / 4, 4)");
  EXPECT_EQ(c.kind, Kind::kArray);
  EXPECT_EQ(c.type, ValueType::kBytes);
  EXPECT_EQ(c.element, ValueType::kI32);
  EXPECT_EQ(c.reader.from, Reader::From::kDynamicBytes);
  EXPECT_NE(c.reader.length, nullptr);
  EXPECT_EQ(c.reader.length_scale, 4);  // a count of elements
  Column whole = first("\"%s\", __print_dynamic_array(bits, 8)");
  EXPECT_EQ(whole.kind, Kind::kArray);
  EXPECT_EQ(whole.element, ValueType::kU64);
  EXPECT_EQ(whole.reader.length, nullptr);  // the whole payload
  EXPECT_EQ(first("\"%s\", __print_array(__get_dynamic_array(vals), 2, 3)").note, "an array of unknown element size");
  EXPECT_EQ(first("\"%s\", __print_array(__get_dynamic_array(vals), jiffies, 4)").note, "an array of unknown shape");
}

TEST_F(ClassifyString, MasksAndStacks) {
  Column bits = first("\"%s\", __get_bitmask(bits)");
  EXPECT_EQ(bits.kind, Kind::kBitmask);
  EXPECT_EQ(bits.reader.from, Reader::From::kDynamicBytes);
  EXPECT_EQ(bits.reader.offset, 60);
  Column cpus = first("\"%s\", __get_cpumask(cpus)");
  EXPECT_EQ(cpus.kind, Kind::kCpuSet);
  EXPECT_EQ(cpus.reader.offset, 64);
  Column stack = first("\"%s\", __get_stacktrace(stack)");
  EXPECT_EQ(stack.kind, Kind::kOpaque);
  EXPECT_EQ(stack.note, "a stack trace");
  ASSERT_NE(stack.field, nullptr);  // still named after its field
  EXPECT_STREQ(stack.field->name, "stack");
}

TEST_F(ClassifyString, NothingToPrint) {
  EXPECT_EQ(first("\"%s\", REC->a + 1").note, "prints nothing upstream");
  format::Event& e = h_.add(kFields, "\"%s\", __get_str(name)");
  EXPECT_EQ(h_.classify(e, 0, 7).note, "no argument");
  ClassifyContext cx{h_.tep(), e, Constants{}};
  print_plan::StrArg bprint;
  bprint.kind = print_plan::StrArg::Kind::kBprintArg;
  EXPECT_EQ(classify_string(cx, bprint, test::Handle::arg(e, 0)).note, "a bprint argument");
}

unsigned long long print_nothing(trace_seq*, unsigned long long*) { return 0; }

TEST_F(ClassifyString, PrintFunctionsAreOpaque) {
  ASSERT_EQ(tep_register_print_function(h_.c_tep(), print_nothing, TEP_FUNC_ARG_STRING, const_cast<char*>("name_of"),
                                        TEP_FUNC_ARG_INT, TEP_FUNC_ARG_VOID),
            0);
  Column c = first("\"%s\", name_of(REC->a)");
  EXPECT_EQ(c.kind, Kind::kOpaque);
  EXPECT_EQ(c.note, "the print function name_of");
}

TEST_F(ClassifyString, ChoicesOfTexts) {
  Column yes_no = first("\"%s\", REC->a ? \"yes\" : \"no\"");
  EXPECT_EQ(yes_no.kind, Kind::kBool);
  EXPECT_EQ(yes_no.reader.from, Reader::From::kTest);
  EXPECT_TRUE(yes_no.choices.empty());
  ASSERT_NE(yes_no.field, nullptr);
  Column three = first("\"%s\", REC->b == 1 ? \"x\" : (REC->b == 2 ? \"y\" : \"z\")");
  EXPECT_EQ(three.kind, Kind::kEnum);
  EXPECT_EQ(three.type, ValueType::kNone);  // codes only
  EXPECT_EQ(three.labels, (std::vector<std::string>{"x", "y", "z"}));
  EXPECT_EQ(three.reader.from, Reader::From::kChoice);
  EXPECT_EQ(three.reader.root, 0);
  Column text = first("\"%s\", \"constant\"");
  EXPECT_EQ(text.kind, Kind::kString);  // one text: a string
  EXPECT_EQ(text.reader.from, Reader::From::kChoice);
  EXPECT_EQ(text.labels, (std::vector<std::string>{"constant"}));
}

TEST_F(ClassifyString, ChoicesOfStrings) {
  Column c = first("\"%s\", REC->a ? __get_str(name) : \"none\"");
  EXPECT_EQ(c.kind, Kind::kString);
  EXPECT_EQ(c.type, ValueType::kBytes);
  EXPECT_EQ(c.reader.from, Reader::From::kChoice);
  Column nothing = first("\"%s\", REC->len ? __get_str(name) : ((void *)0)");
  EXPECT_EQ(nothing.kind, Kind::kString);
  bool has_null = false;
  for (const Choice& ch : nothing.choices) has_null |= ch.leaf == Choice::Leaf::kNull;
  EXPECT_TRUE(has_null);
}

TEST_F(ClassifyString, ChoicesOfTables) {
  Column one = first("\"%s\", REC->b ? __print_symbolic(REC->a, {1, \"one\"}) : \"-\"");
  EXPECT_EQ(one.kind, Kind::kEnum);
  EXPECT_EQ(one.type, ValueType::kI32);
  EXPECT_EQ(one.labels, (std::vector<std::string>{"-", "one"}));
  ASSERT_EQ(one.tables.size(), 1u);
  EXPECT_EQ(one.tables[0][0].label, 1);
  Column two = first(
      "\"%s\", REC->b == 1 ? __print_symbolic(REC->a & 0xffff, {1, \"one\"}) : __print_symbolic(REC->a, {1, \"uno\"}, "
      "{2, \"one\"})");
  EXPECT_EQ(two.kind, Kind::kEnum);
  EXPECT_EQ(two.tables.size(), 2u);
  EXPECT_EQ(two.labels, (std::vector<std::string>{"one", "uno"}));  // "one" is one code in both
  EXPECT_EQ(two.tables[1][1].label, 0);
}

TEST_F(ClassifyString, FlagsWithANameForZero) {
  Column r = first("\"%s\", REC->a ? __print_flags(REC->a, \"|\", {1, \"A\"}, {2, \"B\"}) : \"R\"");
  EXPECT_EQ(r.kind, Kind::kFlags);
  EXPECT_TRUE(r.has_zero_name);
  EXPECT_EQ(r.zero_name, "R");
  EXPECT_EQ(r.reader.from, Reader::From::kExpr);  // the flags' value, read directly
  EXPECT_TRUE(r.choices.empty());
  EXPECT_TRUE(r.labels.empty());
  // Another test than the value: the chain stays, zero named by the table.
  Column other = first("\"%s\", REC->b ? __print_flags(REC->a, \"|\", {0, \"Z\"}, {1, \"A\"}) : \"R\"");
  EXPECT_EQ(other.kind, Kind::kFlags);
  EXPECT_EQ(other.reader.from, Reader::From::kChoice);
  EXPECT_EQ(other.zero_name, "Z");
}

TEST_F(ClassifyString, ChoicesItCannotType) {
  EXPECT_EQ(first("\"%s\", REC->a ? __print_flags(REC->a, \"|\", {1, \"A\"}) : __get_str(name)").note,
            "a ?: mixing tables and strings");
  EXPECT_EQ(first("\"%s\", jiffies ? \"a\" : \"b\"").note, "a ?: whose branches it cannot type");
  EXPECT_EQ(first("\"%s\", REC->a ? __print_symbolic(jiffies, {1, \"x\"}) : \"-\"").note,
            "a ?: whose branches it cannot type");
}

}  // namespace
}  // namespace tep::typed
