// SPDX-License-Identifier: LGPL-2.1
// Builds a tep::format::Event with hand-written fields for the parser tests, so they
// do not depend on the format-file parser.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "format/event.h"
#include "core/handle.h"
#include "print_args/print_fmt_parser.h"

namespace tep::print_args::testing {

struct FieldSpec {
  std::string type;
  std::string name;
  int offset;
  int size;
  unsigned long flags = 0;
};

// common_type/common_flags/common_preempt_count/common_pid, then `fields`.
inline std::unique_ptr<format::Event> make_event(const std::vector<FieldSpec>& fields, const char* system = "test",
                                                 const char* name = "ev") {
  auto event = std::make_unique<format::Event>();
  event->set_names(system, name);
  format::FieldDrafts drafts;
  auto add = [&](const FieldSpec& spec) {
    format::Field& field = drafts.fields.emplace_back();
    field.offset = spec.offset;
    field.size = spec.size;
    field.flags = spec.flags;
    drafts.add_texts(spec.type, spec.name);
  };
  for (const FieldSpec& spec : std::vector<FieldSpec>{{"unsigned short", "common_type", 0, 2},
                                                      {"unsigned char", "common_flags", 2, 1},
                                                      {"unsigned char", "common_preempt_count", 3, 1},
                                                      {"int", "common_pid", 4, 4, TEP_FIELD_IS_SIGNED}}) {
    add(spec);
    ++event->format.nr_common;
  }
  for (const FieldSpec& spec : fields) {
    add(spec);
    ++event->format.nr_fields;
  }
  event->set_fields(drafts, static_cast<size_t>(event->format.nr_common));
  return event;
}

// The fields of tests/data/printfmt/case_template.format.
inline std::unique_ptr<format::Event> make_test_event(const char* system = "test") {
  return make_event({{"int", "a", 8, 4, TEP_FIELD_IS_SIGNED},
                     {"int", "b", 12, 4, TEP_FIELD_IS_SIGNED},
                     {"unsigned long", "flags", 16, 8, TEP_FIELD_IS_LONG},
                     {"char", "name", 24, 16, TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_STRING},
                     {"__data_loc char[]", "str", 40, 4, TEP_FIELD_IS_DYNAMIC | TEP_FIELD_IS_STRING},
                     {"__data_loc unsigned long[]", "mask", 44, 4, TEP_FIELD_IS_DYNAMIC},
                     {"__data_loc u8[]", "buf", 48, 4, TEP_FIELD_IS_DYNAMIC},
                     {"u32", "len", 52, 4}},
                    system);
}

}  // namespace tep::print_args::testing
