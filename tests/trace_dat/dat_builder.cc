// SPDX-License-Identifier: LGPL-2.1
#include "dat_builder.h"

#include <zlib.h>
#include <zstd.h>

#include <cstring>
#include <stdexcept>

namespace trace_dat_test {
namespace {

ByteVec compress(const std::string& name, const ByteVec& in) {
  ByteVec out;
  if (name == "zstd") {
    out.resize(ZSTD_compressBound(in.size()));
    size_t n = ZSTD_compress(out.data(), out.size(), in.data(), in.size(), 3);
    if (ZSTD_isError(n)) throw std::runtime_error("zstd");
    out.resize(n);
  } else {
    uLongf n = compressBound(in.size());
    out.resize(n);
    if (compress2(reinterpret_cast<Bytef*>(out.data()), &n, reinterpret_cast<const Bytef*>(in.data()), in.size(), 6) !=
        Z_OK)
      throw std::runtime_error("zlib");
    out.resize(n);
  }
  return out;
}

ByteVec text_bytes(std::string_view text) {
  ByteVec out(text.size());
  if (!text.empty()) memcpy(out.data(), text.data(), text.size());
  return out;
}

// The metadata parts, in the order of version 6 (each a v7 section's content).
std::vector<ByteVec> metadata_parts(const DatSpec& spec) {
  std::vector<ByteVec> parts;
  Writer header(spec.big_endian);
  std::string page = header_page_text(spec.long_size);
  header.cstring("header_page");
  header.u64(page.size());
  header.text(page);
  std::string event = "# compressed entry header\n\ttype_len    :    5 bits\n";
  header.cstring("header_event");
  header.u64(event.size());
  header.text(event);
  parts.push_back(header.out());

  Writer ftrace(spec.big_endian);
  ftrace.u32(0);
  parts.push_back(ftrace.out());

  Writer events(spec.big_endian);
  events.u32(1);
  events.cstring("test");
  events.u32(1);
  events.u64(strlen(kTickFormat));
  events.text(kTickFormat);
  parts.push_back(events.out());

  Writer kallsyms(spec.big_endian);
  kallsyms.u32(spec.kallsyms.size());
  kallsyms.text(spec.kallsyms);
  parts.push_back(kallsyms.out());

  Writer printk(spec.big_endian);
  printk.u32(spec.printk.size());
  printk.text(spec.printk);
  parts.push_back(printk.out());

  Writer cmdlines(spec.big_endian);
  cmdlines.u64(spec.cmdlines.size());
  cmdlines.text(spec.cmdlines);
  parts.push_back(cmdlines.out());
  return parts;
}

void write_header(const DatSpec& spec, Writer& w) {
  w.text(std::string_view("\x17\x08\x44tracing", 10));
  w.cstring(std::to_string(spec.version));
  w.number(spec.big_endian ? 1 : 0, 1);
  w.number(spec.long_size, 1);
  w.u32(spec.page_size);
}

size_t cpu_count(const DatSpec& spec) { return spec.buffers.empty() ? 0 : spec.buffers[0].cpus.size(); }

ByteVec build_v6(const DatSpec& spec, std::vector<size_t>& marks) {
  Writer w(spec.big_endian);
  write_header(spec, w);
  for (const ByteVec& part : metadata_parts(spec)) {
    marks.push_back(w.size());
    w.bytes(part);
  }
  marks.push_back(w.size());
  uint32_t cpus = static_cast<uint32_t>(cpu_count(spec));
  w.u32(cpus);
  w.text(std::string_view("options  \0", 10));
  std::vector<size_t> instance_offsets;
  for (size_t b = 1; b < spec.buffers.size(); ++b) {
    w.u16(3);
    w.u32(8 + spec.buffers[b].name.size() + 1);
    instance_offsets.push_back(w.size());
    w.u64(0);
    w.cstring(spec.buffers[b].name);
  }
  for (const auto& [id, data] : spec.options) {
    w.u16(id);
    w.u32(data.size());
    w.bytes(data);
  }
  w.u16(0);
  marks.push_back(w.size());
  // Each buffer's CPU list: the top one here, the instances' where their option points.
  std::vector<size_t> lists;
  for (size_t b = 0; b < spec.buffers.size(); ++b) {
    if (b > 0) w.patch(instance_offsets[b - 1], w.size(), 8);
    w.text(std::string_view("flyrecord\0", 10));
    lists.push_back(w.size());
    for (uint32_t c = 0; c < cpus; ++c) {
      w.u64(0);
      w.u64(0);
    }
  }
  for (size_t b = 0; b < spec.buffers.size(); ++b) {
    for (size_t c = 0; c < spec.buffers[b].cpus.size() && c < cpus; ++c) {
      w.align(spec.page_size);
      marks.push_back(w.size());
      w.patch(lists[b] + 16 * c, w.size(), 8);
      w.patch(lists[b] + 16 * c + 8, spec.buffers[b].cpus[c].size(), 8);
      w.bytes(spec.buffers[b].cpus[c]);
    }
  }
  return w.out();
}

// A section: header, then the data (compressed: u32 sizes first).
void write_section(Writer& w, bool big_endian, uint16_t id, const ByteVec& data, const std::string& compression) {
  bool compressed = compression != "none";
  ByteVec body = data;
  if (compressed) {
    ByteVec packed = compress(compression, data);
    Writer inner(big_endian);
    inner.u32(packed.size());
    inner.u32(data.size());
    inner.bytes(packed);
    body = inner.out();
  }
  w.u16(id);
  w.u16(compressed ? 1 : 0);
  w.u32(0);
  w.u64(body.size());
  w.bytes(body);
}

ByteVec build_v7(const DatSpec& spec, std::vector<size_t>& marks) {
  Writer w(spec.big_endian);
  write_header(spec, w);
  w.cstring(spec.compression);
  w.cstring(spec.compression == "none" ? "" : "1.0");
  size_t options_at = w.size();
  w.u64(0);
  std::vector<size_t> section_offsets;
  uint16_t id = 16;
  for (const ByteVec& part : metadata_parts(spec)) {
    marks.push_back(w.size());
    section_offsets.push_back(w.size());
    write_section(w, spec.big_endian, id++, part, spec.compression);
  }
  bool compressed = spec.compression != "none";
  struct Placed {
    uint64_t section = 0;
    std::vector<std::pair<uint64_t, uint64_t>> cpus;
  };
  std::vector<Placed> placed;
  for (const auto& buffer : spec.buffers) {
    Placed p;
    marks.push_back(w.size());
    p.section = w.size();
    w.u16(3);
    w.u16(compressed ? 1 : 0);
    w.u32(0);
    size_t size_at = w.size();
    w.u64(0);
    size_t start = w.size();
    for (const ByteVec& cpu : buffer.cpus) {
      w.align(spec.page_size);
      marks.push_back(w.size());
      uint64_t offset = w.size();
      if (compressed) {
        // One chunk; the size recorded leaves out the chunk count, as trace-cmd writes it.
        ByteVec packed = compress(spec.compression, cpu);
        w.u32(1);
        w.u32(packed.size());
        w.u32(cpu.size());
        w.bytes(packed);
        p.cpus.emplace_back(offset, 8 + packed.size());
      } else {
        w.bytes(cpu);
        p.cpus.emplace_back(offset, cpu.size());
      }
    }
    w.patch(size_at, w.size() - start, 8);
    placed.push_back(p);
  }
  Writer options(spec.big_endian);
  for (size_t i = 0; i < section_offsets.size(); ++i) {
    options.u16(16 + i);
    options.u32(8);
    options.u64(section_offsets[i]);
  }
  options.u16(8);
  options.u32(4);
  options.u32(cpu_count(spec));
  for (size_t b = 0; b < spec.buffers.size(); ++b) {
    Writer option(spec.big_endian);
    option.u64(placed[b].section);
    option.cstring(spec.buffers[b].name);
    option.cstring("local");
    option.u32(spec.page_size);
    option.u32(placed[b].cpus.size());
    for (size_t c = 0; c < placed[b].cpus.size(); ++c) {
      option.u32(c);
      option.u64(placed[b].cpus[c].first);
      option.u64(placed[b].cpus[c].second);
    }
    options.u16(3);
    options.u32(option.size());
    options.bytes(option.out());
  }
  for (const auto& [oid, data] : spec.options) {
    options.u16(oid);
    options.u32(data.size());
    options.bytes(data);
  }
  options.u16(0);
  options.u32(8);
  options.u64(0);
  marks.push_back(w.size());
  w.patch(options_at, w.size(), 8);
  write_section(w, spec.big_endian, 0, options.out(), spec.compression);
  return w.out();
}

}  // namespace

void Writer::number(uint64_t value, int width) {
  for (int i = 0; i < width; ++i) {
    int shift = big_endian_ ? 8 * (width - 1 - i) : 8 * i;
    out_.push_back(static_cast<std::byte>(value >> shift));
  }
}

void Writer::text(std::string_view text) {
  ByteVec bytes = text_bytes(text);
  out_.insert(out_.end(), bytes.begin(), bytes.end());
}

void Writer::patch(size_t at, uint64_t value, int width) {
  for (int i = 0; i < width; ++i) {
    int shift = big_endian_ ? 8 * (width - 1 - i) : 8 * i;
    out_[at + i] = static_cast<std::byte>(value >> shift);
  }
}

const char kTickFormat[] =
    "name: tick\nID: 1\nformat:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
    "\tfield:u64 value;\toffset:8;\tsize:8;\tsigned:0;\n\n"
    "print fmt: \"value=%llu\", REC->value\n";

std::string header_page_text(int long_size) {
  std::string l = std::to_string(long_size);
  std::string data_offset = std::to_string(8 + long_size);
  std::string data_size = std::to_string(4096 - 8 - long_size);
  return "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
         "\tfield: local_t commit;\toffset:8;\tsize:" +
         l + ";\tsigned:1;\n\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n\tfield: char data;\toffset:" +
         data_offset + ";\tsize:" + data_size + ";\tsigned:0;\n";
}

ByteVec tick_payload(bool big_endian, int pid, uint64_t value) {
  Writer w(big_endian);
  w.u16(kTickId);
  w.number(0, 1);
  w.number(0, 1);
  w.u32(static_cast<uint32_t>(pid));
  w.u64(value);
  return w.out();
}

ByteVec make_page(uint32_t page_size, int long_size, bool big_endian, uint64_t ts, const std::vector<PageEvent>& events,
                  uint64_t commit) {
  Writer w(big_endian);
  w.u64(ts);
  w.number(0, long_size);
  size_t start = w.size();
  for (const PageEvent& e : events) {
    uint32_t type_len = static_cast<uint32_t>(e.payload.size() / 4);
    uint32_t word = big_endian ? (type_len << 27) | (e.delta & ((1u << 27) - 1)) : type_len | (e.delta << 5);
    w.u32(word);
    w.bytes(e.payload);
  }
  w.patch(8, commit != ~0ull ? commit : w.size() - start, long_size);
  w.out().resize(page_size);
  return w.out();
}

ByteVec build_dat(const DatSpec& spec, std::vector<size_t>* boundaries) {
  std::vector<size_t> marks;
  ByteVec out = spec.version >= 7 ? build_v7(spec, marks) : build_v6(spec, marks);
  if (boundaries) *boundaries = marks;
  return out;
}

DatSpec two_cpu_spec(int version, int records, bool big_endian, int long_size) {
  DatSpec spec;
  spec.version = version;
  spec.big_endian = big_endian;
  spec.long_size = long_size;
  DatSpec::Buffer top;
  for (int cpu = 0; cpu < 2; ++cpu) {
    std::vector<PageEvent> events;
    for (int i = 0; i < records; ++i) {
      events.push_back({i == 0 ? 0u : 1000u, tick_payload(big_endian, 42, static_cast<uint64_t>(cpu * 1000 + i))});
    }
    top.cpus.push_back(make_page(spec.page_size, long_size, big_endian, static_cast<uint64_t>(cpu), events));
  }
  spec.buffers.push_back(top);
  return spec;
}

}  // namespace trace_dat_test
