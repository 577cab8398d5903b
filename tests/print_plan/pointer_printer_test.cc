// SPDX-License-Identifier: LGPL-2.1
// print_pointer (lib/print_plan/pointer_printer.cc): what a %p conversion
// prints, called on the pointer steps of compiled print fmts (and on
// hand-built arguments a print fmt cannot make). Expected texts are upstream
// 1.9.0's for the same format and bytes.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "plan_fixture.h"
#include "print_plan/evaluator.h"

namespace tep::print_plan {
namespace {

using testing::Bytes;
using testing::field;
using testing::Handle;
using testing::printed;
using testing::Record;

const std::string kFields =
    field("u8 mac[6]", 8, 6) + field("u8 ip4[4]", 16, 4) + field("u8 ip6[16]", 20, 16) + field("u8 uuid[16]", 36, 16) +
    field("u8 sa[28]", 52, 28) + field("__data_loc u8[] dsa", 80, 4) + field("__data_loc u8[] buf", 84, 4) +
    field("unsigned long ptr", 88, 8) + field("u32 small", 96, 4) + field("__rel_loc u8[] rbuf", 100, 4);
constexpr int kFixedSize = 104;

std::string bytes_of(std::initializer_list<uint8_t> list) { return std::string(list.begin(), list.end()); }

class PointerPrinter : public ::testing::Test {
 protected:
  PointerPrinter() : bytes_(kFixedSize) {
    bytes_.text(8, bytes_of({0x00, 0x11, 0x22, 0x33, 0x44, 0x55})).text(16, bytes_of({192, 168, 1, 2}));
    for (int i = 0; i < 16; i++) bytes_.put<uint8_t>(36 + i, static_cast<uint8_t>(0xa0 + i));
  }

  // What print_pointer prints for each %p of `print_fmt`, joined by '|'.
  std::string pointers(const std::string& print_fmt, int size = -1) {
    format::Event* e = handle_.event(kFields, print_fmt);
    if (!e) return "<not parsed>";
    Record r(bytes_, size);
    const Context ctx = r.context(handle_.tep(), *e);
    std::string out;
    bool first = true;
    for (const Step& step : handle_.plan(*e).steps) {
      if (step.kind != Step::Kind::kPointer) continue;
      if (!first) out += '|';
      first = false;
      const int plen = step.star ? static_cast<int>(evaluate(ctx, *step.star)) : 1;
      out += printed([&](seq::Output& o) { print_pointer(o, ctx, *step.pointer, plen); });
    }
    return out;
  }
  std::string ip6(std::initializer_list<uint8_t> address) {
    bytes_.text(20, bytes_of(address));
    return pointers("\"%pI6c %pI6 %pi6\", REC->ip6, REC->ip6, REC->ip6");
  }
  // What print_pointer prints for a hand-built argument.
  std::string print(const PointerArg& arg, const BprintValue* values = nullptr, int count = 0) {
    if (!event_) event_ = handle_.event(kFields, "\"\"");
    Record r(bytes_);
    Context ctx{handle_.tep(), *event_, RecordView(handle_.tep(), r.data(), r.size()), values, count};
    return printed([&](seq::Output& o) { print_pointer(o, ctx, arg, 1); });
  }

  Handle handle_;
  Bytes bytes_;
  format::Event* event_ = nullptr;
};

TEST_F(PointerPrinter, Ipv6CompressesTheLongestRunOfZeroWords) {
  EXPECT_EQ(ip6({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}),
            "::|0000:0000:0000:0000:0000:0000:0000:0000|00000000000000000000000000000000");
  EXPECT_EQ(ip6({0, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 3, 0, 0, 0, 4}),
            "1:0:2::3:0:4|0001:0000:0002:0000:0000:0003:0000:0004|00010000000200000000000300000004");
  // A single zero word stays; of two runs as long, the first is cut.
  EXPECT_EQ(ip6({0, 1, 0, 0, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7}),
            "1:0:2:3:4:5:6:7|0001:0000:0002:0003:0004:0005:0006:0007|00010000000200030004000500060007");
  EXPECT_EQ(ip6({0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0}),
            "2001:db8:0:0:1::|2001:0db8:0000:0000:0001:0000:0000:0000|20010db8000000000001000000000000");
}

TEST_F(PointerPrinter, Ipv6EndsInDottedQuadForMappedAndIsatapAddresses) {
  EXPECT_EQ(ip6({0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0x02, 0, 0x5e, 0xfe, 10, 0, 0, 1}),
            "fe80::200:5efe:10.0.0.1|fe80:0000:0000:0000:0200:5efe:0a00:0001|fe8000000000000002005efe0a000001");
  EXPECT_EQ(ip6({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 192, 168, 0, 1}),
            "::ffff:192.168.0.1|0000:0000:0000:0000:0000:ffff:c0a8:0001|00000000000000000000ffffc0a80001");
}

TEST_F(PointerPrinter, MacAddresses) {
  EXPECT_EQ(pointers("\"%pM %pMF %pMR %pm %pmR\", REC->mac, REC->mac, REC->mac, REC->mac, REC->mac"),
            "00:11:22:33:44:55|00-11-22-33-44-55|55:44:33:22:11:00|001122334455|554433221100");
}

TEST_F(PointerPrinter, Ipv4ByteOrders) {
  EXPECT_EQ(pointers("\"%pI4 %pI4n %pI4b %pI4l %pI4h %pi4\", REC->ip4, REC->ip4, REC->ip4, REC->ip4, REC->ip4, "
                     "REC->ip4"),
            std::string("192.168.1.2|192.168.1.2|192.168.1.2|2.1.168.192|") +
                (tep_is_bigendian() ? "192.168.1.2" : "2.1.168.192") + "|192.168.001.002");
  // 'h' is the file's order: a big-endian file's is the network's.
  tep_set_file_bigendian(&handle_.tep(), TEP_BIG_ENDIAN);
  EXPECT_EQ(pointers("\"%pI4h\", REC->ip4"), "192.168.1.2");
}

TEST_F(PointerPrinter, Uuids) {
  EXPECT_EQ(pointers("\"%pU %pUb %pUB %pUl %pUL\", REC->uuid, REC->uuid, REC->uuid, REC->uuid, REC->uuid"),
            "a0a1a2a3-a4a5-a6a7-a8a9-aaabacadaeaf|a0a1a2a3-a4a5-a6a7-a8a9-aaabacadaeaf|"
            "A0A1A2A3-A4A5-A6A7-A8A9-AAABACADAEAF|a3a2a1a0-a5a4-a7a6-a8a9-aaabacadaeaf|"
            "A3A2A1A0-A5A4-A7A6-A8A9-AAABACADAEAF");
}

TEST_F(PointerPrinter, FieldsOfTheWrongSize) {
  EXPECT_EQ(pointers("\"%pM %pI4 %pI6c %pU %pISpc\", REC->ptr, REC->ptr, REC->ptr, REC->ptr, REC->ptr"),
            "INVALIDMAC|INVALIDIPv4|INVALIDIPv6|INVALIDUUID|");
}

TEST_F(PointerPrinter, ArgumentsThatAreNotFields) {
  // The number is the argument's tep_print_arg_type: 1 an atom, 2 a field, 11 an operator.
  EXPECT_EQ(pointers("\"%pM %pI4 %pI6 %pU %pIS %ph\", REC->small + 1, 5, REC->small + 1, REC->small + 1, "
                     "REC->small + 1, REC->small"),
            "ARG TYPE NOT FIELD BUT 11|ARG TYPE NOT FIELD BUT 1|ARG TYPE NOT FIELD BUT 11|"
            "ARG TYPE NOT FIELD BUT 11|ARG NOT FIELD NOR DYNAMIC ARRAY BUT TYPE 11|ARG TYPE NOT FIELD BUT 2");
  // A print fmt's quoted string is an atom too.
  EXPECT_EQ(pointers("\"%p %pS %pM\", \"txt\", \"t2\", \"t3\""), "(nil)|0x0|ARG TYPE NOT FIELD BUT 1");
}

TEST_F(PointerPrinter, IpLettersWithoutAVersionPrintNothing) {
  EXPECT_EQ(pointers("\"[%pIx][%pI][%pi]\", REC->ip4, REC->ip4, REC->ip4"), "||");
}

// struct sockaddr_in / sockaddr_in6: the family in the host's order, the port in the network's.
std::string sockaddr_in(uint16_t family, std::initializer_list<uint8_t> rest) {
  std::string sa(reinterpret_cast<const char*>(&family), 2);
  return sa + bytes_of(rest);
}

TEST_F(PointerPrinter, SocketAddresses) {
  bytes_.text(52, sockaddr_in(2, {0x1f, 0x90, 10, 1, 2, 3}));
  bytes_.dynamic(80, sockaddr_in(2, {0x00, 0x50, 127, 0, 0, 1, 0, 0, 0, 0}));  // 12 bytes: too short
  EXPECT_EQ(pointers("\"%pISpc %piS %pISl %pISpc\", REC->sa, REC->sa, REC->sa, __get_dynamic_array(dsa)"),
            "10.1.2.3:8080|010.001.002.003|3.2.1.10|INVALIDIPv4");
  // Port 443, flow info 0, 2001::1.
  bytes_.text(52, sockaddr_in(10, {0x01, 0xbb, 0, 0, 0, 0, 0x20, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}));
  EXPECT_EQ(pointers("\"%pIS %pISc %pISpc\", REC->sa, REC->sa, REC->sa"),
            "2001:0000:0000:0000:0000:0000:0000:0001|2001::1|[2001::1]:443");
  // Another family prints nothing.
  bytes_.text(52, sockaddr_in(7, {0, 0x50, 127, 0, 0, 1}));
  EXPECT_EQ(pointers("\"%pISpc\", REC->sa"), "");
}

TEST_F(PointerPrinter, HexBuffers) {
  bytes_.dynamic(84, bytes_of({0x0a, 0x0b, 0x0c, 0x0d}));
  // A count past the array prints the array; a negative one too.
  EXPECT_EQ(pointers("\"%*phD %*phN %ph %*ph %*phC\", 3, __get_dynamic_array(buf), 9, __get_dynamic_array(buf), "
                     "__get_dynamic_array(buf), -1, __get_dynamic_array(buf), 0, __get_dynamic_array(buf)"),
            "0a-0b-0c|0a0b0c0d|0a|0a 0b 0c 0d|");
  // Bytes past a record cut short are not printed.
  EXPECT_EQ(pointers("\"%*ph\", 4, __get_dynamic_array(buf)", kFixedSize + 2), "0a 0b");
}

// Upstream finds the payload of a __rel_loc array after the location word
// (dynamic_offset_field), not at the offset as written.
TEST_F(PointerPrinter, HexBufferOfARelLocArrayReadsItsPayload) {
  bytes_.dynamic(100, bytes_of({0x0a, 0x0b, 0x0c, 0x0d}), true);
  EXPECT_EQ(pointers("\"%*ph\", 4, __get_dynamic_array(rbuf)"), "0a 0b 0c 0d");
}

TEST_F(PointerPrinter, PlainPointersAndSymbols) {
  bytes_.put<uint64_t>(88, 0xffffffff81000010ULL);
  const std::string plain = sizeof(void*) == 8 ? "0xffffffff81000010" : "0x81000010";
  EXPECT_EQ(pointers("\"%p %ps %pS\", REC->ptr, REC->ptr, REC->ptr"), plain + "|0xffffffff81000010|0xffffffff81000010");
  tep_register_function(&handle_.tep(), const_cast<char*>("f1"), 0xffffffff81000000ULL, nullptr);
  tep_register_function(&handle_.tep(), const_cast<char*>("f2"), 0xffffffff82000000ULL, nullptr);
  EXPECT_EQ(pointers("\"%p %pK %ps %pS %pF %pf %pX\", REC->ptr, REC->ptr, REC->ptr, REC->ptr, REC->ptr, REC->ptr, "
                     "REC->ptr"),
            plain + "|" + plain + "|f1|f1+0x10|f1+0x10|f1|" + plain);
  bytes_.put<uint64_t>(88, 0);
  EXPECT_EQ(pointers("\"%p %ps\", REC->ptr, REC->ptr"), "(nil)|0x0");
}

TEST_F(PointerPrinter, PhysicalAddressesFollowTheLongSize) {
  bytes_.put<uint64_t>(88, 0xabcdef);
  EXPECT_EQ(pointers("\"%pa %pad\", REC->ptr, REC->small"), "0x0000000000abcdef|0x0000000000000000");
  tep_set_long_size(&handle_.tep(), 4);
  EXPECT_EQ(pointers("\"%pap\", REC->ptr"), "0x00abcdef");
}

TEST_F(PointerPrinter, BacktraceOfZeroIsTheAddress) {
  tep_register_function(&handle_.tep(), const_cast<char*>("f1"), 0, nullptr);
  tep_register_function(&handle_.tep(), const_cast<char*>("f2"), 0x1000, nullptr);
  EXPECT_EQ(pointers("\"%pB\", REC->ptr"), "0x0");
  bytes_.put<uint64_t>(88, 0x10);
  EXPECT_EQ(pointers("\"%pB\", REC->ptr"), "f1+0x10");
}

TEST_F(PointerPrinter, FieldsPastAShortRecordReadAsZeroBytes) {
  // Upstream reads past the record here.
  EXPECT_EQ(pointers("\"%pM %pI4 %pU\", REC->mac, REC->ip4, REC->uuid", 10),
            "00:11:00:00:00:00|0.0.0.0|00000000-0000-0000-0000-000000000000");
  EXPECT_EQ(pointers("\"%pISpc\", REC->sa", 60), "");
}

TEST_F(PointerPrinter, TextArgumentPrintsAsIs) {
  PointerArg arg{.kind = PointerArg::Kind::kMac, .source = PointerArg::Source::kText, .text = "as is"};
  EXPECT_EQ(print(arg), "as is");
}

TEST_F(PointerPrinter, BprintArguments) {
  BprintValue values[2];
  values[0].value = 0xffffffff81000010ULL;
  values[1].is_string = true;
  values[1].text = "1.2.3.4";
  tep_register_function(&handle_.tep(), const_cast<char*>("f1"), 0xffffffff81000000ULL, nullptr);
  tep_register_function(&handle_.tep(), const_cast<char*>("f2"), 0xffffffff82000000ULL, nullptr);
  PointerArg arg{.source = PointerArg::Source::kBprintArg};
  EXPECT_EQ(print(arg, values, 2), sizeof(void*) == 8 ? "0xffffffff81000010" : "0x81000010");
  arg.kind = PointerArg::Kind::kSymbol;
  arg.symbol_offset = true;
  EXPECT_EQ(print(arg, values, 2), "f1+0x10");
  // Kinds that need a field: the value is an atom.
  arg.kind = PointerArg::Kind::kIpv4;
  EXPECT_EQ(print(arg, values, 2), "ARG TYPE NOT FIELD BUT 1");
  arg.kind = PointerArg::Kind::kIpNothing;
  EXPECT_EQ(print(arg, values, 2), "");
  // A dereferenced pointer the kernel wrote as text.
  arg.kind = PointerArg::Kind::kIpv4;
  arg.index = 1;
  EXPECT_EQ(print(arg, values, 2), "1.2.3.4");
  arg.index = 2;  // the record carried fewer values
  EXPECT_EQ(print(arg, values, 2), "");
}

}  // namespace
}  // namespace tep::print_plan
