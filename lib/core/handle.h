// SPDX-License-Identifier: LGPL-2.1
// struct tep_handle: opaque to C consumers, a plain aggregate of the concept
// objects here. Each member is owned by the folder its header lives in.
#pragma once

#include <atomic>
#include <bit>
#include <cstdint>

#include "event-parse.h"
#include "format/event_table.h"
#include "plugin/plugin_paths.h"
#include "output/handler_registry.h"
#include "printfmt/print_functions.h"
#include "record/common_fields.h"
#include "symbols/comm_table.h"
#include "symbols/function_table.h"
#include "symbols/printk_table.h"

// The layout of one ring-buffer sub-buffer header, from header_page:
//   field: u64 timestamp;	offset:0;	size:8;	signed:0;
//   field: local_t commit;	offset:8;	size:8;	signed:1;
// All zero until tep_parse_header_page() runs, as upstream reports them.
struct tep_header_page_layout {
  int ts_offset = 0, ts_size = 0;
  int size_offset = 0, size_size = 0;  // the commit field
  int data_offset = 0, data_size = 0;
  bool has_overwrite = false;
};

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
  bool file_bigendian = std::endian::native == std::endian::big;  // tep_alloc: the host's, as upstream
  bool host_bigendian = std::endian::native == std::endian::big;
  bool old_format = false;
  bool test_filters = false;
  bool header_page_parsed = false;
  tep_header_page_layout header_page;

  tep::EventTable events;                     // lib/format
  tep::CommTable comms;                       // lib/symbols
  tep::FunctionTable functions;               // lib/symbols (kallsyms + resolver)
  tep::PrintkTable printk;                    // lib/symbols (printk formats)
  tep::PrintFunctionRegistry print_functions; // lib/printfmt
  tep::HandlerRegistry handlers;              // lib/output
  tep::PluginPaths plugin_paths;              // lib/plugin
  tep::record::CommonFieldCache common_fields; // lib/record (tep_data_type & co)

  // Bumped whenever something a print plan depends on arrives later (kallsyms,
  // printk formats, a function resolver, handlers, print functions): plans
  // built under an older generation are rebuilt lazily.
  std::atomic<uint64_t> generation{0};
  void invalidate_plans() { generation.fetch_add(1, std::memory_order_acq_rel); }
};

inline bool tep::record::swaps_bytes(const tep_handle& tep) { return tep.file_bigendian != tep.host_bigendian; }
