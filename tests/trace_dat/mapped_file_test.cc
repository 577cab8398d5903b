// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/mapped_file.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdio>
#include <string>

namespace tep::trace_dat {
namespace {

TEST(MappedFile, MapsTheWholeFile) {
  std::string path = testing::TempDir() + "mapped_file_test.bin";
  FILE* f = fopen(path.c_str(), "wb");
  ASSERT_TRUE(f);
  fputs("trace", f);
  fclose(f);
  MappedFile mapped;
  ASSERT_EQ(mapped.open(path), 0);
  EXPECT_EQ(std::string_view(reinterpret_cast<const char*>(mapped.bytes().data()), mapped.bytes().size()), "trace");
  EXPECT_EQ(mapped.open(path), EBUSY);
  remove(path.c_str());
}

TEST(MappedFile, MissingFileGivesErrno) {
  MappedFile mapped;
  EXPECT_EQ(mapped.open("/nonexistent/trace.dat"), ENOENT);
  EXPECT_TRUE(mapped.bytes().empty());
}

}  // namespace
}  // namespace tep::trace_dat
