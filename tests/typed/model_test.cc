// SPDX-License-Identifier: LGPL-2.1
// lib/typed/model: an event's typed view built from its format and print
// plan: its layout, columns, names, units, prefixes and the bytes each needs.
#include "typed/model.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "unit_fixture.h"
#include "../support/formats.h"

namespace tep::typed {
namespace {

// An event with one print fmt, for the builder's rules.
class Builder : public ::testing::Test {
 protected:
  const Model& model(const std::string& fields, const std::string& print_fmt) {
    return h_.model(h_.add(fields, print_fmt));
  }
  test::Handle h_;
};

const char* const kTwoInts =
    "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"
    "\tfield:unsigned int b;\toffset:12;\tsize:4;\tsigned:0;\n";

TEST_F(Builder, FieldsCastsAndDerived) {
  const Model& m = model(kTwoInts,
                         "\"a=%d b=%u c=%d d=%lx e=%d\", REC->a, (u8)REC->b, REC->a + REC->b, "
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
  const Model& m =
      model(kTwoInts,
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
  const Model& m = model(
      "\tfield:dev_t dev;\toffset:8;\tsize:4;\tsigned:0;\n"
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

const char* const kDevices =
    "\tfield:dev_t dev;\toffset:8;\tsize:4;\tsigned:0;\n"
    "\tfield:dev_t dev2;\toffset:12;\tsize:4;\tsigned:0;\n";

TEST_F(Builder, ADeviceReadsOneFieldAsMajorThenMinor) {
  const Model& m = model(kDevices, "\"%d,%d\", ((REC->dev) >> 20), ((REC->dev) & ((1U << 20) - 1))");
  ASSERT_EQ(m.columns.size(), 1u);
  const Column& dev = m.columns[0];
  EXPECT_EQ(dev.kind, Kind::kDevice);
  EXPECT_EQ(dev.type, ValueType::kU32);
  EXPECT_EQ(dev.name, "dev");
  EXPECT_EQ(dev.reader.offset, 8);
  ASSERT_NE(dev.field, nullptr);
  EXPECT_STREQ(dev.field->name, "dev");
  EXPECT_EQ(dev.print_arg, 0);
  EXPECT_EQ(dev.conversion, "%d");
}

TEST_F(Builder, NotADevice) {
  // Halves of two fields, of two bit counts, a long separator, minor first.
  for (const char* fmt : {"\"%d,%d\", ((REC->dev) >> 20), ((REC->dev2) & ((1U << 20) - 1))",
                          "\"%d,%d\", ((REC->dev) >> 20), ((REC->dev) & ((1U << 8) - 1))",
                          "\"%d -- %d\", ((REC->dev) >> 20), ((REC->dev) & ((1U << 20) - 1))",
                          "\"%d,%d\", ((REC->dev) & ((1U << 20) - 1)), ((REC->dev) >> 20)"}) {
    const Model& m = model(kDevices, fmt);
    ASSERT_EQ(m.columns.size(), 2u) << fmt;
    EXPECT_NE(m.columns[0].kind, Kind::kDevice) << fmt;
    EXPECT_NE(m.columns[1].kind, Kind::kDevice) << fmt;
  }
  // A MAJOR of something outside the record.
  const Model& j = model(kDevices, "\"%d,%d\", ((jiffies) >> 20), ((REC->dev) & ((1U << 20) - 1))");
  EXPECT_EQ(j.columns.size(), 2u);
}

TEST_F(Builder, UnparsablePrintFmtGivesTheFields) {
  const Model& m = model(kTwoInts, "\"a=%d b=%d\", REC->a, no_such_helper(REC->b)");
  EXPECT_EQ(m.layout, Model::Layout::kFailed);
  ASSERT_EQ(m.columns.size(), 2u);
  EXPECT_EQ(m.columns[0].prefix, "[FAILED TO PARSE] a=");
  EXPECT_EQ(m.columns[1].prefix, " b=");
  EXPECT_EQ(m.columns[1].kind, Kind::kUint);
  EXPECT_EQ(m.columns[0].print_arg, -1);
  EXPECT_EQ(m.columns[0].first_step, -1);  // printed by tep_print_field
  EXPECT_EQ(m.suffix, "");
}

TEST_F(Builder, AFailedEventsParsedArgumentsLendTheirMeaning) {
  const Model& m = model(
      "\tfield:unsigned short st;\toffset:8;\tsize:2;\tsigned:0;\n"
      "\tfield:dev_t dev;\toffset:12;\tsize:4;\tsigned:0;\n"
      "\tfield:unsigned int n;\toffset:16;\tsize:4;\tsigned:0;\n",
      "\"%s dev %d,%d %u %u\", __print_symbolic(REC->st, {1, \"one\"}), ((REC->dev) >> 20), "
      "((REC->dev) & ((1U << 20) - 1)), REC->n + 1, unknown_helper(REC->n)");
  ASSERT_EQ(m.layout, Model::Layout::kFailed);
  ASSERT_EQ(m.columns.size(), 3u);
  EXPECT_EQ(m.columns[0].name, "st");
  EXPECT_EQ(m.columns[0].kind, Kind::kEnum);
  EXPECT_EQ(m.columns[0].labels, (std::vector<std::string>{"one"}));
  EXPECT_EQ(m.columns[0].print_arg, -1);
  EXPECT_EQ(m.columns[1].name, "dev");
  EXPECT_EQ(m.columns[1].kind, Kind::kDevice);
  EXPECT_EQ(m.columns[1].prefix, " dev=");
  // n + 1 is derived: the field keeps its own type.
  EXPECT_EQ(m.columns[2].name, "n");
  EXPECT_EQ(m.columns[2].kind, Kind::kUint);
}

TEST_F(Builder, ArgumentsMissingOrUnknownConversions) {
  const Model& m = model(kTwoInts, "\"a=%d b=%d\", REC->a");  // one argument short
  EXPECT_EQ(m.layout, Model::Layout::kFailed);
  const Model& n = model(kTwoInts, "\"a=%*d %pM\", REC->b, REC->a, REC->a");
  ASSERT_EQ(n.columns.size(), 2u);
  EXPECT_EQ(n.columns[0].name, "a");  // the '*' argument is skipped
  EXPECT_EQ(n.columns[0].print_arg, 1);
  EXPECT_EQ(n.columns[1].kind, Kind::kOpaque);  // a MAC from a 4-byte int
}

TEST_F(Builder, Names) {
  const Model& m = model(
      "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"
      "\tfield:unsigned long caller[4];\toffset:16;\tsize:32;\tsigned:0;\n",
      "\"x=%d x=%d x: %d (%d) %d %pS %d\", REC->a, REC->a, REC->a, REC->a, 5, (void *)REC->caller[3], REC->a + 1");
  ASSERT_EQ(m.columns.size(), 7u);
  EXPECT_EQ(m.columns[0].name, "x");
  EXPECT_EQ(m.columns[1].name, "x#2");  // repeated labels are numbered
  EXPECT_EQ(m.columns[2].name, "x#3");
  EXPECT_EQ(m.columns[3].name, "a");     // no label: the field read
  EXPECT_EQ(m.columns[4].name, "arg4");  // nothing: its argument's place
  EXPECT_EQ(m.columns[5].name, "caller[3]");
  EXPECT_EQ(m.columns[6].name, "a#2");
}

TEST_F(Builder, PrefixesAndSuffix) {
  const Model& m = model(kTwoInts, "\"<%d|%%|%u> done\", REC->a, REC->b");
  ASSERT_EQ(m.columns.size(), 2u);
  EXPECT_EQ(m.columns[0].prefix, "<");
  EXPECT_EQ(m.columns[1].prefix, "|%|");
  EXPECT_EQ(m.suffix, "> done");
  EXPECT_EQ(m.columns[0].conversion, "%d");
  EXPECT_EQ(m.columns[0].first_step, m.columns[0].last_step);
  const Model& none = model(kTwoInts, "\"nothing printed\"");
  EXPECT_TRUE(none.columns.empty());
  EXPECT_EQ(none.suffix, "nothing printed");
}

TEST_F(Builder, TimeUnitsMakeDurationsAndTimestamps) {
  const Model& m = model(
      "\tfield:u64 t;\toffset:8;\tsize:8;\tsigned:0;\n"
      "\tfield:unsigned short st;\toffset:16;\tsize:2;\tsigned:0;\n",
      "\"start_ns=%llu wait=%llu us x=%llu [ns] age=%llu state=%s total=%llu\", REC->t, REC->t, REC->t * 2, REC->t, "
      "__print_symbolic(REC->st, {1, \"A\"}), REC->t");
  ASSERT_EQ(m.columns.size(), 6u);
  EXPECT_EQ(m.columns[0].kind, Kind::kTimestamp);
  EXPECT_EQ(m.columns[0].unit, "ns");
  EXPECT_EQ(m.columns[1].kind, Kind::kDuration);
  EXPECT_EQ(m.columns[1].unit, "us");
  EXPECT_EQ(m.columns[2].kind, Kind::kDuration);  // derived, with a unit
  EXPECT_EQ(m.columns[3].kind, Kind::kUint);      // no unit stated
  EXPECT_EQ(m.columns[3].unit, "");
  EXPECT_EQ(m.columns[4].kind, Kind::kEnum);  // only integers take units
  EXPECT_EQ(m.columns[5].kind, Kind::kUint);
}

TEST_F(Builder, FieldsComeCommonFirst) {
  const Model& m = model(kTwoInts, "\"%d\", REC->a");
  ASSERT_EQ(m.fields.size(), 6u);
  EXPECT_EQ(m.fields[0].name, "common_type");
  EXPECT_EQ(m.fields[3].name, "common_pid");
  EXPECT_EQ(m.fields[4].name, "a");
  EXPECT_EQ(m.fields[5].kind, Kind::kUint);
  for (const Column& f : m.fields) EXPECT_EQ(f.print_arg, -1);
}

TEST_F(Builder, TheEventsIdAndWhatEachValueNeeds) {
  format::Event& e = h_.add(kTwoInts, "\"%d %u %d %d\", REC->a, REC->b, 7, jiffies", "test", 4321);
  const Model& m = h_.model(e);
  EXPECT_EQ(m.id, 4321);
  EXPECT_EQ(m.type_offset, 0);
  EXPECT_EQ(m.type_size, 2);
  EXPECT_EQ(m.layout, Model::Layout::kPrintFmt);
  EXPECT_EQ(m.plan, &h_.plan(e));
  ASSERT_EQ(m.columns.size(), 4u);
  EXPECT_EQ(m.columns[0].reader.needs, 12);
  EXPECT_EQ(m.columns[1].reader.needs, 16);
  EXPECT_EQ(m.columns[2].reader.needs, 2);  // a constant: only common_type
  EXPECT_EQ(m.columns[3].reader.needs, 2);  // opaque
  EXPECT_EQ(m.fields[0].reader.needs, 2);
  EXPECT_EQ(m.fields[5].reader.needs, 16);
}

TEST_F(Builder, EnumsAreIndexedForCodes) {
  const Model& m = model(kTwoInts, "\"%s\", __print_symbolic(REC->a, {3, \"C\"}, {1, \"A\"}, {3, \"again\"})");
  ASSERT_EQ(m.columns.size(), 1u);
  const Column& c = m.columns[0];
  ASSERT_EQ(c.label_index.size(), 1u);
  ASSERT_EQ(c.label_index[0].size(), 2u);  // sorted, the first of each value
  EXPECT_EQ(c.label_index[0][0], std::make_pair(uint64_t{1}, int32_t{1}));
  EXPECT_EQ(c.label_index[0][1], std::make_pair(uint64_t{3}, int32_t{0}));
}

TEST_F(Builder, AnEventWithoutCommonType) {
  format::Event& e = h_.add_format(
      "name: bare\nID: 77\nformat:\n"
      "\tfield:int common_pid;\toffset:0;\tsize:4;\tsigned:1;\n\n"
      "\tfield:int x;\toffset:4;\tsize:4;\tsigned:1;\n\n"
      "print fmt: \"x=%d\", REC->x\n");
  const Model& m = h_.model(e);
  EXPECT_EQ(m.type_size, 0);
  ASSERT_EQ(m.columns.size(), 1u);
  EXPECT_EQ(m.columns[0].reader.needs, 8);
}


TEST_F(Builder, Bprint) {
  const Model& m = h_.model(h_.add_format(test_formats::kBprint, "ftrace"));
  EXPECT_EQ(m.layout, Model::Layout::kBprint);
  ASSERT_EQ(m.columns.size(), 2u);
  EXPECT_EQ(m.columns[0].name, "ip");
  EXPECT_EQ(m.columns[0].kind, Kind::kSymbol);
  EXPECT_EQ(m.columns[0].type, ValueType::kU64);
  EXPECT_EQ(m.columns[0].reader.offset, 8);
  EXPECT_EQ(m.columns[0].reader.needs, 16);
  EXPECT_EQ(m.columns[1].name, "message");
  EXPECT_EQ(m.columns[1].kind, Kind::kString);
  EXPECT_EQ(m.columns[1].reader.from, Reader::From::kBprintText);
  EXPECT_EQ(m.columns[1].prefix, ": ");
  EXPECT_EQ(m.pointers.size(), 1u);
}

TEST_F(Builder, BprintWithoutItsFields) {
  std::string text = test_formats::kBprint;
  text.replace(text.find("fmt;"), 3, "fmx");
  text.replace(text.find("REC->fmt"), 8, "REC->fmx");
  const Model& m = h_.model(h_.add_format(text, "ftrace"));
  EXPECT_EQ(m.layout, Model::Layout::kBprint);
  ASSERT_EQ(m.columns.size(), 1u);
  EXPECT_EQ(m.columns[0].name, "message");
  EXPECT_EQ(m.columns[0].kind, Kind::kOpaque);
  EXPECT_EQ(m.columns[0].reader.from, Reader::From::kBprintText);
}

TEST_F(Builder, BuildModelDirectly) {
  format::Event& e = h_.add(kTwoInts, "\"%s\", __print_symbolic(REC->a, {ONE, \"one\"})");
  Constants constants{{"ONE", 1}};
  std::unique_ptr<Model> m = build_model(h_.tep(), e, h_.plan(e), constants, 9);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->generation, 9u);
  ASSERT_EQ(m->columns.size(), 1u);
  ASSERT_EQ(m->columns[0].tables.size(), 1u);
  EXPECT_TRUE(m->columns[0].tables[0][0].resolved);
  EXPECT_EQ(m->columns[0].tables[0][0].value, 1u);
  std::unique_ptr<Model> bare = build_model(h_.tep(), e, h_.plan(e), Constants{}, 0);
  EXPECT_FALSE(bare->columns[0].tables[0][0].resolved);
}

}  // namespace
}  // namespace tep::typed
