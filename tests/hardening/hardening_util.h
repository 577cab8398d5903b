// SPDX-License-Identifier: LGPL-2.1
// Helpers shared by the hardening tests: they drive the library only through
// its public C API, as a consumer would, so each test also runs unchanged
// against upstream's library (useful to check the expected texts).
#pragma once

#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "event-parse.h"
#include "trace-seq.h"
#include "../support/files.h"

namespace hardening {

using tep::test::read_file;

// The four common fields every kernel event starts with, then `fields`.
//   name: NAME / ID: 100 / format: / common_* ... / FIELDS / print fmt: PRINT
inline std::string event_format(const std::string& name, int id, const std::string& fields,
                                const std::string& print_fmt) {
  return "name: " + name + "\nID: " + std::to_string(id) +
         "\nformat:\n"
         "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
         "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
         "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
         "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n" +
         fields + "\nprint fmt: " + print_fmt + "\n";
}

// A handle for a little-endian 64-bit trace (on any host: big-endian ones swap).
class Handle {
 public:
  explicit Handle(int long_size = 8) : tep_(tep_alloc()) {
    tep_set_long_size(tep_, long_size);
    tep_set_page_size(tep_, 4096);
    tep_set_file_bigendian(tep_, TEP_LITTLE_ENDIAN);
  }
  ~Handle() { tep_free(tep_); }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  tep_handle* get() const { return tep_; }
  operator tep_handle*() const { return tep_; }

  // tep_parse_format: the error code; *out gets the event (also on some errors).
  int parse(const std::string& text, tep_event** out = nullptr, const char* sys = "t") {
    tep_event* event = nullptr;
    int ret = tep_parse_format(tep_, &event, text.data(), text.size(), sys);
    if (out) *out = event;
    return ret;
  }

 private:
  tep_handle* tep_;
};

// A record under construction: little-endian numbers at fixed offsets.
class Record {
 public:
  explicit Record(size_t size, int type = 100, int pid = 1) : data_(size, 0) {
    if (size >= 2) put(0, 2, static_cast<uint64_t>(type));
    if (size >= 8) put(4, 4, static_cast<uint64_t>(pid));
  }
  Record& put(size_t offset, size_t size, uint64_t value) {
    for (size_t i = 0; i < size && offset + i < data_.size(); i++)
      data_[offset + i] = static_cast<uint8_t>(value >> (8 * i));
    return *this;
  }
  Record& bytes(size_t offset, const void* p, size_t n) {
    for (size_t i = 0; i < n && offset + i < data_.size(); i++)
      data_[offset + i] = static_cast<const uint8_t*>(p)[i];
    return *this;
  }
  Record& text(size_t offset, const std::string& s) { return bytes(offset, s.c_str(), s.size() + 1); }
  std::vector<uint8_t>& data() { return data_; }

  // The record as tep_print_event sees it: an exact-size heap copy (valid as
  // long as this object), so a read past its end is an ASan error.
  tep_record make() {
    uint8_t* copy = copies_.emplace_back(new uint8_t[data_.empty() ? 1 : data_.size()]).get();
    if (!data_.empty()) memcpy(copy, data_.data(), data_.size());
    tep_record r;
    memset(&r, 0, sizeof(r));
    r.data = copy;
    r.size = static_cast<int>(data_.size());
    r.ts = 1234567890123ULL;
    return r;
  }

 private:
  std::vector<uint8_t> data_;
  std::vector<std::unique_ptr<uint8_t[]>> copies_;
};

// Runs tep_print_event with `format` and one argument.
inline std::string print(tep_handle* tep, Record& rec, const char* format = "%s",
                         const char* what = TEP_PRINT_INFO) {
  tep_record r = rec.make();
  trace_seq s;
  trace_seq_init(&s);
  tep_print_event(tep, &s, &r, format, what);
  std::string out(s.buffer, s.len);
  trace_seq_destroy(&s);
  return out;
}

inline std::string info(tep_handle* tep, Record& rec) { return print(tep, rec); }

// tep_print_fields of the record's event (the raw "name=value" list).
inline std::string fields(tep_handle* tep, Record& rec) {
  tep_record r = rec.make();
  tep_event* event = tep_find_event_by_record(tep, &r);
  if (!event) return "<no event>";
  trace_seq s;
  trace_seq_init(&s);
  tep_print_fields(&s, r.data, r.size, event);
  std::string out(s.buffer, s.len);
  trace_seq_destroy(&s);
  return out;
}

// tests/data (meson passes TEST_DATA_DIR).
inline std::string data_dir() {
  const char* d = getenv("TEST_DATA_DIR");
  return d ? d : "tests/data";
}

inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Current resident set of this process, in MiB (0 when /proc is missing).
inline double rss_mib() {
  std::ifstream statm("/proc/self/statm");
  double pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1 << 20);
}

// ASan/UBSan builds and emulated runs (cross builds under qemu, HARDENING_SLOWDOWN) are
// several times slower: time bounds scale with this.
inline double slowdown() {
  const char* emulated = getenv("HARDENING_SLOWDOWN");
  const double factor = emulated && atof(emulated) > 1 ? atof(emulated) : 1.0;
#if defined(__SANITIZE_ADDRESS__)
  return 4.0 * factor;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return 4.0 * factor;
#else
  return factor;
#endif
#else
  return factor;
#endif
}

// "int x" at offset 8: the field most hardening formats print.
inline const char* kIntField = "\tfield:int x;\toffset:8;\tsize:4;\tsigned:1;\n";

// Parses one event with field x and prints a record with x = `x` through `print_fmt`.
inline std::string print_x(const std::string& print_fmt, int long_size = 8, int x = 5) {
  Handle tep(long_size);
  if (tep.parse(event_format("e", 100, kIntField, print_fmt)) != 0) return "<parse error>";
  Record rec(12);
  rec.put(8, 4, static_cast<uint32_t>(x));
  return info(tep, rec);
}

}  // namespace hardening
