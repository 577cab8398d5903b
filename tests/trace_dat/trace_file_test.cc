// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/trace_file.h"

#include <gtest/gtest.h>

#include <string>

#include "dat_builder.h"
#include "trace-seq.h"
#include "trace_dat/mapped_file.h"

namespace tep::trace_dat {
namespace {

using trace_dat_test::build_dat;
using trace_dat_test::ByteVec;
using trace_dat_test::DatSpec;
using trace_dat_test::two_cpu_spec;
using trace_dat_test::Writer;

struct Read {
  Status open = Status::kOk;
  std::vector<std::string> lines;  // "buffer cpu ts text"
  Status data = Status::kOk;
};

Read read_everything(Bytes file) {
  Read out;
  TraceFile trace;
  out.open = trace.open(file);
  trace_seq seq;
  trace_seq_init(&seq);
  for (size_t i = 0; i < trace.buffers().size(); ++i) {
    BufferReader reader;
    if (trace.open_buffer(i, reader) != Status::kOk) continue;
    for (const tep_record* r; (r = reader.next()) != nullptr;) {
      trace_seq_reset(&seq);
      tep_print_event(trace.tep(), &seq, const_cast<tep_record*>(r), "%s-%d %s", TEP_PRINT_COMM, TEP_PRINT_PID,
                      TEP_PRINT_INFO);
      trace_seq_terminate(&seq);
      out.lines.push_back(trace.buffers()[i].name + " " + std::to_string(r->cpu) + " " + std::to_string(r->ts) + " " +
                          seq.buffer);
    }
    if (reader.status() != Status::kOk && out.data == Status::kOk) out.data = reader.status();
  }
  trace_seq_destroy(&seq);
  return out;
}

std::vector<std::string> expected_two_cpus(int records, const std::string& buffer = "") {
  std::vector<std::string> lines;
  for (int i = 0; i < records; ++i) {
    for (int cpu = 0; cpu < 2; ++cpu) {
      lines.push_back(buffer + " " + std::to_string(cpu) + " " + std::to_string(1000 * i + cpu) +
                      " ticker-42 value=" + std::to_string(cpu * 1000 + i));
    }
  }
  return lines;
}

TEST(TraceFile, EveryVersionByteOrderAndLongSize) {
  for (int version : {6, 7}) {
    for (bool big : {false, true}) {
      for (int long_size : {4, 8}) {
        ByteVec file = build_dat(two_cpu_spec(version, 3, big, long_size));
        Read read = read_everything(file);
        EXPECT_EQ(read.open, Status::kOk);
        EXPECT_EQ(read.data, Status::kOk);
        EXPECT_EQ(read.lines, expected_two_cpus(3)) << version << big << long_size;
      }
    }
  }
}

TEST(TraceFile, HandleGetsTheFileProperties) {
  ByteVec file = build_dat(two_cpu_spec(7, 1, true, 4));
  TraceFile trace;
  ASSERT_EQ(trace.open(file), Status::kOk);
  EXPECT_TRUE(trace.tep()->file_bigendian);
  EXPECT_EQ(trace.tep()->long_size, 4);
  EXPECT_EQ(trace.tep()->page_size, 4096);
  EXPECT_EQ(trace.tep()->cpus, 2);
  EXPECT_EQ(trace.counts().formats, 1);
  EXPECT_EQ(trace.header().version, 7);
}

TEST(TraceFile, CompressedFiles) {
  for (const char* compression : {"zstd", "zlib"}) {
    DatSpec spec = two_cpu_spec(7, 50, false);
    spec.compression = compression;
    ByteVec file = build_dat(spec);
    Read read = read_everything(file);
    EXPECT_EQ(read.open, Status::kOk) << compression;
    EXPECT_EQ(read.data, Status::kOk);
    EXPECT_EQ(read.lines, expected_two_cpus(50)) << compression;
  }
}

TEST(TraceFile, Instances) {
  for (int version : {6, 7}) {
    DatSpec spec = two_cpu_spec(version, 2);
    DatSpec::Buffer instance = spec.buffers[0];
    instance.name = "inst";
    spec.buffers.push_back(instance);
    ByteVec file = build_dat(spec);
    TraceFile trace;
    ASSERT_EQ(trace.open(file), Status::kOk) << trace.message();
    ASSERT_EQ(trace.buffers().size(), 2u);
    EXPECT_EQ(trace.buffers()[0].name, "");
    EXPECT_EQ(trace.buffers()[1].name, "inst");
    std::vector<std::string> expected = expected_two_cpus(2);
    std::vector<std::string> instance_lines = expected_two_cpus(2, "inst");
    expected.insert(expected.end(), instance_lines.begin(), instance_lines.end());
    EXPECT_EQ(read_everything(file).lines, expected) << version;
  }
}

TEST(TraceFile, TimestampOptions) {
  DatSpec spec = two_cpu_spec(7, 1);
  Writer tsc(false);
  tsc.u32(3);  // ns = (ts - 0) * 3 >> 1
  tsc.u32(1);
  tsc.u64(0);
  spec.options.emplace_back(14, tsc.out());
  Writer offset(false);
  offset.cstring("1000");
  spec.options.emplace_back(7, offset.out());
  ByteVec file = build_dat(spec);
  Read read = read_everything(file);
  ASSERT_EQ(read.lines.size(), 2u);
  EXPECT_EQ(read.lines[0], " 0 1000 ticker-42 value=0");
  EXPECT_EQ(read.lines[1], " 1 1001 ticker-42 value=1000");  // 1 * 3 >> 1 + 1000
}

TEST(TraceFile, UnknownCompression) {
  DatSpec spec = two_cpu_spec(7, 1);
  spec.compression = "zstd";
  ByteVec file = build_dat(spec);
  // Rename the compression in place: "zstd" -> "lz4x".
  std::string_view text(reinterpret_cast<const char*>(file.data()), file.size());
  size_t at = text.find("zstd");
  memcpy(file.data() + at, "lz4x", 4);
  TraceFile trace;
  EXPECT_EQ(trace.open(file), Status::kUnknownCompression);
  EXPECT_EQ(trace.message(), "unknown compression: compression 'lz4x'");
}

TEST(TraceFile, UnknownVersionAndLatency) {
  ByteVec file = build_dat(two_cpu_spec(6, 1));
  file[10] = std::byte{'9'};
  TraceFile trace;
  EXPECT_EQ(trace.open(file), Status::kUnknownVersion);

  // A v6 file whose data is latency text.
  ByteVec latency = build_dat(two_cpu_spec(6, 1));
  std::string_view text(reinterpret_cast<const char*>(latency.data()), latency.size());
  memcpy(latency.data() + text.find(std::string_view("flyrecord\0", 10)), "latency  \0", 10);
  TraceFile lat;
  ASSERT_EQ(lat.open(latency), Status::kOk);
  ASSERT_EQ(lat.buffers().size(), 1u);
  BufferReader reader;
  EXPECT_EQ(lat.open_buffer(0, reader), Status::kLatencyUnsupported);
}

TEST(TraceFile, OptionsChainLoop) {
  ByteVec file = build_dat(two_cpu_spec(7, 1));
  // The DONE option is the last 8 bytes: point it back at its own section.
  TraceFile first;
  ASSERT_EQ(first.open(file), Status::kOk);
  uint64_t options = first.header().options_offset;
  Writer next(false);
  next.u64(options);
  std::copy(next.out().begin(), next.out().end(), file.end() - 8);
  TraceFile trace;
  EXPECT_EQ(trace.open(file), Status::kOptionLoop);
}

TEST(TraceFile, BadCpuOffsetsEndThatCpu) {
  DatSpec spec = two_cpu_spec(7, 3);
  ByteVec file = build_dat(spec);
  TraceFile trace;
  ASSERT_EQ(trace.open(file), Status::kOk);
  // Cut the file inside CPU 1's page: CPU 0 reads whole, CPU 1 up to the cut.
  ByteVec cut(file.begin(), file.begin() + static_cast<long>(trace.buffers()[0].cpus[1].offset + 40));
  Read read = read_everything(cut);
  EXPECT_NE(read.open, Status::kOk);  // the options section at the end is gone
  EXPECT_TRUE(read.lines.empty());
}

// Every prefix of every kind of file: no crash, no leak (under ASan), a failure
// status for anything cut before the data, and never more records than the whole.
TEST(TraceFile, EveryTruncation) {
  for (int version : {6, 7}) {
    for (const char* compression : {"none", "zstd"}) {
      if (version == 6 && std::string(compression) != "none") continue;
      DatSpec spec = two_cpu_spec(version, 3);
      spec.compression = compression;
      DatSpec::Buffer instance = spec.buffers[0];
      instance.name = "inst";
      spec.buffers.push_back(instance);
      std::vector<size_t> boundaries;
      ByteVec file = build_dat(spec, &boundaries);
      size_t whole = read_everything(file).lines.size();
      EXPECT_EQ(whole, 12u);
      for (size_t size = 0; size < file.size(); ++size) {
        Read read = read_everything(Bytes(file.data(), size));
        EXPECT_LE(read.lines.size(), whole) << size;
      }
      for (size_t boundary : boundaries) {
        Read read = read_everything(Bytes(file.data(), boundary));
        EXPECT_TRUE(read.open != Status::kOk || read.data != Status::kOk) << version << compression << boundary;
      }
    }
  }
}

// Each byte of a v7 file flipped in turn: whatever it reads, it reads safely.
TEST(TraceFile, EveryByteDamaged) {
  DatSpec spec = two_cpu_spec(7, 2);
  spec.compression = "zstd";
  ByteVec file = build_dat(spec);
  for (size_t at = 0; at < file.size(); ++at) {
    ByteVec damaged = file;
    damaged[at] ^= std::byte{0xa5};
    read_everything(damaged);
  }
}

TEST(TraceFile, CommittedTraces) {
  for (const char* name : {"sched_irq.dat", "sched_irq_v7.dat", "sched_irq_v7zstd.dat"}) {
    MappedFile mapped;
    ASSERT_EQ(mapped.open(std::string(TEP_TRACES_DIR) + "/" + name), 0) << name;
    Read read = read_everything(mapped.bytes());
    EXPECT_EQ(read.open, Status::kOk) << name;
    EXPECT_EQ(read.data, Status::kOk) << name;
    EXPECT_EQ(read.lines.size(), 1195u) << name;
  }
}

}  // namespace
}  // namespace tep::trace_dat
