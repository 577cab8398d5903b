// SPDX-License-Identifier: LGPL-2.1
// TraceFile: a trace-cmd trace.dat file (version 6 or 7) read from memory,
// without libtracecmd. open() reads the header, the options and the metadata
// into a tep_handle of its own, as libtracecmd's tracecmd_open does (long
// size, page size, the file's byte order, header_page, formats, kallsyms,
// printk formats, saved cmdlines); open_buffer() then gives the records of
// one buffer (the top one or an instance), all CPUs merged or one CPU alone.
//
// Every read is bounded by the file's bytes; a damaged file gives a Status
// and keeps what was read before the damage (Documentation/limits.md, "trace.dat
// reader").
#pragma once

#include <string>
#include <vector>

#include "core/handle.h"
#include "trace_dat/byte_cursor.h"
#include "trace_dat/file_header.h"
#include "trace_dat/merge.h"
#include "trace_dat/metadata.h"
#include "trace_dat/options.h"
#include "trace_dat/status.h"

namespace tep::trace_dat {

// What the decompressed chunks of one BufferReader hold together at most:
// this, plus so many bytes per byte of the file.
inline constexpr uint64_t kChunkBudget = 256ull << 20;
inline constexpr uint64_t kChunkBudgetPerFileByte = 4;

class TraceFile {
 public:
  TraceFile();
  ~TraceFile();
  TraceFile(const TraceFile&) = delete;
  TraceFile& operator=(const TraceFile&) = delete;

  // Reads `file`, which must outlive this object and its BufferReaders. Once
  // per object. kOk, or the first failure (what was read before it is kept).
  Status open(Bytes file);

  Status status() const { return status_; }
  // The status's text and what it concerns, e.g. "compression 'lz4' is not
  // available in this build".
  const std::string& message() const { return message_; }

  // The handle the metadata went into: it lives as long as this object (a
  // caller keeping it longer takes a reference, tep_ref).
  tep_handle* tep() const { return tep_; }
  const FileHeader& header() const { return header_; }
  const Options& options() const { return options_; }
  // The top buffer first (when the file has one), then the instances in file order.
  const std::vector<BufferInfo>& buffers() const { return options_.buffers; }
  const MetadataCounts& counts() const { return counts_; }

  // A reader of buffers()[index]: its CPUs merged, or only the CPU whose id
  // is `cpu` (-1: all). Damaged CPU data shows in the reader's status.
  Status open_buffer(size_t index, BufferReader& out, int cpu = -1) const;

 private:
  Status open_v6(ByteCursor& c);
  Status open_v7(ByteCursor& c);
  Status read_v6_cpus(ByteCursor& c, uint32_t cpus, Options& options, BufferInfo& buffer);
  Status read_v7_options();
  void read_v7_metadata();
  // Keeps the first failure; returns it.
  Status fail(Status status, const std::string& detail = {});

  tep_handle* tep_;
  Bytes file_;
  bool swap_ = false;
  FileHeader header_;
  Options options_;
  MetadataCounts counts_;
  std::unique_ptr<Decompressor> decompressor_;  // metadata sections
  Status status_ = Status::kOk;
  std::string message_;
};

}  // namespace tep::trace_dat
