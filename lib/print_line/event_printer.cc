// SPDX-License-Identifier: LGPL-2.1
#include "print_line/event_printer.h"

#include <cstring>
#include <string_view>

#include "format/event.h"
#include "core/handle.h"
#include "event-utils.h"
#include "print_line/event_time.h"
#include "print_plan/field_printer.h"
#include "print_line/line_plan.h"
#include "print_line/latency.h"
#include "print_plan/info_printer.h"
#include "format_string/line_format.h"
#include "seq/output_buffer.h"
#include "seq/seq.h"

namespace tep::print_line {

namespace {

// strncmp(text, prefix, strlen(prefix)) == 0 inline: the prefixes are a few
// letters, compared on every record.
bool starts_with(const char* text, std::string_view prefix) {
  for (char c : prefix)
    if (*text++ != c) return false;
  return true;
}

void print_string(seq::Output& out, const LinePiece& piece, std::string_view text) {
  format_string::format_line_string(out, piece.format, text);
}

// The formatter's sink into a piece's memo; `overflow` when the text does not fit.
class MemoSink {
 public:
  explicit MemoSink(LinePiece::Memo& memo) : memo_(memo) { memo_.size = 0; }
  void append(std::string_view text) {
    if (text.size() > sizeof(memo_.text) - memo_.size) {
      overflow = true;
      return;
    }
    memcpy(memo_.text + memo_.size, text.data(), text.size());
    memo_.size = static_cast<uint8_t>(memo_.size + text.size());
  }
  void append_char(char c) { append(std::string_view(&c, 1)); }
  void append_repeated(char c, int64_t count) {
    if (count <= 0) return;
    if (static_cast<uint64_t>(count) > sizeof(memo_.text) - memo_.size) {
      overflow = true;
      return;
    }
    memset(memo_.text + memo_.size, c, static_cast<size_t>(count));
    memo_.size = static_cast<uint8_t>(memo_.size + count);
  }
  bool overflow = false;

 private:
  LinePiece::Memo& memo_;
};

// What the pieces print from; part of a memo's key, since one format may be
// given different arguments by different calls.
enum class PieceSource : uint64_t { kPid = 1, kCpu = 2, kComm = 3 };

// The piece's literal and `print(sink)`, its text for `key` and `detail`:
// from the memo when it holds those, into it otherwise (directly into `out`
// when it does not fit).
template <typename Print>
void print_memoized(seq::Output& out, const LinePiece& piece, PieceSource source, uint64_t key, uint32_t detail,
                    Print print) {
  // Never 0 (the source is not): a memo whose key2 is 0 holds nothing.
  const uint64_t key2 = uint64_t{detail} << 8 | static_cast<uint64_t>(source);
  LinePiece::Memo* memo = piece.memos;
  if (memo[0].key == key && memo[0].key2 == key2) {
    piece.older_memo = 1;
    return out.append(memo[0].view());
  }
  if (memo[1].key == key && memo[1].key2 == key2) {
    piece.older_memo = 0;
    return out.append(memo[1].view());
  }
  memo += piece.older_memo;
  piece.older_memo ^= 1;
  memo->key2 = 0;  // until the text is whole
  MemoSink sink(*memo);
  sink.append(piece.format.literal);
  print(sink);
  if (sink.overflow) {
    out.append(piece.format.literal);
    return print(out);
  }
  memo->key = key;
  memo->key2 = key2;
  out.append(memo->view());
}

int common_field(tep_handle& tep, const tep_record& record, core::CommonField which) {
  return tep.common_fields.read(tep, which, record.data, record.size);
}

// The INFO part: the event's handler, its raw fields, or its print fmt.
void print_event_info(tep_handle& tep, seq::Output& out, tep_event& event, tep_record& record, bool raw) {
  // Atomic: lib/print_plan may set TEP_EVENT_FL_FAILED while another thread prints.
  int flags = __atomic_load_n(&event.flags, __ATOMIC_RELAXED);
  if (raw || (flags & TEP_EVENT_FL_PRINTRAW)) {
    print_plan::print_fields(out.seq(), record.data, record.size, event, print_plan::SymbolStyle::kNameAndAddress);
  } else {
    bool pretty = true;
    // The handler writes into the caller's seq, mid-line; non-zero asks for
    // the regular output after its own.
    if (event.handler && !(flags & TEP_EVENT_FL_NOHANDLE))
      pretty = event.handler(out.seq(), &record, &event, event.context) != 0;
    // lib/print_plan prints "[FAILED TO PARSE]" and the raw fields for an event
    // whose print fmt failed (it may find that out only now, building its plan).
    if (pretty) print_plan::print_info(out, tep, *format::Event::from(&event), record);
  }
  seq::terminate(out.seq());
}

// The string arguments (TEP_PRINT_COMM & co.), matched by prefix as upstream
// does ("INFO_RAW" before "INFO", which is its prefix), each after the
// piece's literal.
void print_string_argument(tep_handle& tep, seq::Output& out, tep_record& record, tep_event& event,
                           const char* argument, const LinePiece& piece) {
  if (!argument) argument = "(null)";
  // The first letter picks the one candidate to compare (upstream's order kept).
  const char first = argument[0];
  // A remembered comm holds the literal before it; everything else prints it first.
  if (first != 'C') out.append(piece.format.literal);
  if (first == 'L' && starts_with(argument, TEP_PRINT_LATENCY)) {
    print_latency(out, common_field(tep, record, core::CommonField::kFlags),
                  common_field(tep, record, core::CommonField::kPreemptCount));
  } else if (first == 'C' && starts_with(argument, TEP_PRINT_COMM)) {
    const int pid = common_field(tep, record, core::CommonField::kPid);
    // A comm found under one version of the table holds while it is the same.
    print_memoized(out, piece, PieceSource::kComm, tep.comms.version(), static_cast<uint32_t>(pid), [&](auto& sink) {
      const char* comm = tep.comms.comm_of(pid);
      format_string::format_line_string(sink, piece.format, comm ? comm : "(null)");
    });
  } else if (first == 'I' && starts_with(argument, TEP_PRINT_INFO_RAW)) {
    print_event_info(tep, out, event, record, true);
  } else if (first == 'I' && starts_with(argument, TEP_PRINT_INFO)) {
    print_event_info(tep, out, event, record, false);
  } else if (first == 'N' && starts_with(argument, TEP_PRINT_NAME)) {
    print_string(out, piece, event.name ? event.name : "(null)");
  } else {
    if (first == 'C') out.append(piece.format.literal);
    out.append("[UNKNOWN TEP TYPE ");
    out.append(argument);
    out.append_char(']');
  }
}

// The int arguments, each after the piece's literal (a remembered pid or CPU
// holds it); an unknown one prints nothing, as upstream.
void print_int_argument(tep_handle& tep, seq::Output& out, tep_record& record, unsigned argument,
                        const LinePiece& piece) {
  switch (argument) {
    case TEP_PRINT_PID: {
      const int pid = common_field(tep, record, core::CommonField::kPid);
      print_memoized(out, piece, PieceSource::kPid, static_cast<uint32_t>(pid), 0,
                     [&](auto& sink) { format_string::format_line_int(sink, piece.format, pid); });
      break;
    }
    case TEP_PRINT_CPU:
      print_memoized(out, piece, PieceSource::kCpu, static_cast<uint32_t>(record.cpu), 0,
                     [&](auto& sink) { format_string::format_line_int(sink, piece.format, record.cpu); });
      break;
    case TEP_PRINT_TIME:
      out.append(piece.format.literal);
      print_time(out, piece.time, record.ts);
      break;
    default: out.append(piece.format.literal); break;
  }
}

}  // namespace

void print_event(tep_handle& tep, trace_seq* s, tep_record& record, const char* format, va_list args) {
  // tep_find_event_by_record's answer, without the C entry point.
  tep_event* event = nullptr;
  if (record.size < 0)
    tep_warning("ug! negative record size %d", record.size);
  else
    event = tep.events.find_by_id(common_field(tep, record, core::CommonField::kType));
  if (!event) {
    seq::append(s, "[UNKNOWN EVENT]");
    return;
  }
  LinePlans::Use plan(format);
  // The line's pieces gather in one buffer, written to the seq when it fills,
  // before a handler or raw printer writes to the seq itself, and at the end.
  seq::Output out(s);
  for (const LinePiece& piece : plan.pieces()) {
    switch (piece.format.kind) {
      case format_string::LineKind::kNone: out.append(piece.format.literal); break;
      case format_string::LineKind::kInt: print_int_argument(tep, out, record, va_arg(args, unsigned), piece); break;
      case format_string::LineKind::kString:
        print_string_argument(tep, out, record, *event, va_arg(args, const char*), piece);
        break;
      case format_string::LineKind::kUnknown:
        out.append(piece.format.literal);
        out.append("[UNKNOWN TYPE]");
        break;
    }
  }
  out.flush();
}

}  // namespace tep::print_line
