// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/file_header.h"

#include <gtest/gtest.h>

#include "dat_builder.h"

namespace tep::trace_dat {
namespace {

using trace_dat_test::ByteVec;
using trace_dat_test::Writer;

ByteVec header(std::string_view version, int endian, int long_size, uint32_t page_size, bool v7 = false) {
  Writer w(endian == 1);
  w.text(std::string_view("\x17\x08\x44tracing", 10));
  w.cstring(version);
  w.number(endian, 1);
  w.number(long_size, 1);
  w.u32(page_size);
  if (v7) {
    w.cstring("zstd");
    w.cstring("1.5.4");
    w.u64(1234);
  }
  return w.out();
}

TEST(FileHeader, ReadsVersion6) {
  ByteVec file = header("6", 0, 8, 4096);
  FileHeader h;
  ASSERT_EQ(read_file_header(file, h), Status::kOk);
  EXPECT_EQ(h.version, 6);
  EXPECT_FALSE(h.big_endian);
  EXPECT_EQ(h.long_size, 8);
  EXPECT_EQ(h.page_size, 4096u);
  EXPECT_EQ(h.end, file.size());
  EXPECT_FALSE(is_compressed(h));
}

TEST(FileHeader, ReadsVersion7BigEndian) {
  ByteVec file = header("7", 1, 4, 65536, true);
  FileHeader h;
  ASSERT_EQ(read_file_header(file, h), Status::kOk);
  EXPECT_EQ(h.version, 7);
  EXPECT_TRUE(h.big_endian);
  EXPECT_EQ(h.long_size, 4);
  EXPECT_EQ(h.page_size, 65536u);
  EXPECT_EQ(h.compression, "zstd");
  EXPECT_EQ(h.compression_version, "1.5.4");
  EXPECT_EQ(h.options_offset, 1234u);
  EXPECT_TRUE(is_compressed(h));
}

TEST(FileHeader, RefusesWhatIsNotATraceDat) {
  FileHeader h;
  ByteVec file = header("6", 0, 8, 4096);
  file[1] = std::byte{0};
  EXPECT_EQ(read_file_header(file, h), Status::kBadMagic);
  EXPECT_EQ(read_file_header(header("8", 0, 8, 4096), h), Status::kUnknownVersion);
  EXPECT_EQ(read_file_header(header("5", 0, 8, 4096), h), Status::kUnknownVersion);
  EXPECT_EQ(read_file_header(header("6", 2, 8, 4096), h), Status::kBadMagic);
  EXPECT_EQ(read_file_header(header("6", 0, 2, 4096), h), Status::kBadLongSize);
  EXPECT_EQ(read_file_header(header("6", 0, 8, 0), h), Status::kBadPageSize);
  EXPECT_EQ(read_file_header(header("6", 0, 8, kMaxPageSize + 1), h), Status::kBadPageSize);
}

TEST(FileHeader, EveryTruncationIsTruncated) {
  ByteVec file = header("7", 0, 8, 4096, true);
  for (size_t size = 0; size < file.size(); ++size) {
    FileHeader h;
    EXPECT_EQ(read_file_header(Bytes(file.data(), size), h), Status::kTruncated) << size;
  }
}

}  // namespace
}  // namespace tep::trace_dat
