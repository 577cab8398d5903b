// SPDX-License-Identifier: LGPL-2.1
#include "output/event_printer.h"

#include <cstring>
#include <string_view>

#include "core/event.h"
#include "core/handle.h"
#include "output/directive.h"
#include "output/event_time.h"
#include "output/field_printer.h"
#include "output/latency.h"
#include "print/info_printer.h"
#include "trace_seq/seq.h"

namespace tep::output {

namespace {

bool starts_with(const char* text, std::string_view prefix) {
  return strncmp(text, prefix.data(), prefix.size()) == 0;
}

// The string arguments (TEP_PRINT_COMM & co.), matched by prefix as upstream
// does ("INFO_RAW" before "INFO", which is its prefix).
void print_string_argument(tep_handle& tep, trace_seq* s, tep_record& record, tep_event& event,
                           const char* argument, std::string_view directive) {
  if (!argument) argument = "(null)";
  if (starts_with(argument, TEP_PRINT_LATENCY)) {
    print_latency(s, tep_data_flags(&tep, &record), tep_data_preempt_count(&tep, &record));
  } else if (starts_with(argument, TEP_PRINT_COMM)) {
    const char* comm = tep_data_comm_from_pid(&tep, tep_data_pid(&tep, &record));
    format_string_directive(s, directive, comm ? comm : "(null)");
  } else if (starts_with(argument, TEP_PRINT_INFO_RAW)) {
    print_event_info(tep, s, event, record, true);
  } else if (starts_with(argument, TEP_PRINT_INFO)) {
    print_event_info(tep, s, event, record, false);
  } else if (starts_with(argument, TEP_PRINT_NAME)) {
    format_string_directive(s, directive, event.name ? event.name : "(null)");
  } else {
    seq::append(s, "[UNKNOWN TEP TYPE ");
    seq::append(s, argument);
    seq::append_char(s, ']');
  }
}

// The int arguments; an unknown one prints nothing, as upstream.
void print_int_argument(tep_handle& tep, trace_seq* s, tep_record& record, unsigned argument,
                        std::string_view directive) {
  switch (argument) {
    case TEP_PRINT_PID:
      format_int_directive(s, directive, tep_data_pid(&tep, &record));
      break;
    case TEP_PRINT_CPU:
      format_int_directive(s, directive, record.cpu);
      break;
    case TEP_PRINT_TIME:
      print_time(s, parse_time_directive(directive), record.ts);
      break;
    default:
      break;
  }
}

}  // namespace

void print_event_info(tep_handle& tep, trace_seq* s, tep_event& event, tep_record& record, bool raw) {
  if (raw || (event.flags & TEP_EVENT_FL_PRINTRAW)) {
    print_fields(s, record.data, record.size, event, SymbolStyle::kNameAndAddress);
  } else {
    bool pretty = true;
    // The handler writes into the caller's seq, mid-line; non-zero asks for
    // the regular output after its own.
    if (event.handler && !(event.flags & TEP_EVENT_FL_NOHANDLE))
      pretty = event.handler(s, &record, &event, event.context) != 0;
    // lib/print prints "[FAILED TO PARSE]" and the raw fields for an event
    // whose print fmt failed (it may find that out only now, building its plan).
    if (pretty) print::print_info(s, tep, *Event::from(&event), record);
  }
  trace_seq_terminate(s);
}

void print_event(tep_handle& tep, trace_seq* s, tep_record& record, const char* format, va_list args) {
  tep_event* event = tep_find_event_by_record(&tep, &record);
  if (!event) {
    seq::append(s, "[UNKNOWN EVENT]");
    return;
  }
  FormatScanner scanner(format);
  FormatPiece piece;
  while (scanner.next(piece)) {
    seq::append(s, piece.literal);
    switch (piece.kind) {
      case DirectiveKind::kNone:
        break;
      case DirectiveKind::kInt:
        print_int_argument(tep, s, record, va_arg(args, unsigned), piece.directive);
        break;
      case DirectiveKind::kString:
        print_string_argument(tep, s, record, *event, va_arg(args, const char*), piece.directive);
        break;
      case DirectiveKind::kUnknown:
        seq::append(s, "[UNKNOWN TYPE]");
        break;
    }
  }
}

}  // namespace tep::output
