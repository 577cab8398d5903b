// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/trace_file.h"

#include <algorithm>
#include <unordered_set>

#include "trace_dat/sections.h"

namespace tep::trace_dat {
namespace {

constexpr std::string_view kOptionsTag("options  \0", 10);
constexpr std::string_view kLatencyTag("latency  \0", 10);
constexpr std::string_view kFlyrecordTag("flyrecord\0", 10);
constexpr uint16_t kOptionsSection = 0;
constexpr uint16_t kFirstMetadataSection = 16;  // HEADER_INFO; the others follow in MetadataSection order

}  // namespace

TraceFile::TraceFile() : tep_(new tep_handle) {}

TraceFile::~TraceFile() { core::unref(tep_); }

Status TraceFile::fail(Status status, const std::string& detail) {
  if (status_ != Status::kOk || status == Status::kOk) return status;
  status_ = status;
  message_ = std::string(status_text(status));
  if (!detail.empty()) message_ += ": " + detail;
  return status;
}

Status TraceFile::open(Bytes file) {
  file_ = file;
  Status status = read_file_header(file, header_);
  if (status != Status::kOk) return fail(status);
  swap_ = header_.big_endian != base::kHostBigEndian;
  // As libtracecmd sets them before it reads the formats.
  tep_->file_bigendian = header_.big_endian;
  tep_->long_size = header_.long_size;
  tep_->page_size = static_cast<int>(header_.page_size);
  ByteCursor c(file, swap_);
  c.seek(header_.end);
  status = header_.version >= 7 ? open_v7(c) : open_v6(c);
  if (status != Status::kOk) fail(status);
  // libtracecmd lists the top buffer first.
  std::stable_partition(options_.buffers.begin(), options_.buffers.end(),
                        [](const BufferInfo& b) { return b.name.empty(); });
  return status_;
}

Status TraceFile::open_v6(ByteCursor& c) {
  Status status = read_header_info(c, header_.long_size, *tep_);
  if (status == Status::kOk) status = read_ftrace_formats(c, *tep_, counts_);
  if (status == Status::kOk) status = read_event_formats(c, *tep_, counts_);
  if (status == Status::kOk) status = read_kallsyms(c, *tep_);
  if (status == Status::kOk) status = read_printk(c, *tep_);
  if (status == Status::kOk) status = read_cmdlines(c, *tep_);
  if (status != Status::kOk) return status;
  uint32_t cpus = c.u32();
  if (c.failed()) return Status::kTruncated;
  tep_->cpus = static_cast<int>(cpus);

  BufferInfo top;
  status = read_v6_cpus(c, cpus, options_, top);
  if (status != Status::kOk) return status;
  // Instances (BUFFER options) keep their CPU list at their offset, after the same tags;
  // options met there are the instance's own.
  std::vector<BufferInfo> instances = std::move(options_.buffers);
  options_.buffers.clear();
  options_.buffers.push_back(std::move(top));
  for (BufferInfo& buffer : instances) {
    ByteCursor at(file_, swap_);
    at.seek(buffer.offset);
    Options own;
    status = at.failed() ? Status::kBadOffset : read_v6_cpus(at, cpus, own, buffer);
    if (status != Status::kOk) fail(status, "instance '" + buffer.name + "'");
    options_.buffers.push_back(std::move(buffer));
  }
  return Status::kOk;
}

// "options  \0" and its options, then "latency  \0" (text follows) or
// "flyrecord\0" and per CPU u64 offset, u64 size.
Status TraceFile::read_v6_cpus(ByteCursor& c, uint32_t cpus, Options& options, BufferInfo& buffer) {
  std::string_view tag = c.text(kOptionsTag.size());
  if (tag == kOptionsTag) {
    uint64_t unused_next;
    Status status = read_options(c, header_.version, options, unused_next);
    if (status != Status::kOk) return status;
    tag = c.text(kOptionsTag.size());
  }
  if (c.failed()) return Status::kTruncated;
  if (tag == kLatencyTag) {
    buffer.latency = true;
    return Status::kOk;
  }
  if (tag != kFlyrecordTag) return Status::kNotFlyrecord;
  if (cpus > c.remaining() / 16) return Status::kTruncated;
  buffer.cpus.reserve(cpus);
  for (uint32_t cpu = 0; cpu < cpus; ++cpu) {
    CpuData data;
    data.cpu = static_cast<int>(cpu);
    data.offset = c.u64();
    data.size = c.u64();
    buffer.cpus.push_back(data);
  }
  return c.failed() ? Status::kTruncated : Status::kOk;
}

Status TraceFile::open_v7(ByteCursor& c) {
  if (is_compressed(header_)) {
    decompressor_ = make_decompressor(header_.compression);
    if (!decompressor_) {
      std::string name(header_.compression);
      if (is_trace_cmd_compression(name)) {
        return fail(Status::kCompressionUnavailable, "compression '" + name + "' is not available in this build");
      }
      return fail(Status::kUnknownCompression, "compression '" + name + "'");
    }
  }
  Status status = read_v7_options();
  tep_->cpus = static_cast<int>(options_.cpu_count);
  read_v7_metadata();
  for (BufferInfo& buffer : options_.buffers) {
    if (buffer.latency || buffer.offset == 0) continue;
    SectionHeader section;
    if (read_section_header(c, buffer.offset, section) == Status::kOk) {
      buffer.compressed = section.flags & kSectionCompressed;
    }
  }
  return status;
}

// The options sections, each naming the next in its DONE option; a chain
// coming back to a section already read is a loop.
Status TraceFile::read_v7_options() {
  std::unordered_set<uint64_t> seen;
  std::vector<std::byte> storage;
  for (uint64_t offset = header_.options_offset; offset != 0;) {
    if (!seen.insert(offset).second) return Status::kOptionLoop;
    Bytes data;
    Status status = read_section(ByteCursor(file_, swap_), offset, kOptionsSection, decompressor_.get(), storage, data);
    if (status != Status::kOk) return status;
    ByteCursor options(data, swap_);
    status = read_options(options, header_.version, options_, offset);
    if (status != Status::kOk) return status;
  }
  return Status::kOk;
}

// Each metadata section on its own: a damaged one leaves the others readable.
void TraceFile::read_v7_metadata() {
  std::vector<std::byte> storage;
  for (size_t i = 0; i < kMetadataSections; ++i) {
    uint64_t offset = options_.sections[i];
    if (offset == 0) continue;
    Bytes data;
    Status status = read_section(ByteCursor(file_, swap_), offset, static_cast<uint16_t>(kFirstMetadataSection + i),
                                 decompressor_.get(), storage, data);
    if (status == Status::kOk) {
      ByteCursor section(data, swap_);
      status = read_metadata_section(static_cast<MetadataSection>(i), section, header_.long_size, *tep_, counts_);
    }
    fail(status);
  }
}

Status TraceFile::open_buffer(size_t index, BufferReader& out, int cpu) const {
  out = BufferReader();
  if (index >= options_.buffers.size()) return Status::kBadOffset;
  const BufferInfo& buffer = options_.buffers[index];
  if (buffer.latency) return Status::kLatencyUnsupported;

  PageLayout layout;
  layout.page_size = buffer.page_size ? buffer.page_size : header_.page_size;
  if (layout.page_size < kMinPageSize || layout.page_size > kMaxPageSize) return Status::kBadPageSize;
  // The page header's commit field is the kernel's long (header_page says it), which
  // may differ from the user space long the file header gives.
  int kernel_long = tep_->header_page.size_size;
  layout.long8 = kernel_long == 8 || (kernel_long != 4 && header_.long_size == 8);
  layout.big_endian = header_.big_endian;
  layout.old_format = tep_->old_format;

  if (buffer.compressed) {
    out.decompressor_ = make_decompressor(header_.compression);
    if (!out.decompressor_) return Status::kCompressionUnavailable;
  }
  out.time_ = std::make_unique<TimeConversion>(options_.time);
  out.budget_ = std::make_unique<ChunkBudget>(ChunkBudget{kChunkBudget + kChunkBudgetPerFileByte * file_.size()});
  for (size_t index = 0; index < buffer.cpus.size(); ++index) {
    const CpuData& data = buffer.cpus[index];
    if (cpu >= 0 && data.cpu != cpu) continue;
    // The size trace-cmd writes for compressed data leaves out the chunk count before it.
    uint64_t claimed = buffer.compressed ? data.size + 4 : data.size;
    uint64_t offset = std::min<uint64_t>(data.offset, file_.size());
    uint64_t size = std::min<uint64_t>(claimed, file_.size() - offset);
    Bytes bytes = file_.subspan(static_cast<size_t>(offset), static_cast<size_t>(size));
    CpuStream& stream = out.streams_.emplace_back(data.cpu, index, bytes, offset, buffer.compressed, layout,
                                                  out.decompressor_.get(), out.budget_.get(), out.time_.get());
    if (size != claimed) stream.set_status(data.offset > file_.size() ? Status::kBadOffset : Status::kTruncated);
  }
  return Status::kOk;
}

}  // namespace tep::trace_dat
