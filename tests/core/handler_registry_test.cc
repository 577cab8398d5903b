// SPDX-License-Identifier: LGPL-2.1
#include "core/handler_registry.h"

#include <gtest/gtest.h>

#include <string>

#include "core/handle.h"

namespace tep::core {
namespace {

std::string format_text(const char* name, int id) {
  return std::string("name: ") + name + "\nID: " + std::to_string(id) +
         "\nformat:\n"
         "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
         "\tfield:int x;\toffset:4;\tsize:4;\tsigned:1;\n\n\n"
         "print fmt: \"x=%d\", REC->x\n";
}

format::Event* add(tep_handle& tep, const char* system, const char* name, int id) {
  tep.long_size = 8;
  format::Event* added = nullptr;
  EXPECT_EQ(add_event_format(tep, format_text(name, id), system, &added), TEP_ERRNO__SUCCESS);
  return added;
}

int handler_a(trace_seq*, tep_record*, tep_event*, void*) { return 0; }
int handler_b(trace_seq*, tep_record*, tep_event*, void*) { return 0; }

TEST(HandlerRegistry, OverwritesAParsedEventAndMovesThePlanGeneration) {
  tep_handle tep;
  format::Event* e = add(tep, "sys", "ev", 10);
  const uint64_t generation = tep.generation.load();
  EXPECT_EQ(tep.handlers.add(tep, -1, "sys", "ev", handler_a, &tep), TEP_REGISTER_SUCCESS_OVERWRITE);
  EXPECT_EQ(e->handler, &handler_a);
  EXPECT_EQ(e->context, &tep);
  EXPECT_NE(tep.generation.load(), generation);
}

TEST(HandlerRegistry, KeepsAHandlerUntilItsEventArrives) {
  tep_handle tep;
  EXPECT_EQ(tep.handlers.add(tep, -1, "sys", "later", handler_a, nullptr), TEP_REGISTER_SUCCESS);
  format::Event* other = add(tep, "sys", "other", 1);
  EXPECT_EQ(other->handler, nullptr);
  format::Event* later = add(tep, "sys", "later", 2);
  EXPECT_EQ(later->handler, &handler_a);
  // Consumed by that event: a second event of the same name gets none.
  format::Event* again = add(tep, "sys2", "later", 3);
  EXPECT_EQ(again->handler, nullptr);
}

TEST(HandlerRegistry, NewestPendingRegistrationWins) {
  tep_handle tep;
  tep.handlers.add(tep, 5, nullptr, nullptr, handler_a, nullptr);
  tep.handlers.add(tep, 5, nullptr, nullptr, handler_b, nullptr);
  EXPECT_EQ(add(tep, "sys", "ev", 5)->handler, &handler_b);
}

TEST(HandlerRegistry, IdAndNamesMustAllAgree) {
  tep_handle tep;
  add(tep, "sys", "ev", 7);
  // An id whose event has another name is not that event: kept pending.
  EXPECT_EQ(tep.handlers.add(tep, 7, "sys", "other", handler_a, nullptr), TEP_REGISTER_SUCCESS);
  EXPECT_EQ(tep.handlers.add(tep, 7, "nosys", nullptr, handler_a, nullptr), TEP_REGISTER_SUCCESS);
  EXPECT_EQ(tep.handlers.add(tep, 7, nullptr, "ev", handler_a, nullptr), TEP_REGISTER_SUCCESS_OVERWRITE);
}

TEST(HandlerRegistry, RemoveDetachesOrDropsOnlyAnExactMatch) {
  tep_handle tep;
  format::Event* e = add(tep, "sys", "ev", 1);
  int context = 0;
  tep.handlers.add(tep, -1, "sys", "ev", handler_a, &context);
  EXPECT_EQ(tep.handlers.remove(tep, -1, "sys", "ev", handler_b, &context), -1);
  EXPECT_EQ(tep.handlers.remove(tep, -1, "sys", "ev", handler_a, nullptr), -1);
  EXPECT_EQ(tep.handlers.remove(tep, -1, "sys", "ev", handler_a, &context), 0);
  EXPECT_EQ(e->handler, nullptr);

  tep.handlers.add(tep, -1, "sys", "pending", handler_a, nullptr);
  EXPECT_EQ(tep.handlers.remove(tep, -1, "sys", "pending", handler_a, nullptr), 0);
  EXPECT_EQ(tep.handlers.remove(tep, -1, "sys", "pending", handler_a, nullptr), -1);
  EXPECT_EQ(add(tep, "sys", "pending", 2)->handler, nullptr);
}

TEST(HandlerRegistry, AGivenNameNeverMatchesAPendingNull) {
  // Upstream compares the two with strcmp (a crash); here it is no match.
  tep_handle tep;
  tep.handlers.add(tep, 3, nullptr, nullptr, handler_a, nullptr);
  EXPECT_EQ(tep.handlers.remove(tep, 3, "sys", "ev", handler_a, nullptr), -1);
  EXPECT_EQ(tep.handlers.remove(tep, 3, nullptr, nullptr, handler_a, nullptr), 0);
}

}  // namespace
}  // namespace tep::core
