// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat.h"

#include <cstring>
#include <fstream>
#include <iterator>

#include "kbuffer.h"

namespace threads_test {
namespace {

// A bounds-checked cursor over the file; any read past the end sets `failed`.
struct Cursor {
  std::string_view data;
  size_t pos = 0;
  bool failed = false;

  uint64_t number(size_t width) {
    if (failed || data.size() - pos < width) {
      failed = true;
      return 0;
    }
    uint64_t v = 0;  // a little-endian file
    for (size_t i = 0; i < width; i++) v |= uint64_t{static_cast<unsigned char>(data[pos + i])} << (8 * i);
    pos += width;
    return v;
  }
  std::string_view bytes(uint64_t n) {
    if (failed || data.size() - pos < n) {
      failed = true;
      return {};
    }
    std::string_view out = data.substr(pos, n);
    pos += n;
    return out;
  }
  std::string_view cstring() {
    size_t end = failed ? std::string_view::npos : data.find('\0', pos);
    if (end == std::string_view::npos) {
      failed = true;
      return {};
    }
    std::string_view out = data.substr(pos, end - pos);
    pos = end + 1;
    return out;
  }
};

}  // namespace

DatStatus TraceDat::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return DatStatus::cannot_read;
  bytes_.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return parse();
}

DatStatus TraceDat::parse() {
  Cursor c{bytes_};
  if (c.bytes(10) != std::string_view("\x17\x08\x44tracing", 10)) return DatStatus::bad_magic;
  if (c.cstring() != "6") return DatStatus::not_version_6;
  if (c.number(1) != 0) return DatStatus::big_endian;
  long_size_ = static_cast<int>(c.number(1));
  page_size_ = static_cast<int>(c.number(4));

  c.cstring();  // "header_page"
  header_page_ = c.bytes(c.number(8));
  c.cstring();  // "header_event"
  c.bytes(c.number(8));
  for (uint64_t n = c.number(4); n > 0 && !c.failed; --n) formats_.push_back({"ftrace", c.bytes(c.number(8))});
  for (uint64_t systems = c.number(4); systems > 0 && !c.failed; --systems) {
    std::string system(c.cstring());
    for (uint64_t n = c.number(4); n > 0 && !c.failed; --n) formats_.push_back({system, c.bytes(c.number(8))});
  }
  kallsyms_ = c.bytes(c.number(4));
  printk_ = c.bytes(c.number(4));
  cmdlines_ = c.bytes(c.number(8));
  uint64_t cpu_count = c.number(4);
  if (c.bytes(10) != std::string_view("options  \0", 10)) return c.failed ? DatStatus::truncated : DatStatus::not_flyrecord;
  while (!c.failed) {
    uint64_t id = c.number(2);
    if (id == 0) break;
    c.bytes(c.number(4));
  }
  if (c.bytes(10) != std::string_view("flyrecord\0", 10)) return c.failed ? DatStatus::truncated : DatStatus::not_flyrecord;
  for (uint64_t cpu = 0; cpu < cpu_count && !c.failed; ++cpu) {
    CpuData data;
    data.offset = c.number(8);
    data.size = c.number(8);
    if (data.offset > bytes_.size() || data.size > bytes_.size() - data.offset) return DatStatus::truncated;
    cpus_.push_back(data);
  }
  return c.failed ? DatStatus::truncated : DatStatus::ok;
}

std::vector<tep_record> read_records(const TraceDat& dat) {
  std::vector<tep_record> records;
  kbuffer* kbuf = kbuffer_alloc(dat.long_size() == 8 ? KBUFFER_LSIZE_8 : KBUFFER_LSIZE_4, KBUFFER_ENDIAN_LITTLE);
  for (size_t cpu = 0; cpu < dat.cpus().size(); ++cpu) {
    const CpuData& data = dat.cpus()[cpu];
    for (uint64_t page = 0; page + dat.page_size() <= data.size; page += dat.page_size()) {
      // kbuffer's API takes a non-const page; it only reads it.
      char* start = const_cast<char*>(dat.bytes().data()) + data.offset + page;
      if (kbuffer_load_subbuffer(kbuf, start) < 0) continue;
      unsigned long long ts = 0;
      for (void* event = kbuffer_read_event(kbuf, &ts); event; event = kbuffer_next_event(kbuf, &ts)) {
        tep_record r{};
        r.ts = ts;
        r.size = kbuffer_event_size(kbuf);
        r.record_size = r.size;
        r.data = event;
        r.cpu = static_cast<int>(cpu);
        records.push_back(r);
      }
    }
  }
  kbuffer_free(kbuf);
  return records;
}

}  // namespace threads_test
