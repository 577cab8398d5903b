/* SPDX-License-Identifier: LGPL-2.1 */
/* Differential driver for kallsyms and function lookups.
     kallsyms_diff -f FILE    parse FILE; look up every address, address-1 and
                              address+1; tep_print_funcs
     kallsyms_diff TEXT...    each TEXT parsed on a fresh handle (with warnings
                              on); tep_print_funcs */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <event-parse.h>

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  rewind(f);
  char *b = malloc(n + 1);
  if (fread(b, 1, n, f) != (size_t)n) n = 0;
  b[n] = 0;
  fclose(f);
  return b;
}

static void query(struct tep_handle *t, unsigned long long a) {
  const char *n = tep_find_function(t, a);
  unsigned long long s = tep_find_function_address(t, a);
  const char *n2 = NULL;
  unsigned long long st = 0;
  unsigned long sz = 0;
  int r = tep_find_function_info(t, a, &n2, &st, &sz);
  printf("%llx %s %llx %d %s %llx %lu\n", a, n ? n : "(null)", s, r, n2 ? n2 : "(null)", st, sz);
}

int main(int argc, char **argv) {
  if (argc > 2 && !strcmp(argv[1], "-f")) {
    struct tep_handle *t = tep_alloc();
    char *b = slurp(argv[2]);
    if (!b) return 2;
    printf("parse r=%d count=%d\n", tep_parse_kallsyms(t, b), tep_get_function_count(t));
    for (char *p = b; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
      unsigned long long a = strtoull(p, NULL, 16);
      query(t, a - 1);
      query(t, a);
      query(t, a + 1);
    }
    query(t, 0);
    query(t, ~0ULL);
    fflush(stdout);
    tep_print_funcs(t);
    fflush(stdout);
    tep_free(t);
    free(b);
    return 0;
  }
  tep_set_loglevel(TEP_LOG_ALL);
  for (int i = 1; i < argc; i++) {
    struct tep_handle *t = tep_alloc();
    int r = tep_parse_kallsyms(t, argv[i]);
    printf("#%d r=%d count=%d\n", i, r, tep_get_function_count(t));
    fflush(stdout);
    tep_print_funcs(t);
    fflush(stdout);
    tep_free(t);
  }
  return 0;
}
