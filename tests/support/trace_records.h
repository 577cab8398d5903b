// SPDX-License-Identifier: LGPL-2.1
// A tep handle built from a trace-cmd v6 file (its header page, formats,
// kallsyms, printk formats, saved cmdlines; no plugins) and every record of
// it, read with kbuffer. Records point into the file's bytes, kept here.
// Public API only, so that the same code runs on either library.
#pragma once

#include <cstring>
#include <string>
#include <vector>

#include "trace_dat.h"
#include "event-parse.h"
#include "kbuffer.h"

namespace typed_test {

class TraceRecords {
 public:
  // False when the file cannot be read as a little-endian v6 trace.
  bool load(const std::string& path) {
    if (dat_.load(path) != threads_test::DatStatus::ok) return false;
    tep_ = tep_alloc();
    tep_set_file_bigendian(tep_, TEP_LITTLE_ENDIAN);
    tep_set_long_size(tep_, dat_.long_size());
    tep_set_page_size(tep_, dat_.page_size());
    std::string header(dat_.header_page());
    tep_parse_header_page(tep_, header.data(), header.size(), dat_.long_size());
    for (const threads_test::EventFormat& f : dat_.formats())
      tep_parse_event(tep_, f.text.data(), f.text.size(), f.system.c_str());
    kallsyms_ = std::string(dat_.kallsyms());
    printk_ = std::string(dat_.printk());
    cmdlines_ = std::string(dat_.cmdlines());
    tep_parse_kallsyms(tep_, kallsyms_.c_str());
    tep_parse_printk_formats(tep_, printk_.c_str());
    tep_parse_saved_cmdlines(tep_, cmdlines_.c_str());
    records_ = threads_test::read_records(dat_);
    return true;
  }
  ~TraceRecords() {
    if (tep_) tep_free(tep_);
  }

  tep_handle* tep() const { return tep_; }
  const std::vector<tep_record>& records() const { return records_; }

 private:
  threads_test::TraceDat dat_;
  tep_handle* tep_ = nullptr;
  std::string kallsyms_, printk_, cmdlines_;
  std::vector<tep_record> records_;
};

}  // namespace typed_test
