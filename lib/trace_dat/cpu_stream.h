// SPDX-License-Identifier: LGPL-2.1
// CpuStream: the records of one CPU of one buffer, page by page through
// kbuffer::PageReader. The CPU's data is either its pages as they lie in the
// file or, in a compressed v7 file, chunks:
//   u32 count, then per chunk u32 compressed size, u32 decompressed size
//   (whole pages), compressed bytes;
// one chunk is decompressed at a time into a buffer the stream reuses.
// A last page shorter than the page size is read when its committed data
// lies within it.
// A record's data points into the current page: it stays valid until the
// stream moves past that page (the next call to advance() may do so).
#pragma once

#include <cstdint>
#include <vector>

#include "event-parse.h"
#include "kbuffer/kbuffer_reader.h"
#include "trace_dat/byte_cursor.h"
#include "trace_dat/decompress.h"
#include "trace_dat/status.h"
#include "trace_dat/timestamps.h"

namespace tep::trace_dat {

// What the decompressed chunks of one reader's CPUs may hold together: CPUs
// of a damaged file may all point at one small chunk claiming much.
struct ChunkBudget {
  uint64_t left = 0;
  bool take(uint64_t bytes) {
    if (bytes > left) return false;
    left -= bytes;
    return true;
  }
};

// How the buffer's pages are laid out.
struct PageLayout {
  uint32_t page_size = 4096;
  bool long8 = true;  // the kernel's long: the page header's commit field
  bool big_endian = false;
  bool old_format = false;  // pre-2.6.31 event headers
};

class CpuStream {
 public:
  // `data` is the CPU's bytes in the file; `decompressor` and `budget` (when
  // `compressed`) and `time` must outlive the stream. `file_offset` is where `data` starts;
  // `index` is the CPU's place in its buffer's list (TIME_SHIFT samples go by it).
  CpuStream(int cpu, size_t index, Bytes data, uint64_t file_offset, bool compressed, const PageLayout& layout,
            Decompressor* decompressor, ChunkBudget* budget, const TimeConversion* time);

  int cpu() const { return cpu_; }
  // The current record, null before the first advance() and at the end.
  const tep_record* current() const { return has_record_ ? &record_ : nullptr; }
  // Moves to the next record: false at the end of the data, or when damage
  // ends it (status() then says what).
  bool advance();
  Status status() const { return status_; }
  // Records damage found outside the stream (e.g. the CPU's data cut short).
  void set_status(Status status) {
    if (status_ == Status::kOk) status_ = status;
  }

 private:
  bool next_page();
  bool next_chunk();
  bool load_page(const std::byte* page, size_t available);
  void fill_record(void* event, unsigned long long ts);
  void fail(Status status) {
    set_status(status);
    has_record_ = false;
    done_ = true;
  }

  int cpu_;
  size_t index_;
  PageLayout layout_;
  Decompressor* decompressor_;
  ChunkBudget* budget_;
  const TimeConversion* time_;
  kbuffer::PageReader reader_;
  tep_record record_{};
  bool has_record_ = false;
  bool page_loaded_ = false;
  bool done_ = false;
  Status status_ = Status::kOk;

  // The pages being walked: the file's bytes, or the decompressed chunk.
  Bytes region_;
  uint64_t region_offset_ = 0;  // of region_ in the CPU's (decompressed) data
  size_t next_page_ = 0;        // offset in region_ of the page after the current one
  uint64_t page_offset_ = 0;    // of the current page in the CPU's data (file offset when uncompressed)

  bool compressed_;
  ByteCursor chunks_;  // compressed: the chunk list after its count
  uint32_t chunks_left_ = 0;
  std::vector<std::byte> chunk_;
};

}  // namespace tep::trace_dat
