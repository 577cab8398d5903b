// SPDX-License-Identifier: LGPL-2.1
// struct tep_handle: opaque to C consumers, a plain aggregate of the concept
// objects below it (Documentation/design.md, "Layers"). Each member is owned by
// the folder its header lives in; what needs several of them at once (adding a
// parsed event, the common fields, reads in the file's byte order) is here.
#pragma once

#include <atomic>
#include <bit>
#include <cstdint>
#include <string_view>

#include "event-parse.h"
#include "base/byte_order.h"
#include "btf/btf.h"
#include "core/common_fields.h"
#include "core/handler_registry.h"
#include "format/event_table.h"
#include "format/header_page.h"
#include "plugin/plugin_paths.h"
#include "print_args/print_functions.h"
#include "record/field_access.h"
#include "symbols/comm_table.h"
#include "symbols/function_table.h"
#include "symbols/printk_table.h"

struct tep_handle {
  tep_handle();
  ~tep_handle();
  tep_handle(const tep_handle&) = delete;
  tep_handle& operator=(const tep_handle&) = delete;

  int ref_count = 1;
  int flags = 0;  // enum tep_flag bits
  int cpus = 0;
  int long_size = 0;
  int page_size = 0;
  bool file_bigendian = tep::base::kHostBigEndian;  // tep_alloc: the host's, as upstream
  bool host_bigendian = tep::base::kHostBigEndian;
  bool old_format = false;
  bool test_filters = false;
  bool header_page_parsed = false;
  tep::format::HeaderPageLayout header_page;

  tep::format::EventTable events;         // lib/format
  tep::symbols::CommTable comms;          // lib/symbols
  tep::symbols::FunctionTable functions;  // lib/symbols (kallsyms + resolver)
  tep::symbols::PrintkTable printk;       // lib/symbols (printk formats)
  tep::print_args::PrintFunctionRegistry print_functions;
  tep::core::HandlerRegistry handlers;        // lib/print_line
  tep::plugin::PluginPaths plugin_paths;      // lib/plugin
  tep::core::CommonFieldCache common_fields;  // lib/record (tep_data_type & co)
  std::unique_ptr<tep::btf::Btf> btf;         // lib/btf (tep_load_btf; freed with the handle)

  // Bumped whenever something a print plan depends on arrives later (kallsyms,
  // printk formats, a function resolver, handlers, print functions): plans
  // built under an older generation are rebuilt lazily.
  std::atomic<uint64_t> generation{0};
  void invalidate_plans() { generation.fetch_add(1, std::memory_order_acq_rel); }
};

namespace tep::core {

// tep_ref / tep_unref: the handle dies with its last reference.
inline void ref(tep_handle& tep) { ++tep.ref_count; }
inline void unref(tep_handle* tep) {
  if (tep && --tep->ref_count <= 0) delete tep;
}

inline bool swaps_bytes(const tep_handle& tep) { return tep.file_bigendian != tep.host_bigendian; }

// lib/record's reads in the trace file's byte order.
inline uint64_t read_in_file_order(const tep_handle& tep, const void* ptr, int size) {
  return base::read_number(ptr, size, swaps_bytes(tep));
}
inline bool read_field_value(const tep_handle& tep, const tep_format_field& field, const void* data, int data_size,
                             uint64_t& out) {
  return record::read_field_value(field, data, data_size, swaps_bytes(tep), out);
}
inline bool resolve_dynamic(const tep_handle& tep, const tep_format_field& field, const void* data, int data_size,
                            int& offset, int& length) {
  return record::resolve_dynamic(field, data, data_size, swaps_bytes(tep), offset, length);
}

// Parses one event format file (lib/format, then its print fmt with
// lib/print_args) into the handle: TEP_ERRNO__SUCCESS with *added set, or
// format::read_event_format's error with nothing added.
tep_errno add_event_format(tep_handle& tep, std::string_view text, std::string_view system, format::Event** added);

// Parses header_page into tep.header_page; marks the handle old-format when
// there is no text, parsed when every mandatory field was read.
format::HeaderPageStatus add_header_page(tep_handle& tep, std::string_view text, int long_size);

}  // namespace tep::core
