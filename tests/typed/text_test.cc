// SPDX-License-Identifier: LGPL-2.1
// lib/typed/text: each column's text is what upstream prints for its
// argument, so that prefix(0) text(0) ... suffix is the TEP_PRINT_INFO text.
#include "typed/text.h"

#include <gtest/gtest.h>

#include <string>

#include "base/byte_order.h"
#include "unit_fixture.h"
#include "../support/formats.h"

namespace tep::typed {
namespace {

using test::Handle;
using typed_test::info_text;

// The text print_text appends for one column.
std::string text(const BatchSource& src, const Column& c, const tep_record& r) {
  trace_seq s;
  trace_seq_init(&s);
  trace_seq_puts(&s, "<");  // appended to, not replaced
  print_text(&s, src, c, r);
  std::string out(s.buffer, s.len);
  trace_seq_destroy(&s);
  EXPECT_EQ(out.substr(0, 1), "<");
  return out.substr(1);
}

// Every column's prefix and text, then the suffix.
std::string joined(const BatchSource& src, const tep_record& r) {
  std::string out;
  for (const Column& c : src.model.columns) out += c.prefix + text(src, c, r);
  return out + src.model.suffix;
}

const char kFields[] =
    "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"
    "\tfield:dev_t dev;\toffset:12;\tsize:4;\tsigned:0;\n"
    "\tfield:unsigned short st;\toffset:16;\tsize:2;\tsigned:0;\n"
    "\tfield:u8 mac[6];\toffset:18;\tsize:6;\tsigned:0;\n"
    "\tfield:__data_loc char[] name;\toffset:24;\tsize:4;\tsigned:1;\n"
    "\tfield:unsigned long caller;\toffset:32;\tsize:8;\tsigned:0;\n";

const char kPrintFmt[] =
    "\"a=%d dev %d,%d st=%s fl=%s mac=%pM name=%s at=%pS t=%lu [%s]\", REC->a, ((REC->dev) >> 20), "
    "((REC->dev) & ((1U << 20) - 1)), __print_symbolic(REC->st, {1, \"one\"}, {2, \"two\"}), "
    "__print_flags(REC->a, \"|\", {1, \"A\"}, {2, \"B\"}, {4, \"C\"}), REC->mac, __get_str(name), "
    "(void *)REC->caller, jiffies, REC->a ? \"yes\" : \"no\"";

class Text : public ::testing::Test {
 protected:
  Text() : e_(h_.add(kFields, kPrintFmt)) {
    // The last symbol only bounds the one before (as upstream's lookup does).
    tep_parse_kallsyms(h_.c_tep(),
                       "ffffffff81000000 T first_function\nffffffff81000100 T second_function\n"
                       "ffffffff81000200 T third_function\n");
  }
  Handle h_;
  format::Event& e_;
};

TEST_F(Text, ColumnsJoinedAreTheInfoText) {
  test::Record r = h_.record(e_);
  const uint8_t mac[6] = {0, 0x1b, 0x21, 0xaa, 0xbb, 0xcc};
  r.set("a", 5).set("dev", (8u << 20) | 1).set("st", 2).set_bytes("mac", mac, 6).set_dynamic_string("name", "sda");
  r.set("caller", 0xffffffff81000104ULL);
  BatchSource src = h_.source(e_);
  EXPECT_EQ(joined(src, r.get()), info_text(h_.c_tep(), r.get()));
  const Model& m = src.model;
  EXPECT_EQ(text(src, m.columns[0], r.get()), "5");
  EXPECT_EQ(text(src, m.columns[1], r.get()), "8,1");  // both halves and what is between
  EXPECT_EQ(text(src, m.columns[2], r.get()), "two");
  EXPECT_EQ(text(src, m.columns[3], r.get()), "A|C");
  EXPECT_EQ(text(src, m.columns[4], r.get()), "00:1b:21:aa:bb:cc");
  EXPECT_EQ(text(src, m.columns[5], r.get()), "sda");
  EXPECT_EQ(text(src, m.columns[6], r.get()), "second_function+0x4");
  EXPECT_EQ(text(src, m.columns[8], r.get()), "yes");
}

TEST_F(Text, ManyRecordsJoinedAreTheInfoText) {
  BatchSource src = h_.source(e_);
  test::RecordMix mix(h_, {&e_}, 100, 31, false);
  for (size_t i = 0; i < mix.size(); i++) EXPECT_EQ(joined(src, *mix[i]), info_text(h_.c_tep(), *mix[i])) << i;
}

TEST_F(Text, BadRecordsPrintSomethingAndNothingOutside) {
  // Short records and bad __data_loc words (ASan checks every read).
  BatchSource src = h_.source(e_);
  format::Event& other = h_.add(kFields, "\"%d\", REC->a");
  test::RecordMix mix(h_, {&e_, &other}, 200, 32);
  for (size_t i = 0; i < mix.size(); i++) {
    if (!mix[i]) continue;
    for (const auto* list : {&src.model.columns, &src.model.fields})
      for (const Column& c : *list) text(src, c, *mix[i]);
  }
}

TEST_F(Text, RawFieldsPrintAsTepPrintField) {
  test::Record r = h_.record(e_);
  r.set("a", static_cast<uint32_t>(-3)).set_dynamic_string("name", "disk");
  BatchSource src = h_.source(e_);
  EXPECT_EQ(text(src, h_.field(e_, "a"), r.get()), "-3");
  EXPECT_EQ(text(src, h_.field(e_, "name"), r.get()), "disk");
  EXPECT_EQ(text(src, h_.field(e_, "common_type"), r.get()), std::to_string(e_.id));
  tep_record no_data{};
  EXPECT_EQ(text(src, h_.field(e_, "a"), no_data), "");
}

TEST_F(Text, StepsPastThePlanPrintNothing) {
  BatchSource src = h_.source(e_);
  Column c = src.model.columns[0];
  c.first_step = static_cast<int>(src.model.plan->steps.size()) + 3;
  c.last_step = c.first_step + 2;
  test::Record r = h_.record(e_);
  EXPECT_EQ(text(src, c, r.get()), "");
}

TEST(TypedText, AFailedEventPrintsItsFields) {
  Handle h;
  format::Event& e = h.add(
      "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"
      "\tfield:unsigned short st;\toffset:12;\tsize:2;\tsigned:0;\n",
      "\"%d %s\", no_such_helper(REC->a), __print_symbolic(REC->st, {1, \"one\"})");
  BatchSource src = h.source(e);
  ASSERT_EQ(src.model.layout, Model::Layout::kFailed);
  test::Record r = h.record(e);
  r.set("a", 12).set("st", 1);
  EXPECT_EQ(joined(src, r.get()), info_text(h.c_tep(), r.get()));
  EXPECT_EQ(text(src, src.model.columns[0], r.get()), "12");
}

TEST(TypedText, BprintsCallerAndMessage) {
  Handle h;
  tep_parse_kallsyms(h.c_tep(), "ffffffff81000000 T traced_function\nffffffff81001000 T next_function\n");
  tep_parse_printk_formats(h.c_tep(), "0xffffffff82a00000 : \"typed test %d of %s\"\n");
  format::Event& e = h.add_format(test_formats::kBprint, "ftrace");
  test::Record r = h.record(e);
  const uint8_t args[] = {42, 0, 0, 0, 'a', 'b', 'c', 0};  // vbin_printf's int, then the string
  r.set("ip", 0xffffffff81000010ULL).set("fmt", 0xffffffff82a00000ULL).append(args, sizeof(args));
  BatchSource src = h.source(e);
  ASSERT_EQ(src.model.layout, Model::Layout::kBprint);
  EXPECT_EQ(text(src, src.model.columns[0], r.get()), "traced_function");
  EXPECT_EQ(text(src, src.model.columns[1], r.get()), "typed test 42 of abc");
  EXPECT_EQ(joined(src, r.get()), info_text(h.c_tep(), r.get()));
  // A format the handle does not know: upstream's note, still joined alike.
  r.set("fmt", 0xffffffff82a00040ULL);
  EXPECT_EQ(joined(src, r.get()), info_text(h.c_tep(), r.get()));
  EXPECT_NE(text(src, src.model.columns[1], r.get()).find("NO FORMAT FOUND"), std::string::npos);
  // Cut inside its arguments: the print path's text first, as the record
  // fails the event (upstream prints "[FAILED TO PARSE]" for it from then
  // on, where the typed texts go on reading each record).
  r.set("fmt", 0xffffffff82a00000ULL).truncate(26);
  const std::string printed = info_text(h.c_tep(), r.get());
  EXPECT_EQ(joined(src, r.get()), printed);
}

// Each kind's text in records good and bad.
TEST(TypedText, EveryKindJoinedIsTheInfoText) {
  Handle h;
  format::Event& e = h.add(test::kEveryKindFields, test::kEveryKindPrintFmt);
  BatchSource src = h.source(e);
  test::RecordMix mix(h, {&e}, 300, 33, false);
  for (size_t i = 0; i < mix.size(); i++) EXPECT_EQ(joined(src, *mix[i]), info_text(h.c_tep(), *mix[i])) << i;
  test::RecordMix bad(h, {&e}, 300, 34);
  for (size_t i = 0; i < bad.size(); i++)
    if (bad[i] && belongs(src, *bad[i])) {
      EXPECT_EQ(joined(src, *bad[i]), info_text(h.c_tep(), *bad[i])) << i;
    }
}

}  // namespace
}  // namespace tep::typed
