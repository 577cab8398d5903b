// SPDX-License-Identifier: LGPL-2.1
// A parameter's value from its BTF type (lib/btf/parameters): the form,
// encoding, size and words the printer and the typed columns share.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "btf/btf.h"
#include "btf/parameters.h"

namespace tep::btf {
namespace {

std::unique_ptr<Btf> load_kinds() {
  std::ifstream f(std::string(TEP_BTF_DATA_DIR) + "/kinds.btf", std::ios::binary);
  const std::vector<uint8_t> blob(std::istreambuf_iterator<char>(f), {});
  LoadError error;
  return load(blob.data(), blob.size(), &error);
}

// The value of the first parameter of `func` (kinds.btf: `func(T a, int b)`),
// in words of `word_size` bytes.
ParamValue first(const Btf& btf, const char* func, unsigned word_size = 8) {
  const uint32_t proto = btf.types.type(btf.find_function(func)).size_or_type;
  return param_value(btf.types, btf.types.param(proto, 0).type, word_size);
}

TEST(ParamValue, FormsOfEachKind) {
  std::unique_ptr<Btf> btf = load_kinds();
  ASSERT_TRUE(btf);
  using F = ParamValue::Form;
  const struct {
    const char* func;
    F form;
    uint32_t size;
    bool is_signed;
    uint64_t words;
  } cases[] = {
      {"f_int", F::kInt, 4, true, 1},
      {"f_uchar", F::kInt, 1, false, 1},
      {"f_typedef_typedef", F::kInt, 4, true, 1},
      {"f_ptr_void", F::kPointer, 0, false, 1},
      {"f_typedef_ptr", F::kPointer, 0, false, 1},
      {"f_enum4_signed", F::kEnum, 4, true, 1},
      {"f_typedef_enum", F::kEnum, 4, false, 1},
      {"f_struct16", F::kOther, 16, false, 2},
      {"f_struct0", F::kOther, 0, false, 1},
      {"f_struct9", F::kOther, 9, false, 2},
      {"f_enum64", F::kOther, 8, false, 1},
      {"f_void", F::kVoid, 0, false, 1},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.func);
    const ParamValue v = first(*btf, c.func);
    EXPECT_EQ(v.form, c.form);
    EXPECT_EQ(v.size, c.size);
    EXPECT_EQ(v.is_signed, c.is_signed);
    EXPECT_EQ(v.words, c.words);
  }
  // Words of 4 bytes: a by-value struct takes twice as many, the rest one.
  EXPECT_EQ(first(*btf, "f_struct16", 4).words, 4u);
  EXPECT_EQ(first(*btf, "f_struct9", 4).words, 3u);
  EXPECT_EQ(first(*btf, "f_enum64", 4).words, 2u);
  EXPECT_EQ(first(*btf, "f_struct0", 4).words, 1u);
  EXPECT_EQ(first(*btf, "f_int", 4).words, 1u);
  EXPECT_TRUE(first(*btf, "f_bool").encoding >> 24 & kIntBool);
  EXPECT_STREQ(first(*btf, "f_union16").kind, "UNION");
  EXPECT_STREQ(first(*btf, "f_enum64").kind, "ENUM64");
}

TEST(ParamValue, EnumeratorNames) {
  std::unique_ptr<Btf> btf = load_kinds();
  ASSERT_TRUE(btf);
  const ParamValue e4 = first(*btf, "f_enum4");
  EXPECT_EQ(enumerator_name(btf->types, e4.type, 1), "E_B");
  EXPECT_EQ(enumerator_name(btf->types, e4.type, 0xffffffffffffffff), "E_M");  // the enum's 4 bytes
  EXPECT_EQ(enumerator_name(btf->types, e4.type, 7), "");
}

}  // namespace
}  // namespace tep::btf
