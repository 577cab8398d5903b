// SPDX-License-Identifier: LGPL-2.1
#include "print_plan/field_printer.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "base/host_model.h"
#include "print_plan/evaluator.h"
#include "print_plan/field_conversion.h"
#include "format_string/print_fmt_format.h"
#include "core/handle.h"
#include "record/dynamic_word.h"
#include "record/field_access.h"

namespace tep::print_plan {

namespace {

// Where an array field's bytes lie. Dynamic fields follow upstream's checks,
// made on the location before a __rel_loc base is added:
//   the location word itself outside the record -> offset 0, length 0
//   "__data_loc char[] s; size:2" (offset only)  -> length = record size - offset
//   offset beyond the record                     -> offset 0, length 0
//   offset + length beyond the record            -> length 0
struct Span {
  int64_t offset = 0;
  int64_t length = 0;
};

Span array_span(const tep_handle& tep, const tep_format_field& field, const void* data, int64_t size) {
  if (!(record::field_flags(field) & TEP_FIELD_IS_DYNAMIC)) return {field.offset, field.size};
  bool known = size != kUnknownSize;
  if (field.offset < 0 || (known && int64_t{field.offset} + field.size > size)) return {};
  const record::DynamicWord word(
      core::read_in_file_order(tep, static_cast<const char*>(data) + field.offset, field.size));
  // Upstream bounds the offset as written, then applies a __rel_loc.
  const bool relative = record::field_flags(field) & TEP_FIELD_IS_RELATIVE;
  const int64_t rel_base = record::DynamicWord::base_of(field.offset, field.size, relative);
  Span span{word.as_written(), word.length()};
  if (field.size == 2) span.length = known ? size - span.offset : 0;
  if (known && span.offset > size) span = {};
  if (known && span.offset + span.length > size) span.length = 0;
  span.offset += rel_base;
  return span;
}

// isprint || isspace in the C locale.
bool printable(unsigned char c) { return (c >= 0x20 && c < 0x7f) || (c >= '\t' && c <= '\r'); }

// Upstream's test: the bytes up to `length` or the first NUL are printable.
bool printable_text(const unsigned char* p, int64_t length) {
  for (int64_t i = 0; i < length && p[i]; i++)
    if (!printable(p[i])) return false;
  return true;
}

void print_array(Output& s, const void* data, int64_t size, Span span, tep_format_field& field) {
  const unsigned char* bytes = static_cast<const unsigned char*>(data);
  bool known = size != kUnknownSize;
  // Bytes from the span's start to the record's end: never read past it when its size is known.
  if (span.offset < 0) {  // a field said to start before the record (a malformed format)
    s.append("ARRAY[]");
    return;
  }
  int64_t available = !known ? INT64_MAX : span.offset < size ? size - span.offset : 0;
  int64_t readable = std::min(span.length, available);
  const unsigned long flags = record::field_flags(field);
  if ((flags & TEP_FIELD_IS_STRING) && printable_text(bytes + span.offset, readable)) {
    // Printed up to its NUL, as printf's %s would.
    const char* text = reinterpret_cast<const char*>(bytes + span.offset);
    size_t length = !known ? strlen(text) : strnlen(text, static_cast<size_t>(available));
    s.append(std::string_view(text, length));
    return;
  }
  s.append("ARRAY[");
  for (int64_t i = 0; i < readable; i++) {
    if (i) s.append(", ");
    append_byte_hex(s, bytes[span.offset + i]);
  }
  s.append_char(']');
  if (flags & TEP_FIELD_IS_STRING)
    __atomic_fetch_and(&field.flags, ~static_cast<unsigned long>(TEP_FIELD_IS_STRING), __ATOMIC_RELAXED);
}

uint64_t read_scalar(const tep_handle& tep, const void* data, int64_t size, int offset, int length) {
  bool inside = size == kUnknownSize || (offset >= 0 && int64_t{offset} + length <= size);
  return inside ? core::read_in_file_order(tep, static_cast<const char*>(data) + offset, length) : 0;
}

// The value of a '*' argument: a constant or a field.
int star_value(const tep_handle& tep, const void* data, int64_t size, const tep_print_arg* arg) {
  for (int i = 0; arg && arg->type == TEP_PRINT_TYPE && i < 64; i++) arg = arg->typecast.item;
  if (!arg) return 0;
  if (arg->type == TEP_PRINT_ATOM && arg->atom.atom) return static_cast<int>(strtoll(arg->atom.atom, nullptr, 0));
  if (arg->type == TEP_PRINT_FIELD && arg->field.field)
    return static_cast<int>(read_scalar(tep, data, size, arg->field.field->offset, arg->field.field->size));
  return 0;
}

// `variant` is the letter after %p. %ps / %pf: the function's name; %pS / %pF: name+0xoffset ("+0x0"
// at the symbol's start too), an unknown address 0x%llx; any other %p as printf's %p.
// With kNameAndAddress a symbol conversion prints "name (0x...)", the name
// empty when unknown.
void print_pointer(Output& s, const tep_handle& tep, char variant, uint64_t value, SymbolStyle style) {
  bool symbol = variant == 's' || variant == 'f' || variant == 'S' || variant == 'F';
  symbols::FunctionMatch match;
  bool found = symbol && tep.functions.lookup(value, match);
  if (found) {
    s.append(match.name);
    if (variant == 'S' || variant == 'F') {
      s.append_char('+');
      append_hex(s, value - match.start, true);
    }
  }
  if (symbol && style == SymbolStyle::kNameAndAddress) {
    s.append(" (");
    append_hex(s, value, true);
    s.append_char(')');
  } else if (!found) {
    // A plain %p is printf's of the value cast to a pointer (its low 32 bits on
    // i686): "(nil)" for 0; an unknown symbol is 0x%llx.
    if (!symbol) value = base::as_pointer(value);
    if (value == 0 && !symbol)
      s.append("(nil)");
    else
      append_hex(s, value, true);
  }
}

// %s of a long-sized scalar field ("const char * s"): the field holds the
// address of a string in the kernel, shown through the printk formats table
//   0xffffffff82a1b2c3 : "Start context switch"  ->  "Start context switch"
// and as bare hex ("ffffffff82a1b2c3") when the table lacks it. Upstream reads
// the address in host order and ignores the directive's width here.
void print_printk_string(Output& s, const tep_handle& tep, const void* data, int64_t size,
                         const tep_format_field& field) {
  uint64_t addr = 0;
  bool inside = size == kUnknownSize || (field.offset >= 0 && int64_t{field.offset} + field.size <= size);
  const char* at = static_cast<const char*>(data) + field.offset;
  if (inside && field.size == 8) {
    memcpy(&addr, at, 8);
  } else if (inside) {
    uint32_t v;
    memcpy(&v, at, 4);
    addr = v;
  }
  if (const char* printk = tep.printk.find(addr))
    s.append(printk);
  else
    append_hex(s, addr, false);
}

// Through the print fmt's own conversion of the field; false when there is none.
bool print_as_print_fmt_does(Output& s, const tep_handle& tep, const void* data, int64_t size,
                             const tep_format_field& field, uint64_t value, SymbolStyle style,
                             PrintFmtEntries& entries) {
  FieldConversion conversion;
  if (!entries.find(field, conversion)) return false;
  value &= conversion.cast_mask;
  const format_string::Parsed& parsed = conversion.piece->parsed;
  bool pointer = parsed.letter == 'p', text = parsed.letter == 's';
  if (conversion.zero_x_prefix) s.append("0x");
  int star_storage = conversion.star ? star_value(tep, data, size, conversion.star) : 0;
  const int* star = conversion.piece->star_arg >= 0 ? &star_storage : nullptr;
  if (pointer) {
    // "%pS": the letter after 'p' picks the symbol style.
    char variant = parsed.end > parsed.letter_end ? conversion.format[parsed.letter_end] : 0;
    print_pointer(s, tep, variant, value, style);
  } else if (text && (field.size == 4 || field.size == 8) && field.size == tep.long_size) {
    print_printk_string(s, tep, data, size, field);
  } else if (text) {
    // %s of a scalar field: the field's bytes as text, up to a NUL ("char buf; size:0"
    // of old ftrace print events: up to the record's end).
    const char* start = static_cast<const char*>(data) + field.offset;
    int64_t available = size == kUnknownSize                       ? INT64_MAX
                        : field.offset >= 0 && field.offset < size ? size - field.offset
                                                                   : 0;
    int64_t limit = field.size > 0 ? std::min<int64_t>(field.size, available) : available;
    size_t length = limit == INT64_MAX ? strlen(start) : strnlen(start, static_cast<size_t>(limit));
    format_string::format_text(s, format_string::PrintFmt::conversion(conversion.format, *conversion.piece), star,
                               std::string_view(start, length));
  } else {
    format_string::PrintFmtConversion c = format_string::PrintFmt::conversion(conversion.format, *conversion.piece);
    format_string::follow_trace_long(c, tep.long_size);
    format_string::format_number(s, c, star, value);
  }
  return true;
}

void print_scalar(Output& s, const tep_handle& tep, const void* data, int64_t size, const tep_format_field& field,
                  SymbolStyle style, PrintFmtEntries& entries) {
  uint64_t value = read_scalar(tep, data, size, field.offset, field.size);
  if (!entries.exhausted() && print_as_print_fmt_does(s, tep, data, size, field, value, style, entries)) return;
  unsigned long flags = record::field_flags(field);
  if (flags & TEP_FIELD_IS_POINTER) {
    append_hex(s, value, true);
  } else if (flags & TEP_FIELD_IS_SIGNED) {
    switch (field.size) {
      case 4:
        if (flags & TEP_FIELD_IS_LONG)
          append_hex(s, static_cast<uint32_t>(value), true);
        else
          append_decimal(s, static_cast<int32_t>(value));
        break;
      case 2: {
        // "%2d"
        int16_t v = static_cast<int16_t>(value);
        if (v >= 0 && v < 10) s.append_char(' ');
        append_decimal(s, v);
        break;
      }
      case 1:  // "%d" of a char, as upstream casts it: unsigned on arm64 and s390x
        append_decimal(s, static_cast<char>(value));
        break;
      default: append_decimal(s, static_cast<int64_t>(value)); break;
    }
  } else if (flags & TEP_FIELD_IS_LONG) {
    append_hex(s, value, true);
  } else {
    append_unsigned(s, value);
  }
}

void print_content(Output& s, const void* data, int64_t size, tep_format_field& field, SymbolStyle style,
                   PrintFmtEntries& entries) {
  const tep_handle& tep = *field.event->tep;
  if (record::field_flags(field) & TEP_FIELD_IS_ARRAY) {
    print_array(s, data, size, array_span(tep, field, data, size), field);
  } else {
    print_scalar(s, tep, data, size, field, style, entries);
  }
}

void print_named(Output& s, const void* data, int64_t size, tep_format_field& field, SymbolStyle style,
                 PrintFmtEntries& entries) {
  s.append_char(' ');
  s.append(field.name ? field.name : "");
  s.append_char('=');
  print_content(s, data, size, field, style, entries);
}

bool printable_event(const tep_event& event, const void* data) { return data && event.tep; }

}  // namespace

void print_field_content(trace_seq* s, const void* data, int64_t size, tep_format_field& field, SymbolStyle style) {
  if (!field.event || !printable_event(*field.event, data)) return;
  PrintFmtEntries entries(*field.event);
  Output out(s);
  print_content(out, data, size, field, style, entries);
}

// One cursor over the print fmt for the whole record (see field_conversion.h).
void print_fields(Output& s, const void* data, int64_t size, tep_event& event, SymbolStyle style) {
  if (!printable_event(event, data)) return;
  PrintFmtEntries entries(event);
  for (tep_format_field* field = event.format.fields; field; field = field->next)
    print_named(s, data, size, *field, style, entries);
}

void print_fields(trace_seq* s, const void* data, int64_t size, tep_event& event, SymbolStyle style) {
  Output out(s);
  print_fields(out, data, size, event, style);
}

void print_selected_fields(trace_seq* s, const void* data, int64_t size, tep_event& event, uint64_t mask) {
  if (!printable_event(event, data)) return;
  PrintFmtEntries entries(event);
  Output out(s);
  uint64_t bit = 1;  // past the 64th field no bit is left, as upstream's doubling mask
  for (tep_format_field* field = event.format.fields; field; field = field->next, bit <<= 1)
    if (mask & bit) print_named(out, data, size, *field, SymbolStyle::kName, entries);
}

}  // namespace tep::print_plan
