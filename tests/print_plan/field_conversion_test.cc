// SPDX-License-Identifier: LGPL-2.1
// PrintFmtEntries (lib/print_plan/field_conversion.cc): which print fmt
// conversion raw output uses for a field. Lookups scan the entries circularly
// from a cursor that each match moves past it, and stop once it is past the
// last entry, as upstream 1.8.4's (see field_conversion.h).
#include "print_plan/field_conversion.h"

#include <gtest/gtest.h>

#include <string>

#include "plan_fixture.h"

namespace tep::print_plan {
namespace {

using testing::field;
using testing::Handle;

const std::string kFields = field("void * hrtimer", 8, 8) + field("u64 now", 16, 8) + field("void * function", 24, 8) +
                            field("u32 a", 32, 4) + field("u32 b", 36, 4) + field("int w", 40, 4, true);

class FieldConversions : public ::testing::Test {
 protected:
  PrintFmtEntries entries(const std::string& print_fmt) {
    event_ = handle_.event(kFields, print_fmt);
    if (!event_) throw std::runtime_error("not parsed: " + print_fmt);
    return PrintFmtEntries(*event_);
  }
  const tep_format_field& f(const char* name) { return *tep_find_field(event_, name); }
  // The directive found for `name`, or "-" when none.
  std::string find(PrintFmtEntries& e, const char* name) {
    FieldConversion c;
    if (!e.find(f(name), c)) return "-";
    const format_string::Parsed& p = c.piece->parsed;
    return std::string(c.format.substr(p.start, p.end - p.start));
  }

  Handle handle_;
  format::Event* event_ = nullptr;
};

TEST_F(FieldConversions, AFieldFindsItsConversion) {
  PrintFmtEntries e = entries("\"a=%u b=0x%x\", REC->a, REC->b");
  FieldConversion c;
  ASSERT_TRUE(e.find(f("b"), c));
  EXPECT_EQ(c.piece->parsed.letter, 'x');
  EXPECT_TRUE(c.zero_x_prefix);
  EXPECT_EQ(c.cast_mask, ~0ULL);
  EXPECT_EQ(c.star, nullptr);
}

TEST_F(FieldConversions, OneCursorForAllTheFieldsOfARecord) {
  // hrtimer %p, now %llu (the cursor now past the end), function nothing.
  PrintFmtEntries e = entries("\"%p %ps %llu\", REC->hrtimer, REC->function, REC->now");
  EXPECT_FALSE(e.exhausted());
  EXPECT_EQ(find(e, "hrtimer"), "%p");
  EXPECT_EQ(find(e, "now"), "%llu");
  EXPECT_TRUE(e.exhausted());
  EXPECT_EQ(find(e, "function"), "-");
}

TEST_F(FieldConversions, TextAfterTheLastConversionLetsTheScanWrap) {
  PrintFmtEntries e = entries("\"a=%d b=%d end\", REC->b, REC->a");
  EXPECT_EQ(find(e, "a"), "%d");  // the second entry
  EXPECT_FALSE(e.exhausted());    // on the text entry
  EXPECT_EQ(find(e, "b"), "%d");  // wrapped to the first
  EXPECT_EQ(find(e, "a"), "%d");
}

TEST_F(FieldConversions, OnlyBareFieldsMatch) {
  PrintFmtEntries e = entries("\"%d %d %s\", REC->a + 1, REC->b ? 1 : 0, __print_symbolic(REC->w, {1, \"x\"})");
  EXPECT_EQ(find(e, "a"), "-");
  EXPECT_EQ(find(e, "b"), "-");
  EXPECT_EQ(find(e, "w"), "-");
}

TEST_F(FieldConversions, CastsAreMasks) {
  PrintFmtEntries e = entries("\"%d %lx\", (u8)REC->a, (unsigned long)(u16)REC->b");
  FieldConversion c;
  ASSERT_TRUE(e.find(f("a"), c));
  EXPECT_EQ(c.cast_mask, 0xffu);
  ASSERT_TRUE(e.find(f("b"), c));
  EXPECT_EQ(c.cast_mask, 0xffffu);
}

TEST_F(FieldConversions, StarArguments) {
  PrintFmtEntries e = entries("\"%*d %.*s\", REC->w, REC->a, 3, REC->b");
  FieldConversion c;
  ASSERT_TRUE(e.find(f("a"), c));
  ASSERT_NE(c.star, nullptr);
  EXPECT_EQ(c.star->type, TEP_PRINT_FIELD);
  ASSERT_TRUE(e.find(f("b"), c));
  ASSERT_NE(c.star, nullptr);
  EXPECT_EQ(c.star->type, TEP_PRINT_ATOM);
  // The star's own field is no entry's argument.
  EXPECT_EQ(find(e, "w"), "-");
}

TEST_F(FieldConversions, FailedEventsHaveNoEntries) {
  entries("\"%d %d\", REC->a");
  (void)handle_.plan(*event_);  // finds the missing argument
  ASSERT_TRUE(event_->flags & TEP_EVENT_FL_FAILED);
  PrintFmtEntries after(*event_);
  EXPECT_TRUE(after.exhausted());
  FieldConversion c;
  EXPECT_FALSE(after.find(f("a"), c));
}

TEST_F(FieldConversions, EventWithoutConversionsHasNoEntries) {
  PrintFmtEntries e = entries("\"\"");
  EXPECT_TRUE(e.exhausted());
  PrintFmtEntries text_only = entries("\"just text\"");
  EXPECT_FALSE(text_only.exhausted());  // one text entry, which matches nothing
  EXPECT_EQ(find(text_only, "a"), "-");
}

TEST_F(FieldConversions, EntriesPastTheFirst128AreNotRead) {
  std::string format = "\"", args;
  for (int k = 0; k < 130; k++) {
    format += "%d ";
    args += k < 129 ? ", REC->b" : ", REC->a";
  }
  PrintFmtEntries e = entries(format + "\"" + args);
  EXPECT_EQ(find(e, "a"), "-");
  EXPECT_EQ(find(e, "b"), "%d");
}

}  // namespace
}  // namespace tep::print_plan
