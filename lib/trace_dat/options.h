// SPDX-License-Identifier: LGPL-2.1
// The options of a trace.dat file: (u16 id, u32 size, data) each. Version 6
// lists them once after the CPU count and ends them with id 0; version 7 keeps
// them in options sections, the last option of each (DONE, id 0) holding the
// offset of the next section or 0. What the reader needs is kept: the buffers
// (top and instances), the timestamp options, the CPU count and, in version 7,
// where the metadata sections lie.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "trace_dat/byte_cursor.h"
#include "trace_dat/status.h"
#include "trace_dat/timestamps.h"

namespace tep::trace_dat {

enum class OptionId : uint16_t {
  kDone = 0,
  kDate = 1,
  kBuffer = 3,
  kTraceClock = 4,
  kOffset = 7,
  kCpuCount = 8,
  kTimeShift = 12,
  kTsc2Nsec = 14,
  kHeaderInfo = 16,
  kFtraceEvents = 17,
  kEventFormats = 18,
  kKallsyms = 19,
  kPrintk = 20,
  kCmdlines = 21,
  kBufferText = 22,
};

// The v7 metadata sections, in the order they are loaded.
enum class MetadataSection { kHeaderInfo, kFtraceEvents, kEventFormats, kKallsyms, kPrintk, kCmdlines };
inline constexpr size_t kMetadataSections = 6;

struct CpuData {
  int cpu = 0;
  uint64_t offset = 0;  // in the file
  uint64_t size = 0;    // in the file (compressed size when compressed)
};

struct BufferInfo {
  std::string name;  // "" for the top buffer
  std::string clock;
  uint64_t offset = 0;      // v7: its flyrecord section; v6 instances: its CPU list
  uint32_t page_size = 0;   // v7; 0: the file's
  bool latency = false;     // text, not records (v6 "latency", v7 BUFFER_TEXT)
  bool compressed = false;  // v7: its flyrecord section's data is in compressed chunks
  std::vector<CpuData> cpus;
};

struct Options {
  std::vector<BufferInfo> buffers;  // instances, in file order (v7: the top buffer among them)
  TimeConversion time;
  std::string trace_clock;
  uint32_t cpu_count = 0;                              // CPUCOUNT (v7)
  std::array<uint64_t, kMetadataSections> sections{};  // v7 offsets, 0 when absent
};

// Reads options from `c` until the end option. Version 6: stops after id 0.
// Version 7: stops after DONE, setting `next` to its offset.
Status read_options(ByteCursor& c, int version, Options& out, uint64_t& next);

}  // namespace tep::trace_dat
