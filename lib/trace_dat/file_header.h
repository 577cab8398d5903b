// SPDX-License-Identifier: LGPL-2.1
// The start of every trace.dat file (trace-cmd.dat.v6(5), trace-cmd.dat.v7(5)):
//   "\x17\x08\x44tracing", version "6\0" or "7\0", endian byte (1 = big),
//   long size byte, u32 page size;
// version 7 then: compression "name\0version\0" ("none" for none) and the u64
// offset of the first options section.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "trace_dat/byte_cursor.h"
#include "trace_dat/status.h"

namespace tep::trace_dat {

// Pages above this are refused (the kernel's sub-buffers are at most a few MiB).
inline constexpr uint32_t kMaxPageSize = 16u << 20;
// The smallest page holding a page header (u64 timestamp, u64 commit).
inline constexpr uint32_t kMinPageSize = 16;

struct FileHeader {
  int version = 0;  // 6 or 7
  bool big_endian = false;
  int long_size = 0;  // 4 or 8: the traced user space's long
  uint32_t page_size = 0;
  std::string_view compression;  // v7: "none" or the algorithm's name; v6: empty
  std::string_view compression_version;
  uint64_t options_offset = 0;  // v7: the first options section
  size_t end = 0;               // where what follows the header starts
};

// Reads the header at the start of `file`; the views point into `file`.
Status read_file_header(Bytes file, FileHeader& out);

// A v7 file whose sections may be compressed.
inline bool is_compressed(const FileHeader& header) {
  return header.version >= 7 && !header.compression.empty() && header.compression != "none";
}

}  // namespace tep::trace_dat
