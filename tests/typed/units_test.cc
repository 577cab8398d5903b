// SPDX-License-Identifier: LGPL-2.1
// Unit tests of lib/typed's parts: shape (casts, computability, MAJOR/MINOR),
// naming (labels, time units), tables (keys), reader (normalize), and the
// model builder on print fmts written for each rule.
#include <gtest/gtest.h>

#include <string>

#include "core/handle.h"
#include "format/event_table.h"
#include "print_plan/info_printer.h"
#include "typed/catalog.h"
#include "typed/naming.h"
#include "typed/reader.h"
#include "typed/shape.h"
#include "typed/tables.h"

namespace tep::typed {
namespace {

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

TEST(TypedShape, NumberTexts) {
  EXPECT_TRUE(is_number_text("0x1f"));
  EXPECT_TRUE(is_number_text("8ULL"));
  EXPECT_TRUE(is_number_text("70"));
  EXPECT_FALSE(is_number_text("jiffies"));
  EXPECT_FALSE(is_number_text("0x"));
  EXPECT_FALSE(is_number_text("-1"));  // computable() takes the sign off first
  EXPECT_FALSE(is_number_text(""));
  uint64_t v = 0;
  EXPECT_TRUE(key_number("-6", v));
  EXPECT_EQ(v, static_cast<uint64_t>(-6));
  EXPECT_TRUE(key_number("0x80000000", v));
  EXPECT_EQ(v, 0x80000000u);
  EXPECT_FALSE(key_number("I_DIRTY_SYNC", v));
  EXPECT_FALSE(key_number(nullptr, v));
}

TEST(TypedNaming, Labels) {
  EXPECT_EQ(label_before("prev_comm="), "prev_comm");
  EXPECT_EQ(label_before(" ==> next_comm="), "next_comm");
  EXPECT_EQ(label_before("dev "), "dev");
  EXPECT_EQ(label_before("delta_ns: "), "delta_ns");
  EXPECT_EQ(label_before("addr=0x"), "addr");
  EXPECT_EQ(label_before("("), "");
  EXPECT_EQ(label_before("%d,"), "");
  EXPECT_EQ(label_before("9abc="), "");
  EXPECT_EQ(label_before(""), "");
}

TEST(TypedNaming, TimeUnits) {
  EXPECT_EQ(time_unit("delta_ns", "").unit, "ns");
  EXPECT_FALSE(time_unit("delta_ns", "").timestamp);
  EXPECT_EQ(time_unit("runtime", " [ns] vruntime").unit, "ns");
  EXPECT_EQ(time_unit("x", "us ").unit, "us");
  EXPECT_EQ(time_unit("x", " msecs").unit, "ms");
  EXPECT_EQ(time_unit("stall_ms", "").unit, "ms");
  EXPECT_TRUE(time_unit("start_ns", "").timestamp);
  EXPECT_EQ(time_unit("x", " usage").unit, "");  // "us" must be a word
  EXPECT_EQ(time_unit("bonus", "").unit, "");    // "_us" only after an underscore
  EXPECT_EQ(time_unit("ns", "").unit, "");
}

TEST(TypedReader, Normalize) {
  EXPECT_EQ(normalize(0xff, ValueType::kI8), static_cast<uint64_t>(-1));
  EXPECT_EQ(normalize(0x1ff, ValueType::kU8), 0xffu);
  EXPECT_EQ(normalize(0x80000000, ValueType::kI32), 0xffffffff80000000ULL);
  EXPECT_EQ(normalize(0x80000000, ValueType::kU32), 0x80000000u);
  EXPECT_EQ(normalize(~0ULL, ValueType::kU64), ~0ULL);
  EXPECT_EQ(value_type_size(ValueType::kBytes), static_cast<int>(sizeof(BytesView)));
}

// An event with one print fmt, for the builder's rules.
class Builder : public ::testing::Test {
 protected:
  Builder() : tep_(tep_alloc()) {
    tep_set_long_size(tep_, 8);
    tep_set_file_bigendian(tep_, TEP_LITTLE_ENDIAN);
  }
  ~Builder() override {
    catalog_.reset();
    tep_free(tep_);
  }
  // The model of an event with these fields (after the common ones) and print fmt.
  const Model& model(const std::string& fields, const std::string& print_fmt) {
    ++n_;
    std::string text = "name: ev" + std::to_string(n_) + "\nID: " + std::to_string(100 + n_) +
                       "\nformat:\n"
                       "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
                       "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
                       "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
                       "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n" +
                       fields + "\nprint fmt: " + print_fmt + "\n";
    tep_event* event = nullptr;
    tep_parse_format(tep_, &event, text.c_str(), text.size(), "test");
    if (!event) throw std::runtime_error("format did not parse");
    if (!catalog_) catalog_ = std::make_unique<Catalog>(*tep_);
    return catalog_->event(*format::Event::from(event)).model();
  }
  tep_handle* tep_;
  std::unique_ptr<Catalog> catalog_;
  int n_ = 0;
};

const char* const kTwoInts =
    "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"
    "\tfield:unsigned int b;\toffset:12;\tsize:4;\tsigned:0;\n";

TEST_F(Builder, FieldsCastsAndDerived) {
  const Model& m = model(kTwoInts, "\"a=%d b=%u c=%d d=%lx e=%d\", REC->a, (u8)REC->b, REC->a + REC->b, "
                                   "(unsigned long)REC->b, jiffies - REC->a");
  ASSERT_EQ(m.columns.size(), 5u);
  EXPECT_EQ(m.columns[0].kind, Kind::kInt);
  EXPECT_EQ(m.columns[0].type, ValueType::kI32);
  EXPECT_EQ(m.columns[0].reader.from, Reader::From::kScalar);
  EXPECT_EQ(m.columns[1].type, ValueType::kU8);  // a narrowing cast wins
  EXPECT_EQ(m.columns[2].kind, Kind::kDerived);
  EXPECT_EQ(m.columns[2].type, ValueType::kI32);  // %d
  EXPECT_EQ(m.columns[3].kind, Kind::kUint);
  EXPECT_EQ(m.columns[3].type, ValueType::kU32);  // a widening cast does not
  EXPECT_EQ(m.columns[4].kind, Kind::kOpaque);    // a kernel variable
  EXPECT_EQ(m.columns[0].name, "a");
  EXPECT_EQ(m.columns[4].name, "e");
  EXPECT_EQ(m.columns[1].prefix, " b=");
  EXPECT_EQ(m.suffix, "");
  EXPECT_EQ(m.fields.size(), 6u);
}

TEST_F(Builder, Choices) {
  const Model& m = model(kTwoInts,
                         "\"%s %s %s %s %s %s\", REC->a ? \"yes\" : \"no\", "
                         "REC->a ? __print_flags(REC->a, \"|\", {1, \"A\"}, {2, \"B\"}) : \"none\", "
                         "REC->b == 1 ? __print_symbolic(REC->a, {1, \"one\"}) : __print_symbolic(REC->a, {1, \"uno\"}), "
                         "REC->b == 1 ? \"x\" : (REC->b == 2 ? \"y\" : \"z\"), "
                         "REC->b ? __print_symbolic(REC->a, {1, \"one\"}) : \"-\", "
                         "REC->b == 1 ? \"x\" : REC->b == 2 ? \"y\" : \"z\"");
  ASSERT_EQ(m.columns.size(), 6u);
  EXPECT_EQ(m.columns[0].kind, Kind::kBool);
  EXPECT_EQ(m.columns[1].kind, Kind::kFlags);
  EXPECT_TRUE(m.columns[1].has_zero_name);
  EXPECT_EQ(m.columns[1].zero_name, "none");
  EXPECT_EQ(m.columns[1].reader.from, Reader::From::kExpr);
  EXPECT_EQ(m.columns[2].kind, Kind::kEnum);
  EXPECT_EQ(m.columns[2].tables.size(), 2u);
  EXPECT_EQ(m.columns[2].labels, (std::vector<std::string>{"one", "uno"}));
  EXPECT_EQ(m.columns[3].kind, Kind::kEnum);  // three texts: codes only
  EXPECT_EQ(m.columns[3].type, ValueType::kNone);
  EXPECT_EQ(m.columns[4].kind, Kind::kEnum);
  EXPECT_EQ(m.columns[4].labels, (std::vector<std::string>{"-", "one"}));
  // Upstream 1.9.0 nests "a ? x : b == 2 ? y : z" to the right, as C does
  // (1.8.4 read "(a ? x : b) == 2 ? y : z", a test on a string): as column 3.
  EXPECT_EQ(m.columns[5].kind, Kind::kEnum);
  EXPECT_EQ(m.columns[5].type, ValueType::kNone);
}

TEST_F(Builder, DevicesPointersAndUnits) {
  const Model& m = model("\tfield:dev_t dev;\toffset:8;\tsize:4;\tsigned:0;\n"
                         "\tfield:void * ptr;\toffset:16;\tsize:8;\tsigned:0;\n"
                         "\tfield:u64 delta;\toffset:24;\tsize:8;\tsigned:0;\n",
                         "\"dev %d:%d ptr=%p at=%pS delta_ns=%llu lat=%llu ns\", "
                         "((unsigned int) ((REC->dev) >> 20)), ((unsigned int) ((REC->dev) & ((1U << 20) - 1))), "
                         "REC->ptr, REC->ptr, REC->delta, REC->delta");
  ASSERT_EQ(m.columns.size(), 5u);
  EXPECT_EQ(m.columns[0].kind, Kind::kDevice);
  EXPECT_EQ(m.columns[0].minor_bits, 20);
  EXPECT_EQ(m.columns[0].first_step + 2, m.columns[0].last_step);
  EXPECT_EQ(m.columns[1].kind, Kind::kPointer);
  EXPECT_EQ(m.columns[2].kind, Kind::kSymbol);
  EXPECT_EQ(m.columns[3].kind, Kind::kDuration);
  EXPECT_EQ(m.columns[3].unit, "ns");
  EXPECT_EQ(m.columns[4].kind, Kind::kDuration);
  EXPECT_EQ(m.suffix, " ns");
}

TEST_F(Builder, UnparsablePrintFmtGivesTheFields) {
  const Model& m = model(kTwoInts, "\"a=%d b=%d\", REC->a, no_such_helper(REC->b)");
  EXPECT_EQ(m.layout, Model::Layout::kFailed);
  ASSERT_EQ(m.columns.size(), 2u);
  EXPECT_EQ(m.columns[0].prefix, "[FAILED TO PARSE] a=");
  EXPECT_EQ(m.columns[1].prefix, " b=");
  EXPECT_EQ(m.columns[1].kind, Kind::kUint);
}

TEST_F(Builder, ArgumentsMissingOrUnknownConversions) {
  const Model& m = model(kTwoInts, "\"a=%d b=%d\", REC->a");  // one argument short
  EXPECT_EQ(m.layout, Model::Layout::kFailed);
  const Model& n = model(kTwoInts, "\"a=%*d %pM\", REC->b, REC->a, REC->a");
  ASSERT_EQ(n.columns.size(), 2u);
  EXPECT_EQ(n.columns[0].name, "a");       // the '*' argument is skipped
  EXPECT_EQ(n.columns[0].print_arg, 1);
  EXPECT_EQ(n.columns[1].kind, Kind::kOpaque);  // a MAC from a 4-byte int
}

}  // namespace
}  // namespace tep::typed
