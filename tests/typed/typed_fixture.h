// SPDX-License-Identifier: LGPL-2.1
// What the typed tests share: a handle with the formats of tests/data/typed
// (the twenty hard cases), its kallsyms and printk formats, a catalog, and
// records built by hand from a format:
//   Record r = fx.record("sched", "sched_switch");
//   r.set("prev_state", 0x101).set_string("prev_comm", "bash");
//   tev::Value v = fx.column("sched", "sched_switch", "prev_state").read(r.get());
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "event-parse.h"
#include "event-typed.hpp"
#include "../support/files.h"

namespace typed_test {

using tep::test::read_file;

inline std::string data_dir() {
  const char* dir = getenv("TYPED_DATA_DIR");
  return dir ? dir : "tests/data/typed";
}

// `size` bytes of `value` as a little-endian file holds them.
inline void store_little_endian(uint8_t* at, uint64_t value, size_t size) {
  for (size_t i = 0; i < size; i++) at[i] = static_cast<uint8_t>(value >> (8 * i));
}

// An array of numbers as a little-endian file holds them.
template <typename T, size_t N>
std::vector<uint8_t> little_endian(const T (&values)[N]) {
  std::vector<uint8_t> out(sizeof(values));
  for (size_t k = 0; k < N; k++) store_little_endian(out.data() + k * sizeof(T), static_cast<uint64_t>(values[k]), sizeof(T));
  return out;
}

// What tep_print_event prints for TEP_PRINT_INFO.
inline std::string info_text(tep_handle* tep, const tep_record& rec) {
  trace_seq s;
  trace_seq_init(&s);
  tep_print_event(tep, &s, const_cast<tep_record*>(&rec), "%s", TEP_PRINT_INFO);
  std::string out(s.buffer, s.len);
  trace_seq_destroy(&s);
  return out;
}

// A record of one event, built field by field (little-endian unless told,
// long size 8).
class Record {
 public:
  Record(tep_event* event, size_t extra = 256, bool big_endian = false) : event_(event), big_endian_(big_endian) {
    size_t end = 8;
    tep_format_field** fields = tep_event_fields(event);
    for (int i = 0; fields && fields[i]; i++)
      end = std::max<size_t>(end, fields[i]->offset + static_cast<size_t>(fields[i]->size));
    free(fields);
    bytes_.assign(end, 0);
    bytes_.reserve(end + extra);
    store(0, static_cast<uint16_t>(event->id), 2);
  }
  Record& set(const char* name, uint64_t value) {
    tep_format_field* f = field(name);
    store(f->offset, value, std::min<size_t>(8, f->size));
    return *this;
  }
  // A fixed array (char comm[16], u8 saddr[28]) from bytes.
  Record& set_bytes(const char* name, const void* data, size_t n) {
    tep_format_field* f = field(name);
    memcpy(bytes_.data() + f->offset, data, std::min<size_t>(n, f->size));
    return *this;
  }
  Record& set_string(const char* name, const char* text) { return set_bytes(name, text, strlen(text) + 1); }
  // A __data_loc field: the payload appended, its location word set.
  Record& set_dynamic(const char* name, const void* data, size_t n) {
    tep_format_field* f = field(name);
    uint32_t word = static_cast<uint32_t>(bytes_.size()) | static_cast<uint32_t>(n) << 16;
    store(f->offset, word, 4);
    const auto* p = static_cast<const uint8_t*>(data);
    bytes_.insert(bytes_.end(), p, p + n);
    return *this;
  }
  Record& set_dynamic_string(const char* name, const char* text) {
    return set_dynamic(name, text, strlen(text) + 1);
  }
  // Bytes after the fields (bprint's buf[]).
  Record& append(const void* data, size_t n) {
    const auto* p = static_cast<const uint8_t*>(data);
    bytes_.insert(bytes_.end(), p, p + n);
    return *this;
  }
  // Its bytes so far (where an appended payload goes).
  size_t size() const { return bytes_.size(); }
  // Cuts the record to `size` bytes (a short record).
  Record& truncate(size_t size) {
    size_ = static_cast<int>(size);
    return *this;
  }
  const tep_record& get() {
    rec_ = tep_record{};
    rec_.data = bytes_.data();
    rec_.size = size_ >= 0 ? size_ : static_cast<int>(bytes_.size());
    return rec_;
  }

 private:
  // In the file's byte order, as the handle reads it.
  void store(size_t at, uint64_t value, size_t size) {
    if (!big_endian_) return store_little_endian(bytes_.data() + at, value, size);
    for (size_t i = 0; i < size; i++) bytes_[at + i] = static_cast<uint8_t>(value >> (8 * (size - 1 - i)));
  }

  tep_format_field* field(const char* name) {
    tep_format_field* f = tep_find_any_field(event_, name);
    if (!f) throw std::runtime_error(std::string("no field ") + name);
    return f;
  }
  tep_event* event_;
  bool big_endian_;
  std::vector<uint8_t> bytes_;
  tep_record rec_{};
  int size_ = -1;
};

// The handle and catalog of tests/data/typed, built once per test program.
class Cases {
 public:
  static Cases& get() {
    static Cases cases;
    return cases;
  }
  tep_handle* tep() const { return tep_; }
  tev::Catalog& catalog() { return *catalog_; }
  tep_event* event(const char* sys, const char* name) const {
    tep_event* e = tep_find_event_by_name(tep_, sys, name);
    if (!e) throw std::runtime_error(std::string("no event ") + sys + ":" + name);
    return e;
  }
  tev::Event typed(const char* sys, const char* name) { return *catalog_->of(event(sys, name)); }
  tev::Column column(const char* sys, const char* name, const char* column) {
    std::optional<tev::Column> c = typed(sys, name).find_column(column);
    if (!c) throw std::runtime_error(std::string("no column ") + column);
    return *c;
  }
  Record record(const char* sys, const char* name) const { return Record(event(sys, name)); }
  std::string info(const tep_record& rec) const { return info_text(tep_, rec); }

 private:
  Cases() {
    namespace fs = std::filesystem;
    tep_ = tep_alloc();
    tep_set_long_size(tep_, 8);
    tep_set_page_size(tep_, 4096);
    tep_set_file_bigendian(tep_, TEP_LITTLE_ENDIAN);
    std::string dir = data_dir();
    std::string kallsyms = read_file(dir + "/kallsyms"), printk = read_file(dir + "/printk_formats");
    tep_parse_kallsyms(tep_, kallsyms.c_str());
    tep_parse_printk_formats(tep_, printk.c_str());
    for (const auto& sys : fs::directory_iterator(dir + "/events"))
      for (const auto& ev : fs::directory_iterator(sys.path())) {
        std::string text = read_file((ev.path() / "format").string());
        std::string name = sys.path().filename().string();
        tep_parse_event(tep_, text.c_str(), text.size(), name.c_str());
      }
    catalog_ = std::make_unique<tev::Catalog>(tep_);
  }
  ~Cases() {
    catalog_.reset();
    tep_free(tep_);
  }
  tep_handle* tep_;
  std::unique_ptr<tev::Catalog> catalog_;
};

}  // namespace typed_test
