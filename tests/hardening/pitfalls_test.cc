// SPDX-License-Identifier: LGPL-2.1
// One test per failure mode of ../shared/docs/pitfalls.md that no other suite
// pins through the public API (tests/hardening/PITFALLS.md maps every item
// to its tests). Expected texts are upstream 1.9.0's, checked by running this
// file against the oracle library; where upstream crashes we expect an error.
#include <gtest/gtest.h>

#include "hardening_util.h"

// Exported by upstream without a public prototype: a debugger hook and the
// helper behind tep_get_field_val.
extern "C" void breakpoint(void);
extern "C" int get_field_val(struct trace_seq* s, struct tep_format_field* field, const char* name,
                             struct tep_record* record, unsigned long long* val, int err);

namespace hardening {
namespace {

// Error paths: print fmts that fail inside ?:, sizeof(), __print_array() and
// a registered function's arguments free what they built exactly once (ASan
// and LeakSanitizer watch), and the event stays usable.
TEST(Pitfalls, FailedParsesFreeOnceAndLeakNothing) {
  const char* bad[] = {
      "\"%d\", REC->x ? 1 :",
      "\"%d\", REC->x ? : 2",
      "\"%d\", REC->x ? 1 , 2",
      "\"%d\", sizeof(",  // upstream: SIGSEGV
      "\"%d\", sizeof(REC->nope)",
      "\"%d\", sizeof(char)",
      "\"%s\", __print_array(REC->x, 2,",
      "\"%s\", __print_array(REC->x)",
      "\"%s\", __print_array(",
      "\"%s\", __print_flags(REC->x, \"|\", { 1, \"a\" }, { 2 ",
      "\"%s\", __print_symbolic(REC->x, { 1, }",
      "\"%d\", REC->x + (REC->x *",
      "\"%d\", unknown_func(REC->x, 1",
  };
  for (const char* fmt : bad) {
    Handle tep;
    tep_event* event = nullptr;
    tep.parse(event_format("e", 100, kIntField, fmt), &event);
    ASSERT_NE(event, nullptr) << fmt;
    EXPECT_TRUE(event->flags & TEP_EVENT_FL_FAILED) << fmt;
    Record rec(12);
    rec.put(8, 4, 5);
    EXPECT_EQ(info(tep, rec).substr(0, 17), "[FAILED TO PARSE]") << fmt;
  }
  // A stray ')' ends the argument list: the rest is ignored, as upstream.
  EXPECT_EQ(print_x("\"%d\", (REC->x) ) + 1"), "5");
  // Bad kallsyms and printk lines, and plugin options never applied.
  Handle tep;
  tep_parse_kallsyms(tep, "ffffffff81000000 T good\nnot a line\nffffffff81000010 T also\n");
  tep_parse_printk_formats(tep, "0xffffffff82000000 : \"ok\"\ngarbage\n");
  EXPECT_EQ(tep_plugin_add_option("nosuchplugin:opt", "1"), 0);
  tep_plugin_remove_options(nullptr);
}

// Tokenizers: a backslash as the last byte, a string without its closing
// quote and input ending inside any construct all end the parse.
TEST(Pitfalls, TokenizersStopAtTheEndOfInput) {
  for (const char* fmt : {"\"%d\\", "\"%d\", \"abc", "\"%d\", \"abc\\", "\"%d\", REC->x \\",
                          "\"%d\", (", "\"%d\", REC->", "\"%d\", 'a", "\"%d\", __print_flags(REC->x, \"|\", {"}) {
    Handle tep;
    tep_event* event = nullptr;
    tep.parse(event_format("e", 100, kIntField, fmt), &event);
    ASSERT_NE(event, nullptr) << fmt;
    EXPECT_TRUE(event->flags & TEP_EVENT_FL_FAILED) << fmt;
  }
  // A format that ends inside a field line fails to read and adds nothing (as
  // upstream 1.9.0; 1.8.4 added the event, failed, with no fields).
  std::string text = event_format("e", 100, kIntField, "\"%d\", REC->x");
  for (size_t cut : {text.find("offset:8"), text.find("size:4") + 5, text.find("signed") + 3}) {
    Handle tep;
    tep_event* event = nullptr;
    EXPECT_EQ(tep.parse(text.substr(0, cut), &event), TEP_ERRNO__READ_FORMAT_FAILED) << cut;
    EXPECT_EQ(event, nullptr) << cut;
    EXPECT_EQ(tep_get_events_count(tep), 0) << cut;
  }
  // Filters with an unterminated string or a trailing backslash.
  Handle tep;
  ASSERT_EQ(tep.parse(event_format("e", 100, "\tfield:char name[16];\toffset:8;\tsize:16;\tsigned:0;\n",
                                   "\"%s\", REC->name")),
            0);
  tep_event_filter* filter = tep_filter_alloc(tep);
  for (const char* f : {"e: name == \"abc", "e: name == \"abc\\", "e: name == 'a", "e: name == \\"})
    EXPECT_LT(tep_filter_add_filter_str(filter, f), 0) << f;
  tep_filter_free(filter);
}

// 1ULL << 63 folds to the full 64-bit value (upstream once wrote it into a
// buffer too small for its digits).
TEST(Pitfalls, LargeConstantsPrintInFull) {
  EXPECT_EQ(print_x("\"%llu %llx %lld\", 1ULL << 63, 1ULL << 63, 1ULL << 63"),
            "9223372036854775808 8000000000000000 -9223372036854775808");
  EXPECT_EQ(print_x("\"%llu\", 18446744073709551615"), "18446744073709551615");
}

// sizeof(long) when the long size is unknown is an error that fails the
// event, not a half-built tree.
TEST(Pitfalls, SizeofLongWithoutALongSizeFails) {
  EXPECT_EQ(print_x("\"%d %d\", sizeof(long), REC->x", 8), "8 5");
  EXPECT_EQ(print_x("\"%d %d\", sizeof(long), REC->x", 4), "4 5");
  EXPECT_EQ(print_x("\"%d %d\", sizeof(long), REC->x", 0).substr(0, 17), "[FAILED TO PARSE]");
}

// A NULL comm registers nothing usable; pid 0 is <idle>, unknown pids <...>;
// a failed (duplicate) registration leaves the table intact.
TEST(Pitfalls, CommTableEdges) {
  Handle tep;
  EXPECT_STREQ(tep_data_comm_from_pid(tep, 0), "<idle>");
  EXPECT_STREQ(tep_data_comm_from_pid(tep, 42), "<...>");
  EXPECT_EQ(tep_register_comm(tep, "bash", 42), 0);
  const char* bash = tep_data_comm_from_pid(tep, 42);
  EXPECT_STREQ(bash, "bash");
  EXPECT_EQ(tep_register_comm(tep, "bash", 42), -1);  // duplicate
  EXPECT_EQ(tep_register_comm(tep, "zsh", 42), -1);   // pid taken
  EXPECT_STREQ(tep_data_comm_from_pid(tep, 42), "bash");
  EXPECT_EQ(bash, tep_data_comm_from_pid(tep, 42));
  EXPECT_TRUE(tep_is_pid_registered(tep, 42));
  EXPECT_FALSE(tep_is_pid_registered(tep, 43));
  EXPECT_EQ(tep_override_comm(tep, "zsh", 42), 0);
  EXPECT_STREQ(tep_data_comm_from_pid(tep, 42), "zsh");
}

// Conversions that each once printed wrong, on a 64-bit and on a 32-bit trace.
TEST(Pitfalls, ConversionsOnBothLongSizes) {
  const std::string decls =
      "\tfield:int i;\toffset:8;\tsize:4;\tsigned:1;\n"
      "\tfield:char c;\toffset:12;\tsize:1;\tsigned:1;\n"
      "\tfield:unsigned long ul;\toffset:16;\tsize:LS;\tsigned:0;\n"
      "\tfield:long l;\toffset:24;\tsize:LS;\tsigned:1;\n"
      "\tfield:unsigned long long ull;\toffset:32;\tsize:8;\tsigned:0;\n"
      "\tfield:char s[8];\toffset:40;\tsize:8;\tsigned:0;\n";
  const std::string fmt =
      "\"%+d|%c|%zd|%Zd|%zu|%#x|%o|%X|%-8s|%llu|%lu|%ld|%lx|%p\", REC->i, REC->c, REC->l, REC->l, "
      "REC->ul, REC->i, REC->i, REC->i, REC->s, REC->ull, REC->ul, REC->l, REC->ul, REC->ul";
  for (int ls : {8, 4}) {
    std::string d = decls;
    for (size_t at; (at = d.find("LS")) != std::string::npos;) d.replace(at, 2, std::to_string(ls));
    Handle tep(ls);
    ASSERT_EQ(tep.parse(event_format("e", 100, d, fmt)), 0);
    Record rec(48);
    rec.put(8, 4, 42).put(12, 1, 'A').put(16, 8, 0xfffffffffffffffeull).put(24, 8, ~0ull - 2);
    rec.put(32, 8, 12345678901234567890ull).text(40, "ab");
    std::string want = ls == 8
        ? "+42|A|-3|-3|18446744073709551614|0x2a|52|2A|ab      |12345678901234567890|"
          "18446744073709551614|-3|fffffffffffffffe|0xfffffffffffffffe"
        // A 4-byte signed long is read zero-extended and printed as 64-bit.
        : "+42|A|4294967293|4294967293|4294967294|0x2a|52|2A|ab      |12345678901234567890|"
          "4294967294|4294967293|fffffffe|0xfffffffe";
    if (sizeof(long) == 4) {
      // i686, as upstream: %z and %p print the host's 32-bit size_t and pointer, %l the
      // trace's long (made %ll on a 64-bit trace).
      want = ls == 8
          ? "+42|A|-3|-3|4294967294|0x2a|52|2A|ab      |12345678901234567890|"
            "18446744073709551614|-3|fffffffffffffffe|0xfffffffe"
          : "+42|A|-3|-3|4294967294|0x2a|52|2A|ab      |12345678901234567890|"
            "4294967294|-3|fffffffe|0xfffffffe";
    }
    EXPECT_EQ(info(tep, rec), want) << "long size " << ls;
  }
}

// (REC)->field, newlines in and between format strings, and "\%s".
TEST(Pitfalls, RecInParenthesesNewlinesAndEscapes) {
  EXPECT_EQ(print_x("\"%d %d\", (REC)->x, ((REC)->x + 1)"), "5 6");
  EXPECT_EQ(print_x("\"a\\n\"\n\"%d\", REC->x"), "a\n5");
  // A newline after a ',' fails the event (upstream too).
  EXPECT_EQ(print_x("\"%d %d\", REC->x,\nREC->x"), "[FAILED TO PARSE] x=5");
  // "\%" drops the backslash and the '%' starts no conversion.
  EXPECT_EQ(print_x("\"\\%s \\%d %d\", REC->x"), "%s %d 5");
}

// __print_symbolic matches a value of 0 like any other; __print_flags of 0
// prints the entry for 0 if there is one.
TEST(Pitfalls, SymbolicZeroIsAMatch) {
  const std::string fmt =
      "\"%s|%s|%s\", __print_symbolic(REC->x, { 0, \"zero\" }, { 1, \"one\" }), "
      "__print_flags(REC->x, \"|\", { 0, \"none\" }, { 1, \"A\" }), "
      "__print_symbolic(REC->x, { 1, \"one\" })";
  EXPECT_EQ(print_x(fmt, 8, 0), "zero||0x0");
  EXPECT_EQ(print_x(fmt, 8, 1), "one|A|one");
  EXPECT_EQ(print_x(fmt, 8, 2), "0x2|0x2|0x2");
}

// Raw printing (tep_print_fields): char arrays holding unprintable bytes
// print as ARRAY[..] hex, text with a newline as text; 1.8.4 treats u8 arrays
// as strings. A string without NUL at the record's end stops there (upstream
// reads on past the record), and a record shorter than the declared array too.
TEST(Pitfalls, RawArraysAndBinaryStrings) {
  Handle tep;
  ASSERT_EQ(tep.parse(event_format("e", 100,
                                   "\tfield:char txt[8];\toffset:8;\tsize:8;\tsigned:0;\n"
                                   "\tfield:char bin[4];\toffset:16;\tsize:4;\tsigned:0;\n"
                                   "\tfield:char nl[4];\toffset:20;\tsize:4;\tsigned:0;\n"
                                   "\tfield:u8 u[4];\toffset:24;\tsize:4;\tsigned:0;\n"
                                   "\tfield:unsigned char uc[4];\toffset:28;\tsize:4;\tsigned:0;\n",
                                   "\"%s\", REC->txt")),
            0);
  Record rec(32);
  rec.text(8, "hello").put(16, 4, 0x04030201).text(20, "a\nb").text(24, "AB").put(28, 4, 0x44434241);
  EXPECT_EQ(fields(tep, rec), " txt=hello bin=ARRAY[01, 02, 03, 04] nl=a\nb u=AB uc=ABCD");
  Record unterminated(28);
  unterminated.put(24, 4, 0x44434241);
  EXPECT_EQ(fields(tep, unterminated), " txt= bin=ARRAY[00, 00, 00, 00] nl= u=ABCD uc=");
  Record short_rec(22);
  short_rec.text(8, "hello").put(16, 4, 0x03020100);
  std::string out = fields(tep, short_rec);
  EXPECT_LT(out.size(), 200u) << out;
}

// A 32-bit trace on a 64-bit host: pointers and longs are 4 bytes.
TEST(Pitfalls, ThirtyTwoBitTracePointers) {
  Handle tep(4);
  ASSERT_EQ(tep.parse(event_format("e", 100,
                                   "\tfield:void * ptr;\toffset:8;\tsize:4;\tsigned:0;\n"
                                   "\tfield:unsigned long ul;\toffset:12;\tsize:4;\tsigned:0;\n",
                                   "\"%p %pS %lx %d\", REC->ptr, REC->ptr, REC->ul, sizeof(long)")),
            0);
  tep_parse_kallsyms(tep, "c1000000 T start_kernel\nc1000100 T next_one\n");
  Record rec(16);
  rec.put(8, 4, 0xc1000010).put(12, 4, 0xdeadbeef);
  EXPECT_EQ(info(tep, rec), "0xc1000010 start_kernel+0x10 deadbeef 4");
  EXPECT_EQ(fields(tep, rec), " ptr=0xc1000010 ul=deadbeef");
}

// Kernel quirks: a C type that disagrees with its size (trust the size), the
// old f2fs "nid_t nid[3]" with size:4, and a zero-length array whose size is
// the padding to the aligned record size.
TEST(Pitfalls, TypesThatDisagreeWithTheirSize) {
  Handle tep;
  ASSERT_EQ(tep.parse(event_format("e", 100,
                                   "\tfield:unsigned int fd;\toffset:8;\tsize:8;\tsigned:0;\n"
                                   "\tfield:nid_t nid[3];\toffset:16;\tsize:4;\tsigned:0;\n"
                                   "\tfield:u8 tail[0];\toffset:20;\tsize:4;\tsigned:0;\n",
                                   "\"fd=%llu nid=%u\", REC->fd, REC->nid[0]")),
            0);
  Record rec(24);
  rec.put(8, 8, 0x100000002ull).put(16, 4, 7).put(20, 4, 0x11223344);
  EXPECT_EQ(info(tep, rec), "fd=4294967298 nid=7");
  EXPECT_EQ(fields(tep, rec), " fd=4294967298 nid=ARRAY[07, 00, 00, 00] tail=ARRAY[44, 33, 22, 11]");
}

// cpumask in old kernels (__data_loc unsigned long[] with __get_bitmask) and
// new ones (__data_loc cpumask_t with __get_cpumask).
TEST(Pitfalls, OldAndNewCpumasks) {
  Handle tep;
  ASSERT_EQ(tep.parse(event_format("old", 100,
                                   "\tfield:__data_loc unsigned long[] mask;\toffset:8;\tsize:4;\tsigned:0;\n",
                                   "\"%s\", __get_bitmask(mask)")),
            0);
  ASSERT_EQ(tep.parse(event_format("new", 101,
                                   "\tfield:__data_loc cpumask_t mask;\toffset:8;\tsize:4;\tsigned:0;\n",
                                   "\"%s\", __get_cpumask(mask)")),
            0);
  for (int id : {100, 101}) {
    Record rec(24, id);
    rec.put(8, 4, 16 | (8u << 16)).put(16, 8, 0x80000000000000f5ull);
    // __get_bitmask prints hex words, __get_cpumask a CPU list.
    EXPECT_EQ(info(tep, rec), id == 100 ? "80000000,000000f5" : "0,2,4-7,63") << id;
  }
}

// Things that arrive after the formats (kallsyms, printk formats, comms, a
// function resolver) change what later records print: plans are rebuilt.
TEST(Pitfalls, LateArrivalsChangeLaterOutput) {
  Handle tep;
  ASSERT_EQ(tep.parse(event_format("e", 100, "\tfield:unsigned long ip;\toffset:8;\tsize:8;\tsigned:0;\n",
                                   "\"%pS\", (void *)REC->ip")),
            0);
  Record rec(16, 100, 77);
  rec.put(8, 8, 0xffffffff81000010ull);
  EXPECT_EQ(print(tep, rec, "%s", TEP_PRINT_COMM), "<...>");
  EXPECT_EQ(info(tep, rec), "0xffffffff81000010");
  // (upstream never matches the last symbol of the table: give it a successor)
  tep_parse_kallsyms(tep, "ffffffff81000000 T late_symbol\nffffffff81000100 T next_one\n");
  EXPECT_EQ(info(tep, rec), "late_symbol+0x10");
  tep_register_comm(tep, "latecomm", 77);
  EXPECT_EQ(print(tep, rec, "%s", TEP_PRINT_COMM), "latecomm");
  tep_set_function_resolver(
      tep,
      [](void*, unsigned long long* addr, char** mod) -> char* {
        *addr = 0xffffffff81000008ull;
        *mod = nullptr;
        return const_cast<char*>("resolved");
      },
      nullptr);
  EXPECT_EQ(info(tep, rec), "resolved+0x8");
  tep_reset_function_resolver(tep);
  EXPECT_EQ(info(tep, rec), "late_symbol+0x10");
}


// A string comparison on a numeric field compares the number's "0x…" text
// (upstream once handed out a pointer into a stack buffer for it).
TEST(Pitfalls, StringCompareOnANumericField) {
  Handle tep;
  tep_event* event = nullptr;
  ASSERT_EQ(tep.parse(read_file(data_dir() + "/filter/events/sched/sched_switch/format"), &event, "sched"), 0);
  tep_format_field* pid = tep_find_field(event, "prev_pid");
  ASSERT_NE(pid, nullptr);
  Record rec(64, event->id);
  rec.put(pid->offset, 4, 0x2a);
  tep_record r = rec.make();
  struct Case {
    const char* filter;
    int want;
  } cases[] = {
      {"sched_switch: prev_pid == \"0x2a\"", TEP_ERRNO__FILTER_MATCH},
      {"sched_switch: prev_pid == \"42\"", TEP_ERRNO__FILTER_MISS},
      {"sched_switch: prev_pid =~ \"^0x2\"", TEP_ERRNO__FILTER_MATCH},
      {"sched_switch: prev_pid != \"0x2a\"", TEP_ERRNO__FILTER_MISS},
  };
  for (const Case& c : cases) {
    tep_event_filter* filter = tep_filter_alloc(tep);
    ASSERT_EQ(tep_filter_add_filter_str(filter, c.filter), 0) << c.filter;
    EXPECT_EQ(tep_filter_match(filter, &r), c.want) << c.filter;
    tep_filter_free(filter);
  }
}


// breakpoint and get_field_val are exported as upstream exports them.
TEST(Pitfalls, UnprototypedExportsWork) {
  breakpoint();
  Handle tep;
  tep_event* event = nullptr;
  ASSERT_EQ(tep.parse(event_format("e", 100, kIntField, "\"%d\", REC->x"), &event), 0);
  Record rec(12);
  rec.put(8, 4, 5);
  tep_record r = rec.make();
  unsigned long long value = 0;
  EXPECT_EQ(get_field_val(nullptr, tep_find_field(event, "x"), "x", &r, &value, 0), 0);
  EXPECT_EQ(value, 5u);
  trace_seq s;
  trace_seq_init(&s);
  EXPECT_EQ(get_field_val(&s, nullptr, "nothing", &r, &value, 1), -1);
  std::string msg(s.buffer, s.len);
  trace_seq_destroy(&s);
  EXPECT_EQ(msg, "<CANT FIND FIELD nothing>");
}

}  // namespace
}  // namespace hardening
