// SPDX-License-Identifier: LGPL-2.1
// print_event (lib/print_line/event_printer.cc): a record's line laid out by
// the caller's format, each argument matched by its prefix as upstream does,
// the pieces that remember their last text (a pid, a CPU, a comm) printing
// anew when their source changes, handlers and raw output. Expected texts are
// upstream 1.9.0's for the same format, arguments and bytes.
#include "print_line/event_printer.h"

#include <gtest/gtest.h>

#include <cstdarg>
#include <string>

#include "../print_plan/plan_fixture.h"

namespace tep::print_line {
namespace {

using print_plan::testing::Bytes;
using print_plan::testing::field;
using print_plan::testing::Handle;
using print_plan::testing::Record;

// The line print_event prints for `format` and its arguments.
std::string line(tep_handle& tep, tep_record& record, const char* format, ...) {
  va_list args;
  va_start(args, format);
  trace_seq s;
  trace_seq_init(&s);
  print_event(tep, &s, record, format, args);
  va_end(args);
  std::string out(s.buffer, s.len);
  trace_seq_destroy(&s);
  return out;
}

class EventPrinter : public ::testing::Test {
 protected:
  EventPrinter() : bytes_(16) {
    event_ = handle_.event(field("u32 a", 8, 4) + field("unsigned long fn", 12, 8), "\"a=%u\", REC->a");
    bytes_.put<uint16_t>(0, static_cast<uint16_t>(event_->id)).put<uint8_t>(2, 0x0d).put<uint8_t>(3, 0x23);
    bytes_.put<int32_t>(4, 1234).put<uint32_t>(8, 7);
    tep_register_comm(&handle_.tep(), "bash", 1234);
  }

  Handle handle_;
  format::Event* event_ = nullptr;
  Bytes bytes_;
};

TEST_F(EventPrinter, EveryArgument) {
  Record r(bytes_);
  EXPECT_EQ(line(handle_.tep(), r.get(), "%16s-%-5d [%03d] %s %6.1000d %s: %s", TEP_PRINT_COMM, TEP_PRINT_PID,
                 TEP_PRINT_CPU, TEP_PRINT_LATENCY, TEP_PRINT_TIME, TEP_PRINT_NAME, TEP_PRINT_INFO),
            "            bash-1234  [003] dNh32   123.456789 " + std::string(event_->name) + ": a=7");
}

TEST_F(EventPrinter, StringArgumentsMatchByPrefix) {
  Record r(bytes_);
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%s>", "INFOX"), "<a=7>");
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%s>", "COMMAND"), "<bash>");
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%s>", "LATENCYX"), "<dNh32>");
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%s>", "NAMES"), "<" + std::string(event_->name) + ">");
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%s>", "INFO_RAWX"), "< a=7 fn=0x0>");
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%s>", "BOGUS"), "<[UNKNOWN TEP TYPE BOGUS]>");
  // Upstream dies on a null argument.
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%s>", static_cast<const char*>(nullptr)), "<[UNKNOWN TEP TYPE (null)]>");
}

TEST_F(EventPrinter, DirectivesTakeTheirWidths) {
  Record r(bytes_);
  const std::string name = event_->name;
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%7s|%-8s|%.2s>", TEP_PRINT_NAME, TEP_PRINT_NAME, TEP_PRINT_NAME),
            "<" + std::string(7 - name.size(), ' ') + name + "|" + name + std::string(8 - name.size(), ' ') + "|" +
                name.substr(0, 2) + ">");
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%5d|%x|%o|%+d|%5u>", TEP_PRINT_PID, TEP_PRINT_PID, TEP_PRINT_PID,
                 TEP_PRINT_PID, TEP_PRINT_CPU),
            "< 1234|4d2|2322|+1234|    3>");
  // The latency column ignores the width; a comm wider than a remembered text prints whole.
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%5s|%50s>", TEP_PRINT_LATENCY, TEP_PRINT_COMM),
            "<dNh32|" + std::string(46, ' ') + "bash>");
}

TEST_F(EventPrinter, TimeThroughAnyIntegerDirective) {
  Record r(bytes_);
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%.3d|%2.1d|%d|%10.100d|%x>", TEP_PRINT_TIME, TEP_PRINT_TIME, TEP_PRINT_TIME,
                 TEP_PRINT_TIME, TEP_PRINT_TIME),
            "< 41152263004|1234567890.12|123456789012|    0.1234567890|123456789012>");
}

TEST_F(EventPrinter, UnknownArgumentsAndDirectives) {
  Record r(bytes_);
  // An int argument of no known kind prints nothing; a directive of no known
  // kind runs to the end of the format.
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%d>", 9U), "<>");
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%d><%q>", TEP_PRINT_PID), "<1234><[UNKNOWN TYPE]");
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%d%%>", TEP_PRINT_CPU), "<3[UNKNOWN TYPE]");
  // "%%b %d" is one directive: printf prints "%b" and the value.
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%%b %d>", TEP_PRINT_CPU), "<%b 3>");
}

TEST_F(EventPrinter, RecordsOfNoKnownEvent) {
  bytes_.put<uint16_t>(0, 9999);
  Record unknown(bytes_);
  EXPECT_EQ(line(handle_.tep(), unknown.get(), "%s", TEP_PRINT_NAME), "[UNKNOWN EVENT]");
  Record empty(bytes_, 0);
  EXPECT_EQ(line(handle_.tep(), empty.get(), "%s", TEP_PRINT_NAME), "[UNKNOWN EVENT]");
  Record negative(bytes_);
  negative.get().size = -1;
  EXPECT_EQ(line(handle_.tep(), negative.get(), "%s", TEP_PRINT_NAME), "[UNKNOWN EVENT]");
}

TEST_F(EventPrinter, RememberedPidsAndCpusFollowTheRecord) {
  // Two records interleaved, as two CPUs' are: each piece keeps two texts.
  Bytes other = bytes_;
  other.put<int32_t>(4, 77);
  Record first(bytes_), second(other), third(other);
  second.get().cpu = 1;
  third.get().cpu = 12;
  tep_register_comm(&handle_.tep(), "other", 77);
  const char* format = "%s-%d [%03d]";
  for (int k = 0; k < 3; k++) {
    EXPECT_EQ(line(handle_.tep(), first.get(), format, TEP_PRINT_COMM, TEP_PRINT_PID, TEP_PRINT_CPU),
              "bash-1234 [003]");
    EXPECT_EQ(line(handle_.tep(), second.get(), format, TEP_PRINT_COMM, TEP_PRINT_PID, TEP_PRINT_CPU),
              "other-77 [001]");
    EXPECT_EQ(line(handle_.tep(), third.get(), format, TEP_PRINT_COMM, TEP_PRINT_PID, TEP_PRINT_CPU), "other-77 [012]");
  }
  // One format, its arguments swapped: a pid's text is not a CPU's.
  EXPECT_EQ(line(handle_.tep(), first.get(), "%d", TEP_PRINT_CPU), "3");
  EXPECT_EQ(line(handle_.tep(), first.get(), "%d", TEP_PRINT_PID), "1234");
}

TEST_F(EventPrinter, RememberedCommsFollowTheCommTable) {
  Record r(bytes_);
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%s>", TEP_PRINT_COMM), "<bash>");
  tep_override_comm(&handle_.tep(), "zsh", 1234);
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%s>", TEP_PRINT_COMM), "<zsh>");
  bytes_.put<int32_t>(4, 55);
  Record unknown(bytes_);
  EXPECT_EQ(line(handle_.tep(), unknown.get(), "<%s>", TEP_PRINT_COMM), "<<...>>");
  bytes_.put<int32_t>(4, 0);
  Record idle(bytes_);
  EXPECT_EQ(line(handle_.tep(), idle.get(), "<%s>", TEP_PRINT_COMM), "<<idle>>");
}

int g_handler_calls = 0;

int prints_and_asks(trace_seq* s, tep_record*, tep_event*, void* context) {
  g_handler_calls++;
  trace_seq_puts(s, "[handler]");
  return *static_cast<int*>(context);
}

TEST_F(EventPrinter, HandlersPrintInPlaceOfTheInfo) {
  int regular = 0;
  ASSERT_GE(tep_register_event_handler(&handle_.tep(), event_->id, nullptr, nullptr, prints_and_asks, &regular), 0);
  Record r(bytes_);
  g_handler_calls = 0;
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%s>%d", TEP_PRINT_INFO, TEP_PRINT_CPU), "<[handler]>3");
  // Non-zero asks for the regular output after its own.
  regular = 1;
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%s>", TEP_PRINT_INFO), "<[handler]a=7>");
  // Raw output and events that say so skip the handler.
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%s>", TEP_PRINT_INFO_RAW), "< a=7 fn=0x0>");
  event_->flags |= TEP_EVENT_FL_NOHANDLE;
  EXPECT_EQ(line(handle_.tep(), r.get(), "<%s>", TEP_PRINT_INFO), "<a=7>");
  EXPECT_EQ(g_handler_calls, 2);
}

TEST_F(EventPrinter, PrintRawEventsShowSymbolsWithTheirAddress) {
  format::Event* e = handle_.event(field("unsigned long fn", 8, 8), "\"%ps\", REC->fn");
  ASSERT_NE(e, nullptr);
  tep_register_function(&handle_.tep(), const_cast<char*>("f1"), 0xffffffff81000000ULL, nullptr);
  tep_register_function(&handle_.tep(), const_cast<char*>("f2"), 0xffffffff82000000ULL, nullptr);
  Bytes bytes(16);
  bytes.put<uint16_t>(0, static_cast<uint16_t>(e->id)).put<uint64_t>(8, 0xffffffff81000010ULL);
  Record r(bytes);
  EXPECT_EQ(line(handle_.tep(), r.get(), "%s", TEP_PRINT_INFO), "f1");
  e->flags |= TEP_EVENT_FL_PRINTRAW;
  EXPECT_EQ(line(handle_.tep(), r.get(), "%s", TEP_PRINT_INFO), " fn=f1 (0xffffffff81000010)");
}

TEST_F(EventPrinter, FailedEventsPrintTheirFields) {
  format::Event* e = handle_.event(field("u32 x", 8, 4), "\"%d %d\", REC->x");
  ASSERT_NE(e, nullptr);
  Bytes bytes(12);
  bytes.put<uint16_t>(0, static_cast<uint16_t>(e->id)).put<uint32_t>(8, 5);
  Record r(bytes);
  EXPECT_EQ(line(handle_.tep(), r.get(), "%s|%s", TEP_PRINT_NAME, TEP_PRINT_INFO),
            std::string(e->name) + "|[FAILED TO PARSE] x=5");
}

// Upstream reads past the record here.
TEST_F(EventPrinter, CommonFieldsPastAShortRecordReadAsZero) {
  Record r(bytes_, 3);  // the type and flags only
  EXPECT_EQ(line(handle_.tep(), r.get(), "%d|%s|%s", TEP_PRINT_PID, TEP_PRINT_LATENCY, TEP_PRINT_INFO), "0|dNh..|a=0");
}

TEST(EventPrinterFormats, CommonFieldsAnEventLacksReadAsMinusOne) {
  Handle h;
  const std::string text = "name: bare\nID: 1\nformat:\n" + field("unsigned short common_type", 0, 2) +
                           field("int common_pid", 4, 4, true) + "\n" + field("u32 a", 8, 4) +
                           "\nprint fmt: \"a=%u\", REC->a\n";
  ASSERT_NE(h.parse(text), nullptr);
  Bytes bytes(12);
  bytes.put<uint16_t>(0, 1).put<int32_t>(4, 5).put<uint32_t>(8, 7);
  Record r(bytes);
  EXPECT_EQ(line(h.tep(), r.get(), "<%s|%d>", TEP_PRINT_LATENCY, TEP_PRINT_PID), "<dNHffffffff|5>");
}

}  // namespace
}  // namespace tep::print_line
