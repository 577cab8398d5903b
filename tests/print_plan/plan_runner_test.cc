// SPDX-License-Identifier: LGPL-2.1
// run_steps and run_step (lib/print_plan/plan_runner.cc): each way a step
// runs, the literal before each conversion, and records cut short. Expected
// texts are upstream 1.9.0's for the same format and bytes.
#include "print_plan/plan_runner.h"

#include <gtest/gtest.h>

#include <string>

#include "plan_fixture.h"

namespace tep::print_plan {
namespace {

using testing::Bytes;
using testing::field;
using testing::Handle;
using testing::printed;
using testing::Record;

const std::string kFields = field("u8 b", 8, 1) + field("short h", 10, 2, true) + field("int i", 12, 4, true) +
                            field("u64 q", 16, 8) + field("__data_loc char[] s", 24, 4, true) +
                            field("char name[8]", 28, 8, true);
constexpr int kFixedSize = 36;

class PlanRunner : public ::testing::Test {
 protected:
  PlanRunner() : bytes_(kFixedSize) {
    bytes_.put<uint8_t>(8, 200).put<int16_t>(10, -2).put<int32_t>(12, -3).put<uint64_t>(16, 0x123456789aULL);
    bytes_.text(28, std::string("abc\0", 4));
    bytes_.dynamic(24, std::string("xyz\0", 4));
  }

  format::Event& event(const std::string& print_fmt) {
    format::Event* e = handle_.event(kFields, print_fmt);
    EXPECT_NE(e, nullptr) << print_fmt;
    if (!e) throw std::runtime_error("format not parsed");
    return *e;
  }
  // What run_steps prints for a record of the first `size` bytes.
  std::string run(format::Event& e, int size = -1) {
    Record r(bytes_, size);
    return printed([&](seq::Output& out) { run_steps(out, r.context(handle_.tep(), e), handle_.plan(e)); });
  }
  // The same, one run_step per step.
  std::string run_each(format::Event& e, int size = -1) {
    Record r(bytes_, size);
    return printed([&](seq::Output& out) {
      for (const Step& step : handle_.plan(e).steps) run_step(out, r.context(handle_.tep(), e), step);
    });
  }

  Handle handle_;
  Bytes bytes_;
};

TEST_F(PlanRunner, EachScalarSizeRunsInTheLoop) {
  format::Event& e = event("\"%u|%hd|%d|%llx\", REC->b, REC->h, REC->i, REC->q");
  const Plan& plan = handle_.plan(e);
  ASSERT_EQ(plan.printed.size(), 4u);
  EXPECT_EQ(plan.printed[0].step->run, Step::Run::kField1);
  EXPECT_EQ(plan.printed[1].step->run, Step::Run::kField2);
  EXPECT_EQ(plan.printed[2].step->run, Step::Run::kField4);
  EXPECT_EQ(plan.printed[3].step->run, Step::Run::kField8);
  EXPECT_EQ(run(e), "200|-2|-3|123456789a");
  EXPECT_EQ(run_each(e), run(e));
}

TEST_F(PlanRunner, ExpressionsStringsAndPointers) {
  format::Event& e = event("\"n=%d s=%s name=%s p=%p\", REC->i + 1, __get_str(s), REC->name, (void *)REC->q");
  const Plan& plan = handle_.plan(e);
  ASSERT_EQ(plan.printed.size(), 4u);
  EXPECT_EQ(plan.printed[0].step->run, Step::Run::kNumber);
  EXPECT_EQ(plan.printed[1].step->run, Step::Run::kDynString);
  EXPECT_EQ(plan.printed[2].step->run, Step::Run::kString);
  EXPECT_EQ(plan.printed[3].step->run, Step::Run::kPointer);
  EXPECT_EQ(plan.printed[1].prefix, " s=");
  // %p prints a pointer: a 32-bit one holds the value's low half, as upstream's does.
  EXPECT_EQ(run(e), sizeof(void*) == 8 ? "n=-2 s=xyz name=abc p=0x123456789a" : "n=-2 s=xyz name=abc p=0x3456789a");
  EXPECT_EQ(run_each(e), run(e));
}

TEST_F(PlanRunner, StarsAndOutOfOrderConversionsRunThroughRunStep) {
  bytes_.put<int32_t>(12, 5);
  format::Event& e = event("\"[%*d][%.*s][%5-d]\", REC->i, REC->b, REC->i, __get_str(s), REC->b");
  const Plan& plan = handle_.plan(e);
  for (const Plan::Printed& p : plan.printed) {
    if (p.step->kind != Step::Kind::kLiteral) {
      EXPECT_EQ(p.step->run, Step::Run::kOther);
    }
  }
  // glibc prints a directive out of its order as text.
  EXPECT_EQ(run(e), "[  200][xyz][%5-d]");
  EXPECT_EQ(run_each(e), run(e));
}

TEST_F(PlanRunner, NegativeStarWidthLeftAligns) {
  // Upstream passes no width for a negative star, and printf then reads a
  // register as the value; ours reads it as printf's '*' does.
  bytes_.put<int32_t>(12, -4);
  EXPECT_EQ(run(event("\"[%*d]\", REC->i, REC->b")), "[200 ]");
}

TEST_F(PlanRunner, LiteralsPairWithTheConversionAfterThem) {
  format::Event& e = event("\"a%db%dc\", REC->b, REC->b");
  const Plan& plan = handle_.plan(e);
  ASSERT_EQ(plan.printed.size(), 3u);
  EXPECT_EQ(plan.printed[0].prefix, "a");
  EXPECT_EQ(plan.printed[1].prefix, "b");
  EXPECT_EQ(plan.printed[2].step->kind, Step::Kind::kLiteral);
  EXPECT_EQ(plan.printed[2].step->literal, "c");
  EXPECT_EQ(run(e), "a200b200c");

  format::Event& text_only = event("\"only text\"");
  ASSERT_EQ(handle_.plan(text_only).printed.size(), 1u);
  EXPECT_EQ(run(text_only), "only text");
  EXPECT_EQ(run_each(text_only), "only text");

  format::Event& empty = event("\"\"");
  EXPECT_TRUE(handle_.plan(empty).printed.empty());
  EXPECT_EQ(run(empty), "");
}

TEST_F(PlanRunner, ZeroLengthDynamicStringPrintsNothingWhateverTheWidth) {
  bytes_.put<uint32_t>(24, kFixedSize);  // offset at the record's end, length 0
  format::Event& e = event("\"[%5s][%-3s]\", __get_str(s), __get_str(s)");
  EXPECT_EQ(run(e), "[][]");
  EXPECT_EQ(run_each(e), "[][]");
}

TEST_F(PlanRunner, BadLengthCountPrintsNothing) {
  format::Event& e = event("\"[%lllx][%d]\", REC->q, REC->b");
  const Plan& plan = handle_.plan(e);
  EXPECT_TRUE(plan.failed);
  EXPECT_EQ(plan.steps[1].kind, Step::Kind::kBadCount);
  EXPECT_EQ(run(e), "[][200]");
  EXPECT_EQ(run_each(e), "[][200]");
}

TEST_F(PlanRunner, FieldsPastAShortRecordReadAsZero) {
  format::Event& e = event("\"%u|%hd|%d|%llx|%s|%s\", REC->b, REC->h, REC->i, REC->q, __get_str(s), REC->name");
  for (int size : {0, 1, 9, 11, 15, 20, 23, 27, 30}) {
    std::string out = run(e, size);
    EXPECT_EQ(out, run_each(e, size)) << size;
    if (size == 0) {
      EXPECT_EQ(out, "0|0|0|0||");
    }
  }
  // Every scalar inside, the string's payload (at 36) cut off.
  EXPECT_EQ(run(e, kFixedSize), "200|-2|-3|123456789a||abc");
}

TEST_F(PlanRunner, NullRecordDataPrintsLikeAnEmptyRecord) {
  format::Event& e = event("\"%d %s\", REC->i, __get_str(s)");
  tep_record record{};
  const std::string out = printed([&](seq::Output& o) {
    Context ctx{handle_.tep(), e, RecordView(handle_.tep(), record.data, 100)};
    run_steps(o, ctx, handle_.plan(e));
  });
  EXPECT_EQ(out, "0 ");
}

}  // namespace
}  // namespace tep::print_plan
