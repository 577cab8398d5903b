// SPDX-License-Identifier: LGPL-2.1
// Builds trace.dat files for the unit tests: versions 6 and 7, either byte
// order, long size 4 or 8, compressed sections and data (zstd, zlib),
// instances and extra options; the pages hold events of one test format.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace trace_dat_test {

using ByteVec = std::vector<std::byte>;

// Appends numbers in a chosen byte order.
class Writer {
 public:
  explicit Writer(bool big_endian) : big_endian_(big_endian) {}
  void number(uint64_t value, int width);
  void u16(uint64_t v) { number(v, 2); }
  void u32(uint64_t v) { number(v, 4); }
  void u64(uint64_t v) { number(v, 8); }
  void text(std::string_view text);
  void cstring(std::string_view text) {
    this->text(text);
    out_.push_back(std::byte{0});
  }
  void bytes(const ByteVec& data) { out_.insert(out_.end(), data.begin(), data.end()); }
  void patch(size_t at, uint64_t value, int width);
  void align(size_t alignment) { out_.resize((out_.size() + alignment - 1) / alignment * alignment); }
  size_t size() const { return out_.size(); }
  ByteVec& out() { return out_; }

 private:
  bool big_endian_;
  ByteVec out_;
};

// The test event "test:tick" (id 1): common fields, then u64 value.
extern const char kTickFormat[];
inline constexpr int kTickId = 1;
// header_page of a kernel with this long size.
std::string header_page_text(int long_size);

// A tick's payload (16 bytes).
ByteVec tick_payload(bool big_endian, int pid, uint64_t value);

struct PageEvent {
  uint32_t delta = 0;  // from the previous event (27 bits)
  ByteVec payload;     // a multiple of 4 bytes, at most 112
};

// One ring-buffer page: u64 timestamp, long commit, the events; `commit`
// replaces the computed commit word when not ~0.
ByteVec make_page(uint32_t page_size, int long_size, bool big_endian, uint64_t ts, const std::vector<PageEvent>& events,
                  uint64_t commit = ~0ull);

struct DatSpec {
  int version = 6;
  bool big_endian = false;
  int long_size = 8;
  uint32_t page_size = 4096;
  std::string compression = "none";  // v7: "zstd" or "zlib" compress the sections and the data
  std::string kallsyms = "ffffffff81000000 T start_kernel\n";
  std::string printk;
  std::string cmdlines = "42 ticker\n";
  std::vector<std::pair<uint16_t, ByteVec>> options;  // added to the file's options
  struct Buffer {
    std::string name;           // "" for the top buffer
    std::vector<ByteVec> cpus;  // per CPU: its pages, one after the other
  };
  std::vector<Buffer> buffers;  // the top buffer first
};

// The file, and (when `boundaries` is given) the offsets where each of its
// parts starts, for truncation tests.
ByteVec build_dat(const DatSpec& spec, std::vector<size_t>* boundaries = nullptr);

// A file with two CPUs of `records` ticks each (long 8, little-endian unless
// said), ticks of CPU c at ts 1000 * i + c.
DatSpec two_cpu_spec(int version, int records, bool big_endian = false, int long_size = 8);

}  // namespace trace_dat_test
