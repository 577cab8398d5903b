// SPDX-License-Identifier: LGPL-2.1
// The BTF reader: the committed blobs, what load refuses (as upstream does),
// and damaged input (every truncation, every bit flipped) read without a
// crash or a read outside the copy (run under ASan in CI).
#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "btf/arg_printer.h"
#include "btf/btf.h"
#include "btf/btf_types.h"
#include "btf_builder.h"
#include "trace-seq.h"

namespace tep::btf {
namespace {

using testing::BlobBuilder;

constexpr bool kHostBigEndian = std::endian::native == std::endian::big;

std::vector<uint8_t> read_data(const std::string& name) {
  std::ifstream f(std::string(TEP_BTF_DATA_DIR) + "/" + name, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(f), {});
}

LoadStatus load_status(const std::vector<uint8_t>& blob) {
  BtfTypes t;
  return t.load(blob.data(), blob.size()).status;
}

// Lists and prints every function of a loaded blob: the reads the printers
// make, over whatever the reader kept.
void exercise(const std::vector<uint8_t>& blob) {
  LoadError error;
  auto btf = load(blob.data(), blob.size(), &error);
  if (!btf) return;
  const uint64_t words[4] = {1, 2, 3, 4};
  for (uint32_t id : btf->types.functions()) {
    trace_seq s;
    trace_seq_init(&s);
    const auto name = std::string(btf->types.string(btf->types.type(id).name_off));
    list_args(btf.get(), &s, name);
    print_args(btf.get(), &s, words, 4, 8, name);
    trace_seq_destroy(&s);
  }
}

TEST(BtfTypes, ReadsEveryKind) {
  const auto blob = read_data("kinds.btf");
  ASSERT_FALSE(blob.empty());
  BtfTypes t;
  ASSERT_EQ(t.load(blob.data(), blob.size()).status, LoadStatus::kOk);
  EXPECT_EQ(t.foreign_byte_order(), kHostBigEndian);  // kinds.btf is little-endian
  bool seen[kMaxKind + 1] = {};
  for (uint32_t id = 1; id < t.count(); ++id) seen[t.type(id).kind()] = true;
  for (unsigned k = kInt; k <= kMaxKind; ++k) EXPECT_TRUE(seen[k]) << kind_name(k);
  EXPECT_EQ(t.string(t.type(1).name_off), "int");
  EXPECT_EQ(t.int_encoding(1), (1u << 24) | 32);  // INT encoding: signed, 32 bits
  EXPECT_EQ(t.string(1u << 30), "");
}

TEST(BtfTypes, EitherByteOrderReadsTheSame) {
  const auto le = read_data("kinds.btf"), be = read_data("be/kinds.btf");
  BtfTypes a, b;
  ASSERT_EQ(a.load(le.data(), le.size()).status, LoadStatus::kOk);
  ASSERT_EQ(b.load(be.data(), be.size()).status, LoadStatus::kOk);
  EXPECT_EQ(a.foreign_byte_order(), kHostBigEndian);
  EXPECT_EQ(b.foreign_byte_order(), !kHostBigEndian);
  ASSERT_EQ(a.count(), b.count());
  for (uint32_t id = 1; id < a.count(); ++id) {
    EXPECT_EQ(a.type(id).info, b.type(id).info);
    EXPECT_EQ(a.type(id).size_or_type, b.type(id).size_or_type);
    EXPECT_EQ(a.string(a.type(id).name_off), b.string(b.type(id).name_off));
  }
  EXPECT_EQ(a.functions(), b.functions());
}

TEST(BtfTypes, HeaderChecksAreUpstreams) {
  EXPECT_EQ(load_status(read_data("bad-good.btf")), LoadStatus::kOk);
  EXPECT_EQ(load_status(read_data("bad-magic.btf")), LoadStatus::kBadMagic);
  EXPECT_EQ(load_status(read_data("bad-empty.btf")), LoadStatus::kBadMagic);
  EXPECT_EQ(load_status(read_data("bad-version2.btf")), LoadStatus::kOk);
  EXPECT_EQ(load_status(read_data("bad-hdr20.btf")), LoadStatus::kHeaderTooSmall);
  EXPECT_EQ(load_status(read_data("bad-hdr32.btf")), LoadStatus::kOk);
  EXPECT_EQ(load_status(read_data("bad-hdr-huge.btf")), LoadStatus::kTypesPastEnd);
  EXPECT_EQ(load_status(read_data("bad-str-off-past.btf")), LoadStatus::kStringsPastEnd);
  EXPECT_EQ(load_status(read_data("bad-str-len-past.btf")), LoadStatus::kOk);
  EXPECT_EQ(load_status(read_data("bad-type-len-past.btf")), LoadStatus::kTypesPastEnd);
  EXPECT_EQ(load_status(read_data("bad-type-off-past.btf")), LoadStatus::kTypesPastEnd);
  EXPECT_EQ(load_status(read_data("bad-truncated-types.btf")), LoadStatus::kStringsPastEnd);
  EXPECT_EQ(load_status(read_data("bad-truncated-23.btf")), LoadStatus::kStringsPastEnd);
  EXPECT_EQ(load_status(read_data("bad-truncated-8.btf")), LoadStatus::kTypesPastEnd);
  EXPECT_EQ(load_status(read_data("bad-kind0.btf")), LoadStatus::kInvalidKind);
  EXPECT_EQ(load_status(read_data("bad-kind20.btf")), LoadStatus::kInvalidKind);
  EXPECT_EQ(load_status(read_data("bad-kind31.btf")), LoadStatus::kInvalidKind);
}

// A section that ends inside a record keeps the records that start before its
// end (upstream reads on into the strings); the blob's end is the hard limit.
TEST(BtfTypes, RecordsStartingInsideTheSectionAreKept) {
  BtfTypes t;
  auto blob = read_data("bad-type-len-80.btf");  // the last FUNC starts at 76
  ASSERT_EQ(t.load(blob.data(), blob.size()).status, LoadStatus::kOk);
  EXPECT_EQ(t.functions().size(), 2u);
  blob = read_data("bad-type-len-76.btf");
  ASSERT_EQ(t.load(blob.data(), blob.size()).status, LoadStatus::kOk);
  EXPECT_EQ(t.functions().size(), 1u);
  blob = read_data("bad-vlen-huge.btf");  // a prototype of 65535 parameters the blob cannot hold
  ASSERT_EQ(t.load(blob.data(), blob.size()).status, LoadStatus::kOk);
  EXPECT_EQ(t.functions().size(), 2u);
}

TEST(BtfTypes, CountsAndOffsetsBeyondTheBlob) {
  BlobBuilder b;
  const uint32_t i = b.int_type("int", 4, true);
  b.func("f", b.proto(i, {{"a", i}}));
  testing::BlobHeader h;
  h.str_len = 1u << 31;  // strings past the blob: cut at its end
  BtfTypes t;
  auto blob = b.blob(false, h);
  ASSERT_EQ(t.load(blob.data(), blob.size()).status, LoadStatus::kOk);
  EXPECT_EQ(t.string(t.type(t.functions()[0]).name_off), "f");
  EXPECT_EQ(t.string(1u << 30), "");
  h = {};
  h.type_len = UINT32_MAX;  // hdr_len + type_off + type_len overflows 32 bits
  blob = b.blob(false, h);
  EXPECT_EQ(t.load(blob.data(), blob.size()).status, LoadStatus::kTypesPastEnd);
  h = {};
  h.type_off = UINT32_MAX;
  h.type_len = 2;
  blob = b.blob(false, h);
  EXPECT_EQ(t.load(blob.data(), blob.size()).status, LoadStatus::kTypesPastEnd);
  h = {};
  h.hdr_len = UINT32_MAX;
  blob = b.blob(false, h);
  EXPECT_EQ(t.load(blob.data(), blob.size()).status, LoadStatus::kTypesPastEnd);
  EXPECT_EQ(t.count(), 0u);
}

TEST(BtfTypes, EveryTruncationLoadsOrFails) {
  for (const char* name : {"kinds.btf", "be/kinds.btf", "edge.btf", "crashers.btf"}) {
    const auto blob = read_data(name);
    for (size_t n = 0; n <= blob.size(); ++n) {
      // A fresh allocation of exactly n bytes, so ASan sees any read past it.
      std::vector<uint8_t> cut(blob.begin(), blob.begin() + static_cast<long>(n));
      cut.shrink_to_fit();
      exercise(cut);
    }
  }
}

TEST(BtfTypes, EveryBitFlipLoadsOrFails) {
  for (const char* name : {"bad-good.btf", "crashers.btf"}) {
    const auto blob = read_data(name);
    for (size_t bit = 0; bit < blob.size() * 8; ++bit) {
      auto flipped = blob;
      flipped[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
      exercise(flipped);
    }
  }
}

}  // namespace
}  // namespace tep::btf
