// SPDX-License-Identifier: LGPL-2.1
// lib/typed/window: records of any events grouped by event in one pass, then
// each group's columns filled as a batch of its records would be.
#include "typed/window.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "unit_fixture.h"

namespace tep::typed {
namespace {

using test::Handle;
using test::Outputs;
using test::RecordMix;

const char kFields[] =
    "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"
    "\tfield:unsigned int b;\toffset:12;\tsize:4;\tsigned:0;\n"
    "\tfield:__data_loc char[] name;\toffset:16;\tsize:4;\tsigned:1;\n"
    "\tfield:unsigned short st;\toffset:20;\tsize:2;\tsigned:0;\n";

const char kPrintFmt[] =
    "\"a=%d b=%u name=%s st=%s sum=%d\", REC->a, REC->b, __get_str(name), "
    "__print_symbolic(REC->st, {1, \"one\"}, {ANSWER, \"answer\"}), REC->a + REC->b";

// A group's valued columns and fields: their handles and columns in `model`.
struct GroupColumns {
  std::vector<const ColumnHandle*> handles;
  std::vector<const Column*> columns;
  GroupColumns(TypedEvent& t, const Model& model) {
    for (bool fields : {false, true})
      for (size_t i = 0; i < (fields ? t.field_count() : t.column_count()); i++) {
        const ColumnHandle* h = fields ? t.field(i) : t.column(i);
        const Column* c = TypedEvent::resolve(model, *h);
        if (c->type == ValueType::kNone) continue;
        handles.push_back(h);
        columns.push_back(c);
      }
  }
};

class Windows : public ::testing::Test {
 protected:
  explicit Windows(int long_size = 8, bool big_endian = false) : h_(long_size, big_endian) {
    for (int i = 0; i < 3; i++) events_.push_back(&h_.add(kFields, kPrintFmt));
  }
  // Each group's records are its event's records of the load, in order, and
  // its fill is what read_value gives for them.
  void check(const Window& w, const tep_record* const* records, size_t n) {
    size_t grouped = 0;
    std::vector<TypedEvent*> seen;
    for (size_t i = 0; i < n; i++) {
      const tep_record* r = records[i];
      if (!r || !r->data || r->size < 2) continue;
      for (format::Event* e : events_)
        if (belongs(h_.source(*e), *r) && std::find(seen.begin(), seen.end(), &h_.typed(*e)) == seen.end())
          seen.push_back(&h_.typed(*e));
    }
    ASSERT_EQ(w.group_count(), seen.size());
    for (size_t g = 0; g < w.group_count(); g++) {
      const Window::Group& group = w.group(g);
      EXPECT_EQ(group.event, seen[g]);  // in the order of their first records
      BatchSource src{h_.tep(), group.event->event(), group.event->model()};
      std::vector<const tep_record*> want;
      for (size_t i = 0; i < n; i++)
        if (records[i] && belongs(src, *records[i])) want.push_back(records[i]);
      ASSERT_EQ(group.count(), want.size());
      EXPECT_TRUE(std::equal(want.begin(), want.end(), w.records(group)));
      grouped += group.count();
      GroupColumns cols(*group.event, src.model);
      Outputs out(cols.columns, group.count());
      EXPECT_EQ(w.fill(group, src, out.targets(), out.count(), cols.handles.data()), group.count());
      out.expect_as_read(src, w.records(group), group.count());
    }
    EXPECT_LE(grouped, n);
  }
  Handle h_;
  std::vector<format::Event*> events_;
};

TEST_F(Windows, GroupsByEventInOrderOfFirstRecord) {
  Window w(h_.catalog());
  test::Record a1 = h_.record(*events_[0]), b1 = h_.record(*events_[1]), b2 = h_.record(*events_[1]),
               a2 = h_.record(*events_[0]), unknown = h_.record(*events_[2]), tiny = h_.record(*events_[2]);
  unknown.set("common_type", 999);  // no event of the handle
  tiny.truncate(1);                 // too short for common_type
  tep_record no_data{};
  no_data.size = 100;
  const tep_record* records[] = {&b1.get(),      &a1.get(),   nullptr,  &b2.get(),
                                 &unknown.get(), &tiny.get(), &no_data, &a2.get()};
  EXPECT_EQ(w.load(records, 8), 2u);
  ASSERT_EQ(w.group_count(), 2u);
  const Window::Group& b = w.group(0);
  const Window::Group& a = w.group(1);
  EXPECT_EQ(b.event, &h_.typed(*events_[1]));
  EXPECT_EQ(a.event, &h_.typed(*events_[0]));
  EXPECT_EQ(b.id, events_[1]->id);
  ASSERT_EQ(b.count(), 2u);
  EXPECT_EQ(w.records(b)[0], &b1.get());
  EXPECT_EQ(w.records(b)[1], &b2.get());
  EXPECT_EQ(w.records(b), w.records(b));  // made once
  ASSERT_EQ(a.count(), 2u);
  EXPECT_EQ(w.records(a)[1], &a2.get());
  check(w, records, 8);
  EXPECT_EQ(&w.catalog(), &h_.catalog());
}

TEST_F(Windows, EmptyLoads) {
  Window w(h_.catalog());
  EXPECT_EQ(w.load(nullptr, 0), 0u);
  const tep_record* nulls[] = {nullptr, nullptr};
  EXPECT_EQ(w.load(nulls, 2), 0u);
  EXPECT_EQ(w.group_count(), 0u);
}

TEST_F(Windows, ManyRecordsGoodAndBad) {
  Window w(h_.catalog());
  RecordMix mix(h_, events_, 2000, 41);
  EXPECT_EQ(w.load(mix.data(), mix.size()), 3u);
  check(w, mix.data(), mix.size());
}

TEST_F(Windows, LoadAfterLoad) {
  Window w(h_.catalog());
  RecordMix first(h_, events_, 500, 42), second(h_, {events_[2], events_[0]}, 300, 43), third(h_, events_, 20, 44);
  w.load(first.data(), first.size());
  check(w, first.data(), first.size());
  // Fewer events: only theirs are groups, in this load's order.
  w.load(second.data(), second.size());
  check(w, second.data(), second.size());
  w.load(third.data(), third.size());
  check(w, third.data(), third.size());
}

TEST_F(Windows, KeptPlans) {
  Window w(h_.catalog());
  RecordMix mix(h_, events_, 200, 45, false);
  w.load(mix.data(), mix.size());
  const Window::Group& g = w.group(0);
  BatchSource src{h_.tep(), g.event->event(), g.event->model()};
  GroupColumns cols(*g.event, src.model);
  EXPECT_EQ(w.kept_plan(g, cols.handles.data(), cols.handles.size()), nullptr);  // no fill yet
  Outputs out(cols.columns, g.count());
  w.fill(g, src, out.targets(), out.count(), cols.handles.data());
  FillPlan* plan = w.kept_plan(g, cols.handles.data(), cols.handles.size());
  ASSERT_NE(plan, nullptr);
  EXPECT_EQ(w.kept_plan(g, cols.handles.data(), cols.handles.size() - 1), nullptr);  // other columns
  EXPECT_EQ(w.kept_plan(g, cols.handles.data(), 0), nullptr);
  std::vector<const ColumnHandle*> swapped = cols.handles;
  std::swap(swapped[0], swapped[1]);
  EXPECT_EQ(w.kept_plan(g, swapped.data(), swapped.size()), nullptr);
  // Through the kept plan, into other arrays.
  Outputs again(cols.columns, g.count());
  EXPECT_EQ(w.fill(g, *plan, again.values(), again.valid()), g.count());
  again.expect_as_read(src, w.records(g), g.count());
  // The next load: the same plan fills the group's new records.
  RecordMix next(h_, events_, 100, 46, false);
  w.load(next.data(), next.size());
  for (size_t i = 0; i < w.group_count(); i++) {
    const Window::Group& ng = w.group(i);
    if (ng.event != g.event) continue;
    FillPlan* kept = w.kept_plan(ng, cols.handles.data(), cols.handles.size());
    ASSERT_NE(kept, nullptr);
    Outputs filled(cols.columns, ng.count());
    w.fill(ng, *kept, filled.values(), filled.valid());
    filled.expect_as_read(src, w.records(ng), ng.count());
  }
}

TEST_F(Windows, APlanOfAnOlderModelIsNotKept) {
  Window w(h_.catalog());
  RecordMix mix(h_, events_, 100, 47, false);
  w.load(mix.data(), mix.size());
  const Window::Group& g = w.group(0);
  BatchSource src{h_.tep(), g.event->event(), g.event->model()};
  GroupColumns cols(*g.event, src.model);
  Outputs out(cols.columns, g.count());
  w.fill(g, src, out.targets(), out.count(), cols.handles.data());
  ASSERT_NE(w.kept_plan(g, cols.handles.data(), cols.handles.size()), nullptr);
  h_.catalog().define("ANSWER", 42);  // every model is rebuilt
  EXPECT_EQ(w.kept_plan(g, cols.handles.data(), cols.handles.size()), nullptr);
}

// The handle's generation moves on (kallsyms, printk formats or print
// functions arrived) between a load and a fill, or between two loads.
TEST_F(Windows, APlanOfAnOlderGenerationIsNotKept) {
  Window w(h_.catalog());
  RecordMix mix(h_, events_, 100, 48, false);
  w.load(mix.data(), mix.size());
  const Window::Group& g = w.group(0);
  const Model& before = g.event->model();
  BatchSource src{h_.tep(), g.event->event(), before};
  GroupColumns cols(*g.event, src.model);
  Outputs out(cols.columns, g.count());
  w.fill(g, src, out.targets(), out.count(), cols.handles.data());
  ASSERT_NE(w.kept_plan(g, cols.handles.data(), cols.handles.size()), nullptr);
  h_.tep().invalidate_plans();
  EXPECT_EQ(w.kept_plan(g, cols.handles.data(), cols.handles.size()), nullptr);
  EXPECT_NE(&g.current_model(h_.catalog()), &before);
  // The next load's group has the new model; a plan made on it is kept.
  w.load(mix.data(), mix.size());
  const Window::Group& again = w.group(0);
  EXPECT_EQ(&again.current_model(h_.catalog()), &again.event->model());
  BatchSource now{h_.tep(), again.event->event(), again.event->model()};
  GroupColumns now_cols(*again.event, now.model);
  Outputs now_out(now_cols.columns, again.count());
  w.fill(again, now, now_out.targets(), now_out.count(), now_cols.handles.data());
  EXPECT_NE(w.kept_plan(again, now_cols.handles.data(), now_cols.handles.size()), nullptr);
  now_out.expect_as_read(now, w.records(again), again.count());
}

TEST_F(Windows, EventsParsedAfterALoad) {
  Window w(h_.catalog());
  std::string late_format = "name: late\nID: 500\nformat:\n" + std::string(test::kCommonFields) + "\n" + kFields +
                            "\nprint fmt: \"%d\", REC->a\n";
  test::Record r = h_.record(*events_[0]);
  r.set("common_type", 500);
  const tep_record* records[] = {&r.get()};
  EXPECT_EQ(w.load(records, 1), 0u);  // no event 500 yet
  format::Event& late = h_.add_format(late_format);
  EXPECT_EQ(w.load(records, 1), 1u);
  EXPECT_EQ(w.group(0).event, &h_.typed(late));
}

TEST_F(Windows, ALargeLoadThenASmallOne) {
  // Room grown for a large load is given back for a small one, the groups still right.
  Window w(h_.catalog());
  RecordMix few(h_, events_, 30, 48);
  std::vector<const tep_record*> many;
  for (size_t i = 0; many.size() < 70000; i++)
    if (few[i % few.size()]) many.push_back(few[i % few.size()]);
  EXPECT_EQ(w.load(many.data(), many.size()), 3u);
  size_t total = 0;
  for (size_t g = 0; g < w.group_count(); g++) total += w.group(g).count();
  EXPECT_LE(total, many.size());
  RecordMix small(h_, {events_[1]}, 10, 49);
  w.load(small.data(), small.size());
  check(w, small.data(), small.size());
  w.load(few.data(), few.size());
  check(w, few.data(), few.size());
}

class BigEndianWindows : public Windows {
 protected:
  BigEndianWindows() : Windows(8, true) {}
};

TEST_F(BigEndianWindows, SwappedRecords) {
  Window w(h_.catalog());
  RecordMix mix(h_, events_, 1000, 50);
  w.load(mix.data(), mix.size());
  check(w, mix.data(), mix.size());
}

// common_type a u32, ids past the dense table.
TEST(TypedWindow, WideAndSparseIds) {
  Handle h;
  const std::string body =
      "\nformat:\n"
      "\tfield:unsigned int common_type;\toffset:0;\tsize:4;\tsigned:0;\n"
      "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
      "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n\n"
      "print fmt: \"%d\", REC->a\n";
  format::Event& small = h.add_format("name: small\nID: 5" + body);
  format::Event& large = h.add_format("name: large\nID: 70000" + body);
  format::Event& larger = h.add_format("name: larger\nID: 1000000" + body);
  Window w(h.catalog());
  for (uint64_t seed : {51, 52}) {  // the second load finds the sparse groups again
    RecordMix mix(h, {&small, &large, &larger}, 500, seed);
    w.load(mix.data(), mix.size());
    ASSERT_EQ(w.group_count(), 3u);
    for (size_t g = 0; g < w.group_count(); g++) {
      const Window::Group& group = w.group(g);
      BatchSource src{h.tep(), group.event->event(), group.event->model()};
      size_t want = 0;
      for (size_t i = 0; i < mix.size(); i++) want += mix[i] && belongs(src, *mix[i]);
      EXPECT_EQ(group.count(), want);
      GroupColumns cols(*group.event, src.model);
      Outputs out(cols.columns, group.count());
      w.fill(group, src, out.targets(), out.count(), cols.handles.data());
      out.expect_as_read(src, w.records(group), group.count());
    }
  }
}

// An event whose own format puts common_type elsewhere than the handle reads it.
TEST(TypedWindow, CommonTypeElsewhere) {
  Handle h;
  format::Event& usual = h.add("\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n", "\"%d\", REC->a", "test", 10);
  format::Event& odd = h.add_format(
      "name: odd\nID: 20\nformat:\n"
      "\tfield:int common_pid;\toffset:0;\tsize:4;\tsigned:1;\n"
      "\tfield:unsigned short common_type;\toffset:4;\tsize:2;\tsigned:0;\n\n"
      "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n\n"
      "print fmt: \"%d\", REC->a\n");
  // Records of `odd`: the id where the handle reads it (bytes 0-1) and where the event does.
  test::Record right = h.record(odd), wrong = h.record(odd), plain = h.record(usual);
  right.set("common_type", 20).set("a", 1);
  wrong.set("common_type", 21).set("a", 2);  // says 20 at 0 only
  const tep_record* records[] = {&right.get(), &wrong.get(), &plain.get()};
  Window w(h.catalog());
  ASSERT_EQ(w.load(records, 3), 2u);
  const Window::Group& g = w.group(0);
  EXPECT_EQ(g.event, &h.typed(odd));
  EXPECT_TRUE(g.elsewhere);
  ASSERT_EQ(g.count(), 1u);
  EXPECT_EQ(w.records(g)[0], &right.get());
  EXPECT_FALSE(w.group(1).elsewhere);
}

}  // namespace
}  // namespace tep::typed
