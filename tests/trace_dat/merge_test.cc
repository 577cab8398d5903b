// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/merge.h"

#include <gtest/gtest.h>

#include "dat_builder.h"
#include "trace_dat/trace_file.h"

namespace tep::trace_dat {
namespace {

using trace_dat_test::ByteVec;
using trace_dat_test::DatSpec;
using trace_dat_test::make_page;
using trace_dat_test::tick_payload;

// CPU 0's ticks at 10, 20, 30; CPU 1's at 5, 20, 40: the tie at 20 goes to CPU 0.
DatSpec interleaved() {
  DatSpec spec;
  DatSpec::Buffer top;
  top.cpus.push_back(
      make_page(spec.page_size, 8, false, 10,
                {{0, tick_payload(false, 1, 0)}, {10, tick_payload(false, 1, 1)}, {10, tick_payload(false, 1, 2)}}));
  top.cpus.push_back(
      make_page(spec.page_size, 8, false, 5,
                {{0, tick_payload(false, 2, 10)}, {15, tick_payload(false, 2, 11)}, {20, tick_payload(false, 2, 12)}}));
  spec.buffers.push_back(top);
  return spec;
}

std::vector<std::pair<int, uint64_t>> read_all(BufferReader& reader) {
  std::vector<std::pair<int, uint64_t>> out;
  for (const tep_record* r; (r = reader.next()) != nullptr;) out.emplace_back(r->cpu, r->ts);
  return out;
}

TEST(BufferReader, MergesCpusInTimeOrderTiesToTheFirstCpu) {
  ByteVec file = build_dat(interleaved());
  TraceFile trace;
  ASSERT_EQ(trace.open(file), Status::kOk) << trace.message();
  BufferReader reader;
  ASSERT_EQ(trace.open_buffer(0, reader), Status::kOk);
  EXPECT_EQ(reader.cpu_count(), 2u);
  using R = std::vector<std::pair<int, uint64_t>>;
  EXPECT_EQ(read_all(reader), (R{{1, 5}, {0, 10}, {0, 20}, {1, 20}, {0, 30}, {1, 40}}));
  EXPECT_EQ(reader.next(), nullptr);
  EXPECT_EQ(reader.status(), Status::kOk);
}

TEST(BufferReader, OneCpuAlone) {
  ByteVec file = build_dat(interleaved());
  TraceFile trace;
  ASSERT_EQ(trace.open(file), Status::kOk);
  BufferReader reader;
  ASSERT_EQ(trace.open_buffer(0, reader, 1), Status::kOk);
  using R = std::vector<std::pair<int, uint64_t>>;
  EXPECT_EQ(read_all(reader), (R{{1, 5}, {1, 20}, {1, 40}}));
  BufferReader none;
  ASSERT_EQ(trace.open_buffer(0, none, 7), Status::kOk);
  EXPECT_EQ(none.next(), nullptr);
}

TEST(BufferReader, AnEmptyReaderEnds) {
  BufferReader reader;
  EXPECT_EQ(reader.next(), nullptr);
  EXPECT_EQ(reader.status(), Status::kOk);
}

}  // namespace
}  // namespace tep::trace_dat
