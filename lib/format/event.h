// SPDX-License-Identifier: LGPL-2.1
// Event and Field: the C++ objects behind the public tep_event / tep_format_field
// views. Each is heap-allocated once and never moves, so the pointers consumers
// cache (libtracecmd, libkshark, plugins) stay valid for the handle's lifetime.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "event-parse.h"
#include "base/generation_slot.h"
#include "format/arg_tree.h"
#include "printf/print_fmt.h"

namespace tep {

namespace print {
struct Plan;  // lib/print: built and read there only
}  // namespace print

struct Field : tep_format_field {
  std::string type_text;  // tep_format_field::type points here
  std::string name_text;  // tep_format_field::name points here
  // Resolved once at parse time (field_parser): what readers need per record.
  bool is_signed = false;
  bool is_dynamic = false;   // __data_loc / __rel_loc
  bool is_relative = false;  // __rel_loc
};

struct Event : tep_event {
  Event();
  ~Event();
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;

  std::string name_text;    // tep_event::name points here
  std::string system_text;  // tep_event::system points here
  // Common fields then event fields, each list linked through tep_format_field::next.
  std::vector<std::unique_ptr<Field>> field_storage;
  // The parsed print fmt: owns print_fmt.format and the tep_print_arg nodes.
  ArgTree print_args;
  // print_fmt.format's directives, read once with the arguments each takes (lib/printf).
  fmt::PrintFmt print_directives;
  // The compiled print plan, built lazily by lib/print.
  GenerationSlot<print::Plan> plan;
  // Position in the handle's event table (dense, stable).
  uint32_t index = 0;
  // Unique in the process: tells this event from a later one at the same address.
  const uint64_t serial;

  static Event* from(tep_event* e) { return static_cast<Event*>(e); }
  static const Event* from(const tep_event* e) { return static_cast<const Event*>(e); }
};

inline Field* as_field(tep_format_field* f) { return static_cast<Field*>(f); }
inline const Field* as_field(const tep_format_field* f) { return static_cast<const Field*>(f); }

}  // namespace tep
