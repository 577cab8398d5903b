/* SPDX-License-Identifier: LGPL-2.1 */
/* Differential driver: log levels, stdout/stderr routing, perror prefixes and
   return values of __tep_vprint, tep_vwarning, tep_warning, tep_info and the
   legacy pr_stat family. */
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <stdlib.h>
#include <event-parse.h>
#include <event-utils.h>
#include <trace-seq.h>
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static void vp(const char *n, enum tep_loglevel l, bool pe, const char *fmt, ...) {
  va_list ap; va_start(ap, fmt); int r = __tep_vprint(n, l, pe, fmt, ap); va_end(ap);
  fflush(stdout); fflush(stderr); printf("[ret=%d]\n", r); fflush(stdout);
}
static void vw(const char *n, const char *fmt, ...) {
  va_list ap; va_start(ap, fmt); int r = tep_vwarning(n, fmt, ap); va_end(ap);
  fflush(stdout); fflush(stderr); printf("[vw ret=%d]\n", r); fflush(stdout);
}
static void vs(const char *fmt, ...) {
  va_list ap; va_start(ap, fmt); vpr_stat(fmt, ap); va_end(ap);
  va_start(ap, fmt); __vpr_stat(fmt, ap); va_end(ap);
  fflush(stdout); fflush(stderr);
}
int main(void){
  setvbuf(stdout, NULL, _IONBF, 0);
  for (int e = 0; e < 2; e++) {
    for (int l = 0; l <= 7; l++) {
      for (int pe = 0; pe < 2; pe++) {
        printf("--- e=%d l=%d pe=%d\n", e, l, pe);
        errno = e ? ENOENT : 0;
        vp("nm", l, pe, "msg %d", l);
        printf("errno after=%d\n", errno);
      }
    }
    errno = e ? EINVAL : 0; vw("wname", "w %s", "x");
    errno = e ? EINVAL : 0; vw(NULL, "w %s", "null-name");
  }
  for (int lvl = -1; lvl <= 7; lvl++) {
    if (lvl >= 0) tep_set_loglevel(lvl);
    printf("=== level %d\n", lvl);
    errno = 0; tep_warning("warn %d", lvl);
    errno = EIO; tep_warning("warn-errno %d", lvl);
    errno = EIO; tep_info("info-errno %d", lvl);
    errno = 0; tep_info("info %d", lvl);
    errno = EIO; pr_stat("prstat %d", lvl); __pr_stat("__prstat %d", lvl); vs("vs %d", lvl);
    struct trace_seq s; trace_seq_init(&s); trace_seq_destroy(&s); errno = 0; trace_seq_puts(&s, "x");
    errno = EIO; trace_seq_puts(&s, "x");
  }
  return 0;
}
