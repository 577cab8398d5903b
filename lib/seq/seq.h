// SPDX-License-Identifier: LGPL-2.1
// Appends to a public trace_seq. Two sets of entry points share one growth rule:
//  - append/append_char/appendf: the fast paths the printers use (no vsnprintf for
//    plain text);
//  - the trace_seq_* semantics (init/reset/destroy/puts/putc/vprintf/terminate/
//    write_to) that compat/trace_seq.cc exports unchanged.
// Upstream rules kept: the buffer grows by TRACE_SEQ_BUF_SIZE steps and always keeps
// one spare byte for terminate(); nothing is written once the seq is in an error
// state; a destroyed seq holds the poison pointer 0xdeadbeef, and using it prints
// "Usage of trace_seq after it was destroyed" once per entry point.
// Terminator: consumers read `buffer` as a C string after trace_seq_printf (whose
// vsnprintf leaves a NUL after the text) and after tep_print_event & co. The
// trace_seq_* writers leave a NUL after the text, in the spare byte (upstream's
// puts/putc do not; nothing reads the byte they leave there), init and reset an
// empty string; the exported printers end with nul_terminate(). The inline appends
// the printers use per piece do not: one NUL per call, not per piece.
#pragma once

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string_view>

#include "trace-seq.h"

namespace tep::seq {

void append_slow(trace_seq* s, std::string_view text);
void append_char_slow(trace_seq* s, char c);

// True when `n` more bytes fit with the spare byte kept, in a usable seq.
inline bool has_room(const trace_seq* s, size_t n) {
  return s->state == TRACE_SEQ__GOOD && s->buffer && s->buffer != reinterpret_cast<char*>(uintptr_t{0xdeadbeef}) &&
         uint64_t{s->len} + n + 1 <= s->buffer_size;
}

// Inline when there is room (the per-record case); otherwise grows as upstream.
inline void append(trace_seq* s, std::string_view text) {
  if (!has_room(s, text.size())) return append_slow(s, text);
  if (!text.empty()) memcpy(s->buffer + s->len, text.data(), text.size());
  s->len += static_cast<unsigned>(text.size());
}
inline void append_char(trace_seq* s, char c) {
  if (!has_room(s, 1)) return append_char_slow(s, c);
  s->buffer[s->len++] = c;
}
// A NUL after the text when the seq is usable; no warning otherwise. The exported
// printers end with it (a printer that wrote nothing still leaves an empty string).
inline void nul_terminate(trace_seq* s) {
  if (has_room(s, 0)) s->buffer[s->len] = '\0';
}
void appendf(trace_seq* s, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

// trace_seq_* semantics. Return values are those of the public functions.
void init(trace_seq* s);
void reset(trace_seq* s);
void destroy(trace_seq* s);
int put_text(trace_seq* s, std::string_view text);       // trace_seq_puts
int put_char(trace_seq* s, unsigned char c);             // trace_seq_putc
int print_va(trace_seq* s, const char* fmt, va_list ap)  // trace_seq_printf's body
    __attribute__((format(printf, 2, 0)));
int vprint(trace_seq* s, const char* fmt, va_list ap)  // trace_seq_vprintf
    __attribute__((format(printf, 2, 0)));
void terminate(trace_seq* s);
int write_to(trace_seq* s, FILE* fp);  // trace_seq_do_fprintf

}  // namespace tep::seq
