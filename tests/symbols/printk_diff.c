/* SPDX-License-Identifier: LGPL-2.1 */
/* Differential driver for printk formats: each argument on a fresh handle is
   @FILE (tep_parse_printk_formats on its content), RFORMAT (tep_register_print_string
   at 0x1234) or printk_formats TEXT; then tep_print_printk. */
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

int main(int argc, char **argv) {
  tep_set_loglevel(TEP_LOG_ALL);
  for (int i = 1; i < argc; i++) {
    struct tep_handle *t = tep_alloc();
    int r;
    if (argv[i][0] == '@') {
      char *b = slurp(argv[i] + 1);
      if (!b) return 2;
      r = tep_parse_printk_formats(t, b);
      free(b);
    } else if (argv[i][0] == 'R') {
      r = tep_register_print_string(t, argv[i] + 1, 0x1234);
    } else {
      r = tep_parse_printk_formats(t, argv[i]);
    }
    printf("#%d r=%d\n", i, r);
    fflush(stdout);
    tep_print_printk(t);
    fflush(stdout);
    tep_free(t);
  }
  return 0;
}
