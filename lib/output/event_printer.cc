// SPDX-License-Identifier: LGPL-2.1
#include "output/event_printer.h"

#include <cstring>
#include <string_view>

#include "format/event.h"
#include "core/handle.h"
#include "event-utils.h"
#include "output/event_time.h"
#include "print/field_printer.h"
#include "output/line_plan.h"
#include "output/latency.h"
#include "print/info_printer.h"
#include "printf/line_format.h"
#include "trace_seq/output_buffer.h"
#include "trace_seq/seq.h"

namespace tep::output {

namespace {

// strncmp(text, prefix, strlen(prefix)) == 0 inline: the prefixes are a few
// letters, compared on every record.
bool starts_with(const char* text, std::string_view prefix) {
  for (char c : prefix)
    if (*text++ != c) return false;
  return true;
}

void print_int(seq::Output& out, const LinePiece& piece, int value) {
  fmt::format_line_int(out, piece.format, value);
}

void print_string(seq::Output& out, const LinePiece& piece, std::string_view text) {
  fmt::format_line_string(out, piece.format, text);
}

int common_field(tep_handle& tep, const tep_record& record, record::CommonField which) {
  return tep.common_fields.read(tep, which, record.data, record.size);
}

// The INFO part: the event's handler, its raw fields, or its print fmt.
void print_event_info(tep_handle& tep, seq::Output& out, tep_event& event, tep_record& record, bool raw) {
  // Atomic: lib/print may set TEP_EVENT_FL_FAILED while another thread prints.
  int flags = __atomic_load_n(&event.flags, __ATOMIC_RELAXED);
  if (raw || (flags & TEP_EVENT_FL_PRINTRAW)) {
    print::print_fields(out.seq(), record.data, record.size, event, print::SymbolStyle::kNameAndAddress);
  } else {
    bool pretty = true;
    // The handler writes into the caller's seq, mid-line; non-zero asks for
    // the regular output after its own.
    if (event.handler && !(flags & TEP_EVENT_FL_NOHANDLE))
      pretty = event.handler(out.seq(), &record, &event, event.context) != 0;
    // lib/print prints "[FAILED TO PARSE]" and the raw fields for an event
    // whose print fmt failed (it may find that out only now, building its plan).
    if (pretty) print::print_info(out, tep, *Event::from(&event), record);
  }
  seq::terminate(out.seq());
}

// The string arguments (TEP_PRINT_COMM & co.), matched by prefix as upstream
// does ("INFO_RAW" before "INFO", which is its prefix).
void print_string_argument(tep_handle& tep, seq::Output& out, tep_record& record, tep_event& event,
                           const char* argument, const LinePiece& piece) {
  if (!argument) argument = "(null)";
  // The first letter picks the one candidate to compare (upstream's order kept).
  const char first = argument[0];
  if (first == 'L' && starts_with(argument, TEP_PRINT_LATENCY)) {
    print_latency(out, common_field(tep, record, record::CommonField::Flags),
                  common_field(tep, record, record::CommonField::PreemptCount));
  } else if (first == 'C' && starts_with(argument, TEP_PRINT_COMM)) {
    const char* comm = tep.comms.comm_of(common_field(tep, record, record::CommonField::Pid));
    print_string(out, piece, comm ? comm : "(null)");
  } else if (first == 'I' && starts_with(argument, TEP_PRINT_INFO_RAW)) {
    print_event_info(tep, out, event, record, true);
  } else if (first == 'I' && starts_with(argument, TEP_PRINT_INFO)) {
    print_event_info(tep, out, event, record, false);
  } else if (first == 'N' && starts_with(argument, TEP_PRINT_NAME)) {
    print_string(out, piece, event.name ? event.name : "(null)");
  } else {
    out.append("[UNKNOWN TEP TYPE ");
    out.append(argument);
    out.append_char(']');
  }
}

// The int arguments; an unknown one prints nothing, as upstream.
void print_int_argument(tep_handle& tep, seq::Output& out, tep_record& record, unsigned argument,
                        const LinePiece& piece) {
  switch (argument) {
    case TEP_PRINT_PID:
      print_int(out, piece, common_field(tep, record, record::CommonField::Pid));
      break;
    case TEP_PRINT_CPU:
      print_int(out, piece, record.cpu);
      break;
    case TEP_PRINT_TIME:
      print_time(out, piece.time, record.ts);
      break;
    default:
      break;
  }
}

}  // namespace

void print_event(tep_handle& tep, trace_seq* s, tep_record& record, const char* format, va_list args) {
  // tep_find_event_by_record's answer, without the C entry point.
  tep_event* event = nullptr;
  if (record.size < 0) tep_warning("ug! negative record size %d", record.size);
  else event = tep.events.find_by_id(common_field(tep, record, record::CommonField::Type));
  if (!event) {
    seq::append(s, "[UNKNOWN EVENT]");
    return;
  }
  LinePlans::Use plan(format);
  // The line's pieces gather in one buffer, written to the seq when it fills,
  // before a handler or raw printer writes to the seq itself, and at the end.
  seq::Output out(s);
  for (const LinePiece& piece : plan.pieces()) {
    out.append(piece.format.literal);
    switch (piece.format.kind) {
      case fmt::LineKind::kNone:
        break;
      case fmt::LineKind::kInt:
        print_int_argument(tep, out, record, va_arg(args, unsigned), piece);
        break;
      case fmt::LineKind::kString:
        print_string_argument(tep, out, record, *event, va_arg(args, const char*), piece);
        break;
      case fmt::LineKind::kUnknown:
        out.append("[UNKNOWN TYPE]");
        break;
    }
  }
  out.flush();
}

}  // namespace tep::output
