// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/file_header.h"

namespace tep::trace_dat {

Status read_file_header(Bytes file, FileHeader& out) {
  out = FileHeader{};
  ByteCursor c(file, false);
  if (c.text(10) != std::string_view("\x17\x08\x44tracing", 10)) {
    return c.failed() ? Status::kTruncated : Status::kBadMagic;
  }
  std::string_view version = c.cstring();
  if (c.failed()) return Status::kTruncated;
  if (version != "6" && version != "7") return Status::kUnknownVersion;
  out.version = version[0] - '0';
  uint64_t endian = c.number(1);
  uint64_t long_size = c.number(1);
  if (c.failed()) return Status::kTruncated;
  if (endian > 1) return Status::kBadMagic;
  out.big_endian = endian == 1;
  if (long_size != 4 && long_size != 8) return Status::kBadLongSize;
  out.long_size = static_cast<int>(long_size);

  // From here numbers are in the file's byte order.
  ByteCursor rest(file, out.big_endian != base::kHostBigEndian);
  rest.seek(c.pos());
  out.page_size = rest.u32();
  if (rest.failed()) return Status::kTruncated;
  if (out.page_size < kMinPageSize || out.page_size > kMaxPageSize) return Status::kBadPageSize;
  if (out.version >= 7) {
    out.compression = rest.cstring();
    out.compression_version = rest.cstring();
    out.options_offset = rest.u64();
    if (rest.failed()) return Status::kTruncated;
  }
  out.end = rest.pos();
  return Status::kOk;
}

}  // namespace tep::trace_dat
