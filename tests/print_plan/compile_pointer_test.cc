// SPDX-License-Identifier: LGPL-2.1
// Compiler::pointer (lib/print_plan/compile_pointer.cc): what the letters
// after %p select (kind and options), and where the printed bytes or value
// come from for each kind of argument.
#include <gtest/gtest.h>

#include <string>

#include "plan_fixture.h"
#include "print_plan/compiler_state.h"

namespace tep::print_plan {
namespace {

using testing::arguments;
using testing::field;
using testing::Handle;
using Kind = PointerArg::Kind;
using Source = PointerArg::Source;

const std::string kFields = field("u8 mac[6]", 8, 6) + field("u8 sa[28]", 16, 28) + field("__data_loc u8[] d", 44, 4) +
                            field("unsigned long ptr", 48, 8);

class CompilePointer : public ::testing::Test {
 protected:
  // `argument` (of a print fmt "%p" taking it) compiled for "%p<letters>".
  const PointerArg& pointer(const std::string& letters, const std::string& argument = "REC->mac") {
    event_ = handle_.event(kFields, "\"%p\", " + argument);
    if (!event_) throw std::runtime_error("not parsed: " + argument);
    compiling::Compiler compiler(handle_.tep(), *event_, plan_);
    return *compiler.pointer(ArgRef{arguments(*event_).at(0), -1}, letters);
  }
  // The same for the value of a bprint record.
  const PointerArg& bprint_pointer(const std::string& letters) {
    if (!event_) event_ = handle_.event(kFields, "\"\"");
    compiling::Compiler compiler(handle_.tep(), *event_, plan_);
    return *compiler.pointer(ArgRef{nullptr, 1}, letters);
  }

  Handle handle_;
  format::Event* event_ = nullptr;
  Plan plan_;
};

TEST_F(CompilePointer, SymbolLetters) {
  for (const char* letters : {"s", "f"}) {
    const PointerArg& p = pointer(letters, "REC->ptr");
    EXPECT_EQ(p.kind, Kind::kSymbol) << letters;
    EXPECT_FALSE(p.symbol_offset) << letters;
    EXPECT_EQ(p.source, Source::kValue);
    EXPECT_EQ(p.value->kind, Expr::Kind::kField);
  }
  for (const char* letters : {"S", "F"}) EXPECT_TRUE(pointer(letters, "REC->ptr").symbol_offset) << letters;
}

TEST_F(CompilePointer, PlainLetters) {
  for (const char* letters : {"", "K", "x", "X"}) {
    const PointerArg& p = pointer(letters, "REC->ptr");
    EXPECT_EQ(p.kind, Kind::kPlain) << letters;
    EXPECT_EQ(p.source, Source::kValue);
  }
}

TEST_F(CompilePointer, MacLetters) {
  EXPECT_EQ(pointer("M").mac_separator, ':');
  EXPECT_EQ(pointer("MF").mac_separator, '-');
  EXPECT_EQ(pointer("m").mac_separator, '\0');
  EXPECT_TRUE(pointer("MR").reverse);
  EXPECT_TRUE(pointer("mR").reverse);
  EXPECT_FALSE(pointer("M").reverse);
  EXPECT_EQ(pointer("M").kind, Kind::kMac);
  EXPECT_EQ(pointer("M").source, Source::kField);
  EXPECT_EQ(pointer("M").field.offset, 8);
}

TEST_F(CompilePointer, IpLetters) {
  EXPECT_EQ(pointer("I4").kind, Kind::kIpv4);
  EXPECT_EQ(pointer("i4").ip_letter, 'i');
  EXPECT_TRUE(pointer("I4l").reverse);
  EXPECT_FALSE(pointer("I4n").reverse);
  EXPECT_FALSE(pointer("I4b").reverse);
  // 'h': the file's byte order (a new handle's is the host's).
  EXPECT_EQ(pointer("I4h").reverse, !tep_is_bigendian());
  EXPECT_EQ(pointer("I6").kind, Kind::kIpv6);
  EXPECT_TRUE(pointer("I6c").compressed);
  EXPECT_FALSE(pointer("i6c").compressed);  // 'c' is for 'I' only
  EXPECT_EQ(pointer("I").kind, Kind::kIpNothing);
  EXPECT_EQ(pointer("Ix").kind, Kind::kIpNothing);
  EXPECT_EQ(pointer("I").source, Source::kValue);
  EXPECT_EQ(pointer("I").value, nullptr);
}

TEST_F(CompilePointer, BigEndianFileReversesNothingForH) {
  tep_set_file_bigendian(&handle_.tep(), TEP_BIG_ENDIAN);
  EXPECT_FALSE(pointer("I4h").reverse);
  EXPECT_FALSE(pointer("ISh", "REC->sa").reverse);
}

TEST_F(CompilePointer, SockaddrLetters) {
  const PointerArg& plain = pointer("IS", "REC->sa");
  EXPECT_EQ(plain.kind, Kind::kIpSockaddr);
  EXPECT_FALSE(plain.with_port);
  EXPECT_FALSE(plain.compressed);
  EXPECT_EQ(plain.source, Source::kField);
  const PointerArg& full = pointer("ISpc", "REC->sa");
  EXPECT_TRUE(full.with_port);
  EXPECT_TRUE(full.compressed);
  EXPECT_TRUE(pointer("ISc", "REC->sa").compressed);
  EXPECT_TRUE(pointer("ISpcl", "REC->sa").reverse);
  // 'i' takes no port or compression letters.
  const PointerArg& padded = pointer("iSpc", "REC->sa");
  EXPECT_EQ(padded.ip_letter, 'i');
  EXPECT_FALSE(padded.with_port);
  EXPECT_FALSE(padded.compressed);
  const PointerArg& dynamic = pointer("ISpc", "__get_dynamic_array(d)");
  EXPECT_EQ(dynamic.source, Source::kDynamic);
  EXPECT_EQ(dynamic.field.offset, 44);
}

TEST_F(CompilePointer, UuidLetters) {
  const PointerArg& u = pointer("U");
  EXPECT_EQ(u.kind, Kind::kUuid);
  EXPECT_FALSE(u.uuid_upper);
  EXPECT_FALSE(u.uuid_little_endian);
  EXPECT_TRUE(pointer("UB").uuid_upper);
  EXPECT_FALSE(pointer("UB").uuid_little_endian);
  EXPECT_TRUE(pointer("UL").uuid_upper);
  EXPECT_TRUE(pointer("UL").uuid_little_endian);
  EXPECT_TRUE(pointer("Ul").uuid_little_endian);
  EXPECT_FALSE(pointer("Ub").uuid_upper);
}

TEST_F(CompilePointer, HexBufferLetters) {
  EXPECT_STREQ(pointer("h", "__get_dynamic_array(d)").delimiter, " ");
  EXPECT_STREQ(pointer("hC", "__get_dynamic_array(d)").delimiter, ":");
  EXPECT_STREQ(pointer("hD", "__get_dynamic_array(d)").delimiter, "-");
  EXPECT_STREQ(pointer("hN", "__get_dynamic_array(d)").delimiter, "");
  const PointerArg& p = pointer("h", "__get_dynamic_array(d)");
  EXPECT_EQ(p.kind, Kind::kHexBuffer);
  EXPECT_EQ(p.source, Source::kDynamic);
  // Only a dynamic array: a field is the wrong type (2), casts are not looked through.
  const PointerArg& fixed = pointer("h", "REC->mac");
  EXPECT_EQ(fixed.source, Source::kWrongType);
  EXPECT_EQ(fixed.wrong_type, TEP_PRINT_FIELD);
  EXPECT_EQ(pointer("h", "(u8 *)__get_dynamic_array(d)").wrong_type, TEP_PRINT_TYPE);
}

TEST_F(CompilePointer, AddressesLookThroughCasts) {
  const PointerArg& p = pointer("M", "(u8 *)REC->mac");
  EXPECT_EQ(p.source, Source::kField);
  EXPECT_EQ(p.field.offset, 8);
  // Not a field: the type of what is there.
  const PointerArg& op = pointer("M", "REC->ptr + 1");
  EXPECT_EQ(op.source, Source::kWrongType);
  EXPECT_EQ(op.wrong_type, TEP_PRINT_OP);
  EXPECT_EQ(pointer("U", "5").wrong_type, TEP_PRINT_ATOM);
  EXPECT_EQ(pointer("I4", "__get_dynamic_array(d)").wrong_type, TEP_PRINT_DYNAMIC_ARRAY);
}

TEST_F(CompilePointer, KernelOnlyLettersOfPrintFmts) {
  EXPECT_EQ(pointer("a", "REC->ptr").kind, Kind::kPhysAddr);
  EXPECT_EQ(pointer("ad", "REC->ptr").kind, Kind::kPhysAddr);
  EXPECT_EQ(pointer("B", "REC->ptr").kind, Kind::kBacktrace);
  EXPECT_EQ(pointer("B", "REC->ptr").source, Source::kValue);
  // A printk format's stay plain pointers, as upstream reads them.
  EXPECT_EQ(bprint_pointer("a").kind, Kind::kPlain);
  EXPECT_EQ(bprint_pointer("B").kind, Kind::kPlain);
}

TEST_F(CompilePointer, BprintValues) {
  const PointerArg& p = bprint_pointer("I4");
  EXPECT_EQ(p.kind, Kind::kIpv4);
  EXPECT_EQ(p.source, Source::kBprintArg);
  EXPECT_EQ(p.index, 1);
}

TEST_F(CompilePointer, FunctionsPrintForAddresses) {
  tep_register_print_function(
      &handle_.tep(), [](trace_seq*, unsigned long long*) -> unsigned long long { return 0; }, TEP_FUNC_ARG_INT,
      const_cast<char*>("addr_of"), TEP_FUNC_ARG_INT, TEP_FUNC_ARG_VOID);
  const PointerArg& mac = pointer("M", "addr_of(REC->ptr)");
  EXPECT_EQ(mac.source, Source::kFunction);
  ASSERT_NE(mac.call, nullptr);
  // A plain pointer or symbol takes the function's value.
  const PointerArg& symbol = pointer("S", "addr_of(REC->ptr)");
  EXPECT_EQ(symbol.source, Source::kValue);
  EXPECT_EQ(symbol.value->kind, Expr::Kind::kFunction);
}

TEST_F(CompilePointer, TextNodesPrintAsIs) {
  event_ = handle_.event(kFields, "\"\"");
  tep_print_arg text{};
  char bytes[] = "as is";
  text.type = TEP_PRINT_BSTRING;
  text.string.string = bytes;
  compiling::Compiler compiler(handle_.tep(), *event_, plan_);
  const PointerArg* p = compiler.pointer(ArgRef{&text, -1}, "M");
  EXPECT_EQ(p->source, Source::kText);
  EXPECT_EQ(p->text, "as is");
}

}  // namespace
}  // namespace tep::print_plan
