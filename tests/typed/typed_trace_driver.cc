// SPDX-License-Identifier: LGPL-2.1
// Every record of trace-cmd v6 files, one line each, "ok N: TEXT":
//   typed_trace_info TRACE...      TEXT is tep_print_event's TEP_PRINT_INFO
//   typed_trace_columns TRACE...   TEXT is the typed columns' texts joined with
//                                  their literal print fmt text (ours only)
// Run the first on upstream and the second on ours: the outputs must be equal.
// No plugins are loaded (a handler would print instead of the print fmt).
#include <cstdio>

#include "event-parse.h"
#include "../support/trace_records.h"
#ifdef TYPED_COLUMNS
#include "event-typed.h"
#endif

namespace {

void print_line(int n, const trace_seq& s) {
  printf("ok %d: ", n);
  // One line per record: a newline inside a text is shown as "\n".
  for (unsigned i = 0; i < s.len; i++) {
    if (s.buffer[i] == '\n') fputs("\\n", stdout);
    else putchar(s.buffer[i]);
  }
  putchar('\n');
}

#ifdef TYPED_COLUMNS
void print_columns(tev_catalog* cat, tep_handle* tep, const tep_record& rec, trace_seq* s) {
  tep_event* event = tep_find_event_by_record(tep, const_cast<tep_record*>(&rec));
  tev_event* ev = nullptr;
  if (!event || tev_event_of(cat, event, &ev) != TEV_OK) {
    trace_seq_puts(s, "[no event]");
    return;
  }
  for (int c = 0; c < tev_event_column_count(ev); c++) {
    const tev_column* col = nullptr;
    tev_event_column(ev, c, &col);
    trace_seq_puts(s, tev_column_prefix(col));
    if (tev_format(col, &rec, s) != TEV_OK) trace_seq_puts(s, "[tev_format failed]");
  }
  trace_seq_puts(s, tev_event_suffix(ev));
}
#endif

}  // namespace

int main(int argc, char** argv) {
  for (int a = 1; a < argc; a++) {
    typed_test::TraceRecords trace;
    printf("== %s\n", argv[a]);
    if (!trace.load(argv[a])) {
      printf("cannot read\n");
      continue;
    }
#ifdef TYPED_COLUMNS
    tev_catalog* cat = nullptr;
    if (tev_catalog_new(trace.tep(), &cat) != TEV_OK) return 2;
#endif
    int n = 0;
    for (const tep_record& rec : trace.records()) {
      trace_seq s;
      trace_seq_init(&s);
#ifdef TYPED_COLUMNS
      print_columns(cat, trace.tep(), rec, &s);
#else
      tep_print_event(trace.tep(), &s, const_cast<tep_record*>(&rec), "%s", TEP_PRINT_INFO);
#endif
      print_line(n++, s);
      trace_seq_destroy(&s);
    }
#ifdef TYPED_COLUMNS
    tev_catalog_free(cat);
#endif
  }
  return 0;
}
