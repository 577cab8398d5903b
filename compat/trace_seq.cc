// SPDX-License-Identifier: LGPL-2.1
// trace_seq_*: the growable text buffer of the public API (lib/seq/seq.h).
// NULL handling follows upstream where it checks (reset, destroy; a NULL format
// is vsnprintf's: -1 and an empty string) and refuses the rest instead of crashing.
#include <cstring>

#include "compat/export.h"
#include "trace-seq.h"
#include "seq/seq.h"

TEP_EXPORT void trace_seq_init(struct trace_seq* s) {
  if (s) tep::seq::init(s);
}

TEP_EXPORT void trace_seq_reset(struct trace_seq* s) {
  if (s) tep::seq::reset(s);
}

TEP_EXPORT void trace_seq_destroy(struct trace_seq* s) {
  if (s) tep::seq::destroy(s);
}

TEP_EXPORT int trace_seq_printf(struct trace_seq* s, const char* fmt, ...) {
  if (!s) return 0;
  va_list ap;
  va_start(ap, fmt);
  int ret = tep::seq::print_va(s, fmt, ap);
  va_end(ap);
  return ret;
}

TEP_EXPORT int trace_seq_vprintf(struct trace_seq* s, const char* fmt, va_list args) {
  if (!s) return 0;
  return tep::seq::vprint(s, fmt, args);
}

TEP_EXPORT int trace_seq_puts(struct trace_seq* s, const char* str) {
  if (!s || !str) return 0;
  return tep::seq::put_text(s, str);
}

TEP_EXPORT int trace_seq_putc(struct trace_seq* s, unsigned char c) {
  if (!s) return 0;
  return tep::seq::put_char(s, c);
}

TEP_EXPORT void trace_seq_terminate(struct trace_seq* s) {
  if (s) tep::seq::terminate(s);
}

TEP_EXPORT int trace_seq_do_fprintf(struct trace_seq* s, FILE* fp) {
  if (!s || !fp) return -1;
  return tep::seq::write_to(s, fp);
}

TEP_EXPORT int trace_seq_do_printf(struct trace_seq* s) { return trace_seq_do_fprintf(s, stdout); }
