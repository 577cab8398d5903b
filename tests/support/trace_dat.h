// SPDX-License-Identifier: LGPL-2.1
// TraceDat: the parts of a trace-cmd version 6 file ("\x17\x08\x44tracing6")
// a printing test needs. Layout read here:
//   magic, "6\0", endian byte, long size byte, u32 page size,
//   "header_page\0" u64 size + text, "header_event\0" u64 size + text,
//   u32 count of ftrace formats, each u64 size + text,
//   u32 count of systems, each "sys\0" u32 count, each u64 size + text,
//   u32 size + kallsyms, u32 size + printk formats, u64 size + saved cmdlines,
//   u32 cpus, "options  \0" then (u16 id, u32 size, data)... until id 0,
//   "flyrecord\0" then per CPU u64 offset, u64 size of its pages.
// Little-endian files only (the committed traces are).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "event-parse.h"

namespace threads_test {

struct EventFormat {
  std::string system;
  std::string_view text;
};

struct CpuData {
  uint64_t offset = 0;
  uint64_t size = 0;
};

enum class DatStatus { ok, cannot_read, bad_magic, not_version_6, big_endian, truncated, not_flyrecord };

class TraceDat {
 public:
  DatStatus load(const std::string& path);

  int long_size() const { return long_size_; }
  int page_size() const { return page_size_; }
  std::string_view header_page() const { return header_page_; }
  const std::vector<EventFormat>& formats() const { return formats_; }
  std::string_view kallsyms() const { return kallsyms_; }
  std::string_view printk() const { return printk_; }
  std::string_view cmdlines() const { return cmdlines_; }
  const std::vector<CpuData>& cpus() const { return cpus_; }
  // The file bytes: records point into them.
  const std::string& bytes() const { return bytes_; }

 private:
  DatStatus parse();

  std::string bytes_;
  int long_size_ = 0;
  int page_size_ = 0;
  std::string_view header_page_, kallsyms_, printk_, cmdlines_;
  std::vector<EventFormat> formats_;
  std::vector<CpuData> cpus_;
};

// Every record of the file's CPU buffers, page by page through kbuffer, in
// buffer order (each record's data points into dat's bytes).
std::vector<tep_record> read_records(const TraceDat& dat);

}  // namespace threads_test
