/* SPDX-License-Identifier: LGPL-2.1 */
/* trace_seq_*: what each call leaves in the seq (terminator, len, readpos,
   state, buffer_size) and in errno, NULL arguments, destroyed and failed seqs. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "probe.h"

#pragma GCC diagnostic ignored "-Wformat-zero-length"
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wnonnull"
#pragma GCC diagnostic ignored "-Wformat-security"

static int vprintf_seq(struct trace_seq *s, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int ret = trace_seq_vprintf(s, fmt, ap);
  va_end(ap);
  return ret;
}

static char *repeated(char c, size_t n)
{
  char *text = malloc(n + 1);
  memset(text, c, n);
  text[n] = 0;
  return text;
}

CASE(seq_init_state)
{
  struct trace_seq s;
  memset(&s, 0x5a, sizeof(s));
  CALL(trace_seq_init(&s));
  show_errno();
  show_seq("after init", &s, 0);
  trace_seq_destroy(&s);
}

CASE(seq_init_null) { CALL(trace_seq_init(NULL)); show_errno(); }

CASE(seq_printf_leaves_nul_after_text)
{
  struct trace_seq s;
  stale_seq(&s);
  int ret = CALL(trace_seq_printf(&s, "%d", 5));
  printf("  ret=%d\n", ret);
  show_errno();
  show_seq("after printf", &s, 1);
  ret = trace_seq_printf(&s, "%s-%x", "ab", 255);
  printf("  ret=%d\n", ret);
  show_seq("after second printf", &s, 1);
  trace_seq_destroy(&s);
}

CASE(seq_printf_plain_text_leaves_nul)
{
  struct trace_seq s;
  stale_seq(&s);
  int ret = trace_seq_printf(&s, "abc");
  printf("  ret=%d\n", ret);
  show_seq("after printf", &s, 1);
  trace_seq_destroy(&s);
}

CASE(seq_printf_empty_leaves_nul)
{
  struct trace_seq s;
  stale_seq(&s);
  int ret = trace_seq_printf(&s, "%s", "");
  printf("  ret=%d\n", ret);
  show_seq("after printf %s of \"\"", &s, 1);
  trace_seq_puts(&s, "ab");
  dirty_seq(&s);
  ret = trace_seq_printf(&s, "");
  printf("  ret=%d\n", ret);
  show_seq("after printf \"\"", &s, 1);
  trace_seq_destroy(&s);
}

CASE(seq_vprintf_leaves_nul_after_text)
{
  struct trace_seq s;
  stale_seq(&s);
  int ret = CALL(vprintf_seq(&s, "%d|%s", 7, "x"));
  printf("  ret=%d\n", ret);
  show_errno();
  show_seq("after vprintf", &s, 1);
  dirty_seq(&s);
  ret = vprintf_seq(&s, "%s", "");
  printf("  ret=%d\n", ret);
  show_seq("after empty vprintf", &s, 1);
  trace_seq_destroy(&s);
}

/* Texts around the first page: where the buffer grows and what it leaves. */
static void printf_sizes(int use_vprintf, size_t from, size_t to)
{
  static const size_t sizes[] = { 4093, 4094, 4095, 4096, 4097, 8190, 8191, 10000 };
  for (size_t i = from; i < to; i++) {
    struct trace_seq s;
    char *text = repeated('p', sizes[i]);
    trace_seq_init(&s);
    dirty_seq(&s);
    int ret = use_vprintf ? vprintf_seq(&s, "%s", text) : trace_seq_printf(&s, "%s", text);
    printf("  %zu: ret=%d len=%u buffer_size=%u cstrlen=%zu\n", sizes[i], ret, s.len, s.buffer_size,
           strnlen(s.buffer, s.buffer_size));
    trace_seq_destroy(&s);
    free(text);
  }
}

CASE(seq_printf_growth) { printf_sizes(0, 0, 8); }
CASE(seq_vprintf_first_page) { printf_sizes(1, 0, 2); }
/* Upstream reuses the va_list when vprintf grows the buffer: undefined, a crash or not
   depending on how the probe was compiled (it survives at -O1). */
CASE(seq_vprintf_growth) { printf_sizes(1, 2, 8); }

CASE(seq_printf_growth_after_text)
{
  struct trace_seq s;
  trace_seq_init(&s);
  char *text = repeated('q', 4000);
  trace_seq_puts(&s, text);
  dirty_seq(&s);
  int ret = trace_seq_printf(&s, "%s", text);
  printf("  ret=%d len=%u buffer_size=%u cstrlen=%zu\n", ret, s.len, s.buffer_size,
         strnlen(s.buffer, s.buffer_size));
  free(text);
  trace_seq_destroy(&s);
}

CASE(seq_puts_state)
{
  struct trace_seq s;
  stale_seq(&s);
  int ret = CALL(trace_seq_puts(&s, "ab"));
  printf("  ret=%d\n", ret);
  show_errno();
  show_seq("after puts", &s, 0);
  ret = trace_seq_puts(&s, "");
  printf("  ret=%d\n", ret);
  show_seq("after empty puts", &s, 0);
  trace_seq_destroy(&s);
}

CASE(seq_puts_growth)
{
  static const size_t sizes[] = { 4094, 4095, 4096, 8191, 10000 };
  for (size_t i = 0; i < sizeof(sizes) / sizeof(*sizes); i++) {
    struct trace_seq s;
    char *text = repeated('u', sizes[i]);
    trace_seq_init(&s);
    int ret = trace_seq_puts(&s, text);
    printf("  %zu: ret=%d len=%u buffer_size=%u\n", sizes[i], ret, s.len, s.buffer_size);
    trace_seq_destroy(&s);
    free(text);
  }
}

CASE(seq_putc_state)
{
  struct trace_seq s;
  stale_seq(&s);
  int ret = CALL(trace_seq_putc(&s, 'z'));
  printf("  ret=%d\n", ret);
  show_errno();
  show_seq("after putc", &s, 0);
  ret = trace_seq_putc(&s, 0);
  printf("  ret=%d\n", ret);
  show_seq("after putc(0)", &s, 0);
  trace_seq_destroy(&s);
}

CASE(seq_putc_growth)
{
  static const unsigned counts[] = { 4094, 4095, 4096, 8190, 8191 };
  for (size_t i = 0; i < sizeof(counts) / sizeof(*counts); i++) {
    struct trace_seq s;
    trace_seq_init(&s);
    int sum = 0;
    for (unsigned k = 0; k < counts[i]; k++)
      sum += trace_seq_putc(&s, 'c');
    printf("  %u: sum=%d len=%u buffer_size=%u\n", counts[i], sum, s.len, s.buffer_size);
    trace_seq_destroy(&s);
  }
}

CASE(seq_printf_after_puts_leaves_nul)
{
  struct trace_seq s;
  stale_seq(&s);
  trace_seq_puts(&s, "ab");
  trace_seq_putc(&s, 'c');
  trace_seq_printf(&s, "%d", 9);
  show_seq("after puts, putc, printf", &s, 1);
  trace_seq_destroy(&s);
}

CASE(seq_readpos_untouched_by_writes)
{
  struct trace_seq s;
  trace_seq_init(&s);
  s.readpos = 3;
  trace_seq_printf(&s, "abcdef");
  trace_seq_puts(&s, "g");
  trace_seq_putc(&s, 'h');
  trace_seq_terminate(&s);
  show_seq("after writes", &s, 1);
  trace_seq_destroy(&s);
}

CASE(seq_terminate_state)
{
  struct trace_seq s;
  stale_seq(&s);
  trace_seq_puts(&s, "ab");
  CALL(trace_seq_terminate(&s));
  show_errno();
  show_seq("after terminate", &s, 1);
  trace_seq_destroy(&s);
}

CASE(seq_terminate_at_full_page)
{
  struct trace_seq s;
  trace_seq_init(&s);
  for (int k = 0; k < 4095; k++)
    trace_seq_putc(&s, 't');
  dirty_seq(&s);
  trace_seq_terminate(&s);
  printf("  len=%u buffer_size=%u cstrlen=%zu\n", s.len, s.buffer_size, strnlen(s.buffer, s.buffer_size));
  trace_seq_destroy(&s);
}

CASE(seq_reset_state)
{
  struct trace_seq s;
  trace_seq_init(&s);
  trace_seq_printf(&s, "%s", "some text");
  s.readpos = 4;
  CALL(trace_seq_reset(&s));
  show_errno();
  show_seq("after reset", &s, 1);
  trace_seq_destroy(&s);
}

CASE(seq_reset_keeps_grown_buffer)
{
  struct trace_seq s;
  trace_seq_init(&s);
  char *text = repeated('r', 5000);
  trace_seq_puts(&s, text);
  trace_seq_reset(&s);
  printf("  len=%u buffer_size=%u\n", s.len, s.buffer_size);
  free(text);
  trace_seq_destroy(&s);
}

CASE(seq_destroy_state)
{
  struct trace_seq s;
  trace_seq_init(&s);
  trace_seq_printf(&s, "%s", "text");
  s.readpos = 2;
  CALL(trace_seq_destroy(&s));
  show_errno();
  show_seq("after destroy", &s, 0);
}

CASE(seq_destroy_twice)
{
  struct trace_seq s;
  trace_seq_init(&s);
  trace_seq_destroy(&s);
  CALL(trace_seq_destroy(&s));
  show_errno();
  show_seq("after second destroy", &s, 0);
}

CASE(seq_init_after_destroy)
{
  struct trace_seq s;
  trace_seq_init(&s);
  char *text = repeated('d', 5000);
  trace_seq_puts(&s, text);
  trace_seq_destroy(&s);
  trace_seq_init(&s);
  show_seq("after init again", &s, 0);
  free(text);
  trace_seq_destroy(&s);
}

/* Each entry point on a destroyed seq: the warning, the return, the state. */
#define AFTER_DESTROY(name, call)             \
  CASE(name)                                  \
  {                                           \
    struct trace_seq s;                       \
    trace_seq_init(&s);                       \
    trace_seq_puts(&s, "x");                  \
    trace_seq_destroy(&s);                    \
    int ret = CALL(call);                     \
    printf("  ret=%d\n", ret);                \
    show_errno();                             \
    show_seq("after", &s, 0);                 \
    ret = call;                               \
    printf("  again ret=%d\n", ret);          \
  }

AFTER_DESTROY(seq_printf_after_destroy, trace_seq_printf(&s, "%d", 1))
AFTER_DESTROY(seq_vprintf_after_destroy, vprintf_seq(&s, "%d", 1))
AFTER_DESTROY(seq_puts_after_destroy, trace_seq_puts(&s, "a"))
AFTER_DESTROY(seq_putc_after_destroy, trace_seq_putc(&s, 'a'))
AFTER_DESTROY(seq_terminate_after_destroy, (trace_seq_terminate(&s), 0))
AFTER_DESTROY(seq_reset_after_destroy, (trace_seq_reset(&s), 0))
AFTER_DESTROY(seq_do_printf_after_destroy, trace_seq_do_printf(&s))
AFTER_DESTROY(seq_do_fprintf_after_destroy, trace_seq_do_fprintf(&s, stdout))

/* Each entry point on a seq whose allocation failed. */
#define AFTER_FAILURE(name, call)                 \
  CASE(name)                                      \
  {                                               \
    struct trace_seq s;                           \
    trace_seq_init(&s);                           \
    trace_seq_puts(&s, "kept");                   \
    s.state = TRACE_SEQ__MEM_ALLOC_FAILED;        \
    int ret = CALL(call);                         \
    printf("  ret=%d\n", ret);                    \
    show_errno();                                 \
    show_seq("after", &s, 0);                     \
    s.state = TRACE_SEQ__GOOD;                    \
    trace_seq_destroy(&s);                        \
  }

AFTER_FAILURE(seq_printf_when_failed, trace_seq_printf(&s, "%d", 1))
AFTER_FAILURE(seq_vprintf_when_failed, vprintf_seq(&s, "%d", 1))
AFTER_FAILURE(seq_puts_when_failed, trace_seq_puts(&s, "a"))
AFTER_FAILURE(seq_putc_when_failed, trace_seq_putc(&s, 'a'))
AFTER_FAILURE(seq_terminate_when_failed, (trace_seq_terminate(&s), 0))
AFTER_FAILURE(seq_reset_when_failed, (trace_seq_reset(&s), 0))
AFTER_FAILURE(seq_do_printf_when_failed, trace_seq_do_printf(&s))

CASE(seq_destroy_when_failed)
{
  struct trace_seq s;
  trace_seq_init(&s);
  char *buffer = s.buffer;
  s.state = TRACE_SEQ__MEM_ALLOC_FAILED;
  CALL(trace_seq_destroy(&s));
  show_errno();
  printf("  buffer kept: %s\n", s.buffer == buffer ? "yes" : "no");
  s.state = TRACE_SEQ__GOOD;
  trace_seq_destroy(&s);
}

CASE(seq_do_printf_output)
{
  struct trace_seq s;
  trace_seq_init(&s);
  trace_seq_printf(&s, "line %d\n", 1);
  int ret = CALL(trace_seq_do_printf(&s));
  printf("  ret=%d\n", ret);
  show_errno();
  show_seq("after do_printf", &s, 0);
  trace_seq_destroy(&s);
}

CASE(seq_do_printf_stops_at_nul)
{
  struct trace_seq s;
  trace_seq_init(&s);
  trace_seq_puts(&s, "ab");
  trace_seq_putc(&s, 0);
  trace_seq_puts(&s, "cd");
  int ret = trace_seq_do_fprintf(&s, stdout);
  printf("\n  ret=%d\n", ret);
  trace_seq_destroy(&s);
}

CASE(seq_do_printf_empty)
{
  struct trace_seq s;
  trace_seq_init(&s);
  int ret = trace_seq_do_printf(&s);
  printf("  ret=%d\n", ret);
  trace_seq_destroy(&s);
}

CASE(seq_reset_null) { CALL(trace_seq_reset(NULL)); show_errno(); }
CASE(seq_destroy_null) { CALL(trace_seq_destroy(NULL)); show_errno(); }
CASE(seq_printf_null_seq) { printf("  ret=%d\n", trace_seq_printf(NULL, "%d", 1)); }
CASE(seq_vprintf_null_seq) { printf("  ret=%d\n", vprintf_seq(NULL, "%d", 1)); }
CASE(seq_puts_null_seq) { printf("  ret=%d\n", trace_seq_puts(NULL, "a")); }
CASE(seq_putc_null_seq) { printf("  ret=%d\n", trace_seq_putc(NULL, 'a')); }
CASE(seq_terminate_null) { trace_seq_terminate(NULL); printf("  returned\n"); }
CASE(seq_do_printf_null) { printf("  ret=%d\n", trace_seq_do_printf(NULL)); }

CASE(seq_do_fprintf_null_file)
{
  struct trace_seq s;
  trace_seq_init(&s);
  trace_seq_puts(&s, "a");
  printf("  ret=%d\n", trace_seq_do_fprintf(&s, NULL));
  trace_seq_destroy(&s);
}

CASE(seq_printf_null_format)
{
  struct trace_seq s;
  trace_seq_init(&s);
  int ret = trace_seq_printf(&s, NULL);
  printf("  ret=%d\n", ret);
  show_seq("after", &s, 0);
  trace_seq_destroy(&s);
}

CASE(seq_puts_null_text)
{
  struct trace_seq s;
  trace_seq_init(&s);
  int ret = trace_seq_puts(&s, NULL);
  printf("  ret=%d\n", ret);
  show_seq("after", &s, 0);
  trace_seq_destroy(&s);
}

CASE(seq_uninitialised_zeroed)
{
  /* A zeroed seq (never initialised): buffer NULL, state GOOD. */
  struct trace_seq s;
  memset(&s, 0, sizeof(s));
  int ret = trace_seq_puts(&s, "a");
  printf("  puts ret=%d\n", ret);
  show_seq("after puts", &s, 0);
  free(s.buffer);
}

CASE(seq_printf_on_zeroed)
{
  struct trace_seq s;
  memset(&s, 0, sizeof(s));
  int ret = trace_seq_printf(&s, "%d", 12);
  printf("  printf ret=%d\n", ret);
  show_seq("after printf", &s, 1);
  free(s.buffer);
}

const struct probe_case seq_cases[] = {
  ENTRY(seq_init_state, 0),
  ENTRY(seq_init_null, UPSTREAM_CRASHES),
  ENTRY(seq_printf_leaves_nul_after_text, 0),
  ENTRY(seq_printf_plain_text_leaves_nul, 0),
  ENTRY(seq_printf_empty_leaves_nul, 0),
  ENTRY(seq_vprintf_leaves_nul_after_text, 0),
  ENTRY(seq_printf_growth, 0),
  ENTRY(seq_vprintf_first_page, 0),
  ENTRY(seq_vprintf_growth, UPSTREAM_UNDEFINED),
  ENTRY(seq_printf_growth_after_text, 0),
  ENTRY(seq_puts_state, 0),
  ENTRY(seq_puts_growth, 0),
  ENTRY(seq_putc_state, 0),
  ENTRY(seq_putc_growth, 0),
  ENTRY(seq_printf_after_puts_leaves_nul, 0),
  ENTRY(seq_readpos_untouched_by_writes, 0),
  ENTRY(seq_terminate_state, 0),
  ENTRY(seq_terminate_at_full_page, 0),
  ENTRY(seq_reset_state, 0),
  ENTRY(seq_reset_keeps_grown_buffer, 0),
  ENTRY(seq_destroy_state, 0),
  ENTRY(seq_destroy_twice, 0),
  ENTRY(seq_init_after_destroy, 0),
  ENTRY(seq_printf_after_destroy, 0),
  ENTRY(seq_vprintf_after_destroy, 0),
  ENTRY(seq_puts_after_destroy, 0),
  ENTRY(seq_putc_after_destroy, 0),
  ENTRY(seq_terminate_after_destroy, 0),
  ENTRY(seq_reset_after_destroy, 0),
  ENTRY(seq_do_printf_after_destroy, 0),
  ENTRY(seq_do_fprintf_after_destroy, 0),
  ENTRY(seq_printf_when_failed, 0),
  ENTRY(seq_vprintf_when_failed, 0),
  ENTRY(seq_puts_when_failed, 0),
  ENTRY(seq_putc_when_failed, 0),
  ENTRY(seq_terminate_when_failed, 0),
  ENTRY(seq_reset_when_failed, 0),
  ENTRY(seq_do_printf_when_failed, 0),
  ENTRY(seq_destroy_when_failed, 0),
  ENTRY(seq_do_printf_output, 0),
  ENTRY(seq_do_printf_stops_at_nul, 0),
  ENTRY(seq_do_printf_empty, 0),
  ENTRY(seq_reset_null, 0),
  ENTRY(seq_destroy_null, 0),
  ENTRY(seq_printf_null_seq, UPSTREAM_CRASHES),
  ENTRY(seq_vprintf_null_seq, UPSTREAM_CRASHES),
  ENTRY(seq_puts_null_seq, UPSTREAM_CRASHES),
  ENTRY(seq_putc_null_seq, UPSTREAM_CRASHES),
  ENTRY(seq_terminate_null, UPSTREAM_CRASHES),
  ENTRY(seq_do_printf_null, UPSTREAM_CRASHES),
  ENTRY(seq_do_fprintf_null_file, UPSTREAM_CRASHES),
  ENTRY(seq_printf_null_format, UPSTREAM_UNDEFINED),  /* vsnprintf(NULL format): ASan aborts */
  ENTRY(seq_puts_null_text, UPSTREAM_CRASHES),
  ENTRY(seq_uninitialised_zeroed, UPSTREAM_CRASHES),
  ENTRY(seq_printf_on_zeroed, UPSTREAM_CRASHES),
  { NULL, NULL, 0 },
};
