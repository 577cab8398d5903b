// SPDX-License-Identifier: LGPL-2.1
#include <gtest/gtest.h>

#include "event-parse.h"

namespace {

TEST(HandleApi, ReferenceCounting) {
  tep_handle* tep = tep_alloc();
  ASSERT_NE(tep, nullptr);
  EXPECT_EQ(tep_get_ref(tep), 1);
  tep_ref(tep);
  EXPECT_EQ(tep_get_ref(tep), 2);
  tep_unref(tep);
  EXPECT_EQ(tep_get_ref(tep), 1);
  tep_free(tep);  // the last reference: freed (LeakSanitizer checks the rest)
  EXPECT_EQ(tep_get_ref(nullptr), 0);
  tep_free(nullptr);
  tep_unref(nullptr);
}

TEST(HandleApi, Flags) {
  tep_handle* tep = tep_alloc();
  tep_set_flag(tep, TEP_NSEC_OUTPUT | TEP_DISABLE_PLUGINS);
  EXPECT_TRUE(tep_test_flag(tep, TEP_NSEC_OUTPUT));
  EXPECT_FALSE(tep_test_flag(tep, TEP_DISABLE_SYS_PLUGINS));
  tep_clear_flag(tep, TEP_NSEC_OUTPUT);
  EXPECT_FALSE(tep_test_flag(tep, TEP_NSEC_OUTPUT));
  EXPECT_TRUE(tep_test_flag(tep, TEP_DISABLE_PLUGINS));
  EXPECT_FALSE(tep_test_flag(nullptr, TEP_NSEC_OUTPUT));
  tep_free(tep);
}

TEST(HandleApi, Properties) {
  tep_handle* tep = tep_alloc();
  EXPECT_EQ(tep_get_cpus(tep), 0);
  EXPECT_EQ(tep_get_long_size(tep), 0);
  EXPECT_EQ(tep_get_page_size(tep), 0);
  tep_set_cpus(tep, 4);
  tep_set_long_size(tep, 4);
  tep_set_page_size(tep, 4096);
  EXPECT_EQ(tep_get_cpus(tep), 4);
  EXPECT_EQ(tep_get_long_size(tep), 4);
  EXPECT_EQ(tep_get_page_size(tep), 4096);
  EXPECT_EQ(tep_get_cpus(nullptr), 0);
  EXPECT_FALSE(tep_is_old_format(tep));
  tep_set_test_filters(tep, 1);
  tep_free(tep);
}

TEST(HandleApi, Endianness) {
  tep_handle* tep = tep_alloc();
  EXPECT_EQ(tep_is_local_bigendian(tep), static_cast<bool>(tep_is_bigendian()));
  EXPECT_EQ(tep_is_file_bigendian(tep), static_cast<bool>(tep_is_bigendian()));  // a new handle: the host's, as upstream
  tep_set_file_bigendian(tep, TEP_BIG_ENDIAN);
  EXPECT_TRUE(tep_is_file_bigendian(tep));
  unsigned char bytes[4] = {1, 2, 3, 4};
  EXPECT_EQ(tep_read_number(tep, bytes, 4), 0x01020304u);
  tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);
  EXPECT_EQ(tep_read_number(tep, bytes, 4), 0x04030201u);
  // "Host" big, file little: the host's own read, swapped (right only on a little-endian host).
  tep_set_local_bigendian(tep, TEP_BIG_ENDIAN);
  EXPECT_TRUE(tep_is_local_bigendian(tep));
  EXPECT_EQ(tep_read_number(tep, bytes, 2), tep_is_bigendian() ? 0x0201u : 0x0102u);
  tep_free(tep);
}

}  // namespace
