/* SPDX-License-Identifier: LGPL-2.1 */
/* An application's tep_vprint (exported from the executable: -rdynamic) must
   receive the library's messages: the hooks are weak and called through the
   exported symbol. Exit 0 when it does. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <event-parse.h>
#include <event-utils.h>

static char seen[256];
static int calls;

/* Default visibility: the project compiles with -fvisibility=hidden. */
__attribute__((visibility("default"))) int tep_vprint(const char *name, enum tep_loglevel level,
                                                      bool print_err, const char *fmt, va_list ap) {
  (void)print_err;
  calls++;
  int n = snprintf(seen, sizeof seen, "%s/%d/", name ? name : "", level);
  vsnprintf(seen + n, sizeof seen - n, fmt, ap);
  return 0;
}

int main(void) {
  tep_set_loglevel(TEP_LOG_ALL);
  tep_warning("warned %d", 7);
  if (calls != 1 || strcmp(seen, "libtraceevent/3/warned 7") != 0) {
    fprintf(stderr, "tep_warning did not reach the override: %d '%s'\n", calls, seen);
    return 1;
  }
  tep_info("info %s", "x");
  if (calls != 2 || strcmp(seen, "libtraceevent/4/info x") != 0) {
    fprintf(stderr, "tep_info did not reach the override: %d '%s'\n", calls, seen);
    return 1;
  }
  /* A library-internal warning: a kallsyms line it rejects. */
  struct tep_handle *tep = tep_alloc();
  if (tep_parse_kallsyms(tep, "zzz T bad") != -1 || calls != 3 ||
      strcmp(seen, "libtraceevent/3/Failed to parse kallsyms n=0 func_end=0") != 0) {
    fprintf(stderr, "kallsyms warning did not reach the override: %d '%s'\n", calls, seen);
    return 1;
  }
  tep_free(tep);
  printf("override received %d messages\n", calls);
  return 0;
}
