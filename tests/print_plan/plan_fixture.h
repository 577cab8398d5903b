// SPDX-License-Identifier: LGPL-2.1
// What the unit tests of lib/print_plan (and lib/print_line, above it) share:
// a handle with events parsed from short field lists, records built byte by
// byte in the host's order, each held in a heap block of exactly its size (so
// that ASan sees a read past it), and the text a printer appends to an Output:
//   Handle h;
//   format::Event* e = h.event(field("u32 a", 8, 4), "\"a=%u\", REC->a");
//   Bytes b(12);
//   b.put<uint32_t>(8, 7);
//   Record r(b);
//   std::string text = printed([&](seq::Output& out) { run_steps(out, r.context(h.tep(), *e), h.plan(*e)); });
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "core/handle.h"
#include "event-parse.h"
#include "format/event.h"
#include "print_plan/evaluator.h"
#include "print_plan/plan_cache.h"
#include "seq/output_buffer.h"
#include "trace-seq.h"

namespace tep::print_plan::testing {

inline constexpr char kCommonFields[] =
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n";

// One line of a format's field list: field("char comm[16]", 8, 16).
inline std::string field(const std::string& declaration, int offset, int size, bool is_signed = false) {
  return "\tfield:" + declaration + ";\toffset:" + std::to_string(offset) + ";\tsize:" + std::to_string(size) +
         ";\tsigned:" + (is_signed ? "1" : "0") + ";\n";
}

// An event's format file: the common fields (8 bytes), `fields`, the print fmt.
inline std::string format_text(const std::string& name, int id, const std::string& fields,
                               const std::string& print_fmt) {
  return "name: " + name + "\nID: " + std::to_string(id) + "\nformat:\n" + kCommonFields + "\n" + fields +
         "\nprint fmt: " + print_fmt + "\n";
}

// A handle of long size 8 reading records in the host's byte order (tep_alloc's default).
class Handle {
 public:
  Handle() {
    tep_ = tep_alloc();
    tep_set_long_size(tep_, 8);
  }
  ~Handle() { tep_free(tep_); }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  tep_handle& tep() { return *tep_; }

  // Parses an event named "e<id>" (a new id each call) into `system`; null
  // when the format does not parse.
  format::Event* event(const std::string& fields, const std::string& print_fmt, const char* system = "t") {
    const int id = next_id_++;
    return parse(format_text("e" + std::to_string(id), id, fields, print_fmt), system);
  }
  format::Event* parse(const std::string& text, const char* system = "t") {
    tep_event* parsed = nullptr;
    if (tep_parse_format(tep_, &parsed, text.c_str(), text.size(), system) != 0 || !parsed) return nullptr;
    return format::Event::from(parsed);
  }

  const Plan& plan(format::Event& event) { return plan_for(*tep_, event); }

 private:
  tep_handle* tep_;
  int next_id_ = 100;
};

// A record's bytes, numbers stored in the host's order.
class Bytes {
 public:
  explicit Bytes(size_t size = 0) : bytes_(size, 0) {}

  template <typename T>
  Bytes& put(size_t offset, T value) {
    if (bytes_.size() < offset + sizeof(T)) bytes_.resize(offset + sizeof(T));
    memcpy(bytes_.data() + offset, &value, sizeof(T));
    return *this;
  }
  // The text's bytes at `offset` (a NUL only where the text has one).
  Bytes& text(size_t offset, std::string_view text) {
    if (bytes_.size() < offset + text.size()) bytes_.resize(offset + text.size());
    memcpy(bytes_.data() + offset, text.data(), text.size());
    return *this;
  }
  Bytes& append(std::string_view payload) {
    bytes_.insert(bytes_.end(), payload.begin(), payload.end());
    return *this;
  }
  // Appends `payload` and points the 4-byte __data_loc word at `field_offset`
  // to it (a __rel_loc counts from the word's end).
  Bytes& dynamic(size_t field_offset, std::string_view payload, bool relative = false) {
    const uint32_t at = static_cast<uint32_t>(bytes_.size());
    append(payload);
    const uint32_t offset = relative ? at - static_cast<uint32_t>(field_offset + 4) : at;
    return put<uint32_t>(field_offset, offset | static_cast<uint32_t>(payload.size()) << 16);
  }
  size_t size() const { return bytes_.size(); }
  const std::vector<uint8_t>& bytes() const { return bytes_; }

 private:
  std::vector<uint8_t> bytes_;
};

// A record holding the first `size` bytes of `bytes` (all by default) in a
// heap block of that size.
class Record {
 public:
  explicit Record(const Bytes& bytes, int size = -1)
      : data_(bytes.bytes().begin(),
              bytes.bytes().begin() + (size >= 0 && static_cast<size_t>(size) < bytes.size() ? size : bytes.size())) {
    record_.data = data_.empty() ? nullptr : data_.data();
    record_.size = static_cast<int>(data_.size());
    record_.cpu = 3;
    record_.ts = 123456789012ULL;
  }
  Record(const Record&) = delete;
  Record& operator=(const Record&) = delete;

  tep_record& get() { return record_; }
  const void* data() const { return record_.data; }
  int size() const { return record_.size; }
  Context context(tep_handle& tep, format::Event& event) const {
    return Context{tep, event, RecordView(tep, record_.data, record_.size)};
  }

 private:
  std::vector<uint8_t> data_;
  tep_record record_{};
};

// The arguments of an event's print fmt, in order.
inline std::vector<const tep_print_arg*> arguments(const format::Event& event) {
  std::vector<const tep_print_arg*> args;
  for (const tep_print_arg* a = event.print_fmt.args; a; a = a->next) args.push_back(a);
  return args;
}

// The text `print` appends to an Output (into a fresh trace_seq).
template <typename Print>
std::string printed(Print&& print) {
  trace_seq s;
  trace_seq_init(&s);
  {
    seq::Output out(&s);
    print(out);
  }
  std::string text(s.buffer, s.len);
  trace_seq_destroy(&s);
  return text;
}

// The same for a printer writing to a trace_seq.
template <typename Print>
std::string printed_to_seq(Print&& print) {
  trace_seq s;
  trace_seq_init(&s);
  print(&s);
  std::string text(s.buffer, s.len);
  trace_seq_destroy(&s);
  return text;
}

}  // namespace tep::print_plan::testing
