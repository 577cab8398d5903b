// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/metadata.h"

#include <gtest/gtest.h>

#include <cstring>

#include "dat_builder.h"

namespace tep::trace_dat {
namespace {

using trace_dat_test::ByteVec;
using trace_dat_test::Writer;

TEST(Metadata, HeaderInfoSetsThePageLayout) {
  Writer w(false);
  std::string page = trace_dat_test::header_page_text(4);
  w.cstring("header_page");
  w.u64(page.size());
  w.text(page);
  w.cstring("header_event");
  w.u64(3);
  w.text("abc");
  tep_handle tep;
  ByteCursor c(w.out(), false);
  ASSERT_EQ(read_header_info(c, 4, tep), Status::kOk);
  EXPECT_EQ(tep.header_page.size_size, 4);
  EXPECT_EQ(tep.header_page.data_offset, 12);
  EXPECT_EQ(c.remaining(), 0u);

  ByteVec wrong = w.out();
  wrong[0] = std::byte{'H'};
  ByteCursor cw(wrong, false);
  EXPECT_EQ(read_header_info(cw, 4, tep), Status::kBadHeaderPage);
  for (size_t size = 0; size < w.size(); ++size) {
    ByteCursor cut(Bytes(w.out().data(), size), false);
    tep_handle fresh;
    EXPECT_NE(read_header_info(cut, 4, fresh), Status::kOk) << size;
  }
}

TEST(Metadata, FormatsKallsymsPrintkCmdlines) {
  Writer w(false);
  w.u32(2);  // systems
  w.cstring("test");
  w.u32(2);
  w.u64(strlen(trace_dat_test::kTickFormat));
  w.text(trace_dat_test::kTickFormat);
  w.u64(7);
  w.text("garbage");  // rejected by the parser, skipped
  w.cstring("empty");
  w.u32(0);
  std::string kallsyms = "ffffffff81000000 T start_kernel\n";
  w.u32(kallsyms.size());
  w.text(kallsyms);
  std::string printk = "0xffffffff82000000 : \"hello\\n\"\n";
  w.u32(printk.size());
  w.text(printk);
  std::string cmdlines = "42 ticker\n";
  w.u64(cmdlines.size());
  w.text(cmdlines);

  tep_handle tep;
  tep.long_size = 8;
  MetadataCounts counts;
  ByteCursor c(w.out(), false);
  ASSERT_EQ(read_event_formats(c, tep, counts), Status::kOk);
  EXPECT_EQ(counts.formats, 1);
  EXPECT_EQ(counts.failed_formats, 1);
  EXPECT_NE(tep.events.find_by_id(trace_dat_test::kTickId), nullptr);
  ASSERT_EQ(read_kallsyms(c, tep), Status::kOk);
  symbols::FunctionMatch match;
  EXPECT_TRUE(tep.functions.lookup(0xffffffff81000000ull, match));
  EXPECT_EQ(match.name, "start_kernel");
  ASSERT_EQ(read_printk(c, tep), Status::kOk);
  EXPECT_NE(tep.printk.find(0xffffffff82000000ull), nullptr);
  ASSERT_EQ(read_cmdlines(c, tep), Status::kOk);
  EXPECT_EQ(c.remaining(), 0u);
}

TEST(Metadata, SizesBeyondTheDataAreTruncation) {
  Writer w(false);
  w.u32(0xffffffff);  // kallsyms size
  w.text("ffff");
  tep_handle tep;
  ByteCursor c(w.out(), false);
  EXPECT_EQ(read_kallsyms(c, tep), Status::kTruncated);
  Writer f(false);
  f.u32(0x7fffffff);  // ftrace formats count
  f.u64(1);
  f.text("x");
  MetadataCounts counts;
  ByteCursor cf(f.out(), false);
  EXPECT_EQ(read_ftrace_formats(cf, tep, counts), Status::kTruncated);
  EXPECT_EQ(counts.failed_formats, 1);
}

}  // namespace
}  // namespace tep::trace_dat
