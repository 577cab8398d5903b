// SPDX-License-Identifier: LGPL-2.1
// Event and Field: the C++ objects behind the public tep_event / tep_format_field
// views. An event is heap-allocated once, its fields in one block with their
// texts in another, in its table's arena with its print args; none of them
// moves, so the pointers consumers cache (libtracecmd, libkshark, plugins)
// stay valid for the handle's lifetime.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "event-parse.h"
#include "base/generation_slot.h"
#include "base/string_arena.h"
#include "format/arg_tree.h"
#include "format_string/print_fmt.h"

namespace tep::format {

struct Field : tep_format_field {
  uint32_t name_size = 0;  // strlen(name): lookups by name compare it first
  // Resolved once at parse time (field_parser): what readers need per record.
  bool is_signed = false;
  bool is_dynamic = false;   // __data_loc / __rel_loc
  bool is_relative = false;  // __rel_loc
};

// Fields read but not yet placed in their event, with where each one's type
// and name start in `text` (NUL-terminated, side by side). Reused from one
// format to the next, so reading fields allocates nothing once it has grown.
struct FieldDrafts {
  std::vector<Field> fields;
  std::vector<std::pair<uint32_t, uint32_t>> text_at;  // per field: type, name
  std::string text;
  std::string type, name;  // the field being read (FieldGroupParser's)

  void clear() {
    fields.clear();
    text_at.clear();
    text.clear();
  }
  // The texts of the last field added to `fields`.
  void add_texts(std::string_view type, std::string_view name);
  // The fields and their texts of `other` (not the buffers of a field being read).
  void copy_fields(const FieldDrafts& other) {
    fields = other.fields;
    text_at = other.text_at;
    text = other.text;
  }
};

struct Event : tep_event {
  // A standalone event: its fields and print args in memory of its own.
  Event();
  // An event of a table: its fields and print args in `arena` (the table's),
  // which outlives it.
  explicit Event(base::StringArena& arena);
  ~Event();
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;

 private:
  std::unique_ptr<base::StringArena> own_memory_;  // a standalone event's

 public:
  base::StringArena& memory;
  // tep_event::name and ::system point here (NUL-terminated; set_names).
  std::string_view name_text, system_text;
  // The next event of the same name in its table, in id order (EventTable).
  Event* next_same_name = nullptr;
  // Copies both texts into `memory` and points name and system at them.
  void set_names(std::string_view system, std::string_view name);
  // Places `drafts` (the first `common` of them common fields) in one block
  // of fields and one of their types and names, in `memory`, and links
  // format.common_fields and format.fields (common fields then event fields,
  // each list linked through tep_format_field::next); the counts (nr_common,
  // nr_fields) are the caller's.
  void set_fields(const FieldDrafts& drafts, size_t common);
  // Makes the parsed print fmt: print_fmt.format and the tep_print_arg nodes.
  ArgTree print_args;
  // print_fmt.format's directives, read once with the arguments each takes (lib/format_string).
  format_string::PrintFmt print_directives;
  // The compiled print plan, built lazily by lib/print_plan (print_plan::Plan).
  base::GenerationSlot plan;
  // Position in the handle's event table (dense, stable).
  uint32_t index = 0;
  // Unique in the process: tells this event from a later one at the same address.
  const uint64_t serial;

  static Event* from(tep_event* e) { return static_cast<Event*>(e); }
  static const Event* from(const tep_event* e) { return static_cast<const Event*>(e); }
};

inline Field* as_field(tep_format_field* f) { return static_cast<Field*>(f); }
inline const Field* as_field(const tep_format_field* f) { return static_cast<const Field*>(f); }

}  // namespace tep::format
