// SPDX-License-Identifier: LGPL-2.1
// A file mapped read-only into memory, for native readers of TraceFile (the
// WebAssembly build hands over bytes it already holds).
#pragma once

#include <cstddef>
#include <string>

#include "trace_dat/byte_cursor.h"

namespace tep::trace_dat {

class MappedFile {
 public:
  MappedFile() = default;
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  // 0, or the errno of what failed. An empty file maps to no bytes.
  int open(const std::string& path);
  Bytes bytes() const { return {static_cast<const std::byte*>(data_), size_}; }

 private:
  void* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace tep::trace_dat
