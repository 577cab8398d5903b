// SPDX-License-Identifier: LGPL-2.1
// in_main_program_rodata: the test executable's literals and code count,
// its writable data, the heap, the stack and other objects' bytes do not.
#include "base/immutable_text.h"

#include <gnu/libc-version.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

namespace tep::base {
namespace {

constexpr char kConstant[] = "a constant array";
char writable_global[] = "a writable array";

void some_function() {}

TEST(ImmutableText, StringLiteralsOfTheProgramCount) {
  const char* literal = "%16s-%-5d [%03d]";
  EXPECT_TRUE(in_main_program_rodata(literal, strlen(literal) + 1));
  EXPECT_TRUE(in_main_program_rodata(kConstant, sizeof(kConstant)));
  EXPECT_TRUE(in_main_program_rodata(literal, 0));
}

// Code is mapped without write permission too: it never changes either.
TEST(ImmutableText, ProgramCodeCounts) {
  EXPECT_TRUE(in_main_program_rodata(reinterpret_cast<const void*>(&some_function), 1));
}

TEST(ImmutableText, WritableMemoryDoesNotCount) {
  EXPECT_FALSE(in_main_program_rodata(writable_global, sizeof(writable_global)));
  char on_stack[] = "on the stack";
  EXPECT_FALSE(in_main_program_rodata(on_stack, sizeof(on_stack)));
  auto on_heap = std::make_unique<char[]>(32);
  EXPECT_FALSE(in_main_program_rodata(on_heap.get(), 32));
  std::string text = "a std::string long enough to live on the heap";
  EXPECT_FALSE(in_main_program_rodata(text.c_str(), text.size() + 1));
}

// A shared library may be unloaded: its literals are not the program's.
TEST(ImmutableText, SharedLibraryLiteralsDoNotCount) {
  const char* version = gnu_get_libc_version();
  ASSERT_NE(version, nullptr);
  EXPECT_FALSE(in_main_program_rodata(version, strlen(version) + 1));
}

TEST(ImmutableText, NullAndAbsurdRangesDoNotCount) {
  EXPECT_FALSE(in_main_program_rodata(nullptr, 1));
  EXPECT_FALSE(in_main_program_rodata(reinterpret_cast<const void*>(UINTPTR_MAX), 1));
  // Starts inside a segment but runs past its end (the size must not wrap).
  EXPECT_FALSE(in_main_program_rodata(kConstant, SIZE_MAX));
  EXPECT_FALSE(in_main_program_rodata(kConstant, SIZE_MAX - reinterpret_cast<uintptr_t>(kConstant) + 2));
}

TEST(ImmutableText, AnswersDoNotChangeBetweenCalls) {
  for (int i = 0; i < 3; i++) {
    EXPECT_TRUE(in_main_program_rodata(kConstant, sizeof(kConstant)));
    EXPECT_FALSE(in_main_program_rodata(writable_global, sizeof(writable_global)));
  }
}

}  // namespace
}  // namespace tep::base
