// SPDX-License-Identifier: LGPL-2.1
// tep_register_print_function / tep_unregister_print_function through the C API.
#include <gtest/gtest.h>

#include "core/handle.h"
#include "event-parse.h"

namespace {

unsigned long long first(struct trace_seq*, unsigned long long* args) { return args[0]; }
unsigned long long second(struct trace_seq*, unsigned long long* args) { return args[1]; }

TEST(PrintFunctions, RegisterLookUpAndReplace) {
  tep_handle* tep = tep_alloc();
  ASSERT_NE(tep, nullptr);
  uint64_t generation = tep->generation.load();
  char name[] = "pick";
  EXPECT_EQ(tep_register_print_function(tep, first, TEP_FUNC_ARG_LONG, name, TEP_FUNC_ARG_INT,
                                        TEP_FUNC_ARG_PTR, TEP_FUNC_ARG_VOID),
            0);
  EXPECT_GT(tep->generation.load(), generation);
  const tep_function_handler* handler = tep->print_functions.find("pick");
  ASSERT_NE(handler, nullptr);
  EXPECT_EQ(handler->func, first);
  EXPECT_EQ(handler->ret_type, TEP_FUNC_ARG_LONG);
  ASSERT_EQ(handler->params.size(), 2u);
  EXPECT_EQ(handler->params[1], TEP_FUNC_ARG_PTR);

  // Registering the name again replaces it; the old object stays valid.
  EXPECT_EQ(tep_register_print_function(tep, second, TEP_FUNC_ARG_INT, name, TEP_FUNC_ARG_VOID), 0);
  EXPECT_EQ(tep->print_functions.find("pick")->func, second);
  EXPECT_EQ(handler->name, "pick");

  // Unregistering needs the current function.
  EXPECT_EQ(tep_unregister_print_function(tep, first, name), -1);
  EXPECT_EQ(tep_unregister_print_function(tep, second, name), 0);
  EXPECT_EQ(tep->print_functions.find("pick"), nullptr);
  EXPECT_EQ(tep_unregister_print_function(tep, second, name), -1);
  tep_free(tep);
}

TEST(PrintFunctions, RejectsBadArguments) {
  tep_handle* tep = tep_alloc();
  char name[] = "bad";
  EXPECT_EQ(tep_register_print_function(tep, first, TEP_FUNC_ARG_INT, name,
                                        static_cast<tep_func_arg_type>(TEP_FUNC_ARG_MAX_TYPES),
                                        TEP_FUNC_ARG_VOID),
            TEP_ERRNO__INVALID_ARG_TYPE);
  EXPECT_EQ(tep->print_functions.find("bad"), nullptr);
  EXPECT_EQ(tep_register_print_function(nullptr, first, TEP_FUNC_ARG_INT, name, TEP_FUNC_ARG_VOID),
            TEP_ERRNO__INVALID_ARG_TYPE);
  EXPECT_EQ(tep_register_print_function(tep, first, TEP_FUNC_ARG_INT, nullptr, TEP_FUNC_ARG_VOID),
            TEP_ERRNO__INVALID_ARG_TYPE);
  EXPECT_EQ(tep_unregister_print_function(nullptr, first, name), -1);
  EXPECT_EQ(tep_unregister_print_function(tep, first, nullptr), -1);
  tep_free(tep);
}

// A print fmt calling a function nobody registered still parses (the event is
// added, marked failed); registered first, the call parses.
TEST(PrintFunctions, ParsingDependsOnRegistration) {
  const char format[] =
      "name: ev\nID: 7\nformat:\n"
      "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
      "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
      "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n\n"
      "print fmt: \"%d\", pick(REC->a)\n";
  tep_handle* tep = tep_alloc();
  EXPECT_EQ(tep_parse_event(tep, format, sizeof(format) - 1, "sys"), 0);
  tep_event* event = tep_find_event(tep, 7);
  ASSERT_NE(event, nullptr);
  EXPECT_TRUE(event->flags & TEP_EVENT_FL_FAILED);
  tep_free(tep);

  tep = tep_alloc();
  char name[] = "pick";
  ASSERT_EQ(tep_register_print_function(tep, first, TEP_FUNC_ARG_INT, name, TEP_FUNC_ARG_INT,
                                        TEP_FUNC_ARG_VOID),
            0);
  EXPECT_EQ(tep_parse_event(tep, format, sizeof(format) - 1, "sys"), 0);
  event = tep_find_event(tep, 7);
  ASSERT_NE(event, nullptr);
  EXPECT_FALSE(event->flags & TEP_EVENT_FL_FAILED);
  ASSERT_NE(event->print_fmt.args, nullptr);
  EXPECT_EQ(event->print_fmt.args->type, TEP_PRINT_FUNC);
  EXPECT_EQ(event->print_fmt.args->func.func, tep->print_functions.find("pick"));
  // Unregistering does not free what the parsed tree points at.
  EXPECT_EQ(tep_unregister_print_function(tep, first, name), 0);
  EXPECT_EQ(event->print_fmt.args->func.func->name, "pick");
  tep_free(tep);
}

}  // namespace
