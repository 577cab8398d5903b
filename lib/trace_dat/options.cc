// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/options.h"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace tep::trace_dat {
namespace {

// An ASCII integer as strtoll(text, NULL, 0) reads it (OFFSET, DATE: "0x..." too).
int64_t ascii_integer(Bytes data) {
  std::string text(reinterpret_cast<const char*>(data.data()), data.size());
  return strtoll(text.c_str(), nullptr, 0);
}

std::string text_of(Bytes data) {
  std::string_view text(reinterpret_cast<const char*>(data.data()), data.size());
  return std::string(text.substr(0, text.find('\0')));
}

// BUFFER: u64 offset, name; v7 adds clock, u32 page size, u32 CPU count and
// per CPU (u32 id, u64 offset, u64 size).
Status read_buffer(ByteCursor option, int version, bool latency, Options& out) {
  BufferInfo buffer;
  buffer.latency = latency;
  buffer.offset = option.u64();
  buffer.name = std::string(option.cstring());
  if (version >= 7) {
    buffer.clock = std::string(option.cstring());
    if (!latency) {
      buffer.page_size = option.u32();
      uint32_t cpus = option.u32();
      // Each CPU takes 20 bytes: a count beyond the option's bytes is damage.
      if (option.failed() || cpus > option.remaining() / 20) return Status::kBadOption;
      buffer.cpus.reserve(cpus);
      for (uint32_t i = 0; i < cpus; ++i) {
        CpuData cpu;
        cpu.cpu = static_cast<int>(option.u32());
        cpu.offset = option.u64();
        cpu.size = option.u64();
        buffer.cpus.push_back(cpu);
      }
    }
  }
  if (option.failed()) return Status::kBadOption;
  out.buffers.push_back(std::move(buffer));
  return Status::kOk;
}

// TIME_SHIFT: u64 peer trace id, u32 flags, u32 CPU count; per CPU u32 count
// then that many times, offsets and scalings (u64 each); then, in newer files,
// per CPU u32 count and that many fraction bits.
Status read_time_shift(ByteCursor option, TimeConversion& time) {
  option.u64();
  uint32_t flags = option.u32();
  uint32_t cpus = option.u32();
  if (option.failed() || cpus > option.remaining() / 4) return Status::kBadOption;
  time.interpolate = flags & 1;
  time.host_samples.assign(cpus, {});
  for (auto& samples : time.host_samples) {
    uint32_t count = option.u32();
    if (option.failed() || count > option.remaining() / 24) return Status::kBadOption;
    samples.resize(count);
    for (auto& sample : samples) sample.time = option.u64();
    for (auto& sample : samples) sample.offset = static_cast<int64_t>(option.u64());
    for (auto& sample : samples) sample.scaling = option.u64();
  }
  for (auto& samples : time.host_samples) {
    if (option.remaining() == 0) break;
    uint32_t count = option.u32();
    if (option.failed() || count > option.remaining() / 8) return Status::kBadOption;
    for (uint32_t i = 0; i < count; ++i) {
      uint64_t fraction = option.u64();
      if (i < samples.size()) samples[i].fraction = fraction;
    }
  }
  for (auto& samples : time.host_samples) {
    std::stable_sort(samples.begin(), samples.end(),
                     [](const TimeShiftSample& a, const TimeShiftSample& b) { return a.time < b.time; });
  }
  return Status::kOk;
}

Status read_option(uint16_t id, Bytes data, bool swap, int version, Options& out) {
  ByteCursor option(data, swap);
  switch (static_cast<OptionId>(id)) {
    case OptionId::kDate:
    case OptionId::kOffset: out.time.offset += ascii_integer(data); return Status::kOk;
    case OptionId::kBuffer: return read_buffer(option, version, false, out);
    case OptionId::kBufferText: return read_buffer(option, version, true, out);
    case OptionId::kTraceClock: out.trace_clock = text_of(data); return Status::kOk;
    case OptionId::kCpuCount: out.cpu_count = option.u32(); return option.failed() ? Status::kBadOption : Status::kOk;
    case OptionId::kTimeShift:
      // libtracecmd ignores a short one.
      if (data.size() < 16) return Status::kOk;
      return read_time_shift(option, out.time);
    case OptionId::kTsc2Nsec:
      // libtracecmd ignores a short one.
      if (data.size() < 16) return Status::kOk;
      out.time.tsc_mult = option.u32();
      out.time.tsc_shift = option.u32();
      out.time.tsc_offset = option.u64();
      return Status::kOk;
    case OptionId::kHeaderInfo:
    case OptionId::kFtraceEvents:
    case OptionId::kEventFormats:
    case OptionId::kKallsyms:
    case OptionId::kPrintk:
    case OptionId::kCmdlines:
      out.sections[id - static_cast<uint16_t>(OptionId::kHeaderInfo)] = option.u64();
      return option.failed() ? Status::kBadOption : Status::kOk;
    default: return Status::kOk;  // not needed to read records
  }
}

}  // namespace

Status read_options(ByteCursor& c, int version, Options& out, uint64_t& next) {
  next = 0;
  for (;;) {
    uint16_t id = c.u16();
    if (c.failed()) return Status::kTruncated;
    if (id == 0 && version < 7) return Status::kOk;
    uint32_t size = c.u32();
    Bytes data = c.bytes(size);
    if (c.failed()) return Status::kTruncated;
    if (id == static_cast<uint16_t>(OptionId::kDone)) {
      if (size < 8) return Status::kBadOption;
      next = ByteCursor(data, c.swap()).u64();
      return Status::kOk;
    }
    Status status = read_option(id, data, c.swap(), version, out);
    if (status != Status::kOk) return status;
  }
}

}  // namespace tep::trace_dat
