// SPDX-License-Identifier: LGPL-2.1
// Parsing event formats, finding events, listing them, and their fields.
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "compat/export.h"
#include "core/handle.h"
#include "event-parse.h"
#include "event-utils.h"
#include "format/field_lookup.h"
#include "format/format_parser.h"

namespace {

tep_errno parse(tep_handle* tep, tep_event** eventp, const char* buf, unsigned long size, const char* sys) {
  // Upstream dereferences these; an error code is the safe answer.
  if (!tep || !sys || (!buf && size)) return TEP_ERRNO__PARSE_EVENT_FAILED;
  try {
    tep::format::Event* added = nullptr;
    std::string_view text = buf ? std::string_view(buf, size) : std::string_view();
    tep_errno ret = tep::core::add_event_format(*tep, text, sys, &added);
    if (eventp) *eventp = added;
    return ret;
  } catch (...) {
    return TEP_ERRNO__MEM_ALLOC_FAILED;
  }
}

// A malloc'ed NULL-terminated copy of the first `count` fields of `list`.
tep_format_field** field_array(const tep_event* event, const char* kind, int count, tep_format_field* list) {
  if (count < 0) count = 0;
  auto** out = static_cast<tep_format_field**>(malloc(sizeof(tep_format_field*) * (count + 1)));
  if (!out) return nullptr;
  int i = 0;
  for (tep_format_field* f = list; f; f = f->next) {
    if (i == count) {
      tep_warning("event %s has more %s fields than specified", event->name, kind);
      break;
    }
    out[i++] = f;
  }
  if (i != count) tep_warning("event %s has less %s fields than specified", event->name, kind);
  out[i] = nullptr;
  return out;
}

}  // namespace

// Both add the event to the handle whenever its name, id and fields were read
// (a malformed field list is TEP_ERRNO__READ_FORMAT_FAILED and adds nothing,
// as in upstream 1.9.0): a missing or malformed print fmt only marks it
// TEP_EVENT_FL_FAILED.
TEP_EXPORT enum tep_errno tep_parse_event(struct tep_handle* tep, const char* buf, unsigned long size,
                                          const char* sys) {
  return parse(tep, nullptr, buf, size, sys);
}

TEP_EXPORT enum tep_errno tep_parse_format(struct tep_handle* tep, struct tep_event** eventp, const char* buf,
                                           unsigned long size, const char* sys) {
  if (eventp) *eventp = nullptr;
  return parse(tep, eventp, buf, size, sys);
}

TEP_EXPORT struct tep_event* tep_find_event(struct tep_handle* tep, int id) {
  return tep ? tep->events.find_by_id(id) : nullptr;
}

TEP_EXPORT struct tep_event* tep_find_event_by_name(struct tep_handle* tep, const char* sys, const char* name) {
  if (!tep || !name) return nullptr;
  return tep->events.find_by_name(sys, name);
}

TEP_EXPORT struct tep_event* tep_find_event_by_record(struct tep_handle* tep, struct tep_record* record) {
  if (!tep || !record) return nullptr;
  if (record->size < 0) {
    tep_warning("ug! negative record size %d", record->size);
    return nullptr;
  }
  if (!record->data) return nullptr;
  // Within record->size (upstream reads the type whatever it says; tep_data_type
  // does too, for consumers that fill only data): a short record finds no event.
  int type = tep->common_fields.read(*tep, tep::core::CommonField::kType, record->data, record->size);
  return tep->events.find_by_id(type);
}

TEP_EXPORT bool tep_record_is_event(struct tep_record* record, struct tep_event* event) {
  if (!record || !record->data || !event || !event->tep) return false;
  tep_handle* tep = event->tep;
  return tep->common_fields.read(*tep, tep::core::CommonField::kType, record->data, record->size) == event->id;
}

// In id order, as tep_list_events(TEP_EVENT_SORT_ID) lists them.
TEP_EXPORT struct tep_event* tep_get_event(struct tep_handle* tep, int index) {
  if (!tep || index < 0) return nullptr;
  return tep->events.at_sorted(static_cast<size_t>(index));
}

TEP_EXPORT struct tep_event* tep_get_first_event(struct tep_handle* tep) { return tep_get_event(tep, 0); }

TEP_EXPORT int tep_get_events_count(struct tep_handle* tep) { return tep ? static_cast<int>(tep->events.size()) : 0; }

TEP_EXPORT struct tep_event** tep_list_events(struct tep_handle* tep, enum tep_event_sort_type sort_type) {
  if (!tep) return nullptr;
  try {
    return tep->events.listing(sort_type);
  } catch (...) {
    return nullptr;
  }
}

TEP_EXPORT struct tep_event** tep_list_events_copy(struct tep_handle* tep, enum tep_event_sort_type sort_type) {
  if (!tep) return nullptr;
  try {
    return tep->events.listing_copy(sort_type);
  } catch (...) {
    return nullptr;
  }
}

TEP_EXPORT struct tep_format_field* tep_find_common_field(struct tep_event* event, const char* name) {
  if (!event || !name) return nullptr;
  return tep::format::find_field_cached(*tep::format::Event::from(event), tep::format::FieldList::kCommon, name);
}

TEP_EXPORT struct tep_format_field* tep_find_field(struct tep_event* event, const char* name) {
  if (!event || !name) return nullptr;
  return tep::format::find_field_cached(*tep::format::Event::from(event), tep::format::FieldList::kEvent, name);
}

TEP_EXPORT struct tep_format_field* tep_find_any_field(struct tep_event* event, const char* name) {
  if (!event || !name) return nullptr;
  return tep::format::find_field_cached(*tep::format::Event::from(event), tep::format::FieldList::kAny, name);
}

TEP_EXPORT struct tep_format_field** tep_event_common_fields(struct tep_event* event) {
  if (!event) return nullptr;
  return field_array(event, "common", event->format.nr_common, event->format.common_fields);
}

TEP_EXPORT struct tep_format_field** tep_event_fields(struct tep_event* event) {
  if (!event) return nullptr;
  return field_array(event, "event", event->format.nr_fields, event->format.fields);
}
