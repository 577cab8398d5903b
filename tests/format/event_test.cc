// SPDX-License-Identifier: LGPL-2.1
// format::Event and FieldDrafts: a serial unique per event, field texts laid
// out side by side, and set_fields placing the drafts in blocks of the
// event's memory (its own, or its table's arena), linked as the common and
// event field lists.
#include "format/event.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace tep::format {
namespace {

// Appends a field with these texts and an offset to tell it by.
void add(FieldDrafts& drafts, const std::string& type, const std::string& name, int offset) {
  Field& f = drafts.fields.emplace_back();
  f.offset = offset;
  f.size = 4;
  drafts.add_texts(type, name);
}

std::vector<std::string> names(const tep_format_field* list) {
  std::vector<std::string> out;
  for (; list; list = list->next) out.push_back(list->name);
  return out;
}

TEST(Event, FreshEventIsZeroedWithASerial) {
  Event e;
  EXPECT_EQ(e.name, nullptr);
  EXPECT_EQ(e.system, nullptr);
  EXPECT_EQ(e.id, 0);
  EXPECT_EQ(e.flags, 0);
  EXPECT_EQ(e.format.fields, nullptr);
  EXPECT_EQ(e.format.common_fields, nullptr);
  EXPECT_EQ(e.print_fmt.format, nullptr);
  EXPECT_NE(e.serial, 0u);
}

// A later event at the same address still gets a serial of its own.
TEST(Event, SerialsAreUniqueAndIncreasing) {
  auto a = std::make_unique<Event>();
  const uint64_t first = a->serial;
  a.reset();
  auto b = std::make_unique<Event>();
  Event c;
  EXPECT_GT(b->serial, first);
  EXPECT_GT(c.serial, b->serial);
}

TEST(Event, FromRecoversTheEvent) {
  Event e;
  tep_event* pub = &e;
  const tep_event* cpub = &e;
  EXPECT_EQ(Event::from(pub), &e);
  EXPECT_EQ(Event::from(cpub), &e);
  Field f{};
  tep_format_field* fpub = &f;
  EXPECT_EQ(as_field(fpub), &f);
  EXPECT_EQ(as_field(static_cast<const tep_format_field*>(fpub)), &f);
}

TEST(FieldDrafts, TextsSitSideBySide) {
  FieldDrafts drafts;
  add(drafts, "unsigned short", "common_type", 0);
  add(drafts, "char[16]", "prev_comm", 8);
  add(drafts, "", "", 24);  // empty texts still get their NULs
  ASSERT_EQ(drafts.text_at.size(), 3u);
  EXPECT_EQ(drafts.text, std::string("unsigned short\0common_type\0char[16]\0prev_comm\0\0\0", 48));
  EXPECT_EQ(drafts.text_at[0], std::make_pair(0u, 15u));
  EXPECT_EQ(drafts.text_at[1], std::make_pair(27u, 36u));
  EXPECT_EQ(drafts.text_at[2], std::make_pair(46u, 47u));
  EXPECT_EQ(drafts.fields[0].name_size, 11u);
  EXPECT_EQ(drafts.fields[1].name_size, 9u);
  EXPECT_EQ(drafts.fields[2].name_size, 0u);
}

TEST(FieldDrafts, ClearEmptiesAll) {
  FieldDrafts drafts;
  add(drafts, "int", "a", 0);
  drafts.clear();
  EXPECT_TRUE(drafts.fields.empty());
  EXPECT_TRUE(drafts.text_at.empty());
  EXPECT_TRUE(drafts.text.empty());
  add(drafts, "long", "b", 8);
  EXPECT_EQ(drafts.text_at[0], std::make_pair(0u, 5u));
}

TEST(Event, SetFieldsLinksBothLists) {
  Event e;
  FieldDrafts drafts;
  add(drafts, "unsigned short", "common_type", 0);
  add(drafts, "int", "common_pid", 4);
  add(drafts, "char[16]", "comm", 8);
  add(drafts, "pid_t", "pid", 24);
  add(drafts, "int", "prio", 28);
  drafts.fields[3].flags = TEP_FIELD_IS_SIGNED;
  drafts.fields[3].is_signed = true;
  e.set_fields(drafts, 2);
  EXPECT_EQ(names(e.format.common_fields), (std::vector<std::string>{"common_type", "common_pid"}));
  EXPECT_EQ(names(e.format.fields), (std::vector<std::string>{"comm", "pid", "prio"}));
  const tep_format_field* pid = e.format.fields->next;
  EXPECT_STREQ(pid->type, "pid_t");
  EXPECT_EQ(pid->alias, pid->name);
  EXPECT_EQ(pid->event, &e);
  EXPECT_EQ(pid->offset, 24);
  EXPECT_EQ(pid->flags, static_cast<unsigned long>(TEP_FIELD_IS_SIGNED));
  EXPECT_TRUE(as_field(pid)->is_signed);
  EXPECT_EQ(as_field(pid)->name_size, 3u);
  // The counts are the caller's to set.
  EXPECT_EQ(e.format.nr_common, 0);
  EXPECT_EQ(e.format.nr_fields, 0);
}

// The event keeps copies: the drafts may be reused at once.
TEST(Event, SetFieldsCopiesTheDrafts) {
  Event e;
  auto drafts = std::make_unique<FieldDrafts>();
  add(*drafts, "int", "a", 8);
  e.set_fields(*drafts, 0);
  drafts->clear();
  add(*drafts, "long", "zzzzzz", 16);
  drafts.reset();
  ASSERT_NE(e.format.fields, nullptr);
  EXPECT_STREQ(e.format.fields->name, "a");
  EXPECT_STREQ(e.format.fields->type, "int");
  EXPECT_EQ(e.format.common_fields, nullptr);
}

TEST(Event, SetFieldsAtTheEdges) {
  Event e;
  FieldDrafts drafts;
  e.set_fields(drafts, 0);
  EXPECT_EQ(e.format.common_fields, nullptr);
  EXPECT_EQ(e.format.fields, nullptr);
  add(drafts, "int", "a", 0);
  add(drafts, "int", "b", 4);
  e.set_fields(drafts, 2);  // all common
  EXPECT_EQ(names(e.format.common_fields), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(e.format.fields, nullptr);
  e.set_fields(drafts, 0);  // none common
  EXPECT_EQ(e.format.common_fields, nullptr);
  EXPECT_EQ(names(e.format.fields), (std::vector<std::string>{"a", "b"}));
  // A common count past the end puts every field in the common list.
  e.set_fields(drafts, 10);
  EXPECT_EQ(names(e.format.common_fields), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(e.format.fields, nullptr);
}

// Setting fields again replaces them; setting none drops them.
TEST(Event, SetFieldsReplaces) {
  Event e;
  FieldDrafts drafts;
  add(drafts, "int", "old", 0);
  e.set_fields(drafts, 0);
  drafts.clear();
  add(drafts, "long", "new", 8);
  e.set_fields(drafts, 0);
  EXPECT_EQ(names(e.format.fields), (std::vector<std::string>{"new"}));
  drafts.clear();
  e.set_fields(drafts, 0);
  EXPECT_EQ(e.format.fields, nullptr);
  EXPECT_EQ(e.format.common_fields, nullptr);
}

// An event of a table keeps its names, fields and print args in the table's
// arena: they outlive the event object itself, until the arena dies.
TEST(Event, TableEventsUseTheSharedArena) {
  base::StringArena arena;
  auto e = std::make_unique<Event>(arena);
  EXPECT_EQ(&e->memory, &arena);
  e->set_names("sched", "sched_switch");
  EXPECT_STREQ(e->name, "sched_switch");
  EXPECT_STREQ(e->system, "sched");
  EXPECT_EQ(e->name_text, "sched_switch");
  EXPECT_EQ(e->system_text, "sched");
  FieldDrafts drafts;
  add(drafts, "int", "pid", 8);
  e->set_fields(drafts, 0);
  tep_format_field* pid = e->format.fields;
  tep_print_arg* arg = e->print_args.new_arg();
  EXPECT_EQ(arg->type, TEP_PRINT_NULL);
  const char* name = e->name;
  e.reset();
  EXPECT_STREQ(name, "sched_switch");
  EXPECT_STREQ(pid->name, "pid");
}

// A standalone event's names are its own copies.
TEST(Event, SetNamesCopies) {
  Event e;
  std::string system = "kmem", name = "kmalloc";
  e.set_names(system, name);
  system = "xxxx";
  name = "yyyyyyy";
  EXPECT_STREQ(e.system, "kmem");
  EXPECT_STREQ(e.name, "kmalloc");
  EXPECT_EQ(e.name_text.size(), 7u);
}

// Many fields: each keeps its own texts (no pointer into a grown buffer).
TEST(Event, ManyFields) {
  Event e;
  FieldDrafts drafts;
  for (int i = 0; i < 2000; i++) add(drafts, "type" + std::to_string(i), "name" + std::to_string(i), i);
  e.set_fields(drafts, 4);
  int i = 0;
  for (const tep_format_field* f = e.format.common_fields; f; f = f->next, i++) {
    ASSERT_EQ(f->name, "name" + std::to_string(i));
    ASSERT_EQ(f->type, "type" + std::to_string(i));
  }
  for (const tep_format_field* f = e.format.fields; f; f = f->next, i++) {
    ASSERT_EQ(f->name, "name" + std::to_string(i));
    ASSERT_EQ(f->offset, i);
  }
  EXPECT_EQ(i, 2000);
}

}  // namespace
}  // namespace tep::format
