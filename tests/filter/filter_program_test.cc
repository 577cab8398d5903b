// SPDX-License-Identifier: LGPL-2.1
// The shapes MatchProgram compiles to their own tests: fields of every size
// and signedness against numbers, char arrays and __data_loc strings against
// strings of every length class, records too short for them, and errors.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "event-parse.h"
#include "filter/filter_nodes.h"
#include "core/handle.h"
#include "filter/filter_program.h"

namespace tep::filter {
namespace {

constexpr char kFormat[] =
    "name: shapes\n"
    "ID: 900\n"
    "format:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
    "\n"
    "\tfield:s8 s8;\toffset:8;\tsize:1;\tsigned:1;\n"
    "\tfield:u8 u8;\toffset:9;\tsize:1;\tsigned:0;\n"
    "\tfield:s16 s16;\toffset:10;\tsize:2;\tsigned:1;\n"
    "\tfield:u16 u16;\toffset:12;\tsize:2;\tsigned:0;\n"
    "\tfield:s32 s32;\toffset:16;\tsize:4;\tsigned:1;\n"
    "\tfield:u32 u32;\toffset:20;\tsize:4;\tsigned:0;\n"
    "\tfield:s64 s64;\toffset:24;\tsize:8;\tsigned:1;\n"
    "\tfield:u64 u64;\toffset:32;\tsize:8;\tsigned:0;\n"
    "\tfield:char name[8];\toffset:40;\tsize:8;\tsigned:0;\n"
    "\tfield:char longname[24];\toffset:48;\tsize:24;\tsigned:0;\n"
    "\tfield:__data_loc char[] dyn;\toffset:72;\tsize:4;\tsigned:0;\n"
    "\n"
    "print fmt: \"%d\", REC->s32\n";

constexpr int kSize = 128;

class FilterProgram : public ::testing::Test {
 protected:
  void SetUp() override {
    tep_ = tep_alloc();
    tep_set_long_size(tep_, 8);
    tep_set_file_bigendian(tep_, tep_is_bigendian() ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
    ASSERT_EQ(tep_parse_event(tep_, kFormat, sizeof(kFormat) - 1, "test"), TEP_ERRNO__SUCCESS);
    data_.assign(kSize, 0);
    const uint16_t id = 900;
    memcpy(data_.data(), &id, 2);
  }
  void TearDown() override { tep_free(tep_); }

  template <typename T>
  void put(int offset, T value) {
    memcpy(data_.data() + offset, &value, sizeof(T));
  }
  void put_text(int offset, const char* bytes, size_t n) { memcpy(data_.data() + offset, bytes, n); }
  // A __data_loc word for `dyn`, and its bytes at `at`.
  void put_dyn(int at, const char* bytes, size_t n) {
    put<uint32_t>(72, static_cast<uint32_t>(at) | static_cast<uint32_t>(n) << 16);
    put_text(at, bytes, n);
  }

  // tep_filter_match of `expression` on the record's first `size` bytes.
  int match(const char* expression, int size = kSize) {
    tep_event_filter* filter = tep_filter_alloc(tep_);
    std::string text = std::string("shapes: ") + expression;
    int rc = tep_filter_add_filter_str(filter, text.c_str());
    if (rc == 0) {
      tep_record record{};
      record.data = data_.data();
      record.size = size;
      rc = tep_filter_match(filter, &record);
    }
    tep_filter_free(filter);
    return rc;
  }

  tep_handle* tep_ = nullptr;
  std::vector<unsigned char> data_;
};

constexpr int kMatch = TEP_ERRNO__FILTER_MATCH;
constexpr int kMiss = TEP_ERRNO__FILTER_MISS;

TEST_F(FilterProgram, SignedFieldsSignExtendToUnsigned64) {
  put<int8_t>(8, -1);
  put<int16_t>(10, -1);
  put<int32_t>(16, -1);
  put<int64_t>(24, -1);
  for (const char* name : {"s8", "s16", "s32", "s64"}) {
    SCOPED_TRACE(name);
    EXPECT_EQ(match((std::string(name) + " == 0xffffffffffffffff").c_str()), kMatch);
    EXPECT_EQ(match((std::string(name) + " > 100").c_str()), kMatch);
    EXPECT_EQ(match((std::string(name) + " < 0").c_str()), kMiss);
  }
}

TEST_F(FilterProgram, UnsignedFieldsZeroExtend) {
  put<uint8_t>(9, 0xff);
  put<uint16_t>(12, 0xffff);
  put<uint32_t>(20, 0xffffffff);
  put<uint64_t>(32, ~0ULL);
  EXPECT_EQ(match("u8 == 255"), kMatch);
  EXPECT_EQ(match("u16 == 65535"), kMatch);
  EXPECT_EQ(match("u32 == 4294967295"), kMatch);
  EXPECT_EQ(match("u64 == 0xffffffffffffffff"), kMatch);
  EXPECT_EQ(match("u8 == 0xffffffffffffffff || u16 == 0xffffffffffffffff || u32 == 0xffffffffffffffff"), kMiss);
}

TEST_F(FilterProgram, EveryComparison) {
  put<int32_t>(16, 7);
  const std::pair<const char*, int> cases[] = {
      {"s32 == 7", kMatch}, {"s32 == 8", kMiss}, {"s32 != 7", kMiss}, {"s32 != 8", kMatch},
      {"s32 > 6", kMatch},  {"s32 > 7", kMiss},  {"s32 < 8", kMatch}, {"s32 < 7", kMiss},
      {"s32 >= 7", kMatch}, {"s32 >= 8", kMiss}, {"s32 <= 7", kMatch}, {"s32 <= 6", kMiss},
  };
  for (const auto& [expression, expected] : cases) EXPECT_EQ(match(expression), expected) << expression;
}

TEST_F(FilterProgram, AndOrNotShortCircuit) {
  put<int32_t>(16, 1);
  EXPECT_EQ(match("s32 == 1 && u32 == 0"), kMatch);
  EXPECT_EQ(match("s32 == 2 && u32 == 0"), kMiss);
  EXPECT_EQ(match("s32 == 2 || u32 == 0"), kMatch);
  EXPECT_EQ(match("!(s32 == 1)"), kMiss);
  EXPECT_EQ(match("!(s32 == 2) && !(u32 == 1 || u8 == 1)"), kMatch);
  // The error of an untested branch is never met.
  EXPECT_EQ(match("s32 == 1 || s32 + \"x\""), kMatch);
  EXPECT_EQ(match("s32 == 2 && s32 + \"x\""), kMiss);
  EXPECT_EQ(match("s32 == 2 || s32 + \"x\""), TEP_ERRNO__NOT_A_NUMBER);
}

TEST_F(FilterProgram, FieldsOutsideTheRecordReadAsZero) {
  put<int32_t>(16, 5);
  EXPECT_EQ(match("s32 == 5", 20), kMatch);  // the field's last byte is the record's
  EXPECT_EQ(match("s32 == 0", 19), kMatch);
  EXPECT_EQ(match("s32 == 0", 0), TEP_ERRNO__FILTER_NOT_FOUND);  // nor is common_type in it
}

TEST_F(FilterProgram, CharArraysAgainstStringsOfEveryLength) {
  put_text(48, "abcdefghijklmnopqrstuvwx", 24);
  EXPECT_EQ(match("longname == \"abcdefghijklmnopqrstuvwx\""), kMatch);  // the whole array
  EXPECT_EQ(match("longname == \"abcdefghijklmnopqrstuvw\""), kMiss);
  EXPECT_EQ(match("longname != \"abcdefghijklmnopqrstuvwxy\""), kMatch);
  for (const char* text : {"", "a", "abc", "abcdefg", "abcdefghijklmno", "abcdefghijklmnopqrs"}) {
    SCOPED_TRACE(text);
    data_.assign(kSize, 0);
    put<uint16_t>(0, 900);
    put_text(48, text, strlen(text));
    const std::string same = std::string("\"") + text + "\"";
    EXPECT_EQ(match(("longname == " + same).c_str()), kMatch);
    EXPECT_EQ(match(("longname != " + same).c_str()), kMiss);
    EXPECT_EQ(match(("longname == \"" + std::string(text) + "z\"").c_str()), kMiss);
    if (*text) {
      EXPECT_EQ(match(("longname == \"" + std::string(text, strlen(text) - 1) + "\"").c_str()), kMiss);
    }
  }
}

TEST_F(FilterProgram, CharArraysClippedToTheRecord) {
  put_text(40, "abcdefgh", 8);
  EXPECT_EQ(match("name == \"abcdefgh\""), kMatch);
  EXPECT_EQ(match("name == \"abc\"", 43), kMatch);  // the array's bytes within the record
  EXPECT_EQ(match("name == \"abcd\"", 43), kMiss);
  EXPECT_EQ(match("name == \"\"", 40), kMatch);
  EXPECT_EQ(match("name != \"\"", 41), kMatch);
  EXPECT_EQ(match("name =~ \"^abc$\"", 43), kMatch);
}

// The bytes after a char array's NUL are not the text: the word compare of a
// string of 3 to 15 bytes reads the first strlen + 1 only, and a record that
// ends inside the array goes the clipped way.
TEST_F(FilterProgram, CharArraysCompareUpToTheirNul) {
  put_text(48, "kworker\0garbage!zzzzzzzz", 24);
  EXPECT_EQ(match("longname == \"kworker\""), kMatch);
  EXPECT_EQ(match("longname != \"kworker\""), kMiss);
  EXPECT_EQ(match("longname == \"kworke\""), kMiss);
  EXPECT_EQ(match("longname == \"kworker\"", 56), kMatch);  // the NUL is the record's last byte
  EXPECT_EQ(match("longname == \"kworker\"", 55), kMatch);  // the 7 bytes the record holds of it
  EXPECT_EQ(match("longname == \"kworke\"", 54), kMatch);
  EXPECT_EQ(match("longname == \"kworke\"", 55), kMiss);
  put_text(40, "abc\0wxyz", 8);
  EXPECT_EQ(match("name == \"abc\""), kMatch);
  EXPECT_EQ(match("name != \"abc\""), kMiss);
}

TEST_F(FilterProgram, DataLocStrings) {
  put_dyn(100, "eth0", 5);
  EXPECT_EQ(match("dyn == \"eth0\""), kMatch);
  EXPECT_EQ(match("dyn == \"eth\""), kMiss);
  EXPECT_EQ(match("dyn != \"eth0\""), kMiss);
  EXPECT_EQ(match("dyn =~ \"th\""), kMatch);
  // Without its NUL: the location word's size (4) of its bytes, as upstream.
  put_dyn(100, "abcdefg", 7);
  EXPECT_EQ(match("dyn == \"abcd\""), kMatch);
  EXPECT_EQ(match("dyn == \"abcdefg\""), kMiss);
  // Past the record's end: the bytes within it.
  put_dyn(100, "xyz12345", 9);
  EXPECT_EQ(match("dyn == \"xy\"", 102), kMatch);
  // The location word outside the record reads as 0: the word's size of
  // bytes at offset 0, common_type's.
  EXPECT_EQ(match("dyn == \"\"", 74), kMiss);
}

TEST_F(FilterProgram, Errors) {
  put<uint32_t>(20, 0);
  EXPECT_EQ(match("s32 + \"x\""), TEP_ERRNO__NOT_A_NUMBER);
  EXPECT_EQ(match("\"x\" + s32"), TEP_ERRNO__NOT_A_NUMBER);
  EXPECT_EQ(match("s32 / u32"), TEP_ERRNO__INVALID_EXP_TYPE);  // upstream: SIGFPE
  put<uint32_t>(20, 1);
  EXPECT_EQ(match("s32 / u32"), kMiss);
  put<int32_t>(16, 1);
  EXPECT_EQ(match("s32 / u32"), kMatch);
}

// Trees the parser does not make (consumers may swap their own in): the
// first error in evaluation order wins, even when one to its right would
// happen on every record.
TEST_F(FilterProgram, FirstErrorWinsInHandBuiltTrees) {
  tep_event* event = tep_find_event(tep_, 900);
  ASSERT_NE(event, nullptr);
  auto node = [](tep_filter_arg_type type) {
    auto* n = static_cast<tep_filter_arg*>(calloc(1, sizeof(tep_filter_arg)));
    n->type = type;
    return n;
  };
  auto field = [&](const char* name) {
    tep_filter_arg* n = node(TEP_FILTER_ARG_FIELD);
    n->field.field = tep_find_field(event, name);
    return n;
  };
  tep_filter_arg* div = node(TEP_FILTER_ARG_EXP);
  div->exp.type = TEP_FILTER_EXP_DIV;
  div->exp.left = field("s32");
  div->exp.right = field("u32");
  tep_filter_arg* text = node(TEP_FILTER_ARG_VALUE);
  text->value.type = TEP_FILTER_STRING;
  text->value.str = strdup("x");
  tep_filter_arg* sum = node(TEP_FILTER_ARG_EXP);
  sum->exp.type = TEP_FILTER_EXP_ADD;
  sum->exp.left = div;
  sum->exp.right = text;
  tep_filter_arg* cmp = node(TEP_FILTER_ARG_NUM);
  cmp->num.type = TEP_FILTER_CMP_EQ;
  cmp->num.left = sum;
  cmp->num.right = node(TEP_FILTER_ARG_VALUE);
  cmp->num.right->value.type = TEP_FILTER_NUMBER;
  tep_filter_arg* bad_cmp = node(TEP_FILTER_ARG_NUM);
  bad_cmp->num.type = TEP_FILTER_CMP_MATCH;  // not a number comparison
  bad_cmp->num.left = field("s32");
  bad_cmp->num.right = node(TEP_FILTER_ARG_VALUE);
  bad_cmp->num.right->value.type = TEP_FILTER_NUMBER;

  tep_record record{};
  record.data = data_.data();
  record.size = kSize;
  auto run = [&](const tep_filter_arg* root) { return MatchProgram(tep_, root).match(record, tep::core::swaps_bytes(*tep_)); };
  put<uint32_t>(20, 0);
  EXPECT_EQ(run(cmp), TEP_ERRNO__INVALID_EXP_TYPE);  // s32 / 0, before the string
  put<uint32_t>(20, 1);
  EXPECT_EQ(run(cmp), TEP_ERRNO__NOT_A_NUMBER);
  EXPECT_EQ(run(bad_cmp), TEP_ERRNO__ILLEGAL_INTEGER_CMP);
  EXPECT_EQ(run(nullptr), TEP_ERRNO__INVALID_ARG_TYPE);
  free_tree(cmp);
  free_tree(bad_cmp);
}

}  // namespace
}  // namespace tep::filter
