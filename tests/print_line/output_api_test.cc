// SPDX-License-Identifier: LGPL-2.1
// tep_print_event, the tep_print_field* family and event handlers through the
// C API, on small hand-written formats (expected text checked against
// upstream 1.9.0).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "core/handle.h"
#include "event-parse.h"
#include "trace-seq.h"

namespace {

const char kEvent[] =
    "name: ev1\nID: 10\nformat:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
    "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"
    "\tfield:char s[4];\toffset:12;\tsize:4;\tsigned:0;\n"
    "\tfield:__data_loc char[] d;\toffset:16;\tsize:4;\tsigned:0;\n"
    "\tfield:short h;\toffset:20;\tsize:2;\tsigned:1;\n"
    "\tfield:char c;\toffset:22;\tsize:1;\tsigned:1;\n"
    "\tfield:long l4;\toffset:24;\tsize:4;\tsigned:1;\n"
    "\tfield:unsigned long ul;\toffset:32;\tsize:8;\tsigned:0;\n"
    "\tfield:void * p;\toffset:40;\tsize:8;\tsigned:0;\n\n"
    "print fmt: \"a=%d\", REC->a\n";

// A 64-bit handle for records in the host's byte order (the tests memcpy numbers in).
tep_handle* host_order_handle() {
  tep_handle* tep = tep_alloc();
  tep_set_long_size(tep, 8);
  tep_set_file_bigendian(tep, tep_is_bigendian() ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
  return tep;
}

class OutputApi : public ::testing::Test {
 protected:
  void SetUp() override {
    tep = host_order_handle();
    ASSERT_EQ(tep_parse_format(tep, &event, kEvent, sizeof(kEvent) - 1, "sys"), 0);
    memset(data, 0, sizeof(data));
    uint16_t type = 10;
    memcpy(data, &type, 2);
    data[2] = 0x0d;
    data[3] = 0x23;
    int32_t pid = 1234, a = -77;
    memcpy(data + 4, &pid, 4);
    memcpy(data + 8, &a, 4);
    memcpy(data + 12, "ab", 3);
    uint32_t loc = 48 | (6u << 16);
    memcpy(data + 16, &loc, 4);
    int16_t h = 5;
    memcpy(data + 20, &h, 2);
    data[22] = static_cast<unsigned char>(-7);
    int32_t l4 = -2;
    memcpy(data + 24, &l4, 4);
    uint64_t ul = 0xffffffff81000010ULL, p = 0x1234;
    memcpy(data + 32, &ul, 8);
    memcpy(data + 40, &p, 8);
    memcpy(data + 48, "hello", 6);
    memset(&record, 0, sizeof(record));
    record.data = data;
    record.size = 56;
    record.ts = 123456789012ULL;
    record.cpu = 3;
    trace_seq_init(&s);
  }
  void TearDown() override {
    trace_seq_destroy(&s);
    tep_free(tep);
  }
  std::string text() {
    std::string out(s.buffer, s.len);
    trace_seq_reset(&s);
    return out;
  }

  tep_handle* tep = nullptr;
  tep_event* event = nullptr;
  unsigned char data[64];
  tep_record record;
  trace_seq s;
};

TEST_F(OutputApi, LineWithEveryDirective) {
  tep_register_comm(tep, "foo", 1234);
  tep_print_event(tep, &s, &record, "%16s-%-5d [%03d] %s %6.1000d %s:%s", TEP_PRINT_COMM, TEP_PRINT_PID,
                  TEP_PRINT_CPU, TEP_PRINT_LATENCY, TEP_PRINT_TIME, TEP_PRINT_NAME, TEP_PRINT_INFO_RAW);
  // A signed 1-byte raw field prints as upstream's cast to char: unsigned on arm64 and s390x.
  EXPECT_EQ(text(), std::string("             foo-1234  [003] dNh32   123.456789 ev1: a=-77 s=ab d=hello h= 5 c=") +
                        (std::is_signed_v<char> ? "-7" : "249") + " l4=0xfffffffe ul=0xffffffff81000010 p=0x1234");
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat"
TEST_F(OutputApi, UnknownArgumentsAndEvents) {
  tep_print_event(tep, &s, &record, "%s|%d|%q", "BOGUS", 7U);
  EXPECT_EQ(text(), "[UNKNOWN TEP TYPE BOGUS]||[UNKNOWN TYPE]");
  uint16_t type = 99;
  memcpy(data, &type, 2);
  tep_print_event(tep, &s, &record, "abc %s", TEP_PRINT_NAME);
  EXPECT_EQ(text(), "[UNKNOWN EVENT]");
}
#pragma GCC diagnostic pop

TEST_F(OutputApi, FormatIsReadByContentEachCall) {
  char format[16];
  strcpy(format, "%d");
  tep_print_event(tep, &s, &record, format, TEP_PRINT_CPU);
  strcpy(format, "<%s>");
  tep_print_event(tep, &s, &record, format, TEP_PRINT_NAME);
  EXPECT_EQ(text(), "3<ev1>");
}

// A piece remembers its last text (lib/print_line/line_plan.h): a new pid, CPU or
// comm, and one format given different arguments, must print anew.
TEST_F(OutputApi, RememberedPiecesFollowTheirSource) {
  const char* format = "%16s-%-5d [%03d]";
  tep_register_comm(tep, "foo", 1234);
  tep_print_event(tep, &s, &record, format, TEP_PRINT_COMM, TEP_PRINT_PID, TEP_PRINT_CPU);
  EXPECT_EQ(text(), "             foo-1234  [003]");
  tep_override_comm(tep, "renamed", 1234);
  tep_print_event(tep, &s, &record, format, TEP_PRINT_COMM, TEP_PRINT_PID, TEP_PRINT_CPU);
  EXPECT_EQ(text(), "         renamed-1234  [003]");
  int32_t pid = 77;
  memcpy(data + 4, &pid, 4);
  record.cpu = 1;
  tep_print_event(tep, &s, &record, format, TEP_PRINT_COMM, TEP_PRINT_PID, TEP_PRINT_CPU);
  EXPECT_EQ(text(), "           <...>-77    [001]");
  tep_print_event(tep, &s, &record, "%d", TEP_PRINT_CPU);
  tep_print_event(tep, &s, &record, "%d", TEP_PRINT_PID);
  EXPECT_EQ(text(), "177");
  // Another handle with the same pid and another comm.
  tep_handle* other = host_order_handle();
  ASSERT_EQ(tep_parse_event(other, kEvent, sizeof(kEvent) - 1, "sys"), 0);
  tep_register_comm(other, "bar", 77);
  tep_print_event(other, &s, &record, format, TEP_PRINT_COMM, TEP_PRINT_PID, TEP_PRINT_CPU);
  EXPECT_EQ(text(), "             bar-77    [001]");
  tep_free(other);
}

TEST_F(OutputApi, FieldContent) {
  tep_format_field* d = tep_find_field(event, "d");
  tep_print_field_content(&s, data, record.size, d);
  EXPECT_EQ(text(), "hello");
  // The location lies past the record: offset and length become 0.
  tep_print_field_content(&s, data, 40, d);
  EXPECT_EQ(text(), tep_is_bigendian() ? "" : "\n");  // common_type 10 read as text
  tep_format_field* str = tep_find_field(event, "s");
  data[13] = 0x01;
  tep_print_field_content(&s, data, record.size, str);
  EXPECT_EQ(text(), "ARRAY[61, 01, 00, 00]");
  EXPECT_FALSE(str->flags & TEP_FIELD_IS_STRING);  // upstream clears it for good
  data[13] = 'b';
  tep_print_field_content(&s, data, record.size, str);
  EXPECT_EQ(text(), "ARRAY[61, 62, 00, 00]");
}

TEST_F(OutputApi, SelectedFields) {
  tep_record_print_selected_fields(&s, &record, event, 0x5);
  EXPECT_EQ(text(), " a=-77 d=hello");
  tep_record_print_selected_fields(&s, &record, event, 0);
  EXPECT_EQ(text(), "");
}

TEST_F(OutputApi, NumAndFuncFields) {
  EXPECT_EQ(tep_print_num_field(&s, "%llx", event, "a", &record, 1), 8);
  EXPECT_EQ(text(), "ffffffb3");
  EXPECT_EQ(tep_print_num_field(&s, "%llu", event, "nope", &record, 1), -1);
  EXPECT_EQ(text(), "CAN'T FIND FIELD \"nope\"");
  EXPECT_EQ(tep_print_num_field(&s, "%llu", event, "nope", &record, 0), -1);
  EXPECT_EQ(text(), "");
  // Upstream never matches inside the last function (it has no end): two.
  tep_register_function(tep, const_cast<char*>("my_func"), 0xffffffff81000000ULL, nullptr);
  tep_register_function(tep, const_cast<char*>("next_func"), 0xffffffff81000100ULL, nullptr);
  EXPECT_GT(tep_print_func_field(&s, "[%s]", event, "ul", &record, 1), 0);
  EXPECT_EQ(text(), "[my_func/0xfffffffffffffff0]");
  tep_print_func_field(&s, "[%s]", event, "p", &record, 1);
  EXPECT_EQ(text(), "[0x00001234]");
}

int writes_and_reenters(trace_seq* s, tep_record* record, tep_event* event, void* context) {
  tep_record copy = *record;
  trace_seq_puts(s, "<");
  tep_print_event(event->tep, s, &copy, "%s/%d", TEP_PRINT_NAME, TEP_PRINT_CPU);
  trace_seq_puts(s, ">");
  tep_register_comm(event->tep, "late", 4321);
  return *static_cast<int*>(context);
}

TEST_F(OutputApi, HandlerWritesMidLineAndReenters) {
  int pretty = 0;
  EXPECT_EQ(tep_register_event_handler(tep, 10, nullptr, nullptr, writes_and_reenters, &pretty),
            TEP_REGISTER_SUCCESS_OVERWRITE);
  int32_t pid = 4321;
  memcpy(data + 4, &pid, 4);
  tep_print_event(tep, &s, &record, "%s|%s|%s", TEP_PRINT_COMM, TEP_PRINT_INFO, TEP_PRINT_COMM);
  EXPECT_EQ(text(), "<...>|<ev1/3>|late");
  event->flags |= TEP_EVENT_FL_NOHANDLE | TEP_EVENT_FL_PRINTRAW;
  tep_print_event(tep, &s, &record, "%s", TEP_PRINT_INFO);
  EXPECT_EQ(text().substr(0, 7), " a=-77 ");
}

int marker(trace_seq*, tep_record*, tep_event*, void*) { return 0; }
int other(trace_seq*, tep_record*, tep_event*, void*) { return 0; }

TEST(HandlerRegistry, PendingHandlersAttachWhenTheEventArrives) {
  tep_handle* tep = tep_alloc();
  EXPECT_EQ(tep_register_event_handler(tep, -1, "sys", "ev1", marker, nullptr), TEP_REGISTER_SUCCESS);
  EXPECT_EQ(tep_register_event_handler(tep, -1, nullptr, "ev1", other, nullptr), TEP_REGISTER_SUCCESS);
  EXPECT_EQ(tep_register_event_handler(tep, 12, nullptr, nullptr, marker, nullptr), TEP_REGISTER_SUCCESS);
  tep_event* event = nullptr;
  ASSERT_EQ(tep_parse_format(tep, &event, kEvent, sizeof(kEvent) - 1, "sys"), 0);
  // The newest matching registration wins and is consumed.
  EXPECT_EQ(event->handler, other);
  // Wrong context: not removed; right one: detached from the event.
  EXPECT_EQ(tep_unregister_event_handler(tep, 10, nullptr, nullptr, other, &tep), -1);
  EXPECT_EQ(tep_unregister_event_handler(tep, 10, nullptr, nullptr, other, nullptr), 0);
  EXPECT_EQ(event->handler, nullptr);
  // Pending ones are removed by an exact match.
  EXPECT_EQ(tep_unregister_event_handler(tep, 12, nullptr, nullptr, marker, nullptr), 0);
  EXPECT_EQ(tep_unregister_event_handler(tep, -1, "sys", "ev1", marker, nullptr), 0);
  EXPECT_EQ(tep_unregister_event_handler(tep, -1, "sys", "ev1", marker, nullptr), -1);
  // Nothing is left pending: a second event named ev1 gets no handler.
  tep_event* again = nullptr;
  ASSERT_EQ(tep_parse_format(tep, &again, kEvent, sizeof(kEvent) - 1, "sys"), 0);
  EXPECT_EQ(again->handler, nullptr);
  tep_free(tep);
}

TEST(HandlerRegistry, UnregisterByNameWithAnUnnamedPendingEntryDoesNotCrash) {
  tep_handle* tep = tep_alloc();
  tep_register_event_handler(tep, 5, nullptr, nullptr, marker, nullptr);
  EXPECT_EQ(tep_unregister_event_handler(tep, -1, nullptr, "x", marker, nullptr), -1);
  tep_free(tep);
}

}  // namespace

namespace {

const char kPointerEvent[] =
    "name: ptrs\nID: 20\nformat:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
    "\tfield:unsigned long ip;\toffset:8;\tsize:8;\tsigned:0;\n"
    "\tfield:unsigned long site;\toffset:16;\tsize:8;\tsigned:0;\n"
    "\tfield:unsigned int mask;\toffset:24;\tsize:4;\tsigned:0;\n"
    "\tfield:int count;\toffset:28;\tsize:4;\tsigned:1;\n"
    "\tfield:unsigned long other;\toffset:32;\tsize:8;\tsigned:0;\n\n"
    "print fmt: \"%ps site=%pS mask=0x%x count=%ld other=%lu\", (void *)REC->ip, (void *)REC->site, "
    "REC->mask, REC->count, REC->other + 1\n";

// Raw output prints a field through the print fmt's own conversion of it.
TEST(RawFields, FollowThePrintFmtConversion) {
  tep_handle* tep = host_order_handle();
  tep_event* event = nullptr;
  ASSERT_EQ(tep_parse_format(tep, &event, kPointerEvent, sizeof(kPointerEvent) - 1, "sys"), 0);
  tep_register_function(tep, const_cast<char*>("schedule"), 0xffffffff81000000ULL, nullptr);
  tep_register_function(tep, const_cast<char*>("last"), 0xffffffff81001000ULL, nullptr);
  unsigned char data[40] = {};
  const uint16_t type = 20;
  memcpy(data, &type, 2);
  uint64_t ip = 0xffffffff81000040ULL, site = 0xffffffff81000010ULL, other = 0xffffffff81000000ULL;
  uint32_t mask = 0xbeef;
  int32_t count = -5;
  memcpy(data + 8, &ip, 8);
  memcpy(data + 16, &site, 8);
  memcpy(data + 24, &mask, 4);
  memcpy(data + 28, &count, 4);
  memcpy(data + 32, &other, 8);
  tep_record record{};
  record.data = data;
  record.size = sizeof(data);
  trace_seq s;
  trace_seq_init(&s);
  tep_record_print_fields(&s, &record, event);
  // count's 4 bytes as an unsigned 64-bit value, through "%ld" of a 64-bit trace (a "%lld"
  // on i686, as upstream's).
  const std::string shown = "count=4294967291";
  EXPECT_EQ(std::string(s.buffer, s.len),
            " ip=schedule site=schedule+0x10 mask=0xbeef " + shown + " other=0xffffffff81000000");
  trace_seq_reset(&s);
  // tep_print_event's raw INFO adds the address of a symbol.
  tep_print_event(tep, &s, &record, "%s", TEP_PRINT_INFO_RAW);
  EXPECT_EQ(std::string(s.buffer, s.len),
            " ip=schedule (0xffffffff81000040) site=schedule+0x10 (0xffffffff81000010) mask=0xbeef " +
                shown + " other=0xffffffff81000000");
  trace_seq_destroy(&s);
  tep_free(tep);
}

// "%px" is "%p" followed by the text "x" (upstream prints "(nil)x"), so after
// skbaddr matches, the lookup cursor rests on that text entry and wraps around to
// the fields listed before it (qdisc_dequeue, kernel 5.15).
const char kQdiscEvent[] =
    "name: qdisc_dequeue\nID: 21\nformat:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
    "\tfield:int packets;\toffset:8;\tsize:4;\tsigned:1;\n"
    "\tfield:void * skbaddr;\toffset:16;\tsize:8;\tsigned:0;\n"
    "\tfield:u32 handle;\toffset:24;\tsize:4;\tsigned:0;\n\n"
    "print fmt: \"handle=0x%X packets=%d skbaddr=%px\", REC->handle, REC->packets, REC->skbaddr\n";

TEST(RawFields, PointerXIsTextSoTheLookupWraps) {
  tep_handle* tep = host_order_handle();
  tep_event* event = nullptr;
  ASSERT_EQ(tep_parse_format(tep, &event, kQdiscEvent, sizeof(kQdiscEvent) - 1, "sys"), 0);
  unsigned char data[32] = {};
  const uint16_t type = 21;
  memcpy(data, &type, 2);
  uint32_t handle = 0xffffffff;
  memcpy(data + 24, &handle, 4);
  trace_seq s;
  trace_seq_init(&s);
  tep_print_fields(&s, data, sizeof(data), event);
  EXPECT_EQ(std::string(s.buffer, s.len), " packets=0 skbaddr=(nil) handle=0xFFFFFFFF");
  trace_seq_reset(&s);
  tep_record record{};
  record.data = data;
  record.size = sizeof(data);
  tep_print_event(tep, &s, &record, "%s", TEP_PRINT_INFO);
  EXPECT_EQ(std::string(s.buffer, s.len), "handle=0xFFFFFFFF packets=0 skbaddr=(nil)x");
  trace_seq_destroy(&s);
  tep_free(tep);
}

// Records shorter than their fields: nothing is read past the record's end.
TEST(RawFields, TruncatedRecordsStayInBounds) {
  tep_handle* tep = tep_alloc();
  tep_set_long_size(tep, 8);
  tep_event* event = nullptr;
  ASSERT_EQ(tep_parse_format(tep, &event, kEvent, sizeof(kEvent) - 1, "sys"), 0);
  for (int size = 0; size <= 56; size += 4) {
    // A heap copy of exactly `size` bytes, so ASan sees any overrun.
    unsigned char* data = static_cast<unsigned char*>(malloc(size ? size : 1));
    memset(data, 'x', size);
    if (size >= 2) data[0] = 10, data[1] = 0;
    if (size >= 20) {
      uint32_t loc = 40 | (16u << 16);
      memcpy(data + 16, &loc, 4);
    }
    trace_seq s;
    trace_seq_init(&s);
    tep_print_fields(&s, data, size, event);
    EXPECT_GT(s.len, 0u);
    trace_seq_destroy(&s);
    free(data);
  }
  tep_free(tep);
}

}  // namespace

namespace {

// Old kernels declare ftrace's print buffer as "char buf; size:0": raw output
// prints it through the print fmt's %s, up to the record's end.
TEST(RawFields, StringConversionOfAScalarField) {
  const char format[] =
      "name: print\nID: 5\nformat:\n"
      "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
      "\tfield:unsigned long ip;\toffset:8;\tsize:8;\tsigned:0;\n"
      "\tfield:char buf;\toffset:16;\tsize:0;\tsigned:0;\n\n"
      "print fmt: \"%ps: %s\", (void *)REC->ip, REC->buf\n";
  tep_handle* tep = tep_alloc();
  tep_set_long_size(tep, 8);
  tep_event* event = nullptr;
  ASSERT_EQ(tep_parse_format(tep, &event, format, sizeof(format) - 1, "ftrace"), 0);
  unsigned char data[28] = {5};
  memcpy(data + 16, "hello world", 12);
  trace_seq s;
  trace_seq_init(&s);
  tep_print_fields(&s, data, sizeof(data), event);
  EXPECT_EQ(std::string(s.buffer, s.len), " ip=0x0 buf=hello world");
  trace_seq_reset(&s);
  tep_print_fields(&s, data, 20, event);  // cut at the record's end
  EXPECT_EQ(std::string(s.buffer, s.len), " ip=0x0 buf=hell");
  trace_seq_destroy(&s);
  tep_free(tep);
}

// "const char * s" printed with %s holds the address of a kernel string:
// raw output looks it up in the printk formats (rcu_utilization's
// "s=Start context switch"), bare hex when unknown; never the field's bytes.
TEST(RawFields, StringConversionOfAPointerFieldUsesPrintkFormats) {
  const char format[] =
      "name: rcu_utilization\nID: 7\nformat:\n"
      "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
      "\tfield:const char * s;\toffset:8;\tsize:8;\tsigned:0;\n\n"
      "print fmt: \"%s\", REC->s\n";
  tep_handle* tep = tep_alloc();
  tep_set_long_size(tep, 8);
  tep_event* event = nullptr;
  ASSERT_EQ(tep_parse_format(tep, &event, format, sizeof(format) - 1, "rcu"), 0);
  ASSERT_EQ(tep_register_print_string(tep, "\"Start context switch\"", 0xffffffff82a1b2c3ULL), 0);
  unsigned char data[16] = {7};
  uint64_t addr = 0xffffffff82a1b2c3ULL;  // host order, as upstream reads it
  memcpy(data + 8, &addr, 8);
  trace_seq s;
  trace_seq_init(&s);
  tep_print_fields(&s, data, sizeof(data), event);
  EXPECT_EQ(std::string(s.buffer, s.len), " s=Start context switch");
  addr = 0xffffffff81000010ULL;
  memcpy(data + 8, &addr, 8);
  trace_seq_reset(&s);
  tep_print_fields(&s, data, sizeof(data), event);
  EXPECT_EQ(std::string(s.buffer, s.len), " s=ffffffff81000010");
  trace_seq_reset(&s);
  tep_print_field_content(&s, data, sizeof(data), tep_find_field(event, "s"));
  EXPECT_EQ(std::string(s.buffer, s.len), "ffffffff81000010");
  trace_seq_reset(&s);
  tep_print_fields(&s, data, 12, event);  // the address cut off: no read past the record
  EXPECT_EQ(std::string(s.buffer, s.len), " s=0");
  trace_seq_destroy(&s);
  tep_free(tep);
}

}  // namespace
