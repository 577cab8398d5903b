// SPDX-License-Identifier: LGPL-2.1
// A handle with the event formats of tests/data/filter and records built
// from field values, for the filter tests.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "event-parse.h"

namespace tep::filter::testing {

inline std::string data_dir() {
  const char* dir = getenv("FILTER_DATA_DIR");
  return dir ? dir : "tests/data/filter";
}

inline tep_handle* load_handle() {
  tep_handle* tep = tep_alloc();
  tep_set_long_size(tep, 8);
  // Records are built in the host's byte order (RecordBuilder).
  tep_set_file_bigendian(tep, tep_is_bigendian() ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
  for (const char* path : {"sched/sched_switch", "sched/sched_wakeup", "sched/sched_process_exec",
                           "irq/irq_handler_entry", "kmem/kmalloc", "ftrace/print"}) {
    std::ifstream in(data_dir() + "/events/" + path + "/format");
    std::stringstream text;
    text << in.rdbuf();
    std::string sys(path, strchr(path, '/') - path);
    tep_parse_event(tep, text.str().c_str(), text.str().size(), sys.c_str());
  }
  tep_register_comm(tep, "bash", 42);
  tep_register_function(tep, (char*)"do_sys_open", 0xffffffff816b5580ULL, nullptr);
  return tep;
}

// A record of `event` with the given field values (numbers, or strings for
// char arrays and __data_loc fields).
class RecordBuilder {
 public:
  explicit RecordBuilder(tep_event* event) : event_(event), data_(256, 0) {
    set("common_type", event->id);
  }
  // The field's low bytes of `value`, in the host's order.
  RecordBuilder& set(const char* name, uint64_t value) {
    tep_format_field* f = tep_find_any_field(event_, name);
    const int size = f && f->size <= 8 ? f->size : 8;
    for (int i = 0; f && i < size; i++)
      data_[f->offset + (tep_is_bigendian() ? size - 1 - i : i)] = static_cast<unsigned char>(value >> (8 * i));
    return *this;
  }
  RecordBuilder& set(const char* name, const char* text) {
    tep_format_field* f = tep_find_any_field(event_, name);
    if (!f) return *this;
    if (f->flags & TEP_FIELD_IS_DYNAMIC) {
      uint32_t loc = static_cast<uint32_t>(dynamic_) | static_cast<uint32_t>(strlen(text) + 1) << 16;
      memcpy(data_.data() + f->offset, &loc, 4);
      memcpy(data_.data() + dynamic_, text, strlen(text) + 1);
      dynamic_ += static_cast<int>(strlen(text)) + 1;
    } else {
      strncpy(reinterpret_cast<char*>(data_.data()) + f->offset, text, f->size);
    }
    return *this;
  }
  tep_record* record(int cpu = 0) {
    record_ = tep_record{};
    record_.data = data_.data();
    record_.size = dynamic_;
    record_.cpu = cpu;
    return &record_;
  }

 private:
  tep_event* event_;
  std::vector<unsigned char> data_;
  int dynamic_ = 128;
  tep_record record_{};
};

}  // namespace tep::filter::testing
