// SPDX-License-Identifier: LGPL-2.1
// lib/typed/catalog: one typed event per event, its model built once and
// rebuilt when the plan or the constants change, handles that stay valid.
#include "typed/catalog.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "unit_fixture.h"

namespace tep::typed {
namespace {

using test::Handle;

const char kFields[] =
    "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"
    "\tfield:unsigned long caller;\toffset:16;\tsize:8;\tsigned:0;\n";
const char kPrintFmt[] = "\"a=%s at=%pS\", __print_symbolic(REC->a, {ONE, \"one\"}, {2, \"two\"}), (void *)REC->caller";

TEST(TypedCatalog, OneTypedEventPerEvent) {
  Handle h;
  format::Event& e = h.add(kFields, kPrintFmt);
  format::Event& f = h.add(kFields, kPrintFmt);
  Catalog& cat = h.catalog();
  EXPECT_EQ(cat.magic, kCatalogMagic);
  EXPECT_EQ(&cat.tep(), &h.tep());
  TypedEvent& te = cat.event(e);
  EXPECT_EQ(&cat.event(e), &te);
  EXPECT_NE(&cat.event(f), &te);
  EXPECT_EQ(&te.event(), &e);
  EXPECT_EQ(&te.tep(), &h.tep());
  EXPECT_EQ(te.magic, kEventMagic);
}

TEST(TypedCatalog, HandlesOfColumnsAndFields) {
  Handle h;
  format::Event& e = h.add(kFields, kPrintFmt);
  TypedEvent& te = h.typed(e);
  const Model& m = te.model();
  ASSERT_EQ(te.column_count(), m.columns.size());
  ASSERT_EQ(te.field_count(), m.fields.size());
  for (size_t i = 0; i < te.column_count(); i++) {
    const ColumnHandle* c = te.column(i);
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->magic, kColumnMagic);
    EXPECT_EQ(c->event, &te);
    EXPECT_EQ(c->index, i);
    EXPECT_FALSE(c->is_field);
    EXPECT_EQ(TypedEvent::resolve(m, *c), &m.columns[i]);
  }
  const ColumnHandle* field = te.field(te.field_count() - 1);
  ASSERT_NE(field, nullptr);
  EXPECT_TRUE(field->is_field);
  EXPECT_EQ(TypedEvent::resolve(m, *field), &m.fields.back());
  EXPECT_EQ(te.column(te.column_count()), nullptr);
  EXPECT_EQ(te.field(1000), nullptr);
  // A handle whose index the model does not have (another event's).
  ColumnHandle stray{kColumnMagic, &te, 99, false};
  EXPECT_EQ(TypedEvent::resolve(m, stray), nullptr);
}

TEST(TypedCatalog, TheModelIsBuiltOnce) {
  Handle h;
  format::Event& e = h.add(kFields, kPrintFmt);
  TypedEvent& te = h.typed(e);
  const Model* m = &te.model();
  EXPECT_EQ(&te.model(), m);
  EXPECT_EQ(&h.catalog().event(e).model(), m);
  EXPECT_EQ(m->plan, &h.plan(e));
}

TEST(TypedCatalog, DefiningAConstantRebuildsTheModels) {
  Handle h;
  format::Event& e = h.add(kFields, kPrintFmt);
  TypedEvent& te = h.typed(e);
  Catalog& cat = h.catalog();
  const Model& before = te.model();
  const ColumnHandle* handle = te.column(0);
  EXPECT_EQ(cat.constants_version(), 0u);
  EXPECT_FALSE(before.columns[0].tables[0][0].resolved);
  cat.define("ONE", 1);
  EXPECT_EQ(cat.constants_version(), 1u);
  const Model& after = te.model();
  EXPECT_NE(&after, &before);
  EXPECT_GT(after.generation, before.generation);
  EXPECT_TRUE(after.columns[0].tables[0][0].resolved);
  EXPECT_EQ(after.columns[0].tables[0][0].value, 1u);
  // The old model lives on (a reader may hold it), the handles are the same.
  EXPECT_FALSE(before.columns[0].tables[0][0].resolved);
  EXPECT_EQ(te.column(0), handle);
  EXPECT_EQ(TypedEvent::resolve(after, *handle), &after.columns[0]);
  // Defined again: the new value.
  cat.define("ONE", 11);
  EXPECT_EQ(cat.constants_version(), 2u);
  EXPECT_EQ(te.model().columns[0].tables[0][0].value, 11u);
  // An event first asked for after the definition has it too.
  format::Event& f = h.add(kFields, kPrintFmt);
  EXPECT_EQ(cat.event(f).model().columns[0].tables[0][0].value, 11u);
}

TEST(TypedCatalog, ANewPlanRebuildsTheModel) {
  Handle h;
  format::Event& e = h.add(kFields, kPrintFmt);
  TypedEvent& te = h.typed(e);
  const Model* before = &te.model();
  const ColumnHandle* handle = te.column(1);
  // kallsyms arriving make every plan old.
  tep_parse_kallsyms(h.c_tep(), "ffffffff81000000 T f\nffffffff81000100 T g\n");
  const Model* after = &te.model();
  EXPECT_NE(after, before);
  EXPECT_EQ(after->plan, &h.plan(e));
  EXPECT_EQ(after->columns.size(), before->columns.size());
  EXPECT_EQ(te.column(1), handle);
  EXPECT_EQ(&te.model(), after);
}

TEST(TypedCatalog, ThreadsShareOneModel) {
  Handle h;
  std::vector<format::Event*> events;
  for (int i = 0; i < 8; i++) events.push_back(&h.add(kFields, kPrintFmt));
  Catalog& cat = h.catalog();
  constexpr int kThreads = 4;
  std::vector<std::vector<const Model*>> seen(kThreads);
  std::atomic<int> ready{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; t++)
    threads.emplace_back([&, t] {
      ready++;
      while (ready < kThreads) std::this_thread::yield();
      for (format::Event* e : events) seen[t].push_back(&cat.event(*e).model());
    });
  for (std::thread& t : threads) t.join();
  for (int t = 1; t < kThreads; t++) EXPECT_EQ(seen[t], seen[0]);
  for (size_t i = 0; i < events.size(); i++) EXPECT_EQ(seen[0][i], &cat.event(*events[i]).model());
}

}  // namespace
}  // namespace tep::typed
