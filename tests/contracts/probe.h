/* SPDX-License-Identifier: LGPL-2.1 */
/* The contract probe: one case per observable contract of the exported API.
   Each case runs in its own process (contract_probe CASE) and prints every
   observable of the calls it makes: return values, out-parameters, errno, the
   whole trace_seq state, what callbacks saw. contract_differential.py runs it
   once on upstream 1.9.0 and once on ours and compares the outputs byte for
   byte. Built against upstream's headers: it is a consumer like any other. */
#ifndef CONTRACT_PROBE_H
#define CONTRACT_PROBE_H

#include <errno.h>
#include <stdio.h>

#include "event-parse.h"
#include "kbuffer.h"
#include "trace-seq.h"

/* Flags of a case. Without a flag both libraries must finish and print the same. */
#define UPSTREAM_CRASHES 1   /* upstream dies (NULL dereference...): ours must finish */
#define UPSTREAM_UNDEFINED 2 /* upstream reads memory it does not own: ours must finish */
#define DELIBERATE 4         /* a deliberate difference (Documentation/differences.md): ours must finish */

struct probe_case {
  const char *name;
  void (*run)(void);
  int flags;
};

#define CASE(fn) static void fn(void)
#define ENTRY(fn, flags) { #fn, fn, flags }

/* The value errno holds before each probed call: "untouched" when it is still there. */
#define ERRNO_SENTINEL 4242
#define CALL(expr) (errno = ERRNO_SENTINEL, (expr))
void show_errno(void);

/* Prints label, the whole trace_seq (len, readpos, state, buffer_size,
   whether the buffer is the poison value, the text up to len) and, when
   `cstr`, whether a NUL follows the text ("nul=yes", else "nul=no" and the
   buffer read as a C string, bounded by buffer_size). Where upstream leaves
   no NUL ours leaves one: contract_differential.py reads upstream's "nul=no"
   as "nul=yes", so ours must always say yes. */
void show_seq(const char *label, const struct trace_seq *s, int cstr);
/* Fills the unused part of the buffer with '~': a missing terminator shows. */
void dirty_seq(struct trace_seq *s);
/* A seq with stale text behind len: "STALE-TEXT-STALE-TEXT" then reset. */
void stale_seq(struct trace_seq *s);
void show_text(const char *label, const char *text);

/* A handle with the fixture events, kallsyms, printk formats and comms. */
struct tep_handle *fixture(void);
struct tep_event *fixture_event(struct tep_handle *tep, const char *name);
/* A record of the named fixture event (its bytes are static, per event). */
struct tep_record *fixture_record(struct tep_handle *tep, const char *name);
/* The number of fixture events; one format text by index. */
extern const char *const fixture_formats[];

extern const struct probe_case seq_cases[], handle_cases[], event_cases[], record_cases[],
    print_cases[], filter_cases[], symbol_cases[], plugin_cases[], log_cases[], kbuffer_cases[];

#endif
