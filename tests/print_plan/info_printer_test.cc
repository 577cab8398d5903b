// SPDX-License-Identifier: LGPL-2.1
// print_info on hand-made events and records. Expected texts are what
// upstream 1.9.0 prints for the same format and bytes.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "format/event.h"
#include "core/handle.h"
#include "event-parse.h"
#include "print_plan/info_printer.h"
#include "../support/formats.h"

namespace {

// A layout with one field of each interesting kind.
const char kFields[] =
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
    "\tfield:u64 a;\toffset:8;\tsize:8;\tsigned:0;\n"
    "\tfield:int b;\toffset:16;\tsize:4;\tsigned:1;\n"
    "\tfield:unsigned int c;\toffset:20;\tsize:4;\tsigned:0;\n"
    "\tfield:char d;\toffset:24;\tsize:1;\tsigned:1;\n"
    "\tfield:char name[16];\toffset:25;\tsize:16;\tsigned:1;\n"
    "\tfield:__data_loc char[] s;\toffset:44;\tsize:4;\tsigned:1;\n"
    "\tfield:u8 mac[6];\toffset:48;\tsize:6;\tsigned:0;\n"
    "\tfield:u8 ip4[4];\toffset:54;\tsize:4;\tsigned:0;\n"
    "\tfield:u8 ip6[16];\toffset:58;\tsize:16;\tsigned:0;\n"
    "\tfield:__data_loc unsigned long[] mask;\toffset:76;\tsize:4;\tsigned:0;\n"
    "\tfield:__rel_loc char[] r;\toffset:80;\tsize:4;\tsigned:1;\n"
    "\tfield:u8 uuid[16];\toffset:84;\tsize:16;\tsigned:0;\n"
    "\tfield:__data_loc u8[] arr;\toffset:100;\tsize:4;\tsigned:0;\n"
    "\tfield:s64 e;\toffset:104;\tsize:8;\tsigned:1;\n"
    "\tfield:unsigned long ptr;\toffset:112;\tsize:8;\tsigned:0;\n"
    "\tfield:short h;\toffset:120;\tsize:2;\tsigned:1;\n"
    "\tfield:u32 u32arr[4];\toffset:124;\tsize:16;\tsigned:0;\n"
    "\tfield:__data_loc u8[] sa;\toffset:140;\tsize:4;\tsigned:0;\n"
    "\tfield:__data_loc cpumask_t cm;\toffset:144;\tsize:4;\tsigned:0;\n";
constexpr int kFixedSize = 148;

class Printer : public ::testing::Test {
 protected:
  void SetUp() override {
    tep_ = tep_alloc();
    tep_set_long_size(tep_, 8);
    // put() stores in the host's order, which a new handle reads.
    rec_.assign(kFixedSize, 0);
  }
  void TearDown() override { tep_free(tep_); }

  tep::format::Event* parse(const std::string& print_fmt) {
    static int id = 100;
    std::string name = "e" + std::to_string(id);
    std::string text = "name: " + name + "\nID: " + std::to_string(id++) + "\nformat:\n" + kFields +
                       "\nprint fmt: " + print_fmt + "\n";
    EXPECT_EQ(tep_parse_event(tep_, text.c_str(), text.size(), "t"), 0) << print_fmt;
    tep_event* e = tep_find_event_by_name(tep_, "t", name.c_str());
    return e ? tep::format::Event::from(e) : nullptr;
  }

  template <typename T>
  void put(int offset, T v) {
    if (rec_.size() < offset + sizeof(T)) rec_.resize(offset + sizeof(T));
    memcpy(rec_.data() + offset, &v, sizeof(T));
  }
  // Appends a payload and points the __data_loc word at `offset` to it.
  void dynamic(int field_offset, const std::string& bytes, bool relative = false) {
    int at = static_cast<int>(rec_.size());
    rec_.insert(rec_.end(), bytes.begin(), bytes.end());
    uint32_t off = relative ? at - (field_offset + 4) : at;
    put<uint32_t>(field_offset, off | static_cast<uint32_t>(bytes.size()) << 16);
  }

  std::string print(const std::string& print_fmt, int size = -1) {
    tep::format::Event* e = parse(print_fmt);
    if (!e) return "<not parsed>";
    return print_event(*e, size);
  }
  std::string print_event(tep::format::Event& e, int size = -1) {
    tep_record record{};
    record.data = rec_.data();
    record.size = size >= 0 ? size : static_cast<int>(rec_.size());
    trace_seq s;
    trace_seq_init(&s);
    {
      tep::seq::Output buffered(&s);
      tep::print_plan::print_info(buffered, *tep_, e, record);
    }
    std::string out(s.buffer, s.len);
    trace_seq_destroy(&s);
    return out;
  }

  tep_handle* tep_ = nullptr;
  std::vector<uint8_t> rec_;
};

TEST_F(Printer, IntegersAndOperators) {
  put<int32_t>(16, -1024);
  put<uint32_t>(20, 7);
  put<int64_t>(104, -124);
  // Fields read unsigned, operators on unsigned 64-bit values, casts are masks.
  EXPECT_EQ(print("\"%d %d %d %d %u\", REC->b / 3, REC->b >> 2, REC->b < 0, -REC->b, 5 - 7"),
            "1431655424 1073741568 0 1024 4294967294");
  EXPECT_EQ(print("\"%lld %lld %llu %d %d\", REC->e / 3, REC->e >> 60, REC->e < 0, (u8)REC->e, (s8)REC->e"),
            "6148914691236517164 15 0 132 132");
  EXPECT_EQ(print("\"%d %d %d %d\", REC->c ^ 3, REC->c && REC->b, REC->c || 0, REC->c ? 1 : 2"),
            "0 1 1 1");
  EXPECT_EQ(print("\"%x %o %#x %X %hhx %hd\", REC->c << 4, REC->c, REC->c, REC->b, REC->b, REC->b"),
            "70 7 0x7 FFFFFC00 0 -1024");
  // %zu reads this host's size_t, as upstream passes the value to printf.
  EXPECT_EQ(print("\"%zu|%zd|%5d|%-5d|%05d\", REC->e, REC->e, REC->c, REC->c, REC->c"),
            sizeof(size_t) == 8 ? "18446744073709551492|-124|    7|7    |00007" : "4294967172|-124|    7|7    |00007");
}

TEST_F(Printer, DivisionByZeroDoesNotCrash) {
  // Upstream dies of SIGFPE here.
  EXPECT_EQ(print("\"%d %d\", REC->c / 0, REC->c % 0"), "0 0");
}

TEST_F(Printer, TextEscapesAndOddDirectives) {
  put<int32_t>(16, 5);
  EXPECT_EQ(print("\"100%% \\%s \\n\\t\\\\ \\q end\", REC->b"), "100% %s \n\t\\ q end");
  EXPECT_EQ(print("\"end %\", REC->b"), "end ");
  EXPECT_EQ(print("\"%y %d\", REC->b"), ">y< 5");
  EXPECT_EQ(print("\"% d|%+d\", REC->b"), "> <d|+5");
  EXPECT_EQ(print("\"%c%c\", REC->b + 60, 66"), "AB");
}

TEST_F(Printer, MissingArgumentFailsTheEvent) {
  tep::format::Event* e = parse("\"%d %d\", REC->b");
  ASSERT_NE(e, nullptr);
  std::string out = print_event(*e);
  EXPECT_EQ(out.rfind("[FAILED TO PARSE]", 0), 0u) << out;
  EXPECT_TRUE(e->flags & TEP_EVENT_FL_FAILED);
}

TEST_F(Printer, Strings) {
  memcpy(rec_.data() + 25, "comm\0junk", 9);
  dynamic(44, std::string("hello\0", 6));
  dynamic(80, std::string("rel\0", 4), true);
  put<uint32_t>(20, 2);
  EXPECT_EQ(print("\"[%s][%-6s][%.2s][%*s][%s]\", REC->name, __get_str(s), __get_str(s), REC->c, __get_rel_str(r), __get_rel_str(r)"),
            "[comm][hello ][he][rel][rel]");
  // A long-sized scalar through %s is an address: hex when no printk string is there.
  put<uint64_t>(112, 0xffffffff81000000ULL);
  EXPECT_EQ(print("\"%s\", REC->ptr"), "ffffffff81000000");
}

TEST_F(Printer, ZeroLengthDynamicStringPrintsNothing) {
  put<uint32_t>(44, kFixedSize);  // length 0
  EXPECT_EQ(print("\"[%s]\", __get_str(s)"), "[]");
}

TEST_F(Printer, FlagsAndSymbols) {
  put<uint32_t>(20, 7);
  EXPECT_EQ(print("\"%s\", __print_flags(REC->c, \"|\", { 1, \"A\" }, { 2, \"B\" })"), "A|B|0x4");
  // Value 0 matches a symbol, never a flag.
  EXPECT_EQ(print("\"%s|%s\", __print_flags(REC->c & 0, \"|\", { 0, \"Z\" }), __print_symbolic(REC->c & 0, { 0, \"zero\" }, { 1, \"one\" })"),
            "|zero");
  // Unknown names are -1: printed for a zero value among flags.
  EXPECT_EQ(print("\"%s\", __print_flags(REC->c & 0, \"|\", { FOO, \"foo\" })"), "foo");
  EXPECT_EQ(print("\"%s %s\", __print_symbolic(REC->c & 1, { HI_SOFTIRQ, \"hi\" }, { TIMER_SOFTIRQ, \"timer\" }), __print_symbolic(9, { 1, \"one\" })"),
            "timer 0x9");
  EXPECT_EQ(print("\"%-5s|\", __print_flags(REC->c & 3, \",\", { 1, \"A\" }, { 2, \"B\" })"), "A    ,B    |");
}

TEST_F(Printer, FlagsWithNoBitLeft) {
  // Once the bits are all printed, the next entry of unknown value prints
  // alone; with bits left it never does.
  const char* fmt = "\"%s\", __print_flags(REC->c, \"|\", { 1, \"A\" }, { FOO, \"foo\" }, { 2, \"B\" }, { BAR, \"bar\" })";
  put<uint32_t>(20, 1);
  EXPECT_EQ(print(fmt), "Afoo");
  put<uint32_t>(20, 3);
  EXPECT_EQ(print(fmt), "A|Bbar");
  put<uint32_t>(20, 5);
  EXPECT_EQ(print(fmt), "A|0x4");
  put<uint32_t>(20, 0);
  EXPECT_EQ(print(fmt), "foo");
  // A composite entry takes its bits first, as upstream walks in order.
  put<uint32_t>(20, 7);
  EXPECT_EQ(print("\"%s\", __print_flags(REC->c, \",\", { 3, \"AB\" }, { 1, \"A\" }, { 4, \"C\" })"), "AB,C");
  // Every bit set: entries of value 0 or unknown (and one past INT64_MAX, negative) still never match.
  put<uint64_t>(8, ~0ULL);
  EXPECT_EQ(print("\"%s\", __print_flags(REC->a, \"|\", { 0, \"Z\" }, { FOO, \"foo\" }, { 1, \"A\" }, { 0x8000000000000000, \"TOP\" }, { 2, \"B\" })"),
            "A|B|0xfffffffffffffffc");
}

TEST_F(Printer, CastsAndConstantIndexes) {
  put<uint32_t>(20, 0x1234);
  put<uint64_t>(8, 0x123456789abcdef0ULL);
  // Casts keep their mask where it cuts bits, and cost nothing where it cannot.
  EXPECT_EQ(print("\"%u %u %u %u %lu\", (u8)REC->c, (unsigned int)(REC->a >> 40), (u16)(REC->c >> 4), (u8)(REC->c >> 4), (unsigned long)REC->c"),
            "52 1193046 291 35 4660");
  put<uint32_t>(124 + 8, 0xabc);
  EXPECT_EQ(print("\"%x|%x\", REC->u32arr[2], REC->u32arr[3]"), "abc|0");
  // An element past the record's end reads as 0, as any field there.
  EXPECT_EQ(print("\"%x|%x\", REC->u32arr[2], REC->u32arr[3]", 134), "0|0");
}

TEST_F(Printer, LiteralsAroundConversions) {
  put<int32_t>(16, 5);
  put<uint32_t>(20, 6);
  EXPECT_EQ(print("\"%d%u.%d\", REC->b, REC->c, REC->b"), "56.5");
  EXPECT_EQ(print("\"<%d>\", REC->b"), "<5>");
  EXPECT_EQ(print("\"only text\""), "only text");
}

TEST_F(Printer, HexAndArrays) {
  const uint8_t mac[6] = {0xde, 0xad, 0xbe, 0xef, 0x00, 0x01};
  memcpy(rec_.data() + 48, mac, 6);
  put<uint32_t>(124, 1);
  put<uint32_t>(128, 0xabcdef);
  dynamic(100, std::string("\x01\x02\x03", 3));
  EXPECT_EQ(print("\"%s|%s\", __print_hex(REC->mac, 6), __print_hex_str(REC->mac, 3)"),
            "de ad be ef 00 01|deadbe");
  EXPECT_EQ(print("\"%s|%s|%s\", __print_array(REC->u32arr, 2, 4), __print_array(__get_dynamic_array(arr), __get_dynamic_array_len(arr), 1), __print_array(REC->u32arr, 2, 3)"),
            std::string("{0x1,0xabcdef}|{0x1,0x2,0x3}|{BAD SIZE:3 ") +
                (tep_is_bigendian() ? "0x0" : "0x1") + ",0x0}");  // the bytes of u32arr[0]
  EXPECT_EQ(print("\"%*ph|%*phC|%ph\", 2, __get_dynamic_array(arr), 5, __get_dynamic_array(arr), __get_dynamic_array(arr)"),
            "01 02|01:02:03|01");
  EXPECT_EQ(print("\"%ph\", REC->mac"), "ARG TYPE NOT FIELD BUT 2");
}

TEST_F(Printer, HugeHexLengthStaysInsideTheRecord) {
  std::string out = print("\"%s\", __print_hex(REC->mac, 0xffffffff)");
  EXPECT_LE(out.size(), 3u * kFixedSize);
}

// Words in the host's order, as the rest of these records.
template <typename T, size_t N>
std::string host_words(const T (&words)[N]) {
  return std::string(reinterpret_cast<const char*>(words), sizeof(words));
}

TEST_F(Printer, BitmaskAndCpumask) {
  const uint32_t mask[3] = {0xff, 1, 3};
  const uint64_t cpus[1] = {0x2f};
  dynamic(76, host_words(mask));
  dynamic(144, host_words(cpus));
  // A big-endian file's bitmask prints its bytes in order, as upstream does.
  EXPECT_EQ(print("\"%s|%s\", __get_bitmask(mask), __get_cpumask(cm)"),
            std::string(tep_is_bigendian() ? "000000ff,00000001,00000003" : "00000003,00000001,000000ff") + "|0-3,5");
}

TEST_F(Printer, NetworkAddresses) {
  const uint8_t mac[6] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55};
  const uint8_t ip4[4] = {192, 168, 1, 2};
  uint8_t ip6[16] = {};
  ip6[15] = 1;
  memcpy(rec_.data() + 48, mac, 6);
  memcpy(rec_.data() + 54, ip4, 4);
  memcpy(rec_.data() + 58, ip6, 16);
  EXPECT_EQ(print("\"%pM %pm %pMR %pMF\", REC->mac, REC->mac, REC->mac, REC->mac"),
            "00:11:22:33:44:55 001122334455 55:44:33:22:11:00 00-11-22-33-44-55");
  EXPECT_EQ(print("\"%pI4 %pi4 %pI4h\", REC->ip4, REC->ip4, REC->ip4"),
            std::string("192.168.1.2 192.168.001.002 ") + (tep_is_bigendian() ? "192.168.1.2" : "2.1.168.192"));
  EXPECT_EQ(print("\"%pI6c|%pI6|%pi6\", REC->ip6, REC->ip6, REC->ip6"),
            "::1|0000:0000:0000:0000:0000:0000:0000:0001|00000000000000000000000000000001");
  uint8_t mapped[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 0, 0, 1};
  memcpy(rec_.data() + 58, mapped, 16);
  EXPECT_EQ(print("\"%pI6c\", REC->ip6"), "::ffff:10.0.0.1");
  EXPECT_EQ(print("\"%pI4|%pM|%pU\", REC->mac, REC->ip4, REC->mac"), "INVALIDIPv4|INVALIDMAC|INVALIDUUID");
  EXPECT_EQ(print("\"%pM\", __get_dynamic_array(arr)"), "ARG TYPE NOT FIELD BUT 10");
}

TEST_F(Printer, Uuid) {
  for (int i = 0; i < 16; i++) rec_[84 + i] = static_cast<uint8_t>(0xa0 + i);
  EXPECT_EQ(print("\"%pU|%pUl|%pUB\", REC->uuid, REC->uuid, REC->uuid"),
            "a0a1a2a3-a4a5-a6a7-a8a9-aaabacadaeaf|a3a2a1a0-a5a4-a7a6-a8a9-aaabacadaeaf|"
            "A0A1A2A3-A4A5-A6A7-A8A9-AAABACADAEAF");
}

TEST_F(Printer, Sockaddr) {
  // struct sockaddr_in: family 2 (host order), port 8080, 10.1.2.3
  std::string sin("\x00\x00\x1f\x90\x0a\x01\x02\x03\0\0\0\0\0\0\0\0", 16);
  const uint16_t family = 2;
  memcpy(sin.data(), &family, 2);
  dynamic(140, sin);
  EXPECT_EQ(print("\"%pISpc|%pIS\", __get_sockaddr(sa), __get_sockaddr(sa)"), "10.1.2.3:8080|10.1.2.3");
}

TEST_F(Printer, Sockaddr6) {
  std::string sin6(28, '\0');
  const uint16_t family = 10;  // host order
  memcpy(sin6.data(), &family, 2);
  sin6[2] = 0x01;
  sin6[3] = 0xbb;
  sin6[8] = 0x20;
  sin6[9] = 0x01;
  sin6[23] = 1;
  dynamic(140, sin6);
  EXPECT_EQ(print("\"%pISpc\", __get_sockaddr(sa)"), "[2001::1]:443");
  rec_.resize(kFixedSize);
  dynamic(140, sin6.substr(0, 20));
  EXPECT_EQ(print("\"%pISpc\", __get_sockaddr(sa)"), "INVALIDIPv6");
}

TEST_F(Printer, PlainPointers) {
  put<uint64_t>(112, 0);
  EXPECT_EQ(print("\"%p|%pK|%pS\", (void *)REC->ptr, (void *)REC->ptr, (void *)REC->ptr"), "(nil)|(nil)K|0x0");
  put<uint64_t>(112, 0xffffffff81234567ULL);
  // A plain %p is printf's of a host pointer (32 bits on i686); %ps looks the whole value up.
  EXPECT_EQ(print("\"%p %ps\", (void *)REC->ptr, (void *)REC->ptr"),
            sizeof(void*) == 8 ? "0xffffffff81234567 0xffffffff81234567" : "0x81234567 0xffffffff81234567");
}

TEST_F(Printer, SymbolsFromKallsyms) {
  std::string kallsyms = "ffffffff81000000 T _stext\nffffffff81234000 T do_work\nffffffff81300000 T other\n";
  tep_parse_kallsyms(tep_, kallsyms.c_str());
  put<uint64_t>(112, 0xffffffff81234567ULL);
  EXPECT_EQ(print("\"%pS|%ps|%pF|%pf\", (void *)REC->ptr, (void *)REC->ptr, (void *)REC->ptr, (void *)REC->ptr"),
            "do_work+0x567|do_work|do_work+0x567|do_work");
}

TEST_F(Printer, ShortRecordsNeverReadOutside) {
  dynamic(44, std::string("hello\0", 6));
  const char* fmts[] = {
      "\"%s %d %s %s\", __get_str(s), REC->b, REC->name, __print_hex(REC->mac, 6)",
      "\"%pM %pI6c %pU %pISpc\", REC->mac, REC->ip6, REC->uuid, __get_sockaddr(sa)",
      "\"%s %s\", __get_bitmask(mask), __get_cpumask(cm)",
      "\"%s\", __print_array(REC->u32arr, 4, 4)",
      "\"%d\", REC->u32arr[1000000]",
  };
  for (const char* f : fmts) {
    for (int size : {0, 1, 10, 30, 60, 100, 130}) print(f, size);
  }
  // __data_loc words pointing anywhere.
  put<uint32_t>(44, 0xffffffff);
  put<uint32_t>(76, 0xfff0fff0);
  put<uint32_t>(140, 0x7fff7fff);
  for (const char* f : fmts) print(f);
  SUCCEED();
}

TEST_F(Printer, RegisteredPrintFunction) {
  tep_register_print_function(
      tep_, [](trace_seq* s, unsigned long long* args) -> unsigned long long {
        trace_seq_printf(s, "<%llu:%s>", args[0], reinterpret_cast<const char*>(args[1]));
        return args[0] * 2;
      },
      TEP_FUNC_ARG_INT, const_cast<char*>("show"), TEP_FUNC_ARG_INT, TEP_FUNC_ARG_STRING, TEP_FUNC_ARG_VOID);
  put<uint32_t>(20, 21);
  dynamic(44, std::string("str\0", 4));
  EXPECT_EQ(print("\"%s|%d\", show(REC->c, __get_str(s)), show(REC->c, __get_str(s))"), "<21:str>|42");
}

// Upstream prints the function into a temporary seq and that as a C string:
// width and precision apply, and the text ends at the first NUL.
TEST_F(Printer, PrintFunctionAsStringStopsAtNulAndTakesWidth) {
  tep_register_print_function(
      tep_, [](trace_seq* s, unsigned long long* args) -> unsigned long long {
        trace_seq_printf(s, "ab%llu", args[0]);
        trace_seq_putc(s, 0);
        trace_seq_puts(s, "hidden");
        return 0;
      },
      TEP_FUNC_ARG_INT, const_cast<char*>("nul_tail"), TEP_FUNC_ARG_INT, TEP_FUNC_ARG_VOID);
  put<uint32_t>(20, 7);
  EXPECT_EQ(print("\"[%s] [%-6s] [%5s] [%.2s]\", nul_tail(REC->c), nul_tail(REC->c), "
                  "nul_tail(REC->c), nul_tail(REC->c)"),
            "[ab7] [ab7   ] [  ab7] [ab]");
}

// Sums `len` bytes from the pointer: on a record cut short, the bytes past its
// end must read as zero (a padded copy), never as memory after the record.
TEST_F(Printer, PrintFunctionArrayPointerStaysInsideTheRecord) {
  tep_register_print_function(
      tep_, [](trace_seq* s, unsigned long long* args) -> unsigned long long {
        const auto* p = reinterpret_cast<const unsigned char*>(args[0]);
        unsigned sum = 0;
        for (unsigned long long i = 0; p && i < args[1]; i++) sum += p[i];
        trace_seq_printf(s, "%u", sum);
        return 0;
      },
      TEP_FUNC_ARG_INT, const_cast<char*>("sum_bytes"), TEP_FUNC_ARG_PTR, TEP_FUNC_ARG_INT,
      TEP_FUNC_ARG_VOID);
  dynamic(100, std::string("\x01\x02\x03\x04", 4));
  const char* fmt = "\"%s\", sum_bytes(__get_dynamic_array(arr), __get_dynamic_array_len(arr))";
  EXPECT_EQ(print(fmt), "10");
  // Two of the four bytes lie inside; the rest of the buffer would be 3 + 4.
  EXPECT_EQ(print(fmt, kFixedSize + 2), "3");
}

TEST_F(Printer, Bprint) {
  const char* bprint = test_formats::kBprint;
  ASSERT_EQ(tep_parse_event(tep_, bprint, strlen(bprint), "ftrace"), 0);
  tep_register_print_string(tep_, "\"val=%d name=%s next=%lx\\n\"", 0xffffffff82000000ULL);
  std::vector<uint8_t> r(24, 0);
  uint64_t ip = 0x1234, fmt = 0xffffffff82000000ULL;
  memcpy(r.data() + 8, &ip, 8);
  memcpy(r.data() + 16, &fmt, 8);
  int32_t val = -3;
  r.insert(r.end(), reinterpret_cast<uint8_t*>(&val), reinterpret_cast<uint8_t*>(&val) + 4);
  const char name[] = "abc";
  r.insert(r.end(), name, name + 4);
  uint64_t next = 0xfeed;
  r.insert(r.end(), reinterpret_cast<uint8_t*>(&next), reinterpret_cast<uint8_t*>(&next) + 8);
  rec_ = r;
  tep::format::Event* e = tep::format::Event::from(tep_find_event_by_name(tep_, "ftrace", "bprint"));
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(print_event(*e), "0x1234: val=-3 name=abc next=feed");
  // An address without a printk format.
  fmt = 0x23;
  memcpy(rec_.data() + 16, &fmt, 8);
  EXPECT_EQ(print_event(*e), "0x1234: (NO FORMAT FOUND at 23)\n");
}

TEST_F(Printer, ThreadsShareOnePlan) {
  put<uint32_t>(20, 7);
  dynamic(44, std::string("hello\0", 6));
  tep::format::Event* e = parse("\"%s %d %s\", __get_str(s), REC->c, __print_flags(REC->c, \"|\", { 1, \"A\" })");
  ASSERT_NE(e, nullptr);
  std::vector<std::thread> threads;
  std::vector<std::string> outs(4);
  for (int t = 0; t < 4; t++)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 2000; i++) outs[t] = print_event(*e);
    });
  for (auto& t : threads) t.join();
  for (const auto& o : outs) EXPECT_EQ(o, "hello 7 A|0x6");
}

// Widths a print fmt writes or feeds from a constant or the record are held to
// 1 MiB, without overflow: a 30-byte format cannot make each record print gigabytes.
TEST_F(Printer, PrintFmtWidthsAreBounded) {
  constexpr size_t kBound = 1 << 20;
  put<uint32_t>(20, 7);
  put<int32_t>(16, INT32_MIN);
  EXPECT_EQ(print("\"[%9999999999d]\", REC->c").size(), kBound + 2);
  EXPECT_EQ(print("\"[%.99999999999999999999d]\", REC->c").size(), kBound + 2);
  EXPECT_EQ(print("\"[%2147483647s]\", \"ab\"").size(), kBound + 2);
  EXPECT_EQ(print("\"[%*d]\", 2147483647, REC->c").size(), kBound + 2);
  EXPECT_EQ(print("\"[%*d]\", REC->b, REC->c").size(), kBound + 2);  // INT_MIN: left-aligned
  EXPECT_EQ(print("\"[%.*d]\", REC->b, REC->c"), "[7]");               // negative: no precision
  EXPECT_EQ(print("\"[%0999999999s]\", \"ab\"").size(), kBound + 2);  // '0' is ignored for %s
  // Below the bound, exactly as written.
  EXPECT_EQ(print("\"[%-5d|%05x|%.3s]\", REC->c, REC->c, \"abcdef\""), "[7    |00007|abc]");
  // Out of glibc's order: glibc prints the text.
  EXPECT_EQ(print("\"[%5-d]\", REC->c"), "[%5-d]");
}

}  // namespace

// __print_dynamic_array(x, size) (upstream 1.9.0): x's payload as an int
// array of `size`-byte elements read in the host's order, length / size of
// them; other sizes print "BAD SIZE:n " once and then one byte per element.
TEST_F(Printer, PrintDynamicArray) {
  std::string bytes;
  for (int i = 1; i <= 16; i++) bytes += static_cast<char>(i);
  dynamic(100, bytes);
  auto elements = [&](int size) {
    std::string out = "{";
    for (int i = 0; i + size <= 16; i += size) {
      uint64_t v = 0;
      if (size == 2) { uint16_t x; memcpy(&x, bytes.data() + i, 2); v = x; }
      if (size == 4) { uint32_t x; memcpy(&x, bytes.data() + i, 4); v = x; }
      if (size == 8) memcpy(&v, bytes.data() + i, 8);
      char hex[32];
      snprintf(hex, sizeof hex, "%s0x%llx", i ? "," : "", static_cast<unsigned long long>(v));
      out += hex;
    }
    return out + "}";
  };
  EXPECT_EQ(print("\"%s\", __print_dynamic_array(arr, 1)"),
            "{0x1,0x2,0x3,0x4,0x5,0x6,0x7,0x8,0x9,0xa,0xb,0xc,0xd,0xe,0xf,0x10}");
  EXPECT_EQ(print("\"%s\", __print_dynamic_array(arr, 2)"), elements(2));
  EXPECT_EQ(print("\"%s\", __print_dynamic_array(arr, 4)"), elements(4));
  EXPECT_EQ(print("\"%s\", __print_dynamic_array(arr, sizeof(u64))"), elements(8));
  EXPECT_EQ(print("\"%s\", __print_dynamic_array(arr, 3)"), "{BAD SIZE:3 0x1,0x2,0x3,0x4,0x5}");
  EXPECT_EQ(print("\"%s\", __print_dynamic_array(arr, 0)"),
            "{BAD SIZE:0 0x1,0x2,0x3,0x4,0x5,0x6,0x7,0x8,0x9,0xa,0xb,0xc,0xd,0xe,0xf,0x10}");
  EXPECT_EQ(print("\"%s\", __print_dynamic_array(arr, 16)"), "{BAD SIZE:16 0x1}");
  EXPECT_EQ(print("\"%s|%s\", __print_dynamic_array(arr, -1), __print_dynamic_array(arr, 100000)"), "{}|{}");
  // Widths and precisions do not apply; as a number it is 0.
  EXPECT_EQ(print("\"<%20.2s> %d\", __print_dynamic_array(arr, 8), __print_dynamic_array(arr, 1)"),
            "<" + elements(8) + "> 0");
}

TEST_F(Printer, PrintDynamicArrayStaysInsideTheRecord) {
  dynamic(100, std::string("\x01\x02\x03\x04", 4));
  const int whole = static_cast<int>(rec_.size());
  EXPECT_EQ(print("\"%s\", __print_dynamic_array(arr, 1)", whole), "{0x1,0x2,0x3,0x4}");
  // A payload running past the record prints no element.
  EXPECT_EQ(print("\"%s\", __print_dynamic_array(arr, 1)", whole - 1), "{}");
  // Absurd locations: past the record, and a scalar read as one.
  put<uint32_t>(100, 0xffffffffu);
  put<int32_t>(16, 0x7fff7fff);
  EXPECT_EQ(print("\"%s %s %s\", __print_dynamic_array(arr, 1), __print_dynamic_array(b, 1), "
                  "__print_dynamic_array(u32arr, 8)"),
            "{} {} {}");
}

TEST_F(Printer, PrintDynamicArrayOfARelLoc) {
  dynamic(80, std::string("\x01\x02\x03\x04\x05", 5), true);
  uint16_t a, b;
  memcpy(&a, "\x01\x02", 2);
  memcpy(&b, "\x03\x04", 2);
  char want[64];
  snprintf(want, sizeof want, "{0x%x,0x%x}", a, b);
  EXPECT_EQ(print("\"%s\", __print_dynamic_array(r, 2)"), want);
}

// __get_stacktrace(x) (upstream 1.9.0): a newline, then "=> name+0xoff\n" per
// long-sized address of x's payload but the first (the bare hex address when
// no function holds it: below the first, or past the last one's start).
TEST_F(Printer, Stacktrace) {
  char a[] = "func_a", c[] = "func_c", d[] = "func_d", mod[] = "mod";
  tep_register_function(tep_, a, 0xffffffff81000000ULL, nullptr);
  tep_register_function(tep_, c, 0x1000ULL, mod);
  tep_register_function(tep_, d, 0x81000000ULL, nullptr);
  const uint64_t stack[] = {0xffffffff81000000ULL, 0x1234, 0xffffffff81000000ULL, 0xdeadbeef, 0x10,
                            0xffffffff81000108ULL};
  dynamic(76, std::string(reinterpret_cast<const char*>(stack), sizeof stack));
  EXPECT_EQ(print("\"<%s>\", __get_stacktrace(mask)"),
            "<\n=> func_c+0x234\n=> func_a+0x0\n=> func_d+0x5dadbeef\n=> 10\n=> ffffffff81000108\n>");
  // A field that is not there prints nothing; as a number it is 0; no width.
  EXPECT_EQ(print("\"<%s> %d <%30.1s>\", __get_stacktrace(nosuch), __get_stacktrace(mask), "
                  "__get_stacktrace(b)"),
            "<> 0 <\n>");
}

TEST_F(Printer, StacktraceStaysInsideTheRecord) {
  const uint64_t stack[] = {1, 0x1234, 0x5678};
  dynamic(76, std::string(reinterpret_cast<const char*>(stack), sizeof stack));
  const int whole = static_cast<int>(rec_.size());
  EXPECT_EQ(print("\"%s\", __get_stacktrace(mask)", whole), "\n=> 1234\n=> 5678\n");
  EXPECT_EQ(print("\"%s\", __get_stacktrace(mask)", whole - 1), "\n");
  // A __rel_loc past the record (upstream reads past it there).
  put<uint32_t>(80, 0x7fff0000u);
  EXPECT_EQ(print("\"%s\", __get_stacktrace(r)"), "\n");
  // A length that is not a multiple of the long size: whole entries only.
  dynamic(76, std::string(reinterpret_cast<const char*>(stack), 20));
  EXPECT_EQ(print("\"%s\", __get_stacktrace(mask)"), "\n=> 1234\n");
}

// Ahead of upstream 1.9.0 (which prints these as %p and the letter), as the
// kernel prints them (Documentation/core-api/printk-formats.rst): %pa, %pap
// and %pad "0x" and the value in twice the long size of hex digits; %pB a
// return address, the function holding address - 1 with the address's offset.
TEST_F(Printer, PhysAddrAndBacktrace) {
  put<uint64_t>(8, 0x1234);
  put<uint64_t>(112, 0xffffffff81000100ULL);
  EXPECT_EQ(print("\"%pa %pap %pad|%pa\", REC->a, REC->a, REC->ptr, REC->c"),
            "0x0000000000001234 0x0000000000001234 0xffffffff81000100|0x0000000000000000");
  tep_set_long_size(tep_, 4);
  EXPECT_EQ(print("\"%pa %pa\", REC->a, REC->ptr"), "0x00001234 0xffffffff81000100");
  tep_set_long_size(tep_, 8);
  char a[] = "func_a", b[] = "func_b";
  tep_register_function(tep_, a, 0xffffffff81000000ULL, nullptr);
  tep_register_function(tep_, b, 0xffffffff81000100ULL, nullptr);
  tep_register_function(tep_, a, 0xffffffff81000200ULL, nullptr);
  // At func_b's start: the call was the last instruction of func_a.
  EXPECT_EQ(print("\"%pB %pS %pB %pB\", REC->ptr, REC->ptr, REC->ptr + 8, REC->a"),
            "func_a+0x100 func_b+0x0 func_b+0x8 0x1234");
  // Text after the letters stays text.
  EXPECT_EQ(print("\"%paX %pBx\", REC->a, REC->a"), "0x0000000000001234X 0x1234x");
}
