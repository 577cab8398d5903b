// SPDX-License-Identifier: LGPL-2.1
#include "trace_view/report.h"

#include <algorithm>
#include <cstdarg>
#include <cstring>

#include "core/handle.h"
#include "print_line/event_printer.h"
#include "seq/seq.h"

namespace tep::trace_view {

namespace {

void print(tep_handle& tep, trace_seq* s, tep_record& record, const char* format, ...) {
  va_list args;
  va_start(args, format);
  print_line::print_event(tep, s, record, format, args);
  va_end(args);
}

// The event's name and a colon, padded to 21 columns, then a space.
void append_name(const tep_handle& tep, const Entry& entry, std::string& out) {
  const format::Event* event = tep.events.find_by_id(entry.event_id);
  const size_t start = out.size();
  if (event) out += event->name_text;
  out += ':';
  if (out.size() - start < 21) out.append(21 - (out.size() - start), ' ');
  out += ' ';
}

}  // namespace

std::string report_header(const TraceView& view) {
  return "cpus=" + std::to_string(view.tep() ? view.tep()->cpus : 0) + "\n";
}

void append_report(const TraceView& view, size_t first, size_t count, std::string& out) {
  tep_handle* tep = view.tep();
  if (!tep) return;
  const auto& buffers = view.file().buffers();
  // With instances every line starts with its buffer's name and ": ", the top
  // buffer's with as many spaces, all as wide as the longest.
  size_t prefix_width = 0;
  for (const auto& buffer : buffers)
    if (!buffer.name.empty()) prefix_width = std::max(prefix_width, buffer.name.size() + 2);
  trace_seq s;
  seq::init(&s);
  for (size_t i = first; i < view.count() && i - first < count; ++i) {
    const Entry& entry = view.entry(i);
    tep_record record = view.record(i);
    if (entry.missed_events > 0)
      out += "CPU:" + std::to_string(entry.cpu) + " [" + std::to_string(entry.missed_events) + " EVENTS DROPPED]\n";
    else if (entry.missed_events < 0)
      out += "CPU:" + std::to_string(entry.cpu) + " [EVENTS DROPPED]\n";
    if (prefix_width) {
      const size_t start = out.size();
      if (entry.buffer < buffers.size() && !buffers[entry.buffer].name.empty()) {
        out += buffers[entry.buffer].name;
        out += ": ";
      }
      if (out.size() - start < prefix_width) out.append(prefix_width - (out.size() - start), ' ');
    }
    seq::reset(&s);
    print(*tep, &s, record, "%16s-%-5d [%03d]", TEP_PRINT_COMM, TEP_PRINT_PID, TEP_PRINT_CPU);
    print(*tep, &s, record, view.nanosecond_clock() ? " %6.1000d:" : "%12d:", TEP_PRINT_TIME);
    out.append(s.buffer, s.len);
    out += ' ';
    append_name(*tep, entry, out);
    seq::reset(&s);
    print(*tep, &s, record, "%s", TEP_PRINT_INFO);
    // A text ending its own line (a trace_marker write) gets no second newline.
    out.append(s.buffer, s.len && s.buffer[s.len - 1] == '\n' ? s.len - 1 : s.len);
    out += '\n';
  }
  seq::destroy(&s);
}

}  // namespace tep::trace_view
