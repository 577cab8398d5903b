/* SPDX-License-Identifier: LGPL-2.1 */
/* Differential driver for tep_parse_last_boot_info and tep_load_modules: a
   script of steps, one per argument, run on one handle (warnings on):
     k=TEXT  K=FILE      tep_parse_kallsyms
     b=TEXT  B=FILE      tep_parse_last_boot_info
     m=TEXT  M=FILE      tep_load_modules, the text without its NUL
     s=N:TEXT            tep_load_modules of the first N bytes of TEXT
     r=ADDR NAME [MOD]   tep_register_function
     q=ADDR              every lookup of ADDR: tep_find_function*, tep_print_func_field,
                         an event whose print fmt has %pS %ps %pF %pf %p
     a=FILE              q for every address in FILE (first word of each line), +-1
     f                   tep_print_funcs and the function count
     n                   a fresh handle
     z                   the calls with NULL arguments (but the handle: upstream
                         crashes on a NULL handle) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <event-parse.h>

static const char kFormat[] =
    "name: boot\nID: 7\nformat:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
    "\tfield:unsigned long ip;\toffset:8;\tsize:8;\tsigned:0;\n\n"
    "print fmt: \"%pS|%ps|%pF|%pf|%p\", (void *)REC->ip, (void *)REC->ip, (void *)REC->ip, "
    "(void *)REC->ip, (void *)REC->ip\n";

static struct tep_handle *tep;
static struct tep_event *event;

static void fresh(void) {
  if (tep) tep_free(tep);
  tep = tep_alloc();
  tep_set_long_size(tep, 8);
  tep_set_file_bigendian(tep, tep_is_local_bigendian(tep) ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
  if (tep_parse_event(tep, kFormat, sizeof(kFormat) - 1, "test")) printf("format failed\n");
  event = tep_find_event(tep, 7);
}

static char *slurp(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  rewind(f);
  char *b = malloc(n + 1);
  if (fread(b, 1, n, f) != (size_t)n) n = 0;
  b[n] = 0;
  fclose(f);
  *size = n;
  return b;
}

/* The first `size` bytes of text in a buffer of exactly that size: no NUL after. */
static void modules(const char *text, size_t size) {
  char *copy = malloc(size ? size : 1);
  memcpy(copy, text, size);
  printf("modules(%zu) r=%d\n", size, tep_load_modules(tep, copy, size));
  free(copy);
}

static void query(unsigned long long a) {
  const char *n = tep_find_function(tep, a);
  unsigned long long s = tep_find_function_address(tep, a);
  const char *n2 = NULL;
  unsigned long long st = 0;
  unsigned long sz = 0;
  int r = tep_find_function_info(tep, a, &n2, &st, &sz);
  printf("%llx: %s %llx | %d %s %llx %lu |", a, n ? n : "(null)", s, r, n2 ? n2 : "(null)", st, sz);

  unsigned char data[16] = {0};
  unsigned short type = 7;
  memcpy(data, &type, sizeof(type));
  memcpy(data + 8, &a, sizeof(a));
  struct tep_record rec = {0};
  rec.data = data;
  rec.size = sizeof(data);
  struct trace_seq seq;
  trace_seq_init(&seq);
  int fr = tep_print_func_field(&seq, "%s", event, "ip", &rec, 1);
  trace_seq_printf(&seq, " (%d) | ", fr);
  tep_print_event(tep, &seq, &rec, "%s", TEP_PRINT_INFO);
  trace_seq_terminate(&seq);
  printf(" %s\n", seq.buffer);
  trace_seq_destroy(&seq);
}

static void nulls(void) {
  char text[] = "1 x 0 - Live 0xffffffffc0000000\n";
  printf("lbi(t, NULL)=%d\n", tep_parse_last_boot_info(tep, NULL));
  printf("modules(t, NULL, 0)=%d\n", tep_load_modules(tep, NULL, 0));
  printf("modules(t, NULL, 5)=%d\n", tep_load_modules(tep, NULL, 5));
  printf("modules(t, s, 0)=%d\n", tep_load_modules(tep, text, 0));
}

int main(int argc, char **argv) {
  tep_set_loglevel(TEP_LOG_ALL);
  fresh();
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    const char *v = arg[0] && arg[1] == '=' ? arg + 2 : NULL;
    size_t size = 0;
    char *file = NULL;
    if (v && (arg[0] == 'K' || arg[0] == 'B' || arg[0] == 'M' || arg[0] == 'a')) {
      file = slurp(v, &size);
      if (!file) {
        printf("cannot read %s\n", v);
        return 2;
      }
    }
    fflush(stdout);
    switch (arg[0]) {
      case 'k': printf("kallsyms r=%d\n", tep_parse_kallsyms(tep, v)); break;
      case 'K': printf("kallsyms r=%d\n", tep_parse_kallsyms(tep, file)); break;
      case 'b': printf("lbi r=%d\n", tep_parse_last_boot_info(tep, v)); break;
      case 'B': printf("lbi r=%d\n", tep_parse_last_boot_info(tep, file)); break;
      case 'm': modules(v, strlen(v)); break;
      case 'M': modules(file, size); break;
      case 's': {
        char *end;
        size_t n = strtoul(v, &end, 10);
        size_t len = strlen(end + 1);
        modules(end + 1, n < len ? n : len);
        break;
      }
      case 'r': {
        unsigned long long a = strtoull(v, NULL, 16);
        char name[64] = "", mod[64] = "";
        int n = sscanf(v, "%*s %63s %63s", name, mod);
        printf("register r=%d\n", tep_register_function(tep, name, a, n > 1 ? mod : NULL));
        break;
      }
      case 'q': query(strtoull(v, NULL, 16)); break;
      case 'a':
        for (char *p = file; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
          unsigned long long a = strtoull(p, NULL, 16);
          query(a - 1);
          query(a);
          query(a + 1);
        }
        break;
      case 'f':
        printf("count=%d\n", tep_get_function_count(tep));
        fflush(stdout);
        tep_print_funcs(tep);
        break;
      case 'n': fresh(); printf("fresh handle\n"); break;
      case 'z': nulls(); break;
      default: printf("unknown step %s\n", arg); return 2;
    }
    fflush(stdout);
    free(file);
  }
  tep_free(tep);
  return 0;
}
