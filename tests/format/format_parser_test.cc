// SPDX-License-Identifier: LGPL-2.1
// The format parser through tep_parse_format / tep_parse_event: what each kind
// of field declaration becomes, error codes, and when events are added.
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "event-parse.h"
#include "test_formats.h"

namespace tep::testing {
namespace {

struct Handle {
  Handle() : tep(tep_alloc()) { tep_set_long_size(tep, 8); }
  ~Handle() { tep_free(tep); }
  tep_event* parse(const std::string& text, const char* sys = "test", tep_errno* rc = nullptr) {
    tep_event* event = nullptr;
    tep_errno r = tep_parse_format(tep, &event, text.data(), text.size(), sys);
    if (rc) *rc = r;
    return event;
  }
  tep_handle* tep;
};

tep_format_field* field(tep_event* e, const char* name) { return tep_find_any_field(e, name); }

TEST(FormatParser, SchedSwitch) {
  Handle h;
  tep_errno rc;
  tep_event* e = h.parse(kSchedSwitch, "sched", &rc);
  ASSERT_EQ(rc, TEP_ERRNO__SUCCESS);
  ASSERT_NE(e, nullptr);
  EXPECT_STREQ(e->name, "sched_switch");
  EXPECT_STREQ(e->system, "sched");
  EXPECT_EQ(e->id, 316);
  EXPECT_EQ(e->tep, h.tep);
  EXPECT_EQ(e->format.nr_common, 4);
  EXPECT_EQ(e->format.nr_fields, 7);
  tep_format_field* comm = field(e, "prev_comm");
  ASSERT_NE(comm, nullptr);
  EXPECT_STREQ(comm->type, "char[16]");
  EXPECT_EQ(comm->alias, comm->name);
  EXPECT_EQ(comm->offset, 8);
  EXPECT_EQ(comm->size, 16);
  EXPECT_EQ(comm->arraylen, 16u);
  EXPECT_EQ(comm->elementsize, 1u);
  EXPECT_EQ(comm->flags & (TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_STRING), TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_STRING);
  EXPECT_EQ(comm->event, e);
  tep_format_field* state = field(e, "prev_state");
  EXPECT_STREQ(state->type, "long");
  EXPECT_EQ(state->flags & (TEP_FIELD_IS_LONG | TEP_FIELD_IS_SIGNED), TEP_FIELD_IS_LONG | TEP_FIELD_IS_SIGNED);
  EXPECT_EQ(state->elementsize, 8u);
  EXPECT_EQ(tep_find_event(h.tep, 316), e);
}

TEST(FormatParser, FieldKinds) {
  Handle h;
  tep_event* e =
      h.parse(make_format("kinds", 1,
                          "\tfield:__data_loc char[] name;\toffset:8;\tsize:4;\tsigned:0;\n"
                          "\tfield:__rel_loc u32[] vals;\toffset:12;\tsize:4;\tsigned:0;\n"
                          "\tfield:const char * str;\toffset:16;\tsize:8;\tsigned:0;\n"
                          "\tfield:unsigned long args[6];\toffset:24;\tsize:48;\tsigned:0;\n"
                          "\tfield:__data_loc cpumask_t mask;\toffset:72;\tsize:4;\tsigned:0;\n"
                          "\tfield:char comm[TASK_COMM_LEN];\toffset:76;\tsize:16;\tsigned:0;\n"
                          "\tfield:__data_loc char[] old;\toffset:92;\tsize:2;\tsigned:0;\n"
                          "\tfield:const char __attribute__((user)) * filename;\toffset:96;\tsize:8;\tsigned:0;\n"));
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->format.nr_fields, 8);
  auto* name = field(e, "name");
  EXPECT_STREQ(name->type, "__data_loc char[]");
  EXPECT_EQ(name->flags, unsigned(TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_STRING | TEP_FIELD_IS_DYNAMIC));
  EXPECT_EQ(name->elementsize, 1u);
  auto* vals = field(e, "vals");
  EXPECT_STREQ(vals->type, "__rel_loc u32[]");
  EXPECT_EQ(vals->flags, unsigned(TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_DYNAMIC | TEP_FIELD_IS_RELATIVE));
  EXPECT_EQ(vals->elementsize, 4u);
  auto* str = field(e, "str");
  EXPECT_STREQ(str->type, "const char *");
  EXPECT_EQ(str->flags, unsigned(TEP_FIELD_IS_POINTER));
  auto* args = field(e, "args");
  EXPECT_STREQ(args->type, "unsigned long[6]");
  EXPECT_EQ(args->arraylen, 6u);
  EXPECT_EQ(args->elementsize, 8u);
  EXPECT_EQ(args->flags, unsigned(TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_LONG));
  auto* mask = field(e, "mask");
  EXPECT_STREQ(mask->type, "__data_loc cpumask_t");
  EXPECT_EQ(mask->elementsize, 0u);
  auto* comm = field(e, "comm");
  EXPECT_STREQ(comm->type, "char[TASK_COMM_LEN]");
  EXPECT_EQ(comm->arraylen, 0u);
  EXPECT_EQ(comm->elementsize, 1u);
  // A 2-byte __data_loc is an old kernel's string.
  auto* old = field(e, "old");
  EXPECT_TRUE(old->flags & TEP_FIELD_IS_STRING);
  auto* filename = field(e, "filename");
  ASSERT_NE(filename, nullptr);
  EXPECT_STREQ(filename->type, "const char __attribute__((user)) *");
}

TEST(FormatParser, OldFormatWithoutSigned) {
  Handle h;
  tep_event* e = h.parse(
      "name: old\nID: 3\nformat:\n\tfield:int a;\toffset:0;\tsize:4;\n\n\tfield:int b;\toffset:4;\tsize:4;\n\nprint "
      "fmt: \"\"\n");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->flags & TEP_EVENT_FL_FAILED, 0);
  EXPECT_EQ(field(e, "b")->flags, 0ul);  // not signed without "signed:"
}

TEST(FormatParser, NumbersAreReadLikeStrtoul) {
  Handle h;
  tep_event* e =
      h.parse("name: n\nID: 0x10\nformat:\n\tfield:int a;\toffset:0x8;\tsize:010;\tsigned:2;\n\n\nprint fmt: \"\"\n");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->id, 16);
  EXPECT_EQ(field(e, "a")->offset, 8);
  EXPECT_EQ(field(e, "a")->size, 8);
  EXPECT_TRUE(field(e, "a")->flags & TEP_FIELD_IS_SIGNED);
}

TEST(FormatParser, ErrorCodes) {
  Handle h;
  tep_errno rc;
  EXPECT_EQ(h.parse("", "s", &rc), nullptr);
  EXPECT_EQ(rc, TEP_ERRNO__MEM_ALLOC_FAILED);  // upstream's code for a missing name
  EXPECT_EQ(h.parse("ID: 5\n", "s", &rc), nullptr);
  EXPECT_EQ(rc, TEP_ERRNO__MEM_ALLOC_FAILED);
  EXPECT_EQ(h.parse("name: x\nformat:\n", "s", &rc), nullptr);
  EXPECT_EQ(rc, TEP_ERRNO__READ_ID_FAILED);
  EXPECT_EQ(h.parse("name: x\nID: -1\n", "s", &rc), nullptr);
  EXPECT_EQ(rc, TEP_ERRNO__READ_ID_FAILED);
  EXPECT_EQ(h.parse("name: x\nID: 4294967295\n", "s", &rc), nullptr);
  EXPECT_EQ(rc, TEP_ERRNO__READ_ID_FAILED);
  EXPECT_EQ(tep_get_events_count(h.tep), 0);
}

TEST(FormatParser, MalformedFieldsAddNothing) {
  // Upstream 1.8.4 added such an event, failed; 1.9.0 returns an error.
  Handle h;
  tep_errno rc;
  tep_event* e = h.parse(make_format("bad", 9,
                                     "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"
                                     "\tfield:int b\toffset:12;\tsize:4;\tsigned:1;\n"),
                         "s", &rc);
  EXPECT_EQ(rc, TEP_ERRNO__READ_FORMAT_FAILED);
  EXPECT_EQ(e, nullptr);
  EXPECT_EQ(tep_find_event(h.tep, 9), nullptr);
  EXPECT_EQ(tep_get_events_count(h.tep), 0);
}

TEST(FormatParser, MissingPrintFmtMarksFailed) {
  Handle h;
  std::string text = "name: np\nID: 4\nformat:\n" + std::string(kCommonFields) + "\n\n";
  tep_event* e = h.parse(text);
  ASSERT_NE(e, nullptr);
  EXPECT_TRUE(e->flags & TEP_EVENT_FL_FAILED);
  EXPECT_EQ(e->format.nr_common, 4);
}

TEST(FormatParser, FtraceFlags) {
  Handle h;
  tep_event* bprint =
      h.parse(make_format("bprint", 6, "\tfield:unsigned long ip;\toffset:8;\tsize:8;\tsigned:0;\n"), "ftrace");
  ASSERT_NE(bprint, nullptr);
  EXPECT_EQ(bprint->flags & (TEP_EVENT_FL_ISFTRACE | TEP_EVENT_FL_ISBPRINT),
            TEP_EVENT_FL_ISFTRACE | TEP_EVENT_FL_ISBPRINT);
  tep_event* other = h.parse(make_format("bprint", 7, "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"), "other");
  ASSERT_NE(other, nullptr);
  EXPECT_EQ(other->flags & (TEP_EVENT_FL_ISFTRACE | TEP_EVENT_FL_ISBPRINT), 0);
  // "field special:" and '.' in types are accepted for ftrace only.
  tep_event* special =
      h.parse(make_format("sp", 8, "\tfield special:struct a.b x;\toffset:8;\tsize:4;\tsigned:0;\n"), "ftrace");
  EXPECT_EQ(special->format.nr_fields, 1);
  EXPECT_STREQ(field(special, "x")->type, "struct a . b");
  tep_errno rc;
  EXPECT_EQ(h.parse(make_format("sp", 9, "\tfield special:int x;\toffset:8;\tsize:4;\tsigned:0;\n"), "x", &rc),
            nullptr);
  EXPECT_EQ(rc, TEP_ERRNO__READ_FORMAT_FAILED);
}

TEST(FormatParser, ParseEventAddsToo) {
  Handle h;
  std::string text = make_format("pe", 12, "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n");
  EXPECT_EQ(tep_parse_event(h.tep, text.data(), text.size(), "s"), TEP_ERRNO__SUCCESS);
  EXPECT_NE(tep_find_event_by_name(h.tep, "s", "pe"), nullptr);
}

TEST(FormatParser, SizeBoundsTheText) {
  Handle h;
  std::string text = make_format("bounded", 13, "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n");
  // Cut inside "ID: 13": the id is read as 1, then no fields (an error).
  tep_event* e = nullptr;
  size_t cut = text.find("13") + 1;
  EXPECT_EQ(tep_parse_format(h.tep, &e, text.data(), cut, "s"), TEP_ERRNO__READ_FORMAT_FAILED);
  EXPECT_EQ(e, nullptr);
  // Cut before "print fmt": added, failed.
  cut = text.find("print fmt");
  EXPECT_EQ(tep_parse_format(h.tep, &e, text.data(), cut, "s"), TEP_ERRNO__SUCCESS);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->id, 13);
  EXPECT_TRUE(e->flags & TEP_EVENT_FL_FAILED);
}

TEST(FormatParser, PointersSurviveLaterParses) {
  Handle h;
  tep_event* first = h.parse(kSchedSwitch, "sched");
  tep_format_field* comm = field(first, "prev_comm");
  const char* type = comm->type;
  const char* name = first->name;
  for (int i = 0; i < 3000; i++)
    h.parse(make_format("e" + std::to_string(i), 1000 + i, "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"));
  EXPECT_EQ(tep_get_events_count(h.tep), 3001);
  EXPECT_EQ(tep_find_event(h.tep, 316), first);
  EXPECT_EQ(field(first, "prev_comm"), comm);
  EXPECT_STREQ(type, "char[16]");
  EXPECT_STREQ(name, "sched_switch");
  EXPECT_EQ(tep_find_event(h.tep, 3999)->id, 3999);
}

// Every field of `text` parsed as `sys` in a handle of `long_size`, as text.
std::string fields_of(const std::string& text, const char* sys, int long_size) {
  Handle h;
  tep_set_long_size(h.tep, long_size);
  tep_event* e = h.parse(text, sys);
  if (!e) return "none";
  std::string out = std::to_string(e->format.nr_common) + "/" + std::to_string(e->format.nr_fields);
  for (tep_format_field** list : {&e->format.common_fields, &e->format.fields})
    for (tep_format_field* f = *list; f; f = f->next)
      out += std::string("|") + f->type + " " + f->name + " " + std::to_string(f->offset) + " " +
             std::to_string(f->size) + " " + std::to_string(f->flags) + " " + std::to_string(f->arraylen) + " " +
             std::to_string(f->elementsize);
  return out;
}

// The common fields of the format read before are copied, not parsed again,
// when the bytes are the same: each format parses as it does on its own,
// whatever the thread read before (long size, ftrace, an attribute, a group
// that starts like the one before).
TEST(FormatParser, CommonFieldsAsIfParsedAlone) {
  const std::string attribute_common =
      std::string(kCommonFields) + "\tfield:const char __attribute__((user)) * u;\toffset:8;\tsize:8;\tsigned:0;\n";
  const std::string long_common =
      std::string(kCommonFields) + "\tfield:unsigned long cl[];\toffset:8;\tsize:0;\tsigned:0;\n";
  auto format = [](const std::string& common, const std::string& fields) {
    return "name: f\nID: 7\nformat:\n" + common + "\n" + fields + "\nprint fmt: \"\"\n";
  };
  const std::string event_fields = "\tfield:unsigned long a b;\toffset:16;\tsize:8;\tsigned:0;\n";
  const struct {
    std::string text;
    const char* sys;
    int long_size;
  } cases[] = {
      {kSchedSwitch, "sched", 8},
      {make_format("a", 1, event_fields), "s", 8},
      {make_format("a", 1, event_fields), "s", 4},
      {make_format("a", 1, event_fields), "ftrace", 8},
      {format(long_common, event_fields), "s", 8},
      {format(long_common, event_fields), "s", 4},
      {format(attribute_common, event_fields), "s", 8},
      {format(attribute_common, "\tfield:int x;\toffset:16;\tsize:4;\tsigned:1;\n"), "s", 8},
      {format(kCommonFields, event_fields), "s", 8},
      {format(std::string(kCommonFields) + "\tfield:int bad\n", event_fields), "s", 8},
      {kSchedSwitch, "sched", 8},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.text);
    std::string alone;
    std::thread([&] { alone = fields_of(c.text, c.sys, c.long_size); }).join();
    EXPECT_EQ(fields_of(c.text, c.sys, c.long_size), alone);
  }
  EXPECT_NE(fields_of(format(long_common, event_fields), "s", 8), fields_of(format(long_common, event_fields), "s", 4));
}

}  // namespace
}  // namespace tep::testing
