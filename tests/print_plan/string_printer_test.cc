// SPDX-License-Identifier: LGPL-2.1
// print_string (lib/print_plan/string_printer.cc): what a %s conversion prints
// for each kind of argument, called on the string steps of compiled print fmts
// (and on hand-built arguments a print fmt cannot make). Expected texts are
// upstream 1.9.0's for the same format and bytes; where upstream reads outside
// the record, ours stops at its end.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "base/byte_order.h"
#include "plan_fixture.h"
#include "print_plan/evaluator.h"

namespace tep::print_plan {
namespace {

using testing::Bytes;
using testing::field;
using testing::Handle;
using testing::printed;
using testing::Record;

const std::string kFields = field("u32 a", 8, 4) + field("u32 b", 12, 4) + field("unsigned long ptr", 16, 8) +
                            field("char name[8]", 24, 8, true) + field("__data_loc char[] s", 32, 4, true) +
                            field("__rel_loc u8[] r", 36, 4) + field("__data_loc unsigned long[] mask", 40, 4) +
                            field("__data_loc u8[] d", 44, 4) + field("char buf", 48, 0, true);
constexpr int kFixedSize = 48;

const format_string::PrintFmtConversion kPlainS{format_string::Directive{.conversion = 's'}, "%s"};

class StringPrinter : public ::testing::Test {
 protected:
  StringPrinter() : bytes_(kFixedSize) { bytes_.put<uint32_t>(8, 7).text(24, "abcdefgh"); }

  // What print_string prints for each %s of `print_fmt`, joined by '|'.
  std::string strings(const std::string& print_fmt, int size = -1) {
    format::Event* e = handle_.event(kFields, print_fmt);
    if (!e) return "<not parsed>";
    Record r(bytes_, size);
    const Context ctx = r.context(handle_.tep(), *e);
    std::string out;
    bool first = true;
    for (const Step& step : handle_.plan(*e).steps) {
      if (step.kind != Step::Kind::kString) continue;
      if (!first) out += '|';
      first = false;
      out += printed([&](seq::Output& o) { print_string(o, ctx, *step.string, step.conversion, nullptr); });
    }
    return out;
  }
  // What print_string prints for a hand-built argument.
  std::string print(const StrArg& arg, const format_string::PrintFmtConversion& c = kPlainS,
                    const BprintValue* values = nullptr, int count = 0) {
    if (!event_) event_ = handle_.event(kFields, "\"\"");
    Record r(bytes_);
    Context ctx{handle_.tep(), *event_, RecordView(handle_.tep(), r.data(), r.size()), values, count};
    return printed([&](seq::Output& o) { print_string(o, ctx, arg, c, nullptr); });
  }

  Handle handle_;
  Bytes bytes_;
  format::Event* event_ = nullptr;
};

TEST_F(StringPrinter, TextsAndConditionals) {
  EXPECT_EQ(strings("\"%s|%s|[%-4s]\", REC->a ? \"yes\" : \"no\", REC->a ? (REC->b ? \"x\" : \"y\") : \"z\", \"ab\""),
            "yes|y|ab  ");
  // The conversion's literals are not print_string's.
  EXPECT_EQ(strings("\"[%-4s]\", \"ab\""), "ab  ");
}

TEST_F(StringPrinter, UnknownFieldPrintsNothing) { EXPECT_EQ(strings("\"[%s]\", REC->nosuch"), ""); }

TEST_F(StringPrinter, FlagsWithoutADelimiterRunTogether) {
  Expr value{.kind = Expr::Kind::kConstant, .constant = 0x7};
  StrArg flags{.kind = StrArg::Kind::kFlags, .value = &value};
  flags.symbols = {{1, "A"}, {2, "B"}};
  flags.flag_bits = {1, 2};
  EXPECT_EQ(print(flags), "AB0x4");
  flags.has_delimiter = true;
  flags.text = "|";
  EXPECT_EQ(print(flags), "A|B|0x4");
}

TEST_F(StringPrinter, SymbolsCompareUnsigned) {
  // An unknown name is -1: the value with every bit set.
  bytes_.put<uint64_t>(16, ~0ULL);
  EXPECT_EQ(strings("\"%s|%s|%s\", __print_symbolic(REC->ptr, {FOO, \"foo\"}, {1, \"one\"}), "
                    "__print_symbolic(REC->a, {7, \"seven\"}), __print_symbolic(REC->b, {7, \"seven\"})"),
            "foo|seven|0x0");
}

TEST_F(StringPrinter, DynamicStrings) {
  bytes_.dynamic(32, "hello").dynamic(36, std::string("ab\0", 3), true);
  // The payload has no NUL: it runs into the next one, as upstream's printf reads.
  EXPECT_EQ(strings("\"[%s][%.2s][%-6s]\", __get_str(s), __get_str(s), __get_rel_str(r)"), "helloab|he|ab    ");
}

// Without a NUL, upstream's printf reads on past the record.
TEST_F(StringPrinter, DynamicStringStopsAtTheRecordsEnd) {
  bytes_.dynamic(32, "hello");
  EXPECT_EQ(strings("\"%s\", __get_str(s)"), "hello");
}

// Upstream zeroes the length of a payload running past the record
// (dynamic_offset), and prints nothing for a zero-length string.
TEST_F(StringPrinter, DynamicStringRunningPastTheRecordPrintsNothing) {
  bytes_.put<uint32_t>(32, kFixedSize | 5u << 16).text(kFixedSize, std::string("hel\0", 4));
  EXPECT_EQ(strings("\"%s\", __get_str(s)"), "");
}

TEST_F(StringPrinter, FixedArraysAndTheRestOfTheRecord) {
  // name has no NUL: all 8 bytes; "char buf; size:0" is the rest of the record.
  bytes_.text(kFixedSize, std::string("tail\0", 5));
  EXPECT_EQ(strings("\"%s|%.3s|%-10s\", REC->name, REC->name, REC->buf"), "abcdefgh|abc|tail      ");
  EXPECT_EQ(strings("\"%s\", REC->buf", 50), "ta");
  EXPECT_EQ(strings("\"[%s]\", REC->name", 28), "abcd");
  EXPECT_EQ(strings("\"[%s]\", REC->name", 20), "");
}

TEST_F(StringPrinter, LongSizedScalarIsAnAddress) {
  bytes_.put<uint64_t>(16, 0xffffffff82000000ULL);
  // Bare hex without a printk string there; the width is ignored.
  EXPECT_EQ(strings("\"[%s][%10s]\", REC->ptr, REC->ptr"), "ffffffff82000000|ffffffff82000000");
  tep_register_print_string(&handle_.tep(), "\"hello there\"", 0xffffffff82000000ULL);
  EXPECT_EQ(strings("\"[%s][%10s]\", REC->ptr, REC->ptr"), "hello there|hello there");
  // Cut off: address 0.
  EXPECT_EQ(strings("\"%s\", REC->ptr", 20), "0");
}

TEST_F(StringPrinter, LongSizeFourMakesFourByteScalarsAddresses) {
  tep_set_long_size(&handle_.tep(), 4);
  bytes_.text(16, "12345678");
  // u32 a is an address now; ptr's 8 bytes are text.
  EXPECT_EQ(strings("\"[%s][%s]\", REC->a, REC->ptr"), "7|12345678");
}

TEST_F(StringPrinter, HexDumpsStayInsideTheRecord) {
  bytes_.dynamic(44, std::string("\x01\x02\x03\x04", 4));
  EXPECT_EQ(strings("\"%s|%s|%s\", __print_hex(__get_dynamic_array(d), 4), __print_hex_str(REC->name, 3), "
                    "__print_hex(REC->name, 0)"),
            "01 02 03 04|616263|");
  // Upstream reads past the record here (and dies on a negative count).
  EXPECT_EQ(strings("\"%s\", __print_hex(__get_dynamic_array(d), 10)"), "01 02 03 04");
  bytes_.put<int32_t>(12, -1);
  EXPECT_EQ(strings("\"%s|%s\", __print_hex(__get_dynamic_array(d), REC->b), __print_hex_str(REC->name, REC->b)"), "|");
}

// Upstream finds the payload of __get_dynamic_array(x) of a __rel_loc after
// the location word (dynamic_offset_field), not at the offset as written.
TEST_F(StringPrinter, HexOfARelLocArrayReadsItsPayload) {
  bytes_.dynamic(36, std::string("\x01\x02\x03\x04", 4), true);
  EXPECT_EQ(strings("\"%s|%s|%s\", __print_hex(__get_dynamic_array(r), 4), __print_hex_str(__get_dynamic_array(r), "
                    "4), __print_array(__get_dynamic_array(r), 4, 1)"),
            "01 02 03 04|01020304|{0x1,0x2,0x3,0x4}");
}

TEST_F(StringPrinter, IntArraysStopAtTheRecordsEnd) {
  bytes_.dynamic(44, std::string("\x88\x77\x66\x55\x44\x33\x22\x11", 8));
  uint64_t element;
  memcpy(&element, "\x88\x77\x66\x55\x44\x33\x22\x11", 8);
  char want[32];
  snprintf(want, sizeof want, "{0x%llx}", static_cast<unsigned long long>(element));
  // Upstream prints a second element from past the record.
  EXPECT_EQ(strings("\"%s\", __print_array(__get_dynamic_array(d), 2, 8)"), want);
  EXPECT_EQ(strings("\"%s\", __print_array(REC->name, 20, 1)"),
            "{0x61,0x62,0x63,0x64,0x65,0x66,0x67,0x68,0x0,0x0,0x0,0x0,0x0,0x0,0x0,0x0,0x0,0x0,0x0,0x0}");
  EXPECT_EQ(strings("\"%s\", __print_array(REC->name, 20, 1)", 26), "{0x61,0x62}");
}

// Words in the host's order, as the rest of these records.
std::string host_word(uint64_t word) { return std::string(reinterpret_cast<const char*>(&word), 8); }

TEST_F(StringPrinter, BitmasksAndCpumasksTakeTheWidth) {
  bytes_.dynamic(40, host_word(0x80000000000000f1ULL));
  EXPECT_EQ(strings("\"[%s][%20s][%-12s]\", __get_bitmask(mask), __get_cpumask(mask), __get_bitmask(mask)"),
            "80000000,000000f1|            0,4-7,63|80000000,000000f1");
}

TEST_F(StringPrinter, EmptyMasksAndMasksPastTheRecordPrintNothing) {
  bytes_.put<uint32_t>(40, kFixedSize + 8);  // length 0
  EXPECT_EQ(strings("\"%s|%s\", __get_bitmask(mask), __get_cpumask(mask)"), "|");
  bytes_.put<uint32_t>(40, 0xfff00010);  // 0xfff0 bytes at 16
  EXPECT_EQ(strings("\"%s|%s\", __get_bitmask(mask), __get_cpumask(mask)"), "|");
}

TEST_F(StringPrinter, FiveByteMask) {
  // The mask's bytes read as the host's words: upstream 1.9.0 prints these
  // (its s390x build, under qemu, for the big-endian text).
  bytes_.dynamic(40, std::string("\xff\x01\x00\x00\x80", 5));
  EXPECT_EQ(strings("\"%s|%s\", __get_bitmask(mask), __get_cpumask(mask)"),
            tep::base::kHostBigEndian ? "ff,01000080|7,24,32-39" : "80,000001ff|0-8,39");
}

// A big-endian file: the handle swaps every number it reads.
class BigEndianStringPrinter : public StringPrinter {
 protected:
  BigEndianStringPrinter() {
    tep_set_file_bigendian(&handle_.tep(), TEP_BIG_ENDIAN);
    bytes_ = Bytes(kFixedSize);
  }
  // The mask's bytes as the kernel wrote them, its __data_loc word big-endian.
  void mask(const std::string& payload) {
    const uint32_t word = static_cast<uint32_t>(kFixedSize) | static_cast<uint32_t>(payload.size()) << 16;
    const char be[4] = {static_cast<char>(word >> 24), static_cast<char>(word >> 16), static_cast<char>(word >> 8),
                        static_cast<char>(word)};
    bytes_.text(40, std::string(be, 4)).append(payload);
  }
};

TEST_F(BigEndianStringPrinter, OneWordMask) {
  mask(std::string("\x80\0\0\0\0\0\0\xf1", 8));
  EXPECT_EQ(strings("\"%s|%s\", __get_bitmask(mask), __get_cpumask(mask)"), "80000000,000000f1|0,4-7,63");
}

// Upstream reads a big-endian mask as one number, its bytes reversed whole
// (print_cpumask_to_seq, as print_bitmask_to_seq): the first word's bit 0
// prints as bit 64.
TEST_F(BigEndianStringPrinter, TwoWordCpumaskReadsAsOneNumber) {
  mask(std::string("\0\0\0\0\0\0\0\x01\0\0\0\0\0\0\0\0", 16));
  EXPECT_EQ(strings("\"%s|%s\", __get_bitmask(mask), __get_cpumask(mask)"), "00000000,00000001,00000000,00000000|64");
}

// A print function used as a %s argument, printing its argument in brackets.
unsigned long long bracket(trace_seq* s, unsigned long long* args) {
  trace_seq_printf(s, "[%s]", reinterpret_cast<const char*>(args[0]));
  return 0;
}
unsigned long long number_text(trace_seq* s, unsigned long long* args) {
  trace_seq_printf(s, "n%llu", args[0]);
  return 0;
}

TEST_F(StringPrinter, PrintFunctionsNestInsideEachOther) {
  tep_register_print_function(&handle_.tep(), bracket, TEP_FUNC_ARG_STRING, const_cast<char*>("bracket"),
                              TEP_FUNC_ARG_STRING, TEP_FUNC_ARG_VOID);
  tep_register_print_function(&handle_.tep(), number_text, TEP_FUNC_ARG_STRING, const_cast<char*>("number_text"),
                              TEP_FUNC_ARG_INT, TEP_FUNC_ARG_VOID);
  // The outer call's text is being built when the inner one prints.
  EXPECT_EQ(strings("\"%s|%-8s|%.3s\", bracket(bracket(number_text(REC->a))), bracket(number_text(REC->a)), "
                    "bracket(\"abcdef\")"),
            "[[n7]]|[n7]    |[ab");
}

TEST_F(StringPrinter, BprintArguments) {
  BprintValue values[2];
  values[0].value = static_cast<uint64_t>(-5);
  values[1].is_string = true;
  values[1].text = "text";
  StrArg arg{.kind = StrArg::Kind::kBprintArg};
  // A number reaching %s prints as upstream's decimal atom of it.
  EXPECT_EQ(print(arg, kPlainS, values, 2), "-5");
  arg.index = 1;
  const format_string::PrintFmtConversion width{format_string::Directive{.width = 6, .conversion = 's'}, "%6s"};
  EXPECT_EQ(print(arg, width, values, 2), "  text");
  arg.index = 2;  // the record carried fewer values
  EXPECT_EQ(print(arg, kPlainS, values, 2), "");
}

TEST_F(StringPrinter, StacktraceOfLongSizeFour) {
  tep_set_long_size(&handle_.tep(), 4);
  tep_register_function(&handle_.tep(), const_cast<char*>("func_a"), 0xc1000000ULL, nullptr);
  tep_register_function(&handle_.tep(), const_cast<char*>("func_b"), 0xc2000000ULL, nullptr);
  const uint32_t stack[] = {1, 0xc1000010, 0x10};
  bytes_.dynamic(40, std::string(reinterpret_cast<const char*>(stack), sizeof stack));
  EXPECT_EQ(strings("\"%s\", __get_stacktrace(mask)"), "\n=> func_a+0x10\n=> 10\n");
}

}  // namespace
}  // namespace tep::print_plan
