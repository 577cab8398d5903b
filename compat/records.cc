// SPDX-License-Identifier: LGPL-2.1
// Reading numbers and fields out of records, and the common fields.
#include <cstdint>
#include <string_view>

#include "compat/export.h"
#include "format/event.h"
#include "core/handle.h"
#include "format/field_lookup.h"
#include "event-parse.h"
#include "record/field_access.h"
#include "trace-seq.h"

// Exported by upstream without a public prototype; plugins built against it call it.
TEP_EXPORT int get_field_val(struct trace_seq* s, struct tep_format_field* field, const char* name,
                             struct tep_record* record, unsigned long long* val, int err);

namespace {

// Read from record->data whatever record->size says (upstream's contract).
int common_value(tep_handle* tep, tep_record* rec, tep::core::CommonField which) {
  if (!tep || !rec || !rec->data) return -1;
  return tep->common_fields.read_unbounded(*tep, which, rec->data);
}

}  // namespace

// A NULL handle reads in host order: libtracecmd converts its own sizes that way.
TEP_EXPORT unsigned long long tep_read_number(struct tep_handle* tep, const void* ptr, int size) {
  if (!ptr) return 0;
  if (!tep) return tep::base::read_number(ptr, size, false);
  return tep::core::read_in_file_order(*tep, ptr, size);
}

namespace {

// tep_read_number_field's body. The exported functions here call these
// helpers, not each other, to skip the PLT on per-record paths.
int read_number_field(const tep_format_field* field, const void* data, unsigned long long* value) {
  if (!field || !data || !value || !tep::record::is_scalar_size(field->size) || !field->event || !field->event->tep)
    return -1;
  *value =
      tep::core::read_in_file_order(*field->event->tep, static_cast<const char*>(data) + field->offset, field->size);
  return 0;
}

// get_field_val's body. The messages (with err set) are upstream's: "<CANT
// FIND FIELD name>" when the event has no such field, " name=INVALID" when it
// is not a 1/2/4/8-byte number (or, here, lies outside the record). Out of
// line: the fast paths below end in a tail call of it.
[[gnu::noinline]] int field_value(trace_seq* s, const tep_format_field* field, const char* name,
                                  const tep_record* record, unsigned long long* val, int err) {
  if (!field) {
    if (err && s) trace_seq_printf(s, "<CANT FIND FIELD %s>", name);
    return -1;
  }
  // read_number_field's checks and read, in one pass: plugins call
  // get_field_val for every field they read.
  const tep_handle* tep = field->event ? field->event->tep : nullptr;
  uint64_t v;
  if (!record || !val || !record->data || !tep ||
      !tep::record::read_scalar(record->data, record->size, field->offset, field->size, tep::core::swaps_bytes(*tep),
                                v)) {
    if (err && s) trace_seq_printf(s, " %s=INVALID", name);
    return -1;
  }
  *val = v;
  return 0;
}

// read_plain for a field of kSize bytes.
template <int kSize>
bool read_sized(const tep_format_field& field, const tep_record& record, unsigned long long* val) {
  // The offset as unsigned: a negative one ends past any record.
  const uint32_t offset = static_cast<uint32_t>(field.offset);
  if (int64_t{offset} > int64_t{record.size} - kSize) return false;
  *val = tep::base::read_number(static_cast<const char*>(record.data) + offset, kSize, false);
  return true;
}

// field_value's success, inline in the callers' fast path: a field of 1, 2,
// 4 or 8 bytes inside the record, which is in the host's byte order (swapping
// here costs the usual case more registers than it saves). False for anything
// else, which the caller leaves to field_value.
inline bool read_plain(const tep_format_field& field, const tep_record* record, unsigned long long* val) {
  if (!record || !val || !record->data || !field.event || !field.event->tep ||
      tep::core::swaps_bytes(*field.event->tep))
    return false;
  switch (field.size) {
    case 1: return read_sized<1>(field, *record, val);
    case 2: return read_sized<2>(field, *record, val);
    case 4: return read_sized<4>(field, *record, val);
    case 8: return read_sized<8>(field, *record, val);
    default: return false;
  }
}

// Everything but a fast hit, with the messages. Out of line and taking the
// callers' arguments as they are: their fast path ends in a tail call, with
// no call of its own to keep registers across.
template <tep::format::FieldList list>
[[gnu::noinline]] int value_by_name(trace_seq* s, tep_event* event, const char* name, tep_record* record,
                                    unsigned long long* val, int err) {
  if (!event || !name) return -1;
  const tep::format::Event& e = *tep::format::Event::from(event);
  tep::format::field_cache::Slot& slot = tep::format::field_cache::slot_of(e, list, name);
  tep_format_field* field = tep::format::field_cache::text_hit(slot, e, list, name)
                                ? slot.field
                                : tep::format::field_cache::look_up(slot, e, list, name);
  return field_value(s, field, name, record, val, err);
}

// tep_get_field_val and its common / any siblings: a fast hit in the field
// cache read inline or by field_value (a missing field, which plugins ask for
// on every record too, a record in the other byte order, an error), anything
// else through value_by_name.
template <tep::format::FieldList list>
inline int value_by_name_fast(trace_seq* s, tep_event* event, const char* name, tep_record* record,
                              unsigned long long* val, int err) {
  // fast_hit needs no null check of name: no filled slot has a null name.
  if (event) {
    const tep::format::Event& e = *tep::format::Event::from(event);
    const tep::format::field_cache::Slot& slot = tep::format::field_cache::slot_of(e, list, name);
    if (tep::format::field_cache::fast_hit(slot, e, list, name)) {
      if (slot.field && read_plain(*slot.field, record, val)) return 0;
      return field_value(s, slot.field, name, record, val, err);
    }
  }
  return value_by_name<list>(s, event, name, record, val, err);
}

}  // namespace

// The field's bytes, unsigned (no sign extension), for sizes 1, 2, 4 and 8.
TEP_EXPORT int tep_read_number_field(struct tep_format_field* field, const void* data, unsigned long long* value) {
  return read_number_field(field, data, value);
}

TEP_EXPORT int get_field_val(struct trace_seq* s, struct tep_format_field* field, const char* name,
                             struct tep_record* record, unsigned long long* val, int err) {
  return field_value(s, field, name, record, val, err);
}

TEP_EXPORT int tep_get_field_val(struct trace_seq* s, struct tep_event* event, const char* name,
                                 struct tep_record* record, unsigned long long* val, int err) {
  return value_by_name_fast<tep::format::FieldList::kEvent>(s, event, name, record, val, err);
}

TEP_EXPORT int tep_get_common_field_val(struct trace_seq* s, struct tep_event* event, const char* name,
                                        struct tep_record* record, unsigned long long* val, int err) {
  return value_by_name_fast<tep::format::FieldList::kCommon>(s, event, name, record, val, err);
}

TEP_EXPORT int tep_get_any_field_val(struct trace_seq* s, struct tep_event* event, const char* name,
                                     struct tep_record* record, unsigned long long* val, int err) {
  return value_by_name_fast<tep::format::FieldList::kAny>(s, event, name, record, val, err);
}

// A pointer to the field's bytes in the record and their length: for a
// __data_loc / __rel_loc field, the payload it points to. Null when the event
// has no such field or the bytes lie outside the record.
TEP_EXPORT void* tep_get_field_raw(struct trace_seq* s, struct tep_event* event, const char* name,
                                   struct tep_record* record, int* len, int err) {
  if (!event || !name) return nullptr;
  tep_format_field* field =
      tep::format::find_field_cached(*tep::format::Event::from(event), tep::format::FieldList::kEvent, name);
  if (!field) {
    if (err && s) trace_seq_printf(s, "<CANT FIND FIELD %s>", name);
    return nullptr;
  }
  if (!record || !record->data || !event->tep) return nullptr;
  int offset = field->offset;
  int length = field->size;
  if (field->flags & TEP_FIELD_IS_DYNAMIC) {
    if (!tep::core::resolve_dynamic(*event->tep, *field, record->data, record->size, offset, length)) return nullptr;
  } else if (!tep::record::within(offset, length, record->size)) {
    return nullptr;
  }
  if (len) *len = length;
  return static_cast<char*>(record->data) + offset;
}

TEP_EXPORT int tep_data_type(struct tep_handle* tep, struct tep_record* rec) {
  return common_value(tep, rec, tep::core::CommonField::kType);
}

TEP_EXPORT int tep_data_pid(struct tep_handle* tep, struct tep_record* rec) {
  return common_value(tep, rec, tep::core::CommonField::kPid);
}

TEP_EXPORT int tep_data_preempt_count(struct tep_handle* tep, struct tep_record* rec) {
  return common_value(tep, rec, tep::core::CommonField::kPreemptCount);
}

TEP_EXPORT int tep_data_flags(struct tep_handle* tep, struct tep_record* rec) {
  return common_value(tep, rec, tep::core::CommonField::kFlags);
}
