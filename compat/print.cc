// SPDX-License-Identifier: LGPL-2.1
// tep_print_event and the tep_print_field* family (lib/print_line). Each leaves a
// NUL after the seq's text, printed or not (consumers read seq.buffer as a C
// string right after: KernelShark's columns, perf's sort keys).
#include <algorithm>
#include <cstdarg>
#include <cstring>
#include <string_view>

#include "compat/export.h"
#include "core/handle.h"
#include "print_line/event_printer.h"
#include "print_plan/field_printer.h"
#include "seq/int_text.h"
#include "seq/seq.h"
#include "record/field_access.h"
#include "trace-seq.h"

namespace {

// upstream's tep_read_number_field: 1, 2, 4 or 8 bytes, no sign extension.
// Unlike upstream, a field lying past the record's data counts as missing.
bool read_unsigned_field(const tep_handle& tep, const tep_format_field& field, const tep_record& record,
                         unsigned long long& value) {
  uint64_t v;
  if (!record.data ||
      !tep::record::read_scalar(record.data, record.size, field.offset, field.size, tep::core::swaps_bytes(tep), v))
    return false;
  value = v;
  return true;
}

int missing_field(trace_seq* s, const char* name, int err) {
  if (err) trace_seq_printf(s, "CAN'T FIND FIELD \"%s\"", name);
  tep::seq::nul_terminate(s);  // printed or not, as every printer here
  return -1;
}

// Text into a char[128], cut at 127 characters like upstream's snprintf.
struct BoundedText {
  char (&buf)[128];
  size_t len = 0;
  void add(std::string_view text) {
    size_t n = std::min(text.size(), sizeof(buf) - 1 - len);
    memcpy(buf + len, text.data(), n);
    len += n;
    buf[len] = '\0';
  }
  void add_hex(unsigned long long value, int min_digits) {
    char digits[tep::base::kIntTextSize];
    char* end = digits + sizeof(digits);
    char* start = tep::base::unsigned_digits(value, 16, false, end);
    for (int pad = min_digits - static_cast<int>(end - start); pad > 0; pad--) add("0");
    add(std::string_view(start, end - start));
  }
};

// "name/0x<start - addr>" for an address inside a known function, else "0x%08llx".
void function_text(const tep_handle& tep, unsigned long long addr, char (&buf)[128]) {
  BoundedText text{buf};
  buf[0] = '\0';
  tep::symbols::FunctionMatch match;
  if (tep.functions.lookup(addr, match)) {
    text.add(match.name);
    text.add("/0x");
    text.add_hex(match.start - addr, 1);
  } else {
    text.add("0x");
    text.add_hex(addr, 8);
  }
}

}  // namespace

TEP_EXPORT void tep_print_event(struct tep_handle* tep, struct trace_seq* s, struct tep_record* record, const char* fmt,
                                ...) {
  if (!tep || !s || !record || !fmt) return;
  va_list args;
  va_start(args, fmt);
  try {
    tep::print_line::print_event(*tep, s, *record, fmt, args);
  } catch (...) {
    s->state = TRACE_SEQ__MEM_ALLOC_FAILED;
  }
  va_end(args);
  tep::seq::nul_terminate(s);
}

// The caller's fmt takes one unsigned long long (or one string): it is the
// caller's printf format, as upstream passes it on.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-security"

// A NULL fmt reaches trace_seq_printf, as upstream's: -1 and an empty string.
TEP_EXPORT int tep_print_num_field(struct trace_seq* s, const char* fmt, struct tep_event* event, const char* name,
                                   struct tep_record* record, int err) {
  if (!s || !event || !event->tep || !name || !record) return -1;
  tep_format_field* field = tep_find_field(event, name);
  unsigned long long value;
  if (!field || !read_unsigned_field(*event->tep, *field, *record, value)) return missing_field(s, name, err);
  return trace_seq_printf(s, fmt, value);
}

TEP_EXPORT int tep_print_func_field(struct trace_seq* s, const char* fmt, struct tep_event* event, const char* name,
                                    struct tep_record* record, int err) {
  if (!s || !event || !event->tep || !name || !record) return -1;
  tep_format_field* field = tep_find_field(event, name);
  unsigned long long value;
  if (!field || !read_unsigned_field(*event->tep, *field, *record, value)) return missing_field(s, name, err);
  char text[128];
  function_text(*event->tep, value, text);
  return trace_seq_printf(s, fmt, text);
}

#pragma GCC diagnostic pop

TEP_EXPORT void tep_print_field_content(struct trace_seq* s, void* data, int size, struct tep_format_field* field) {
  if (!s || !data || !field) return;
  tep::print_plan::print_field_content(s, data, size, *field);
  tep::seq::nul_terminate(s);
}

// Upstream passes no record size here and trusts the data.
TEP_EXPORT void tep_print_field(struct trace_seq* s, void* data, struct tep_format_field* field) {
  if (!s || !data || !field) return;
  tep::print_plan::print_field_content(s, data, tep::print_plan::kUnknownSize, *field);
  tep::seq::nul_terminate(s);
}

TEP_EXPORT void tep_print_fields(struct trace_seq* s, void* data, int size, struct tep_event* event) {
  if (!s || !data || !event) return;
  tep::print_plan::print_fields(s, data, size, *event);
  tep::seq::nul_terminate(s);
}

TEP_EXPORT void tep_record_print_fields(struct trace_seq* s, struct tep_record* record, struct tep_event* event) {
  if (!s || !record || !record->data || !event) return;
  tep::print_plan::print_fields(s, record->data, record->size, *event);
  tep::seq::nul_terminate(s);
}

TEP_EXPORT void tep_record_print_selected_fields(struct trace_seq* s, struct tep_record* record,
                                                 struct tep_event* event, unsigned long long select_mask) {
  if (!s || !record || !record->data || !event) return;
  tep::print_plan::print_selected_fields(s, record->data, record->size, *event, select_mask);
  tep::seq::nul_terminate(s);
}
