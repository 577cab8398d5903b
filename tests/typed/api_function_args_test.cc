// SPDX-License-Identifier: LGPL-2.1
// Function arguments from BTF (tev_function_args_*, tev::FunctionArgs):
// ftrace:function and funcgraph_entry records of Linux 6.18's formats, made
// by hand, their argument words typed by tests/data/btf/functions.btf; the
// texts against tep_btf_print_args, a record short of words, another
// function's or event's record, BTF from the catalog and from the handle.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "event-parse.h"
#include "event-typed.hpp"

namespace {

const char kFunctionFormat[] =
    "name: function\nID: 1\nformat:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
    "\tfield:unsigned long ip;\toffset:8;\tsize:8;\tsigned:0;\n"
    "\tfield:unsigned long parent_ip;\toffset:16;\tsize:8;\tsigned:0;\n"
    "\tfield:unsigned long args[];\toffset:24;\tsize:0;\tsigned:0;\n\n"
    "print fmt: \" %ps <-- %ps\", (void *)REC->ip, (void *)REC->parent_ip\n";
const char kGraphFormat[] =
    "name: funcgraph_entry\nID: 11\nformat:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
    "\tfield:unsigned long func;\toffset:8;\tsize:8;\tsigned:0;\n"
    "\tfield:unsigned int depth;\toffset:16;\tsize:4;\tsigned:0;\n"
    "\tfield:unsigned long args[];\toffset:24;\tsize:0;\tsigned:0;\n\n"
    "print fmt: \"--> %ps (%u)\", (void *)REC->func, REC->depth\n";
const char kPlainFormat[] =
    "name: plain\nID: 50\nformat:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
    "\tfield:unsigned long ip;\toffset:8;\tsize:8;\tsigned:0;\n\n"
    "print fmt: \"%lx\", REC->ip\n";

// kallsyms of the test: the BTF's functions (one with a compiler suffix), one
// the BTF lacks.
struct Symbol {
  const char* name;
  uint64_t address;
};
const Symbol kSymbols[] = {
    {"do_sys_openat2", 0xffffffff81001000},   {"typed_mix", 0xffffffff81002000},  {"kfree", 0xffffffff81003000},
    {"set_level.isra.0", 0xffffffff81004000}, {"log_it", 0xffffffff81005000},     {"same_names", 0xffffffff81006000},
    {"no_args", 0xffffffff81007000},          {"not_in_btf", 0xffffffff81008000},
};
uint64_t address_of(const char* name) {
  for (const Symbol& s : kSymbols)
    if (!strcmp(s.name, name)) return s.address;
  throw std::runtime_error(name);
}

std::vector<uint8_t> read_blob(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}
std::string btf_path(const char* name) { return std::string(TYPED_BTF_DATA_DIR) + "/" + name; }

// Whether tep_btf_print_args takes `function`'s words as the columns do: a
// 32-bit host's takes a by-value struct or enum64 by its own long
// (Documentation/differences.md), the columns by the trace's 8-byte words.
bool printed_in_trace_words(std::string_view function) {
  return sizeof(long) == 8 || (function != "typed_mix" && function.substr(0, 9) != "set_level");
}

// A record of the function format (or another with ip at 8) and its words.
class Record {
 public:
  Record(int id, uint64_t ip, const std::vector<uint64_t>& words, bool big_endian = false)
      : bytes_(24 + 8 * words.size()), big_endian_(big_endian) {
    store(0, static_cast<uint64_t>(id), 2);
    store(4, 1234, 4);
    store(8, ip, 8);
    store(16, 0xffffffff81000010, 8);
    for (size_t i = 0; i < words.size(); i++) store(24 + 8 * i, words[i], 8);
  }
  // The record over this object's bytes (a copy has bytes of its own).
  const tep_record& get() const {
    rec_.data = const_cast<uint8_t*>(bytes_.data());
    rec_.size = static_cast<int>(bytes_.size());
    return rec_;
  }
  const tep_record* ptr() const { return &get(); }

 private:
  void store(size_t at, uint64_t v, size_t n) {
    for (size_t i = 0; i < n; i++) bytes_[at + (big_endian_ ? n - 1 - i : i)] = static_cast<uint8_t>(v >> (8 * i));
  }
  std::vector<uint8_t> bytes_;
  bool big_endian_;
  mutable tep_record rec_{};
};

class FunctionArgsTest : public ::testing::Test {
 protected:
  void SetUp() override { open(false); }
  void TearDown() override { close(); }
  void open(bool big_endian) {
    big_endian_ = big_endian;
    tep_ = tep_alloc();
    tep_set_long_size(tep_, 8);
    tep_set_page_size(tep_, 4096);
    tep_set_file_bigendian(tep_, big_endian ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
    for (const char* text : {kFunctionFormat, kGraphFormat})
      ASSERT_EQ(tep_parse_event(tep_, text, strlen(text), "ftrace"), 0);
    ASSERT_EQ(tep_parse_event(tep_, kPlainFormat, strlen(kPlainFormat), "test"), 0);
    for (const Symbol& s : kSymbols) tep_register_function(tep_, const_cast<char*>(s.name), s.address, nullptr);
    catalog_ = std::make_unique<tev::Catalog>(tep_);
    function_ = *catalog_->find("ftrace", "function");
  }
  void close() {
    catalog_.reset();
    tep_free(tep_);
  }
  void load_functions_btf() {
    std::vector<uint8_t> blob = read_blob(btf_path("functions.btf"));
    ASSERT_FALSE(blob.empty());
    catalog_->load_btf(blob);
  }
  Record call(const char* function, const std::vector<uint64_t>& words, int id = 1) const {
    return Record(id, address_of(function), words, big_endian_);
  }
  // tep_btf_print_args' text of each parameter (split at ", ", the name cut).
  std::vector<std::string> printed(const char* function, const std::vector<uint64_t>& words) {
    std::vector<uint8_t> blob = read_blob(btf_path("functions.btf"));
    EXPECT_EQ(tep_load_btf(tep_, blob.data(), blob.size()), 0);
    trace_seq s;
    trace_seq_init(&s);
    tep_btf_print_args(tep_, &s, const_cast<uint64_t*>(words.data()), static_cast<int>(words.size()), 8, function);
    std::string all(s.buffer, s.len), piece;
    trace_seq_destroy(&s);
    std::vector<std::string> out;
    for (size_t at = 0; at <= all.size();) {
      size_t end = all.find(", ", at);
      if (end == std::string::npos) end = all.size();
      piece = all.substr(at, end - at);
      out.push_back(piece.substr(piece.find('=') + 1));
      at = end + 2;
    }
    return out;
  }

  tep_handle* tep_ = nullptr;
  bool big_endian_ = false;
  std::unique_ptr<tev::Catalog> catalog_;
  std::optional<tev::Event> function_;
};

// typed_mix(int a, unsigned int b, enum pid_type c, void *p, _Bool flag,
//           char ch, u64 big, struct pair s, short sh): ten words.
const std::vector<uint64_t> kMixWords = {
    0xfffffffffffffffb, 7, 2, 0xffff8880deadbeef, 1, 0xfd, uint64_t{1} << 40, 0x11, 0x22, 0xfffe};

TEST_F(FunctionArgsTest, NeedsBtf) {
  tev_function_args* args = nullptr;
  EXPECT_EQ(tev_function_args_find(function_->get(), "typed_mix", &args), TEV_ERR_NO_BTF);
  EXPECT_EQ(args, nullptr);
  EXPECT_NE(std::string(tev_strerror(TEV_ERR_NO_BTF)).find("tep_load_btf"), std::string::npos);
  std::vector<uint8_t> junk(64, 0x5a);
  EXPECT_EQ(tev_catalog_load_btf(catalog_->get(), junk.data(), junk.size()), TEV_ERR_BAD_BTF);
  EXPECT_EQ(tev_function_args_find(function_->get(), "typed_mix", &args), TEV_ERR_NO_BTF);
}

TEST_F(FunctionArgsTest, ColumnsNamedAndTypedFromTheParameters) {
  load_functions_btf();
  std::optional<tev::FunctionArgs> args = function_->function_args("typed_mix");
  ASSERT_TRUE(args);
  EXPECT_EQ(args->name(), "typed_mix");
  EXPECT_EQ(args->words(), 10);
  struct Expect {
    const char* name;
    tev::Kind kind;
    tev_type type;
    const char* note;
  };
  const Expect expect[] = {
      {"a", tev::Kind::Int, TEV_TYPE_I32, "int a"},
      {"b", tev::Kind::Uint, TEV_TYPE_U32, "unsigned int b"},
      {"c", tev::Kind::Enum, TEV_TYPE_U32, "enum pid_type c"},
      {"p", tev::Kind::Pointer, TEV_TYPE_U64, "void *p"},
      {"flag", tev::Kind::Bool, TEV_TYPE_BOOL, "unsigned char flag"},
      {"ch", tev::Kind::Int, TEV_TYPE_I8, "char ch"},
      {"big", tev::Kind::Uint, TEV_TYPE_U64, "u64 big"},
      {"s", tev::Kind::Opaque, TEV_TYPE_BYTES, "struct pair s"},
      {"sh", tev::Kind::Int, TEV_TYPE_I16, "short sh"},
  };
  std::vector<tev::Column> columns = args->columns();
  ASSERT_EQ(columns.size(), std::size(expect));
  for (size_t i = 0; i < columns.size(); i++) {
    SCOPED_TRACE(expect[i].name);
    EXPECT_EQ(columns[i].name(), expect[i].name);
    EXPECT_EQ(columns[i].kind(), expect[i].kind);
    EXPECT_EQ(columns[i].type(), expect[i].type);
    EXPECT_EQ(columns[i].note(), expect[i].note);
  }
  std::vector<std::string_view> labels = columns[2].labels();
  EXPECT_EQ(labels, (std::vector<std::string_view>{"PIDTYPE_PID", "PIDTYPE_TGID", "PIDTYPE_PGID", "PIDTYPE_SID",
                                                   "PIDTYPE_MAX"}));
  EXPECT_EQ(columns[2].table().size(), 5u);
  EXPECT_EQ(args->find_column("sh")->get(), columns[8].get());
  EXPECT_FALSE(args->find_column("nosuch"));
  // Asked again, by kallsyms' name or the BTF's: the same model.
  EXPECT_EQ(function_->function_args("typed_mix")->get(), args->get());
  EXPECT_EQ(function_->function_args("typed_mix.constprop.0")->get(), args->get());
}

TEST_F(FunctionArgsTest, ValuesOfARecord) {
  load_functions_btf();
  Record r = call("typed_mix", kMixWords);
  std::optional<tev::FunctionArgs> args = function_->function_args(r.get());
  ASSERT_TRUE(args);
  EXPECT_EQ(args->name(), "typed_mix");
  std::vector<tev::Value> v = args->read(r.get());
  ASSERT_EQ(v.size(), 9u);
  EXPECT_EQ(*v[0].as_int(), -5);
  EXPECT_EQ(*v[1].as_uint(), 7u);
  EXPECT_EQ(*v[2].label(), "PIDTYPE_PGID");
  EXPECT_EQ(*v[3].as_uint(), 0xffff8880deadbeef);
  EXPECT_EQ(*v[4].as_bool(), true);
  EXPECT_EQ(*v[5].as_int(), -3);
  EXPECT_EQ(*v[6].as_uint(), uint64_t{1} << 40);
  ASSERT_EQ(v[7].as_bytes().size(), 16u);
  EXPECT_EQ(v[7].as_bytes()[0], 0x11);
  EXPECT_EQ(v[7].as_bytes()[8], 0x22);
  EXPECT_EQ(*v[8].as_int(), -2);
}

// Each column's text is tep_btf_print_args' piece for its parameter.
TEST_F(FunctionArgsTest, TextsAreThePrintedArguments) {
  load_functions_btf();
  const struct {
    const char* function;
    std::vector<uint64_t> words;
  } calls[] = {
      {"typed_mix", kMixWords},
      {"typed_mix", {1, 0xffffffff, 9, 0, 0, 0x41, 0, 0xffffffffffffffff, 5, 0x7fff}},
      {"do_sys_openat2", {0xffffffffffffff9c, 0x7ffe7d33f3d0, 0xffffc90000abcdef}},
      {"set_level.isra.0", {0xffffffffffffffff, uint64_t{1} << 40}},
      {"set_level.isra.0", {7, 3}},
      {"kfree", {0xffff888012345678}},
      {"same_names", {1, 2, 3}},
  };
  for (const auto& c : calls) {
    SCOPED_TRACE(c.function);
    if (!printed_in_trace_words(c.function)) continue;
    Record r = call(c.function, c.words);
    std::optional<tev::FunctionArgs> args = function_->function_args(r.get());
    ASSERT_TRUE(args);
    std::vector<std::string> expect = printed(c.function, c.words);
    std::vector<tev::Column> columns = args->columns();
    ASSERT_EQ(columns.size(), expect.size());
    for (size_t i = 0; i < columns.size(); i++) EXPECT_EQ(columns[i].text(r.get()), expect[i]) << columns[i].name();
  }
}

TEST_F(FunctionArgsTest, EnumsSignedAnd64Bit) {
  load_functions_btf();
  std::optional<tev::FunctionArgs> args = function_->function_args("set_level");
  ASSERT_TRUE(args);
  std::vector<tev::Column> columns = args->columns();
  ASSERT_EQ(columns.size(), 2u);
  EXPECT_EQ(columns[0].type(), TEV_TYPE_I32);
  EXPECT_EQ(columns[1].kind(), tev::Kind::Enum);
  EXPECT_EQ(columns[1].type(), TEV_TYPE_U64);
  EXPECT_EQ(columns[1].labels(), (std::vector<std::string_view>{"WIDE_ONE", "WIDE_FAR"}));
  Record r = call("set_level.isra.0", {0xffffffffffffffff, uint64_t{1} << 40});
  std::vector<tev::Value> v = args->read(r.get());
  EXPECT_EQ(*v[0].as_int(), -1);
  EXPECT_EQ(*v[0].label(), "LEVEL_LOW");
  EXPECT_EQ(*v[1].label(), "WIDE_FAR");
}

TEST_F(FunctionArgsTest, UnnamedRepeatedAndVariadicParameters) {
  load_functions_btf();
  std::vector<tev::Column> same = function_->function_args("same_names")->columns();
  ASSERT_EQ(same.size(), 3u);
  EXPECT_EQ(same[0].name(), "x");
  EXPECT_EQ(same[1].name(), "x#2");
  EXPECT_EQ(same[2].name(), "arg2");
  std::optional<tev::FunctionArgs> log = function_->function_args("log_it");
  EXPECT_EQ(log->columns().size(), 1u);  // "..." takes a word and has no column
  EXPECT_EQ(log->words(), 2);
  std::optional<tev::FunctionArgs> none = function_->function_args("no_args");
  EXPECT_EQ(none->columns().size(), 0u);
  Record r = call("no_args", {});
  EXPECT_EQ(none->check(r.get()), TEV_OK);
  EXPECT_EQ(none->fill(std::vector<const tep_record*>{r.ptr()}, std::vector<void*>{}), 1u);
}

TEST_F(FunctionArgsTest, RecordsThatDoNotFit) {
  load_functions_btf();
  tev_function_args* args = nullptr;
  ASSERT_EQ(tev_function_args_find(function_->get(), "typed_mix", &args), TEV_OK);
  // Six words where the parameters take ten (another kernel's BTF, or more
  // parameters than the kernel records): no value at all, and an error.
  Record short_record = call("typed_mix", std::vector<uint64_t>(kMixWords.begin(), kMixWords.begin() + 6));
  EXPECT_EQ(tev_function_args_check(args, short_record.ptr()), TEV_ERR_BTF_MISMATCH);
  EXPECT_NE(std::string(tev_strerror(TEV_ERR_BTF_MISMATCH)).find("does not match"), std::string::npos);
  for (const tev::Column& c : tev::FunctionArgs(args).columns()) EXPECT_FALSE(c.read(short_record.get()).valid());
  EXPECT_EQ(tev::FunctionArgs(args).columns()[0].text(short_record.get()), "");
  EXPECT_THROW(tev::FunctionArgs(args).read(short_record.get()), tev::Error);
  Record other = call("kfree", {1});
  EXPECT_EQ(tev_function_args_check(args, other.ptr()), TEV_ERR_WRONG_FUNCTION);
  Record plain = call("typed_mix", kMixWords, 50);
  EXPECT_EQ(tev_function_args_check(args, plain.ptr()), TEV_ERR_WRONG_EVENT);
  Record unnamed(1, 0x1000, kMixWords);
  EXPECT_EQ(tev_function_args_check(args, unnamed.ptr()), TEV_ERR_NO_FUNCTION);

  // By record: a function kallsyms names and the BTF lacks; an address kallsyms does not name.
  tev_function_args* found = nullptr;
  Record missing = call("not_in_btf", {1, 2});
  EXPECT_EQ(tev_function_args_of(function_->get(), missing.ptr(), &found), TEV_ERR_NO_FUNCTION);
  EXPECT_EQ(tev_function_args_of(function_->get(), unnamed.ptr(), &found), TEV_ERR_NO_FUNCTION);
  EXPECT_EQ(tev_function_args_of(function_->get(), plain.ptr(), &found), TEV_ERR_WRONG_EVENT);
  EXPECT_EQ(tev_function_args_find(function_->get(), "not_in_btf", &found), TEV_ERR_NO_FUNCTION);
  EXPECT_FALSE(function_->function_args("not_in_btf"));
  // An event without argument words.
  tev::Event plain_event = *catalog_->find("test", "plain");
  EXPECT_EQ(tev_function_args_find(plain_event.get(), "typed_mix", &found), TEV_ERR_NO_ARGS);
  // Bad handles.
  EXPECT_EQ(tev_function_args_count(reinterpret_cast<tev_function_args*>(function_->get())), TEV_ERR_BAD_HANDLE);
  EXPECT_EQ(tev_function_args_name(nullptr), nullptr);
  EXPECT_EQ(tev_function_args_fill(nullptr, nullptr, 0, nullptr, nullptr), TEV_ERR_NULL_ARGUMENT);
}

TEST_F(FunctionArgsTest, FillAgreesWithRead) {
  load_functions_btf();
  tev::FunctionArgs args = *function_->function_args("typed_mix");
  std::vector<Record> records = {call("typed_mix", kMixWords), call("kfree", {5}), call("typed_mix", kMixWords, 50),
                                 call("typed_mix", {1, 2, 3, 4, 0, 6, 7, 8, 9, 10, 11})};
  std::vector<const tep_record*> ptrs;
  for (const Record& r : records) ptrs.push_back(r.ptr());
  ptrs.push_back(nullptr);
  std::vector<tev::Column> columns = args.columns();
  const size_t n = ptrs.size();
  std::vector<std::vector<tev_bytes>> values(columns.size(), std::vector<tev_bytes>(n));  // room for any type
  std::vector<std::vector<uint8_t>> valid(columns.size(), std::vector<uint8_t>(n, 0xee));
  std::vector<void*> value_ptrs;
  std::vector<uint8_t*> valid_ptrs;
  for (size_t j = 0; j < columns.size(); j++) {
    value_ptrs.push_back(values[j].data());
    valid_ptrs.push_back(valid[j].data());
  }
  EXPECT_EQ(args.fill(ptrs, value_ptrs, valid_ptrs), 2u);
  for (size_t j = 0; j < columns.size(); j++) {
    const size_t width = tev_type_size(columns[j].type());
    for (size_t i = 0; i < n; i++) {
      SCOPED_TRACE(std::string(columns[j].name()) + " record " + std::to_string(i));
      const bool mine = i == 0 || i == 3;
      ASSERT_EQ(valid[j][i], mine);
      if (!mine) continue;
      tev::Value v = columns[j].read(*ptrs[i]);
      const auto* at = reinterpret_cast<const uint8_t*>(values[j].data()) + i * width;
      if (columns[j].type() == TEV_TYPE_BYTES) {
        tev_bytes b;
        memcpy(&b, at, sizeof b);
        EXPECT_EQ(b.size, v.as_bytes().size());
        EXPECT_EQ(b.data, v.as_bytes().data());
      } else {
        uint64_t stored = 0;
        switch (width) {  // the host's own byte order, whatever it is
          case 1: stored = *at; break;
          case 2: {
            uint16_t x;
            memcpy(&x, at, 2);
            stored = x;
            break;
          }
          case 4: {
            uint32_t x;
            memcpy(&x, at, 4);
            stored = x;
            break;
          }
          default: memcpy(&stored, at, 8); break;
        }
        EXPECT_EQ(stored, v.c_value().u & (width == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * width)) - 1));
      }
    }
  }
  // A record of the function short of words: the batch fails whole.
  Record short_record = call("typed_mix", {1, 2, 3});
  ptrs.push_back(short_record.ptr());
  EXPECT_EQ(tev_function_args_fill(args.get(), ptrs.data(), ptrs.size(), value_ptrs.data(), valid_ptrs.data()),
            TEV_ERR_BTF_MISMATCH);
}

// The parameters fill with the event's own columns in one call.
TEST_F(FunctionArgsTest, FilledWithTheEventsFields) {
  load_functions_btf();
  tev::FunctionArgs args = *function_->function_args("do_sys_openat2");
  Record r = call("do_sys_openat2", {0xffffffffffffff9c, 0x7ffe7d33f3d0, 0xffffc90000abcdef});
  std::vector<const tep_record*> ptrs = {r.ptr()};
  std::vector<tev::Column> columns = {*function_->find_field("ip"), *args.find_column("dfd"),
                                      *args.find_column("filename"), *function_->find_field("parent_ip")};
  uint64_t ip = 0, filename = 0, parent = 0;
  int32_t dfd = 0;
  std::vector<void*> values = {&ip, &dfd, &filename, &parent};
  EXPECT_EQ(tev::fill_columns(columns, ptrs, values), 1u);
  EXPECT_EQ(ip, address_of("do_sys_openat2"));
  EXPECT_EQ(dfd, -100);
  EXPECT_EQ(filename, 0x7ffe7d33f3d0u);
  EXPECT_EQ(parent, 0xffffffff81000010u);
}

TEST_F(FunctionArgsTest, FuncgraphEntry) {
  load_functions_btf();
  tev::Event graph = *catalog_->find("ftrace", "funcgraph_entry");
  Record r = call("do_sys_openat2", {0xffffffffffffff9c, 1, 2}, 11);
  std::optional<tev::FunctionArgs> args = graph.function_args(r.get());
  ASSERT_TRUE(args);
  EXPECT_EQ(*args->read(r.get())[0].as_int(), -100);
  EXPECT_NE(args->get(), function_->function_args("do_sys_openat2")->get());  // each event its own
}

TEST_F(FunctionArgsTest, BigEndianTrace) {
  close();
  open(true);
  load_functions_btf();
  Record r = call("typed_mix", kMixWords);
  std::optional<tev::FunctionArgs> args = function_->function_args(r.get());
  ASSERT_TRUE(args);
  std::vector<tev::Value> v = args->read(r.get());
  EXPECT_EQ(*v[0].as_int(), -5);
  EXPECT_EQ(*v[2].label(), "PIDTYPE_PGID");
  EXPECT_EQ(*v[4].as_bool(), true);
  EXPECT_EQ(*v[5].as_int(), -3);
  EXPECT_EQ(*v[8].as_int(), -2);
  if (!printed_in_trace_words("typed_mix")) return;
  std::vector<std::string> expect = printed("typed_mix", kMixWords);
  std::vector<tev::Column> columns = args->columns();
  ASSERT_EQ(columns.size(), expect.size());
  for (size_t i = 0; i < columns.size(); i++) EXPECT_EQ(columns[i].text(r.get()), expect[i]);
}

// The catalog's BTF wins over the handle's; dropping it goes back; models
// given out stay valid.
TEST_F(FunctionArgsTest, CatalogAndHandleBtf) {
  std::vector<uint8_t> kinds = read_blob(btf_path("kinds.btf"));
  ASSERT_EQ(tep_load_btf(tep_, kinds.data(), kinds.size()), 0);
  EXPECT_TRUE(function_->function_args("f_int"));
  EXPECT_FALSE(function_->function_args("typed_mix"));
  load_functions_btf();
  std::optional<tev::FunctionArgs> mix = function_->function_args("typed_mix");
  ASSERT_TRUE(mix);
  EXPECT_FALSE(function_->function_args("f_int"));
  catalog_->load_btf({});
  EXPECT_TRUE(function_->function_args("f_int"));
  EXPECT_FALSE(function_->function_args("typed_mix"));
  EXPECT_EQ(mix->columns()[0].name(), "a");
  // A new handle BTF (another load): the models are built again from it.
  std::vector<uint8_t> functions = read_blob(btf_path("functions.btf"));
  ASSERT_EQ(tep_load_btf(tep_, functions.data(), functions.size()), 0);
  std::optional<tev::FunctionArgs> again = function_->function_args("typed_mix");
  ASSERT_TRUE(again);
  EXPECT_NE(again->get(), mix->get());
}

// A real kernel's BTF, when this machine has one.
TEST_F(FunctionArgsTest, Vmlinux) {
  std::vector<uint8_t> blob = read_blob("/sys/kernel/btf/vmlinux");
  if (blob.empty()) GTEST_SKIP() << "no /sys/kernel/btf/vmlinux";
  catalog_->load_btf(blob);
  std::optional<tev::FunctionArgs> args = function_->function_args("do_sys_openat2");
  if (!args) GTEST_SKIP() << "no do_sys_openat2 in this kernel's BTF";
  std::vector<tev::Column> columns = args->columns();
  ASSERT_EQ(columns.size(), 3u);
  EXPECT_EQ(columns[0].name(), "dfd");
  EXPECT_EQ(columns[0].type(), TEV_TYPE_I32);
  EXPECT_EQ(columns[1].kind(), tev::Kind::Pointer);
  EXPECT_EQ(columns[1].note(), "const unsigned char *filename");  // the kernel's char is unsigned
}

}  // namespace
