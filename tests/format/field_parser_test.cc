// SPDX-License-Identifier: LGPL-2.1
// FieldGroupParser on one group of field lines: the type and name it builds,
// the flags, array length and element size it derives, old and token-by-token
// spellings, and malformed lines (the fields before them kept, the count left
// alone, no read past the text).
#include "format/field_parser.h"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>

#include "base/tokenizer.h"

namespace tep::format {
namespace {

struct Parsed {
  FieldGroupStatus status;
  int count = -1;  // untouched on failure
  FieldDrafts drafts;
  size_t position = 0;

  const Field& field(size_t i) const { return drafts.fields.at(i); }
  std::string type(size_t i) const { return &drafts.text[drafts.text_at.at(i).first]; }
  std::string name(size_t i) const { return &drafts.text[drafts.text_at.at(i).second]; }
};

// The group is read from an exactly-sized heap copy: ASan sees any overread.
std::unique_ptr<Parsed> parse(std::string_view text, int event_flags = 0, int long_size = 8) {
  auto out = std::make_unique<Parsed>();
  std::unique_ptr<char[]> copy(new char[text.size() ? text.size() : 1]);
  memcpy(copy.get(), text.data(), text.size());
  base::Tokenizer tokens(std::string_view(copy.get(), text.size()), base::kFormatFileGrammar);
  Event event;
  event.flags = event_flags;
  FieldGroupParser parser(tokens, event, long_size, out->drafts);
  out->status = parser.parse(out->count);
  out->position = tokens.pos();
  return out;
}

std::string line(const std::string& declaration, int offset, int size, int is_signed = 0) {
  return "\tfield:" + declaration + ";\toffset:" + std::to_string(offset) + ";\tsize:" + std::to_string(size) +
         ";\tsigned:" + std::to_string(is_signed) + ";\n";
}

TEST(FieldParser, OneScalarField) {
  auto p = parse(line("int prio", 8, 4, 1) + "\n");
  ASSERT_EQ(p->status, FieldGroupStatus::kComplete);
  EXPECT_EQ(p->count, 1);
  EXPECT_EQ(p->type(0), "int");
  EXPECT_EQ(p->name(0), "prio");
  EXPECT_EQ(p->field(0).offset, 8);
  EXPECT_EQ(p->field(0).size, 4);
  EXPECT_EQ(p->field(0).flags, static_cast<unsigned long>(TEP_FIELD_IS_SIGNED));
  EXPECT_EQ(p->field(0).elementsize, 4u);
  EXPECT_EQ(p->field(0).arraylen, 0u);
  EXPECT_TRUE(p->field(0).is_signed);
  EXPECT_FALSE(p->field(0).is_dynamic);
  EXPECT_EQ(p->field(0).name_size, 4u);
}

// The group ends at its empty line; what follows is left for the caller.
TEST(FieldParser, StopsAfterTheEmptyLine) {
  const std::string group = line("unsigned short common_type", 0, 2) + line("int common_pid", 4, 4, 1) + "\n";
  auto p = parse(group + line("int next", 8, 4));
  ASSERT_EQ(p->status, FieldGroupStatus::kComplete);
  EXPECT_EQ(p->count, 2);
  EXPECT_EQ(p->position, group.size());
  EXPECT_EQ(p->type(0), "unsigned short");
}

TEST(FieldParser, EmptyGroup) {
  auto p = parse("\n");
  ASSERT_EQ(p->status, FieldGroupStatus::kComplete);
  EXPECT_EQ(p->count, 0);
}

TEST(FieldParser, MultiWordTypesAndPointers) {
  auto p = parse(line("unsigned long long total", 8, 8) + line("const char * str", 16, 8) +
                 line("struct task_struct *task", 24, 8) + "\n");
  ASSERT_EQ(p->status, FieldGroupStatus::kComplete);
  EXPECT_EQ(p->type(0), "unsigned long long");
  EXPECT_EQ(p->field(0).flags, static_cast<unsigned long>(TEP_FIELD_IS_LONG));
  EXPECT_EQ(p->type(1), "const char *");
  EXPECT_EQ(p->field(1).flags, static_cast<unsigned long>(TEP_FIELD_IS_POINTER));
  EXPECT_EQ(p->type(2), "struct task_struct *");
  EXPECT_EQ(p->name(2), "task");
}

TEST(FieldParser, FixedArrays) {
  auto p = parse(line("char comm[16]", 8, 16) + line("unsigned long args[6]", 24, 48) + line("u8 mac[6]", 72, 6) +
                 line("int vals[4]", 80, 16, 1) + "\n");
  ASSERT_EQ(p->status, FieldGroupStatus::kComplete);
  EXPECT_EQ(p->type(0), "char[16]");
  EXPECT_EQ(p->name(0), "comm");
  EXPECT_EQ(p->field(0).flags, static_cast<unsigned long>(TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_STRING));
  EXPECT_EQ(p->field(0).arraylen, 16u);
  EXPECT_EQ(p->field(0).elementsize, 1u);
  EXPECT_EQ(p->type(1), "unsigned long[6]");
  EXPECT_EQ(p->field(1).flags, static_cast<unsigned long>(TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_LONG));
  EXPECT_EQ(p->field(1).elementsize, 8u);
  EXPECT_EQ(p->field(2).flags, static_cast<unsigned long>(TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_STRING));
  EXPECT_EQ(p->field(3).flags, static_cast<unsigned long>(TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_SIGNED));
  EXPECT_EQ(p->field(3).elementsize, 4u);
}

// Only the last token inside the brackets is the length: a macro name is 0.
TEST(FieldParser, ArrayLengthIsTheLastToken) {
  auto p = parse(line("char comm[TASK_COMM_LEN]", 8, 16) + line("int x[2 + 3]", 24, 20) + line("int y[0x10]", 44, 64) +
                 "\n");
  ASSERT_EQ(p->status, FieldGroupStatus::kComplete);
  EXPECT_EQ(p->type(0), "char[TASK_COMM_LEN]");
  EXPECT_EQ(p->field(0).arraylen, 0u);
  EXPECT_EQ(p->field(0).elementsize, 1u);  // a string without a length: bytes
  EXPECT_EQ(p->type(1), "int[2+3]");
  EXPECT_EQ(p->field(1).arraylen, 3u);
  EXPECT_EQ(p->field(1).elementsize, 20u / 3);
  EXPECT_EQ(p->field(2).arraylen, 16u);
  EXPECT_EQ(p->field(2).elementsize, 4u);
}

// Without a length: strings count bytes, longs the trace's long size.
TEST(FieldParser, ArraysWithoutALength) {
  auto p =
      parse(line("char buf[]", 16, 0) + line("unsigned long caller[]", 16, 0) + line("int vals[]", 16, 0) + "\n", 0, 4);
  ASSERT_EQ(p->status, FieldGroupStatus::kComplete);
  EXPECT_EQ(p->type(0), "char[]");
  EXPECT_EQ(p->field(0).elementsize, 1u);
  EXPECT_EQ(p->field(1).elementsize, 4u);
  EXPECT_EQ(p->field(2).elementsize, 0u);
}

TEST(FieldParser, DynamicFields) {
  auto p = parse(line("__data_loc char[] name", 8, 4) + line("__data_loc u32[] vals", 12, 4) +
                 line("__rel_loc s16[] rel", 16, 4) + line("__data_loc cpumask_t mask", 20, 4) +
                 line("__data_loc struct foo[] foos", 24, 4) + line("__data_loc char[] old", 28, 2) + "\n");
  ASSERT_EQ(p->status, FieldGroupStatus::kComplete);
  ASSERT_EQ(p->count, 6);
  EXPECT_EQ(p->type(0), "__data_loc char[]");
  EXPECT_EQ(p->name(0), "name");
  EXPECT_EQ(p->field(0).flags,
            static_cast<unsigned long>(TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_STRING | TEP_FIELD_IS_DYNAMIC));
  EXPECT_EQ(p->field(0).elementsize, 1u);
  EXPECT_TRUE(p->field(0).is_dynamic);
  EXPECT_FALSE(p->field(0).is_relative);
  EXPECT_EQ(p->field(1).elementsize, 4u);
  EXPECT_EQ(p->type(2), "__rel_loc s16[]");
  EXPECT_EQ(p->field(2).flags,
            static_cast<unsigned long>(TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_DYNAMIC | TEP_FIELD_IS_RELATIVE));
  EXPECT_EQ(p->field(2).elementsize, 2u);
  EXPECT_TRUE(p->field(2).is_relative);
  EXPECT_EQ(p->type(3), "__data_loc cpumask_t");  // no brackets: no array, no element size
  EXPECT_EQ(p->field(3).flags, static_cast<unsigned long>(TEP_FIELD_IS_DYNAMIC));
  EXPECT_EQ(p->field(3).elementsize, 0u);
  EXPECT_EQ(p->type(4), "__data_loc struct foo[]");
  EXPECT_EQ(p->field(4).elementsize, 0u);  // not a type of known size
  // A 2-byte location: an old kernel's string.
  EXPECT_EQ(p->field(5).flags,
            static_cast<unsigned long>(TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_STRING | TEP_FIELD_IS_DYNAMIC));
}

TEST(FieldParser, AttributesJoinTheType) {
  auto p = parse(line("const char __attribute__((user)) * filename", 8, 8) + "\n");
  ASSERT_EQ(p->status, FieldGroupStatus::kComplete);
  EXPECT_EQ(p->type(0), "const char __attribute__((user)) *");
  EXPECT_EQ(p->name(0), "filename");
  EXPECT_EQ(p->field(0).flags, static_cast<unsigned long>(TEP_FIELD_IS_POINTER));
}

TEST(FieldParser, OldKernelsEndAfterTheSize) {
  auto p = parse("\tfield:int a;\toffset:8;\tsize:4;\n\tfield:char b[4];\toffset:12;\tsize:4;\n\n");
  ASSERT_EQ(p->status, FieldGroupStatus::kComplete);
  EXPECT_EQ(p->count, 2);
  EXPECT_FALSE(p->field(0).is_signed);
  EXPECT_EQ(p->field(1).offset, 12);
}

// Labels spelt token by token, with other blanks, read the same.
TEST(FieldParser, TokenByTokenSpelling) {
  auto p = parse(" field : int a ; offset : 8 ; size : 4 ; signed : 1 ;\n\n");
  ASSERT_EQ(p->status, FieldGroupStatus::kComplete);
  EXPECT_EQ(p->count, 1);
  EXPECT_EQ(p->type(0), "int");
  EXPECT_EQ(p->name(0), "a");
  EXPECT_EQ(p->field(0).offset, 8);
  EXPECT_TRUE(p->field(0).is_signed);
}

TEST(FieldParser, NumbersReadLikeStrtoul) {
  auto p = parse(line("int a", 0, 0).replace(line("int a", 0, 0).find("offset:0"), 8, "offset:0x10") + "\n");
  ASSERT_EQ(p->status, FieldGroupStatus::kComplete);
  EXPECT_EQ(p->field(0).offset, 16);
  p = parse("\tfield:int a;\toffset:010;\tsize:4;\tsigned:7;\n\n");
  ASSERT_EQ(p->status, FieldGroupStatus::kComplete);
  EXPECT_EQ(p->field(0).offset, 8);
  EXPECT_TRUE(p->field(0).is_signed);  // any non-zero value
}

// Old ftrace formats: "field special:" and '.' inside types.
TEST(FieldParser, FtraceSpellings) {
  const std::string special = "\tfield special:unsigned long ip;\toffset:8;\tsize:8;\tsigned:0;\n\n";
  const std::string dotted = line("struct ftrace_graph_ent.depth depth", 8, 4) + "\n";
  auto p = parse(special, TEP_EVENT_FL_ISFTRACE);
  ASSERT_EQ(p->status, FieldGroupStatus::kComplete);
  EXPECT_EQ(p->type(0), "unsigned long");
  EXPECT_EQ(p->name(0), "ip");
  p = parse(dotted, TEP_EVENT_FL_ISFTRACE);
  ASSERT_EQ(p->status, FieldGroupStatus::kComplete);
  EXPECT_EQ(p->name(0), "depth");
  // Not in other events.
  EXPECT_EQ(parse(special)->status, FieldGroupStatus::kMalformed);
  EXPECT_EQ(parse(dotted)->status, FieldGroupStatus::kMalformed);
}

// Fields before a malformed line are kept; the count is not written.
TEST(FieldParser, MalformedLineKeepsTheFieldsBefore) {
  auto p = parse(line("int a", 8, 4) + line("int b", 12, 4) + "\tfield:int c;\toffset:16;\tsize:4;\tsigned:1\n\n");
  EXPECT_EQ(p->status, FieldGroupStatus::kMalformed);
  EXPECT_EQ(p->count, -1);
  ASSERT_EQ(p->drafts.fields.size(), 2u);
  EXPECT_EQ(p->drafts.text_at.size(), 2u);
  EXPECT_EQ(p->name(1), "b");
}

TEST(FieldParser, MalformedLines) {
  for (const std::string& bad : {
           std::string("\tfield:int;\toffset:8;\tsize:4;\tsigned:0;\n\n"),              // no name
           std::string("\tfield:;\toffset:8;\tsize:4;\tsigned:0;\n\n"),                 // nothing
           std::string("\tfield:int a\toffset:8;\tsize:4;\tsigned:0;\n\n"),             // no ';' after the name
           std::string("\tfield:int a;\tsize:4;\toffset:8;\tsigned:0;\n\n"),            // labels swapped
           std::string("\tfield:int a;\toffset:;\tsize:4;\tsigned:0;\n\n"),             // no number
           std::string("\tfield:int a;\toffset:8;\tsize:4;\tsigned:0; x\n\n"),          // text after the line
           std::string("\tfield:char a[16;\toffset:8;\tsize:16;\tsigned:0;\n\n"),       // unclosed '['
           std::string("\tfield:__attribute__((x)) a;\toffset:8;\tsize:4;\n\n"),        // attribute before a type
           std::string("\tfield:int __attribute__((\"x)) a;\toffset:8;\tsize:4;\n\n"),  // unterminated string
           std::string("\tfoo:int a;\toffset:8;\tsize:4;\tsigned:0;\n\n"),              // not "field"
           std::string("\tfield int a;\toffset:8;\tsize:4;\tsigned:0;\n\n"),            // no ':'
           std::string("garbage\n\n"),
       }) {
    auto p = parse(bad);
    EXPECT_EQ(p->status, FieldGroupStatus::kMalformed) << bad;
    EXPECT_EQ(p->count, -1) << bad;
    EXPECT_TRUE(p->drafts.fields.empty()) << bad;
  }
}

// The text must end with the empty line: running out first is malformed.
TEST(FieldParser, EndOfTextIsMalformed) {
  EXPECT_EQ(parse("")->status, FieldGroupStatus::kMalformed);
  auto p = parse(line("int a", 8, 4));
  EXPECT_EQ(p->status, FieldGroupStatus::kMalformed);
  EXPECT_EQ(p->drafts.fields.size(), 1u);
}

// Absurd numbers are kept as read (cast like upstream); no division by zero.
TEST(FieldParser, AbsurdNumbers) {
  auto p = parse(
      "\tfield:int a[4294967296];\toffset:99999999999999999999;\tsize:4294967295;\tsigned:0;\n"
      "\tfield:int b[7];\toffset:0;\tsize:0;\tsigned:0;\n\n");
  ASSERT_EQ(p->status, FieldGroupStatus::kComplete);
  // 2^32 cut to 32 bits; a 32-bit long's strtoul saturates first, as upstream's does there.
  EXPECT_EQ(p->field(0).arraylen, sizeof(long) == 8 ? 0u : 4294967295u);
  EXPECT_EQ(p->field(1).arraylen, 7u);
  EXPECT_EQ(p->field(1).elementsize, 0u);
}

// The location as kernels write it is read at once, any other spelling token
// by token: both give the same numbers, and stop at the same place.
TEST(FieldParser, LocationAtOnceOrByTokens) {
  const struct {
    const char* usual;
    const char* spelled;
  } cases[] = {
      {"\toffset:16;\tsize:4;\tsigned:1;\n", " offset : 16 ; size : 4 ; signed : 1 ;\n"},
      {"\toffset:010;\tsize:4;\tsigned:0;\n", "\toffset: 010;\tsize:4;\tsigned:0;\n"},  // octal, as strtoul
      {"\toffset:0;\tsize:2;\n", "\toffset:0;\tsize:2; \n"},                            // old kernels: no signed
      {"\toffset:99999999999;\tsize:4;\tsigned:7;\n", "\toffset:99999999999 ;\tsize:4;\tsigned:7;\n"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.usual);
    auto usual = parse(std::string("\tfield:int a;") + c.usual + "\n");
    auto spelled = parse(std::string("\tfield:int a;") + c.spelled + "\n");
    ASSERT_EQ(usual->status, FieldGroupStatus::kComplete);
    ASSERT_EQ(spelled->status, FieldGroupStatus::kComplete);
    EXPECT_EQ(usual->field(0).offset, spelled->field(0).offset);
    EXPECT_EQ(usual->field(0).size, spelled->field(0).size);
    EXPECT_EQ(usual->field(0).flags, spelled->field(0).flags);
    EXPECT_EQ(usual->position, strlen(c.usual) + strlen("\tfield:int a;") + 1);
  }
  EXPECT_EQ(parse("\tfield:int a;\toffset:010;\tsize:4;\tsigned:0;\n\n")->field(0).offset, 8);
  // Neither way: letters in the number, a missing ';'.
  EXPECT_EQ(parse("\tfield:int a;\toffset:1x;\tsize:4;\tsigned:0;\n\n")->field(0).offset, 1);
  EXPECT_EQ(parse("\tfield:int a;\toffset:16\tsize:4;\tsigned:0;\n\n")->status, FieldGroupStatus::kMalformed);
}

TEST(FieldParser, EveryPrefixFailsCleanly) {
  const std::string group = line("unsigned short common_type", 0, 2) + line("char comm[TASK_COMM_LEN]", 8, 16) +
                            line("__data_loc char[] name", 24, 4) +
                            line("const char __attribute__((user)) * f", 32, 8) + "\n";
  for (size_t n = 0; n < group.size(); n++) {
    auto p = parse(std::string_view(group).substr(0, n));
    EXPECT_EQ(p->status, FieldGroupStatus::kMalformed) << n;
    EXPECT_LE(p->position, n);
  }
  EXPECT_EQ(parse(group)->count, 4);
}

}  // namespace
}  // namespace tep::format
