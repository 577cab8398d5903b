// SPDX-License-Identifier: LGPL-2.1
// ftrace:bprint (lib/print_plan/bprint.cc): the reads a printk format makes of
// the binary buffer (prepare_bprint_format), and print_bprint on records of
// it: values 4-byte aligned, strings, pointers the kernel wrote as text, a
// buffer cut short, a format that is not known. Expected texts are upstream
// 1.9.0's for the same format and bytes.
#include "print_plan/bprint.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "base/byte_order.h"
#include "plan_fixture.h"
#include "../support/formats.h"

namespace tep::print_plan {
namespace {

using testing::Bytes;
using testing::field;
using testing::Handle;
using testing::printed;
using testing::Record;
using Read = BprintFormat::Read;

std::string reads_of(const BprintFormat& f) {
  std::string out;
  for (const Read& r : f.reads) {
    if (!out.empty()) out += ' ';
    if (!r.starts_directive) out += '+';
    out += r.kind == Read::Kind::kString ? "s" : r.kind == Read::Kind::kNumber ? "n" : "p";
    if (r.kind != Read::Kind::kString) out += std::to_string(r.size);
  }
  return out;
}

TEST(PrepareBprintFormat, ReadsTheArgumentsUpstreamReads) {
  Handle h;
  // n<size>: a number, s: a string, p<size>: a pointer or the text the kernel
  // wrote for it; '+' continues the directive before.
  EXPECT_EQ(reads_of(prepare_bprint_format(h.tep(), "%ps: %d %s %lx %llx %Lx %zu %5.2u %o")), "n4 s n8 n8 n8 n8 n4 n4");
  EXPECT_EQ(reads_of(prepare_bprint_format(h.tep(), "%ps: %*d %.*s")), "n4 +n4 n4 +s");
  // Symbols and plain pointers are numbers; other pointers may be text.
  EXPECT_EQ(reads_of(prepare_bprint_format(h.tep(), "%ps: %p %pS %ps %pf %pF %px %pI4 %pfw %pM")),
            "n8 n8 n8 n8 n8 n8 p8 p8 p8");
  // Upstream reads nothing for these: %c, %%, and a directive with 'h' or '-'.
  EXPECT_EQ(reads_of(prepare_bprint_format(h.tep(), "%ps: %c %% %hd %-5d %d")), "n4");
  // The leading "%ps: " is the ip's, added apart.
  EXPECT_EQ(reads_of(prepare_bprint_format(h.tep(), "%ps: ")), "");
  EXPECT_EQ(prepare_bprint_format(h.tep(), "%ps: x").text, "%ps: x");
}

TEST(PrepareBprintFormat, LongsFollowTheLongSize) {
  Handle h;
  tep_set_long_size(&h.tep(), 4);
  EXPECT_EQ(reads_of(prepare_bprint_format(h.tep(), "%ps: %lx %llx %p %zd")), "n4 n8 n4 n4");
}

constexpr uint64_t kFormatAddress = 0xffffffff82000000ULL;

class PrintBprint : public ::testing::Test {
 protected:
  PrintBprint() : bytes_(24) {
    event_ = handle_.parse(test_formats::kBprint, "ftrace");
    bytes_.put<uint16_t>(0, 6).put<uint64_t>(8, 0x1234).put<uint64_t>(16, kFormatAddress);
  }
  void printk(const std::string& quoted, uint64_t address = kFormatAddress) {
    ASSERT_EQ(tep_register_print_string(&handle_.tep(), quoted.c_str(), address), 0);
  }
  std::string print(int size = -1) {
    if (!event_) return "<not parsed>";
    const Plan& plan = handle_.plan(*event_);
    EXPECT_TRUE(plan.is_bprint);
    Record r(bytes_, size);
    return printed([&](seq::Output& o) { print_bprint(o, r.context(handle_.tep(), *event_), plan); });
  }
  bool failed() const { return event_->flags & TEP_EVENT_FL_FAILED; }

  Handle handle_;
  format::Event* event_ = nullptr;
  Bytes bytes_;
};

TEST_F(PrintBprint, NumbersAreAlignedStringsAreNot) {
  printk("\"a=%d b=%lx c=%s d=%d\\n\"");
  bytes_.put<int32_t>(24, -3).put<uint64_t>(28, 0xfeed).text(36, std::string("ab\0", 3)).put<uint32_t>(40, 9);
  EXPECT_EQ(print(), "0x1234: a=-3 b=feed c=ab d=9");
  EXPECT_FALSE(failed());
}

TEST_F(PrintBprint, BufferCutShortFailsTheEvent) {
  printk("\"a=%d b=%lx c=%s d=%d\\n\"");
  bytes_.put<int32_t>(24, -3).put<uint64_t>(28, 0xfeed);
  // Upstream prints the rest of the format as it reads it without arguments.
  EXPECT_EQ(print(), "0x1234: a=-3 b=feed c=s d=d");
  EXPECT_TRUE(failed());
}

TEST_F(PrintBprint, PointersTheKernelWroteAsText) {
  printk("\"ip=%pI4 x=%pI4 y=%d\"");
  bytes_.text(24, std::string("1.2.3.4\0", 8)).put<uint64_t>(32, 0x01020304).put<uint32_t>(40, 5);
  // A printable first byte is text; otherwise a value, which needs a field.
  EXPECT_EQ(print(), "0x1234: ip=1.2.3.4 x=ARG TYPE NOT FIELD BUT 1 y=5");
}

TEST_F(PrintBprint, DirectivesUpstreamReadsDifferently) {
  printk("\"%p|%pS|%pfw|%px|%c|%hd|%-5d|%5.2u|%zu|%*d|%%|%d\"");
  bytes_.put<uint64_t>(24, 0).put<uint64_t>(32, 0xffffffff81000000ULL).text(40, std::string("fw\0", 3));
  bytes_.put<uint64_t>(44, 0x10).put<uint32_t>(52, 7).put<uint32_t>(56, 8).put<uint64_t>(60, 99);
  bytes_.put<uint32_t>(68, 3).put<uint32_t>(72, 4).put<uint32_t>(76, 5);
  // The 8 bytes read at 56 overlap two numbers, so what %hd and %-5d take
  // depends on the host's byte order: upstream 1.9.0 prints these (its s390x
  // build, under qemu, for the big-endian text).
  EXPECT_EQ(print(), tep::base::kHostBigEndian
                         ? "0x1234: (nil)|0xffffffff81000000|fww|0x10x|\x07|0|99   |   03|4|*d|%|d"
                         : "0x1234: (nil)|0xffffffff81000000|fww|0x10x|\x07|8|0    |   03|4|*d|%|d");
  EXPECT_TRUE(failed());
}

TEST_F(PrintBprint, SymbolsOfTheIp) {
  printk("\"%d\"");
  tep_register_function(&handle_.tep(), const_cast<char*>("caller"), 0x1000, nullptr);
  tep_register_function(&handle_.tep(), const_cast<char*>("next"), 0x2000, nullptr);
  bytes_.put<uint32_t>(24, 1);
  EXPECT_EQ(print(), "caller: 1");
}

TEST_F(PrintBprint, UnknownFormatAddress) {
  bytes_.put<uint64_t>(16, 0x23);
  EXPECT_EQ(print(), "0x1234: (NO FORMAT FOUND at 23)\n");
}

TEST_F(PrintBprint, RecordsShorterThanTheFieldsPrintZeros) {
  printk("\"a=%d\"");
  bytes_.put<uint32_t>(24, 5);
  // The format address is cut off: 0, which names no format.
  EXPECT_EQ(print(20), "0x1234: (NO FORMAT FOUND at 0)\n");
  EXPECT_EQ(print(0), "0x0: (NO FORMAT FOUND at 0)\n");
}

TEST_F(PrintBprint, ManyArguments) {
  std::string format = "\"%d";
  std::string want = "0x1234: 0";
  for (int k = 0; k < 40; k++) {
    if (k) {
      format += " %d";
      want += " " + std::to_string(k * 3);
    }
    bytes_.put<uint32_t>(24 + 4 * k, k * 3);
  }
  printk(format + "\"");
  EXPECT_EQ(print(), want);
}

TEST_F(PrintBprint, OneFormatPrintsRecordsOfEveryLength) {
  printk("\"%d %d\"");
  bytes_.put<uint32_t>(24, 1).put<uint32_t>(28, 2);
  EXPECT_EQ(print(), "0x1234: 1 2");
  // The plans of one format are kept per number of values read.
  EXPECT_EQ(print(28), "0x1234: 1 d");
  EXPECT_EQ(print(), "0x1234: 1 2");
  const Plan& plan = handle_.plan(*event_);
  EXPECT_EQ(plan.bprint_formats.size(), 1u);
  EXPECT_EQ(plan.bprint_plans.size(), 2u);
}

TEST_F(PrintBprint, ThreadsShareTheFormatsAndPlans) {
  printk("\"%d %s\"");
  bytes_.put<uint32_t>(24, 42).text(28, std::string("str\0", 4));
  std::vector<std::string> outs(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; t++)
    threads.emplace_back([&, t] {
      for (int k = 0; k < 200; k++) outs[t] = print();
    });
  for (std::thread& t : threads) t.join();
  for (const std::string& out : outs) EXPECT_EQ(out, "0x1234: 42 str");
}

TEST(PrintBprintFields, MissingFieldsPrintNothing) {
  Handle h;
  const std::string text =
      testing::format_text("bprint", 6, field("unsigned long ip", 8, 8) + field("const char * fmt", 16, 8),
                           "\"%ps: %s\", (void *)REC->ip, REC->fmt");
  format::Event* e = h.parse(text, "ftrace");
  ASSERT_NE(e, nullptr);
  const Plan& plan = h.plan(*e);
  ASSERT_TRUE(plan.is_bprint);
  EXPECT_FALSE(plan.bprint_fields_found);
  Bytes bytes(24);
  Record r(bytes);
  EXPECT_EQ(printed([&](seq::Output& o) { print_bprint(o, r.context(h.tep(), *e), plan); }), "");
}

}  // namespace
}  // namespace tep::print_plan
