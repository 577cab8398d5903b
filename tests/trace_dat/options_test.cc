// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/options.h"

#include <gtest/gtest.h>

#include "dat_builder.h"

namespace tep::trace_dat {
namespace {

using trace_dat_test::ByteVec;
using trace_dat_test::Writer;

void option(Writer& w, uint16_t id, const ByteVec& data) {
  w.u16(id);
  w.u32(data.size());
  w.bytes(data);
}

ByteVec text(std::string_view t) {
  Writer w(false);
  w.cstring(t);
  return w.out();
}

TEST(Options, Version6EndsAtIdZero) {
  Writer w(false);
  option(w, 7, text("-500"));
  option(w, 1, text("0x100"));
  option(w, 4, text("local [global]\n"));
  Writer buffer(false);
  buffer.u64(8192);
  buffer.cstring("inst");
  option(w, 3, buffer.out());
  w.u16(0);
  w.text("flyrecord");
  ByteCursor c(w.out(), false);
  Options out;
  uint64_t next = 1;
  ASSERT_EQ(read_options(c, 6, out, next), Status::kOk);
  EXPECT_EQ(next, 0u);
  EXPECT_EQ(out.time.offset, -500 + 256);
  EXPECT_EQ(out.trace_clock, "local [global]\n");
  ASSERT_EQ(out.buffers.size(), 1u);
  EXPECT_EQ(out.buffers[0].name, "inst");
  EXPECT_EQ(out.buffers[0].offset, 8192u);
  EXPECT_EQ(c.text(9), "flyrecord");
}

TEST(Options, Version7BuffersSectionsAndDone) {
  for (bool big : {false, true}) {
    Writer w(big);
    Writer buffer(big);
    buffer.u64(4096);
    buffer.cstring("");
    buffer.cstring("tsc2nsec");
    buffer.u32(8192);
    buffer.u32(2);
    for (uint32_t cpu : {1u, 3u}) {
      buffer.u32(cpu);
      buffer.u64(cpu * 100);
      buffer.u64(cpu * 10);
    }
    option(w, 3, buffer.out());
    Writer tsc(big);
    tsc.u32(735842807);
    tsc.u32(31);
    tsc.u64(99);
    option(w, 14, tsc.out());
    Writer offset(big);
    offset.u64(777);
    option(w, 19, offset.out());
    Writer cpus(big);
    cpus.u32(4);
    option(w, 8, cpus.out());
    Writer done(big);
    done.u64(31337);
    option(w, 0, done.out());
    ByteCursor c(w.out(), big != base::kHostBigEndian);
    Options out;
    uint64_t next = 0;
    ASSERT_EQ(read_options(c, 7, out, next), Status::kOk);
    EXPECT_EQ(next, 31337u);
    EXPECT_EQ(out.time.tsc_mult, 735842807u);
    EXPECT_EQ(out.time.tsc_shift, 31u);
    EXPECT_EQ(out.time.tsc_offset, 99u);
    EXPECT_EQ(out.cpu_count, 4u);
    EXPECT_EQ(out.sections[static_cast<size_t>(MetadataSection::kKallsyms)], 777u);
    ASSERT_EQ(out.buffers.size(), 1u);
    const BufferInfo& b = out.buffers[0];
    EXPECT_EQ(b.clock, "tsc2nsec");
    EXPECT_EQ(b.page_size, 8192u);
    ASSERT_EQ(b.cpus.size(), 2u);
    EXPECT_EQ(b.cpus[1].cpu, 3);
    EXPECT_EQ(b.cpus[1].offset, 300u);
    EXPECT_EQ(b.cpus[1].size, 30u);
  }
}

TEST(Options, BadSizesAreRefused) {
  {
    // A BUFFER claiming more CPUs than its bytes hold.
    Writer w(false);
    Writer buffer(false);
    buffer.u64(4096);
    buffer.cstring("");
    buffer.cstring("local");
    buffer.u32(4096);
    buffer.u32(0x7fffffff);
    option(w, 3, buffer.out());
    ByteCursor c(w.out(), false);
    Options out;
    uint64_t next;
    EXPECT_EQ(read_options(c, 7, out, next), Status::kBadOption);
  }
  {
    // An option size beyond the section.
    Writer w(false);
    w.u16(5);
    w.u32(1000);
    w.text("short");
    ByteCursor c(w.out(), false);
    Options out;
    uint64_t next;
    EXPECT_EQ(read_options(c, 7, out, next), Status::kTruncated);
  }
  {
    // DONE without its offset, and a section offset option too short.
    Writer w(false);
    option(w, 0, text("x"));
    ByteCursor c(w.out(), false);
    Options out;
    uint64_t next;
    EXPECT_EQ(read_options(c, 7, out, next), Status::kBadOption);
    Writer s(false);
    option(s, 16, text("x"));
    ByteCursor cs(s.out(), false);
    EXPECT_EQ(read_options(cs, 7, out, next), Status::kBadOption);
  }
  {
    // No end option.
    Writer w(false);
    option(w, 5, text("Linux"));
    ByteCursor c(w.out(), false);
    Options out;
    uint64_t next;
    EXPECT_EQ(read_options(c, 6, out, next), Status::kTruncated);
  }
}

TEST(Options, TimeShiftSamplesAreSortedPerCpu) {
  Writer shift(false);
  shift.u64(0x1234);
  shift.u32(1);  // interpolate
  shift.u32(1);
  shift.u32(2);
  shift.u64(200);  // times, out of order
  shift.u64(100);
  shift.u64(20);  // offsets
  shift.u64(10);
  shift.u64(1);  // scalings
  shift.u64(1);
  shift.u32(2);  // fractions
  shift.u64(0);
  shift.u64(0);
  Writer w(false);
  option(w, 12, shift.out());
  w.u16(0);
  ByteCursor c(w.out(), false);
  Options out;
  uint64_t next;
  ASSERT_EQ(read_options(c, 6, out, next), Status::kOk);
  ASSERT_EQ(out.time.host_samples.size(), 1u);
  ASSERT_EQ(out.time.host_samples[0].size(), 2u);
  EXPECT_EQ(out.time.host_samples[0][0].time, 100u);
  EXPECT_EQ(out.time.host_samples[0][0].offset, 10);
  EXPECT_TRUE(out.time.interpolate);

  // A sample count beyond the option's bytes.
  Writer bad(false);
  bad.u64(0);
  bad.u32(0);
  bad.u32(1);
  bad.u32(1000000);
  Writer wb(false);
  option(wb, 12, bad.out());
  wb.u16(0);
  ByteCursor cb(wb.out(), false);
  Options out2;
  EXPECT_EQ(read_options(cb, 6, out2, next), Status::kBadOption);
}

}  // namespace
}  // namespace tep::trace_dat
