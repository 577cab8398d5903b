// SPDX-License-Identifier: LGPL-2.1
// Raw field printing (lib/print_plan/field_printer.cc): each field's default
// layout, the print fmt's own conversion of a bare field, arrays as text or
// bytes, where dynamic arrays lie (upstream's checks of the location word),
// the selected-fields mask. Expected texts are upstream 1.9.0's for the same
// format and bytes; where upstream reads outside the record, ours stops at
// its end.
#include "print_plan/field_printer.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <type_traits>

#include "base/byte_order.h"
#include "plan_fixture.h"

namespace tep::print_plan {
namespace {

using testing::Bytes;
using testing::field;
using testing::Handle;
using testing::printed;
using testing::printed_to_seq;
using testing::Record;

const std::string kFields = field("void * p", 8, 8) + field("long l4", 16, 4, true) + field("short h", 20, 2, true) +
                            field("char c", 22, 1, true) + field("u8 u", 23, 1) + field("s64 big", 24, 8, true) +
                            field("unsigned long ul", 32, 8) + field("u32 n", 40, 4) +
                            field("char name[8]", 44, 8, true) + field("u8 bytes[4]", 52, 4) +
                            field("__data_loc char[] s", 56, 4, true) + field("__rel_loc char[] r", 60, 4, true) +
                            field("__data_loc u8[] d", 64, 4);
constexpr int kFixedSize = 68;

// A signed 1-byte field prints as upstream's cast to char: unsigned on arm64 and s390x.
const std::string kC = std::is_signed_v<char> ? "-7" : "249";

class FieldPrinter : public ::testing::Test {
 protected:
  FieldPrinter() : bytes_(kFixedSize) {
    bytes_.put<uint16_t>(0, 1).put<uint64_t>(8, 0x1234).put<int32_t>(16, -2).put<int16_t>(20, 5).put<int8_t>(22, -7);
    bytes_.put<uint8_t>(23, 200).put<int64_t>(24, -77).put<uint64_t>(32, 0xffffffff81000010ULL);
    bytes_.put<uint32_t>(40, 4000000000u)
        .text(44, std::string("comm\0", 5))
        .text(52, std::string("\xde\xad\x00\x01", 4));
    bytes_.dynamic(56, std::string("hello\0", 6)).dynamic(60, std::string("rel\0", 4), true);
    bytes_.dynamic(64, "\x01\x02");
    event_ = handle_.event(kFields, "\"\"");
  }
  std::string fields(int size = -1, SymbolStyle style = SymbolStyle::kName) {
    Record r(bytes_, size);
    return printed([&](seq::Output& o) { print_fields(o, r.data(), r.size(), *event_, style); });
  }
  // One field's value in the whole record, or with `size` given as its size.
  std::string content(const char* name, std::optional<int64_t> size = std::nullopt) {
    Record r(bytes_);
    tep_format_field* f = tep_find_field(event_, name);
    return printed_to_seq([&](trace_seq* s) { print_field_content(s, r.data(), size.value_or(r.size()), *f); });
  }

  Handle handle_;
  Bytes bytes_;
  format::Event* event_ = nullptr;
};

TEST_F(FieldPrinter, DefaultLayouts) {
  ASSERT_NE(event_, nullptr);
  EXPECT_EQ(fields(), " p=0x1234 l4=0xfffffffe h= 5 c=" + kC +
                          " u=200 big=-77 ul=0xffffffff81000010 n=4000000000 name=comm bytes=ARRAY[de, ad, 00, 01] "
                          "s=hello r=rel d=ARRAY[01, 02]");
}

TEST_F(FieldPrinter, ShortsArePaddedToTwoColumns) {
  for (auto [value, text] : {std::pair<int16_t, const char*>{5, " 5"}, {0, " 0"}, {12, "12"}, {-3, "-3"}}) {
    bytes_.put<int16_t>(20, value);
    EXPECT_EQ(content("h"), text);
  }
}

TEST_F(FieldPrinter, TheSeqAndOutputVariantsAgree) {
  Record r(bytes_);
  EXPECT_EQ(printed_to_seq([&](trace_seq* s) { print_fields(s, r.data(), r.size(), *event_); }), fields());
  EXPECT_EQ(content("s"), "hello");
  EXPECT_EQ(content("name"), "comm");
}

TEST_F(FieldPrinter, UnprintableStringsBecomeByteArraysForGood) {
  bytes_.put<uint8_t>(45, 0x01);
  tep_format_field* name = tep_find_field(event_, "name");
  ASSERT_TRUE(name->flags & TEP_FIELD_IS_STRING);
  EXPECT_EQ(content("name"), "ARRAY[63, 01, 6d, 6d, 00, 00, 00, 00]");
  EXPECT_FALSE(name->flags & TEP_FIELD_IS_STRING);
  bytes_.put<uint8_t>(45, 'o');
  EXPECT_EQ(content("name"), "ARRAY[63, 6f, 6d, 6d, 00, 00, 00, 00]");
}

TEST_F(FieldPrinter, SelectedFields) {
  Record r(bytes_);
  auto selected = [&](uint64_t mask) {
    return printed_to_seq([&](trace_seq* s) { print_selected_fields(s, r.data(), r.size(), *event_, mask); });
  };
  EXPECT_EQ(selected(0), "");
  EXPECT_EQ(selected(1 << 0 | 1 << 7 | 1 << 10), " p=0x1234 n=4000000000 s=hello");
  EXPECT_EQ(selected(1ULL << 13), "");  // past the last field
}

TEST_F(FieldPrinter, NoDataPrintsNothing) {
  EXPECT_EQ(printed([&](seq::Output& o) { print_fields(o, nullptr, 10, *event_); }), "");
  EXPECT_EQ(printed_to_seq([&](trace_seq* s) { print_field_content(s, nullptr, 10, *tep_find_field(event_, "n")); }),
            "");
}

// The location word checks of upstream's dynamic_offset_field.
TEST_F(FieldPrinter, DynamicArraysPastTheRecord) {
  // The text at offset 0: the record's first byte, the low one of the u16 1
  // written there in the host's byte order.
  const std::string at0 = tep::base::kHostBigEndian ? "" : "\x01";
  // The words lie outside: offset and length 0, so the text at offset 0 (u8
  // arrays are strings too, as upstream's field_is_string says).
  EXPECT_EQ(fields(58).substr(fields(58).find(" s=")), " s=" + at0 + " r=" + at0 + " d=" + at0);
  // Payloads running past the record: text cut at its end; one starting past it is at 0.
  EXPECT_EQ(fields(70).substr(fields(70).find(" s=")), " s=he r= d=" + at0);
  // A length past the record: 0, the text still read up to its NUL.
  bytes_.put<uint32_t>(56, 68u | 0xffu << 16);
  EXPECT_EQ(fields().substr(fields().find(" s=")), " s=hello r=rel d=ARRAY[01, 02]");
  // An offset past the record: the text at offset 0.
  bytes_.put<uint32_t>(56, 0x90u | 6u << 16);
  EXPECT_EQ(fields().substr(fields().find(" s=")), " s=" + at0 + " r=rel d=ARRAY[01, 02]");
}

TEST_F(FieldPrinter, UnknownSizeTrustsTheData) {
  EXPECT_EQ(content("s", kUnknownSize), "hello");
  EXPECT_EQ(content("r", kUnknownSize), "rel");
  EXPECT_EQ(content("n", kUnknownSize), "4000000000");
  // A known size bounds every read.
  EXPECT_EQ(content("n", 42), "0");
}

TEST(FieldPrinterOldKernels, TwoByteDataLocRunsToTheRecordsEnd) {
  Handle h;
  format::Event* e =
      h.event(field("u32 a", 8, 4) + field("__data_loc char[] old", 12, 2, true) + field("__data_loc u8[] olda", 14, 2),
              "\"\"");
  ASSERT_NE(e, nullptr);
  Bytes bytes(16);
  bytes.put<uint16_t>(12, 16).put<uint16_t>(14, 17).text(16, std::string("abc\0", 4));
  auto fields = [&](int size) {
    Record r(bytes, size);
    return printed([&](seq::Output& o) { print_fields(o, r.data(), r.size(), *e); });
  };
  // u8 arrays are strings too, as upstream's field_is_string says.
  EXPECT_EQ(fields(-1), " a=0 old=abc olda=bc");
  EXPECT_EQ(fields(18), " a=0 old=ab olda=b");
}

TEST(FieldPrinterMalformed, ArrayBeforeTheRecordPrintsNoByte) {
  Handle h;
  // offset:4294967295 is -1 (Documentation/differences.md): upstream reads before the record.
  format::Event* e =
      h.event(field("u8 arr[4]", 8, 4) + "\tfield:u8 before[4];\toffset:4294967295;\tsize:4;\tsigned:0;\n", "\"\"");
  ASSERT_NE(e, nullptr);
  Bytes bytes(12);
  Record r(bytes);
  EXPECT_EQ(printed([&](seq::Output& o) { print_fields(o, r.data(), r.size(), *e); }), " arr= before=ARRAY[]");
}

const std::string kConvertedFields = field("unsigned long fn", 8, 8) + field("u32 a", 16, 4) +
                                     field("int w", 20, 4, true) + field("const char * msg", 24, 8) +
                                     field("u32 b", 32, 4);
const char kConvertedFmt[] =
    "\"fn=%pS a=%d w=%*d msg=%s b=0x%lx\", (void *)REC->fn, (u8)REC->a, REC->w, REC->b, REC->msg, REC->b";

class ConvertedFields : public ::testing::Test {
 protected:
  ConvertedFields() : bytes_(36) {
    event_ = handle_.event(kConvertedFields, kConvertedFmt);
    bytes_.put<uint64_t>(8, 0xffffffff81000010ULL).put<uint32_t>(16, 0x1234).put<int32_t>(20, 5);
    bytes_.put<uint64_t>(24, 0xffffffff82000000ULL).put<uint32_t>(32, 7);
    tep_register_function(&handle_.tep(), const_cast<char*>("f1"), 0xffffffff81000000ULL, nullptr);
    tep_register_function(&handle_.tep(), const_cast<char*>("f2"), 0xffffffff82000000ULL, nullptr);
    tep_register_print_string(&handle_.tep(), "\"hi there\"", 0xffffffff82000000ULL);
  }
  std::string fields(int size = -1, SymbolStyle style = SymbolStyle::kName) {
    Record r(bytes_, size);
    return printed([&](seq::Output& o) { print_fields(o, r.data(), r.size(), *event_, style); });
  }

  Handle handle_;
  Bytes bytes_;
  format::Event* event_ = nullptr;
};

TEST_F(ConvertedFields, FollowThePrintFmt) {
  ASSERT_NE(event_, nullptr);
  // The star's own field prints its default way; casts mask; "0x" before the conversion stays.
  EXPECT_EQ(fields(), " fn=f1+0x10 a=52 w=5 msg=hi there b=0x7");
}

TEST_F(ConvertedFields, SymbolsWithTheirAddress) {
  EXPECT_EQ(fields(-1, SymbolStyle::kNameAndAddress), " fn=f1+0x10 (0xffffffff81000010) a=52 w=5 msg=hi there b=0x7");
}

TEST_F(ConvertedFields, CutRecords) {
  // The string's address is cut off: 0, which no printk string has.
  EXPECT_EQ(fields(30), " fn=f1+0x10 a=52 w=5 msg=0 b=0x0");
  EXPECT_EQ(fields(4), " fn=0x0 a=0 w=0 msg=0 b=0x0");
  EXPECT_EQ(fields(0), "");  // no data at all
}

}  // namespace
}  // namespace tep::print_plan
