// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/decompress.h"

#include <gtest/gtest.h>
#include <zlib.h>
#include <zstd.h>

#include <cstring>
#include <string>
#include <vector>

namespace tep::trace_dat {
namespace {

std::vector<std::byte> bytes_of(const std::string& text) {
  std::vector<std::byte> out(text.size());
  memcpy(out.data(), text.data(), text.size());
  return out;
}

const std::string kText = "header_page header_event header_page header_event header_page";

TEST(Decompress, Zstd) {
  auto d = make_decompressor("zstd");
  ASSERT_TRUE(d);
  std::vector<std::byte> packed(ZSTD_compressBound(kText.size()));
  packed.resize(ZSTD_compress(packed.data(), packed.size(), kText.data(), kText.size(), 1));
  std::vector<std::byte> out(kText.size());
  EXPECT_EQ(d->decompress(packed, out), static_cast<long>(kText.size()));
  EXPECT_EQ(out, bytes_of(kText));
  // Too little room, or damaged data: -1.
  std::vector<std::byte> small(kText.size() - 1);
  EXPECT_EQ(d->decompress(packed, small), -1);
  packed[packed.size() / 2] ^= std::byte{0xff};
  packed.resize(packed.size() - 1);
  EXPECT_EQ(d->decompress(packed, out), -1);
}

TEST(Decompress, Zlib) {
  auto d = make_decompressor("zlib");
  ASSERT_TRUE(d);
  uLongf size = compressBound(kText.size());
  std::vector<std::byte> packed(size);
  ASSERT_EQ(compress(reinterpret_cast<Bytef*>(packed.data()), &size, reinterpret_cast<const Bytef*>(kText.data()),
                     kText.size()),
            Z_OK);
  packed.resize(size);
  std::vector<std::byte> out(kText.size());
  EXPECT_EQ(d->decompress(packed, out), static_cast<long>(kText.size()));
  EXPECT_EQ(out, bytes_of(kText));
  packed.resize(3);
  EXPECT_EQ(d->decompress(packed, out), -1);
}

TEST(Decompress, UnknownNamesHaveNone) {
  EXPECT_FALSE(make_decompressor("lz4"));
  EXPECT_FALSE(make_decompressor(""));
  EXPECT_TRUE(is_trace_cmd_compression("zlib"));
  EXPECT_FALSE(is_trace_cmd_compression("lz4"));
}

// What a WebAssembly build does: its own decompressor under a name.
class Copying final : public Decompressor {
 public:
  long decompress(std::span<const std::byte> in, std::span<std::byte> out) override {
    if (in.size() > out.size()) return -1;
    memcpy(out.data(), in.data(), in.size());
    return static_cast<long>(in.size());
  }
};

TEST(Decompress, RegisteredDecompressorsAreFound) {
  register_decompressor("copy-test", [] { return std::make_unique<Copying>(); });
  auto d = make_decompressor("copy-test");
  ASSERT_TRUE(d);
  std::vector<std::byte> in = bytes_of("abc"), out(3);
  EXPECT_EQ(d->decompress(in, out), 3);
  register_decompressor("copy-test", nullptr);
  EXPECT_FALSE(make_decompressor("copy-test"));
}

TEST(Decompress, ClaimedSizesAreBounded) {
  EXPECT_TRUE(plausible_decompressed_size(100, 100 * kMaxCompressionRatio));
  EXPECT_FALSE(plausible_decompressed_size(100, 100 * kMaxCompressionRatio + 65537));
  EXPECT_FALSE(plausible_decompressed_size(~0ull / 2048, kMaxDecompressedSize + 1));
  EXPECT_FALSE(plausible_decompressed_size(16, 0xffffffffull));
}

}  // namespace
}  // namespace tep::trace_dat
