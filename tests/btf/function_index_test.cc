// SPDX-License-Identifier: LGPL-2.1
// Function lookups: exact names, kallsyms' suffixes cut at the first dot,
// upstream's pick among duplicated names, a large index.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "btf/btf_types.h"
#include "btf/function_index.h"
#include "btf_builder.h"

namespace tep::btf {
namespace {

using testing::BlobBuilder;

struct Loaded {
  BtfTypes types;
  FunctionIndex index;
  explicit Loaded(const std::vector<uint8_t>& blob) {
    EXPECT_EQ(types.load(blob.data(), blob.size()).status, LoadStatus::kOk);
    index.build(types);
  }
  // The first parameter's name of what `name` finds ("" when nothing).
  std::string first_param(const std::string& name) const {
    const uint32_t id = index.find(types, name);
    if (!id) return "";
    return std::string(types.string(types.param(types.type(id).size_or_type, 0).name_off));
  }
};

std::vector<uint8_t> read_data(const std::string& name) {
  std::ifstream f(std::string(TEP_BTF_DATA_DIR) + "/" + name, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(f), {});
}

TEST(FunctionIndex, SuffixesCutAtTheFirstDot) {
  Loaded l(read_data("dups.btf"));
  EXPECT_EQ(l.first_param("n0005"), "p_n0005");
  EXPECT_EQ(l.first_param("n0005.isra.0"), "p_n0005");
  EXPECT_EQ(l.first_param("n0005.constprop.0.cold"), "p_n0005");
  EXPECT_EQ(l.first_param("zz.part.0"), "zzpart");     // an exact match first
  EXPECT_EQ(l.first_param("zz.part.0.cold"), "");      // then only "zz", not "zz.part.0"
  EXPECT_EQ(l.first_param("a.b"), "ab");
  EXPECT_EQ(l.first_param("a.b.c"), "a_plain");
  EXPECT_EQ(l.first_param("aaa"), "");                 // case counts
  EXPECT_EQ(l.first_param("n000"), "");
  EXPECT_EQ(l.first_param(""), "");
}

TEST(FunctionIndex, DuplicatesResolveAsUpstreamsBinarySearch) {
  Loaded l(read_data("dups.btf"));
  EXPECT_EQ(l.first_param("dup"), "dup150");
}

TEST(FunctionIndex, ManyFunctionsAndTheEmptyName) {
  BlobBuilder b;
  const uint32_t i = b.int_type("int", 4, true);
  for (int n = 0; n < 5000; ++n) b.func("fn_" + std::to_string(n), b.proto(i, {{"p" + std::to_string(n), i}}));
  b.func("", b.proto(i, {{"unnamed", i}}));
  Loaded l(b.blob());
  for (int n = 0; n < 5000; n += 7) EXPECT_EQ(l.first_param("fn_" + std::to_string(n)), "p" + std::to_string(n));
  EXPECT_EQ(l.first_param("fn_5000"), "");
  EXPECT_EQ(l.first_param(".cold"), "unnamed");  // cut to "": upstream finds an unnamed FUNC too
}

TEST(FunctionIndex, EmptyIndexFindsNothing) {
  FunctionIndex index;
  BtfTypes types;
  EXPECT_EQ(index.find(types, "x"), 0u);
}

}  // namespace
}  // namespace tep::btf
