// SPDX-License-Identifier: LGPL-2.1
// BufferReader: the records of one buffer (the top one or an instance), its
// CPUs merged in time order as tracecmd_read_next_data gives them: the
// smallest timestamp first, on a tie the CPU listed first. Made by
// TraceFile::open_buffer, over all the buffer's CPUs or one of them.
#pragma once

#include <memory>
#include <vector>

#include "trace_dat/cpu_stream.h"
#include "trace_dat/decompress.h"
#include "trace_dat/status.h"
#include "trace_dat/timestamps.h"

namespace tep::trace_dat {

class BufferReader {
 public:
  BufferReader() = default;
  BufferReader(BufferReader&&) = default;
  BufferReader& operator=(BufferReader&&) = default;

  // The next record in time order, or null at the end. It stays valid until
  // the next call.
  const tep_record* next();
  // The first damage any CPU met (kOk when every CPU's data ended cleanly).
  Status status() const;
  size_t cpu_count() const { return streams_.size(); }

 private:
  friend class TraceFile;

  // Owned here so the streams' pointers stay valid when the reader moves.
  std::unique_ptr<Decompressor> decompressor_;
  std::unique_ptr<TimeConversion> time_;
  std::unique_ptr<ChunkBudget> budget_;
  std::vector<CpuStream> streams_;
  CpuStream* last_ = nullptr;  // the stream whose record next() returned last
  bool started_ = false;
};

}  // namespace tep::trace_dat
