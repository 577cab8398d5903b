// SPDX-License-Identifier: LGPL-2.1
// Listing and printing parameters: upstream 1.9.0's text for each kind (the
// differential suite checks every committed blob against the oracle; these are
// the cases that need no oracle), and ours where upstream crashes.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "btf/arg_printer.h"
#include "btf/btf.h"
#include "trace-seq.h"

namespace tep::btf {
namespace {

std::vector<uint8_t> read_data(const std::string& name) {
  std::ifstream f(std::string(TEP_BTF_DATA_DIR) + "/" + name, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(f), {});
}

std::unique_ptr<Btf> load_data(const std::string& name) {
  const auto blob = read_data(name);
  LoadError error;
  auto btf = load(blob.data(), blob.size(), &error);
  EXPECT_TRUE(btf) << name;
  return btf;
}

struct Result {
  int ret;
  std::string text;
};

Result listed(const Btf* btf, const std::string& func) {
  trace_seq s;
  trace_seq_init(&s);
  const int r = list_args(btf, &s, func);
  Result out{r, std::string(s.buffer, s.len)};
  trace_seq_destroy(&s);
  return out;
}

const uint64_t kWords8[] = {0xffffffffffffff9cull, 0x8000000000000001ull, 0x7fff00001234ull, 5};
const uint32_t kWords4[] = {0xffffff9cu, 0x80000001u, 0x1234u, 5};

Result printed(const Btf* btf, const std::string& func, int nmem, int size = 8) {
  trace_seq s;
  trace_seq_init(&s);
  const int r = print_args(btf, &s, size == 4 ? static_cast<const void*>(kWords4) : kWords8, nmem, size, func);
  Result out{r, std::string(s.buffer, s.len)};
  trace_seq_destroy(&s);
  return out;
}

TEST(ArgPrinter, ListsDeclarationsAsUpstream) {
  auto btf = load_data("kinds.btf");
  EXPECT_EQ(listed(btf.get(), "f_int").text, "int a, int b");
  EXPECT_EQ(listed(btf.get(), "f_int").ret, 2);
  EXPECT_EQ(listed(btf.get(), "f_char").text, "unsigned char a, int b");  // from the encoding
  EXPECT_EQ(listed(btf.get(), "f_bool").text, "unsigned char a, int b");
  EXPECT_EQ(listed(btf.get(), "f_long").text, "long long a, int b");
  EXPECT_EQ(listed(btf.get(), "f_int24").text, "int24 a, int b");
  EXPECT_EQ(listed(btf.get(), "f_ptr_void").text, "void *a, int b");
  EXPECT_EQ(listed(btf.get(), "f_ptr_const_char").text, "const char *a, int b");
  EXPECT_EQ(listed(btf.get(), "f_const_ptr").text, "const int *a, int b");
  EXPECT_EQ(listed(btf.get(), "f_ptr_proto").text, "*a, int b");
  EXPECT_EQ(listed(btf.get(), "f_struct_anon").text, "struct  a, int b");
  EXPECT_EQ(listed(btf.get(), "f_typedef_fnptr").text, "cb_t a, int b");
  EXPECT_EQ(listed(btf.get(), "f_enum64").text, "a, int b");
  EXPECT_EQ(listed(btf.get(), "f_variadic").text, "char *fmt, ");
  EXPECT_EQ(listed(btf.get(), "f_noargs").ret, 0);
  EXPECT_EQ(listed(btf.get(), "f_int.isra.0").text, "int a, int b");
  EXPECT_EQ(listed(btf.get(), "nosuch").ret, -1);
  EXPECT_EQ(listed(btf.get(), "f_not_proto").ret, -1);
  EXPECT_EQ(listed(btf.get(), "f_bad_proto_id").ret, 0);
  EXPECT_EQ(listed(nullptr, "f_int").ret, -1);
}

TEST(ArgPrinter, PrintsValuesAsUpstream) {
  auto btf = load_data("kinds.btf");
  EXPECT_EQ(printed(btf.get(), "f_int", 4).text, "a=4294967196, b=1");
  EXPECT_EQ(printed(btf.get(), "f_int", 4, 4).text, "a=4294967196, b=2147483649");
  EXPECT_EQ(printed(btf.get(), "f_long", 4).text, "a=-100, b=1");
  EXPECT_EQ(printed(btf.get(), "f_uint", 4).text, "a=0xffffff9c, b=1");
  EXPECT_EQ(printed(btf.get(), "f_bits_at4", 4).text, "a=0xf9, b=1");
  EXPECT_EQ(printed(btf.get(), "f_enum4", 4).text, "a=-100, b=1");
  EXPECT_EQ(printed(btf.get(), "f_enum4", 4, 4).text, "a=4294967196, b=2147483649");
  EXPECT_EQ(printed(btf.get(), "f_ptr_int", 4).text, "a=0xffffffffffffff9c, b=1");
  // A by-value argument takes one word per host long of its size, as upstream's does.
  if (sizeof(long) == 8) {
    EXPECT_EQ(printed(btf.get(), "f_struct16", 4).text, "a=(STRUCT)[0xffffffffffffff9c:0x8000000000000001], b=4660");
    EXPECT_EQ(printed(btf.get(), "f_struct16", 4, 4).text, "a=(STRUCT)[0xffffff9c:0x80000001], b=4660");
    EXPECT_EQ(printed(btf.get(), "f_double", 4).text, "a=(FLOAT)[0xffffffffffffff9c], b=1");
  } else {
    EXPECT_EQ(printed(btf.get(), "f_struct16", 4).text,
              "a=(STRUCT)[0xffffffffffffff9c:0x8000000000000001:0x7fff00001234:0x5], ...");
    EXPECT_EQ(printed(btf.get(), "f_struct16", 4, 4).text, "a=(STRUCT)[0xffffff9c:0x80000001:0x1234:0x5], ...");
    EXPECT_EQ(printed(btf.get(), "f_double", 4).text, "a=(FLOAT)[0xffffffffffffff9c:0x8000000000000001], b=4660");
  }
  EXPECT_EQ(printed(btf.get(), "f_struct16", 1).text, "a=(STRUCT)[0xffffffffffffff9c:...]");
  EXPECT_EQ(printed(btf.get(), "f_void", 4).text, "a=, b=1");
  EXPECT_EQ(printed(btf.get(), "f_int", 1).text, "a=4294967196, ...");
  EXPECT_EQ(printed(btf.get(), "f_int", 0).text, "...");
  EXPECT_EQ(printed(btf.get(), "f_noargs", 4).text, "");
  EXPECT_EQ(printed(btf.get(), "nosuch", 3).text, "ffffffffffffff9c, 8000000000000001, 7fff00001234");
  EXPECT_EQ(printed(btf.get(), "nosuch", 3, 4).text, "ffffff9c, 80000001, 1234");
  EXPECT_EQ(printed(nullptr, "f_int", 2).text, "ffffffffffffff9c, 8000000000000001");
  EXPECT_EQ(printed(btf.get(), "f_int", 2, 2).ret, -1);
  EXPECT_EQ(printed(btf.get(), "f_not_proto", 2).ret, -1);
  EXPECT_EQ(printed(btf.get(), "f_bad_proto_id", 2).text, "");
}

// Negative counts and null words are no words (upstream reads past the array).
Result printed_words(const Btf* btf, const std::string& func, const std::vector<uint64_t>& words) {
  trace_seq s;
  trace_seq_init(&s);
  const int r = print_args(btf, &s, words.data(), static_cast<int>(words.size()), 8, func);
  Result out{r, std::string(s.buffer, s.len)};
  trace_seq_destroy(&s);
  return out;
}

// Ahead of upstream 1.9.0: an ENUM argument prints its enumerator's name when
// the word's low bits (the enum's size, 4 bytes unless 1 or 2) are one's value.
TEST(ArgPrinter, EnumArgumentsPrintTheirNames) {
  auto btf = load_data("kinds.btf");
  EXPECT_EQ(printed_words(btf.get(), "f_enum4", {1, 5}).text, "a=E_B, b=5");
  EXPECT_EQ(printed_words(btf.get(), "f_enum4", {0, 5}).text, "a=E_A, b=5");
  EXPECT_EQ(printed_words(btf.get(), "f_enum4", {~0ull, 5}).text, "a=E_M, b=5");
  EXPECT_EQ(printed_words(btf.get(), "f_enum4", {0xffffffffull, 5}).text, "a=E_M, b=5");
  EXPECT_EQ(printed_words(btf.get(), "f_enum4", {0x100000001ull, 5}).text, "a=E_B, b=5");
  EXPECT_EQ(printed_words(btf.get(), "f_enum4", {7, 5}).text, "a=7, b=5");  // no such value: the number
  EXPECT_EQ(printed_words(btf.get(), "f_enum4_signed", {~0ull, 5}).text, "a=S_M, b=5");
  EXPECT_EQ(printed_words(btf.get(), "f_enum1", {0x301, 5}).text, "a=B_A, b=5");
  EXPECT_EQ(printed_words(btf.get(), "f_enum1", {2, 5}).text, "a=2, b=5");
  EXPECT_EQ(printed_words(btf.get(), "f_enum8", {1, 5}).text, "a=Q_A, b=5");
  EXPECT_EQ(printed_words(btf.get(), "f_enum_anon", {1, 5}).text, "a=N_A, b=5");
  EXPECT_EQ(printed_words(btf.get(), "f_typedef_enum", {1, 5}).text, "a=E_B, b=5");
  EXPECT_EQ(printed(btf.get(), "f_enum4", 4, 4).text, "a=4294967196, b=2147483649");  // 4-byte words
  uint32_t four[] = {0xffffffffu, 1};
  trace_seq s;
  trace_seq_init(&s);
  EXPECT_EQ(print_args(btf.get(), &s, four, 2, 4, "f_enum4"), 0);
  EXPECT_EQ(std::string(s.buffer, s.len), "a=E_M, b=1");
  trace_seq_destroy(&s);
}

TEST(ArgPrinter, NoWords) {
  auto btf = load_data("kinds.btf");
  EXPECT_EQ(printed(btf.get(), "f_int", -1).text, "...");
  EXPECT_EQ(printed(nullptr, "f_int", -1).text, "");
  trace_seq s;
  trace_seq_init(&s);
  EXPECT_EQ(print_args(btf.get(), &s, nullptr, 4, 8, "f_int"), 0);
  EXPECT_EQ(std::string(s.buffer, s.len), "...");
  trace_seq_destroy(&s);
}

// Upstream 1.9.0 crashes on each of these (a null type record, endless
// recursion); ours prints void's nothing and the loops stop.
TEST(ArgPrinter, WhereUpstreamCrashes) {
  auto btf = load_data("crashers.btf");
  EXPECT_EQ(listed(btf.get(), "f_const_void").text, "const a, int b");
  EXPECT_EQ(printed(btf.get(), "f_const_void", 4).text, "a=, b=1");
  EXPECT_EQ(printed(btf.get(), "f_typedef_void", 4).text, "a=, b=1");
  EXPECT_EQ(printed(btf.get(), "f_bad_id", 4).text, "a=, b=1");
  EXPECT_EQ(printed(btf.get(), "f_loop", 4).text, "a=, b=1");
  EXPECT_EQ(printed(btf.get(), "f_typedef_self", 4).text, "a=, b=1");
  EXPECT_EQ(printed(btf.get(), "f_ptr_self", 4).text, "a=0xffffffffffffff9c, b=1");
  EXPECT_EQ(listed(btf.get(), "f_typedef_self").text, "tself a, int b");
  const Result loop = listed(btf.get(), "f_loop");  // "const volatile const ..." to the depth limit
  EXPECT_EQ(loop.ret, 2);
  EXPECT_EQ(loop.text.substr(0, 22), "const volatile const v");
  EXPECT_LT(loop.text.size(), 400u);
  const Result ptr_self = listed(btf.get(), "f_ptr_self");
  EXPECT_EQ(ptr_self.text, std::string(32, '*') + "a, int b");
}

// The other byte order (upstream refuses it) prints as the host's does.
TEST(ArgPrinter, BigEndianBlobPrintsTheSame) {
  auto le = load_data("kinds.btf"), be = load_data("be/kinds.btf");
  for (uint32_t id : le->types.functions()) {
    const auto name = std::string(le->types.string(le->types.type(id).name_off));
    EXPECT_EQ(listed(le.get(), name).text, listed(be.get(), name).text) << name;
    EXPECT_EQ(printed(le.get(), name, 4).text, printed(be.get(), name, 4).text) << name;
  }
}

}  // namespace
}  // namespace tep::btf
