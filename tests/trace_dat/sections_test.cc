// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/sections.h"

#include <gtest/gtest.h>
#include <zstd.h>

#include "dat_builder.h"

namespace tep::trace_dat {
namespace {

using trace_dat_test::ByteVec;
using trace_dat_test::Writer;

ByteVec section(uint16_t id, uint16_t flags, const ByteVec& body) {
  Writer w(false);
  w.text("pad");  // sections start anywhere
  w.u16(id);
  w.u16(flags);
  w.u32(0);
  w.u64(body.size());
  w.bytes(body);
  return w.out();
}

ByteVec compressed_body(const std::string& text, uint32_t claimed) {
  ByteVec packed(ZSTD_compressBound(text.size()));
  packed.resize(ZSTD_compress(packed.data(), packed.size(), text.data(), text.size(), 1));
  Writer w(false);
  w.u32(packed.size());
  w.u32(claimed);
  w.bytes(packed);
  return w.out();
}

ByteVec text_body(const std::string& text) {
  Writer w(false);
  w.text(text);
  return w.out();
}

TEST(Sections, PlainSectionIsAViewOfTheFile) {
  ByteVec file = section(17, 0, text_body("formats"));
  std::vector<std::byte> storage;
  Bytes data;
  ASSERT_EQ(read_section(ByteCursor(file, false), 3, 17, nullptr, storage, data), Status::kOk);
  EXPECT_EQ(std::string_view(reinterpret_cast<const char*>(data.data()), data.size()), "formats");
  EXPECT_TRUE(storage.empty());
  EXPECT_EQ(read_section(ByteCursor(file, false), 3, 18, nullptr, storage, data), Status::kBadSection);
  EXPECT_EQ(read_section(ByteCursor(file, false), 99, 17, nullptr, storage, data), Status::kBadOffset);
}

TEST(Sections, CompressedSectionIsDecompressed) {
  ByteVec file = section(19, kSectionCompressed, compressed_body("kallsyms text", 13));
  auto zstd = make_decompressor("zstd");
  std::vector<std::byte> storage;
  Bytes data;
  ASSERT_EQ(read_section(ByteCursor(file, false), 3, 19, zstd.get(), storage, data), Status::kOk);
  EXPECT_EQ(std::string_view(reinterpret_cast<const char*>(data.data()), data.size()), "kallsyms text");
  // Without a decompressor, a compressed section cannot be read.
  EXPECT_EQ(read_section(ByteCursor(file, false), 3, 19, nullptr, storage, data), Status::kBadSection);
}

TEST(Sections, ClaimedSizesMustHold) {
  auto zstd = make_decompressor("zstd");
  std::vector<std::byte> storage;
  Bytes data;
  // A chunk claiming 4 GiB is refused before anything is allocated.
  ByteVec huge = section(19, kSectionCompressed, compressed_body("kallsyms text", 0xffffffffu));
  EXPECT_EQ(read_section(ByteCursor(huge, false), 3, 19, zstd.get(), storage, data), Status::kTooLarge);
  EXPECT_LT(storage.capacity(), 1u << 20);
  // A size other than what comes out.
  ByteVec wrong = section(19, kSectionCompressed, compressed_body("kallsyms text", 20));
  EXPECT_EQ(read_section(ByteCursor(wrong, false), 3, 19, zstd.get(), storage, data), Status::kDecompressFailed);
}

TEST(Sections, EveryTruncationFails) {
  ByteVec file = section(19, kSectionCompressed, compressed_body("kallsyms text", 13));
  auto zstd = make_decompressor("zstd");
  for (size_t size = 4; size < file.size(); ++size) {
    std::vector<std::byte> storage;
    Bytes data;
    Status status = read_section(ByteCursor(Bytes(file.data(), size), false), 3, 19, zstd.get(), storage, data);
    EXPECT_EQ(status, Status::kTruncated) << size;
  }
}

}  // namespace
}  // namespace tep::trace_dat
