// SPDX-License-Identifier: LGPL-2.1
// plan_for / build_current (lib/print_plan/plan_cache.cc): each event's plan
// is built once per generation of its handle, rebuilt when the generation
// moves (kallsyms arrived), shared by threads that ask at once; a plan that
// fails flags the event as upstream does; ftrace:bprint gets its fields.
#include "print_plan/plan_cache.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "plan_fixture.h"
#include "print_plan/plan_runner.h"

namespace tep::print_plan {
namespace {

using testing::Bytes;
using testing::field;
using testing::Handle;
using testing::printed;
using testing::Record;

const std::string kFields = field("unsigned long fn", 8, 8);

TEST(PlanCache, OnePlanPerGeneration) {
  Handle h;
  format::Event* e = h.event(kFields, "\"%ps\", REC->fn");
  ASSERT_NE(e, nullptr);
  const Plan& first = h.plan(*e);
  EXPECT_EQ(&h.plan(*e), &first);
  EXPECT_EQ(first.generation, h.tep().generation.load());
  EXPECT_EQ(first.steps.size(), 1u);
  EXPECT_FALSE(first.failed);
  EXPECT_FALSE(first.is_bprint);
}

TEST(PlanCache, ANewGenerationRebuildsThePlan) {
  Handle h;
  format::Event* e = h.event(kFields, "\"%ps\", REC->fn");
  ASSERT_NE(e, nullptr);
  Bytes bytes(16);
  bytes.put<uint64_t>(8, 0xffffffff81000010ULL);
  Record r(bytes);
  auto print = [&] { return printed([&](seq::Output& o) { run_steps(o, r.context(h.tep(), *e), h.plan(*e)); }); };
  const Plan* before = &h.plan(*e);
  EXPECT_EQ(print(), "0xffffffff81000010");
  const uint64_t generation = h.tep().generation.load();
  tep_parse_kallsyms(&h.tep(), "ffffffff81000000 T schedule\nffffffff82000000 T other\n");
  EXPECT_NE(h.tep().generation.load(), generation);
  const Plan& after = h.plan(*e);
  EXPECT_EQ(after.generation, h.tep().generation.load());
  EXPECT_EQ(print(), "schedule");
  // The old plan lives on for a reader that still holds it.
  EXPECT_EQ(before->steps.size(), 1u);
}

TEST(PlanCache, AFailedPlanFlagsTheEvent) {
  Handle h;
  format::Event* e = h.event(kFields, "\"%lx %lx\", REC->fn");
  ASSERT_NE(e, nullptr);
  // Parsing found it already; the plan finds it again.
  e->flags &= ~TEP_EVENT_FL_FAILED;
  EXPECT_TRUE(h.plan(*e).failed);
  EXPECT_TRUE(e->flags & TEP_EVENT_FL_FAILED);
}

TEST(PlanCache, EventWithoutAFormatHasAnEmptyPlan) {
  Handle h;
  format::Event* e = h.event(kFields, "\"%lx\", REC->fn");
  ASSERT_NE(e, nullptr);
  // A print fmt that did not parse leaves no format text.
  char* format = e->print_fmt.format;
  e->print_fmt.format = nullptr;
  const Plan& plan = h.plan(*e);
  EXPECT_TRUE(plan.steps.empty());
  EXPECT_FALSE(plan.failed);
  e->print_fmt.format = format;
}

TEST(PlanCache, BprintPlansFindTheirFields) {
  Handle h;
  format::Event* e = h.parse(
      testing::format_text(
          "bprint", 6, field("unsigned long ip", 8, 8) + field("const char * fmt", 16, 8) + field("u32 buf[]", 24, 0),
          "\"%ps: %s\", (void *)REC->ip, REC->fmt"),
      "ftrace");
  ASSERT_NE(e, nullptr);
  ASSERT_TRUE(e->flags & TEP_EVENT_FL_ISBPRINT);
  const Plan& plan = h.plan(*e);
  EXPECT_TRUE(plan.is_bprint);
  EXPECT_TRUE(plan.bprint_fields_found);
  EXPECT_EQ(plan.bprint_ip.offset, 8);
  EXPECT_EQ(plan.bprint_fmt.offset, 16);
  EXPECT_EQ(plan.bprint_buf.offset, 24);
  // Its print fmt is not compiled: each record's printk format is.
  EXPECT_TRUE(plan.steps.empty());
}

TEST(PlanCache, ThreadsAskingAtOnceGetOnePlan) {
  Handle h;
  format::Event* e = h.event(kFields, "\"%lx\", REC->fn");
  ASSERT_NE(e, nullptr);
  std::vector<const Plan*> plans(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; t++) threads.emplace_back([&, t] { plans[t] = &h.plan(*e); });
  for (std::thread& t : threads) t.join();
  for (const Plan* p : plans) EXPECT_EQ(p, plans[0]);
}

}  // namespace
}  // namespace tep::print_plan
