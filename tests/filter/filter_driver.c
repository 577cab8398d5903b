// SPDX-License-Identifier: LGPL-2.1
// Differential driver for the tep_filter_* API. Built against the public
// headers only, so the same binary runs on our library and on upstream's
// (LD_LIBRARY_PATH picks one). Prints, for one case of the cases file:
// the return code and error text of every tep_filter_add_filter_str call, the
// public filter tree and tep_filter_make_string of every filtered event, and
// the match result of each pseudo-random record.
//
//   filter_driver FORMATS_DIR CASES_FILE INDEX     run case INDEX (1-based)
//   filter_driver FORMATS_DIR CASES_FILE count     print the number of cases
//
// A case is one line: steps separated by " ;; ". A step is a filter string
// (C escapes \t \n \\ \xNN decoded) or a command:
//   %remove SYS/NAME   %filtered SYS/NAME   %reset   %copy   %cmp FILTER
//   %test (tep_set_test_filters)   %strerr CODE BUFLEN
//   %big N HEAD FILL TAIL (HEAD + N copies of FILL + TAIL)   %deep N
#include <ctype.h>
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event-parse.h"

static const char *event_files[] = {
  "sched/sched_switch", "sched/sched_wakeup", "sched/sched_process_exec",
  "sched/sched_process_fork", "irq/irq_handler_entry", "irq/irq_handler_exit",
  "timer/hrtimer_start", "raw_syscalls/sys_enter", "raw_syscalls/sys_exit",
  "kmem/kmalloc", "ftrace/print", "signal/signal_generate",
};

static const struct { unsigned long long addr; const char *name; } kallsyms[] = {
  { 0xffffffff81000000ULL, "_stext" },
  { 0xffffffff8141e4b0ULL, "hrtimer_wakeup" },
  { 0xffffffff814332e0ULL, "tick_nohz_handler" },
  { 0xffffffff816b5580ULL, "do_sys_open" },
};

static const char *comms[] = { "bash", "sshd", "kworker/0:1", "swapper/0", "trace-cmd",
                               "sixteen_chars_xx", "", "BASH" };
static const int pids[] = { 0, 1, 42, 1000, 31337, 77 };

static char *read_file(const char *path, size_t *len)
{
  FILE *f = fopen(path, "rb");
  char *buf;
  long n;

  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  n = ftell(f);
  fseek(f, 0, SEEK_SET);
  buf = malloc(n + 1);
  if (fread(buf, 1, n, f) != (size_t)n)
    n = 0;
  buf[n] = 0;
  fclose(f);
  if (len)
    *len = n;
  return buf;
}

/* Escapes for output: one line per item. */
static void put_escaped(const char *s)
{
  if (!s) {
    fputs("(null)", stdout);
    return;
  }
  for (; *s; s++) {
    unsigned char c = *s;
    if (c == '\n')
      fputs("\\n", stdout);
    else if (c == '\\')
      fputs("\\\\", stdout);
    else if (c < 32 || c >= 127)
      printf("\\x%02x", c);
    else
      putchar(c);
  }
}

/* Numbers that look like heap pointers (upstream prints one in make_string). */
static int looks_like_pointer(unsigned long long v)
{
  if (sizeof(void *) == 4)
    return v >= 0x1000000ULL && v <= 0xffffffffULL;
  return (v >= 0x100000000ULL && v < 0x800000000000ULL);
}

static void put_masked(const char *s)
{
  char *copy;
  char *p;

  if (!s) {
    fputs("(null)", stdout);
    return;
  }
  copy = strdup(s);
  for (p = copy; *p; p++) {
    if (isdigit((unsigned char)*p) && (p == copy || !isalnum((unsigned char)p[-1]))) {
      char *end;
      long long v = strtoll(p, &end, 10);
      if (end - p >= 9 && looks_like_pointer((unsigned long long)v)) {
        fwrite(copy, 1, p - copy, stdout);
        fputs("<ptr>", stdout);
        memmove(copy, end, strlen(end) + 1);
        p = copy - 1;
        continue;
      }
      p = end - 1;
    }
  }
  put_escaped(copy);
  free(copy);
}

static void dump_arg(struct tep_filter_arg *arg, int depth)
{
  if (depth > 200) {
    fputs("...", stdout);
    return;
  }
  if (!arg) {
    fputs("NULL", stdout);
    return;
  }
  switch (arg->type) {
  case TEP_FILTER_ARG_BOOLEAN:
    printf("BOOL(%d)", arg->boolean.value);
    break;
  case TEP_FILTER_ARG_VALUE:
    if (arg->value.type == TEP_FILTER_NUMBER) {
      if (looks_like_pointer(arg->value.val))
        fputs("NUM(<ptr>)", stdout);
      else
        printf("NUM(%llu)", arg->value.val);
    } else {
      printf("%s(\"", arg->value.type == TEP_FILTER_STRING ? "STRING" : "CHAR");
      put_escaped(arg->value.str);
      fputs("\")", stdout);
    }
    break;
  case TEP_FILTER_ARG_FIELD:
    fputs("FIELD(", stdout);
    put_escaped(arg->field.field ? arg->field.field->name : NULL);
    putchar(')');
    break;
  case TEP_FILTER_ARG_EXP:
    printf("EXP(%d,", arg->exp.type);
    dump_arg(arg->exp.left, depth + 1);
    putchar(',');
    dump_arg(arg->exp.right, depth + 1);
    putchar(')');
    break;
  case TEP_FILTER_ARG_OP:
    printf("OP(%d,", arg->op.type);
    if (arg->op.type == TEP_FILTER_OP_NOT && !arg->op.left)
      fputs("-", stdout);
    else
      dump_arg(arg->op.left, depth + 1);
    putchar(',');
    dump_arg(arg->op.right, depth + 1);
    putchar(')');
    break;
  case TEP_FILTER_ARG_NUM:
    printf("CMP(%d,", arg->num.type);
    dump_arg(arg->num.left, depth + 1);
    putchar(',');
    dump_arg(arg->num.right, depth + 1);
    putchar(')');
    break;
  case TEP_FILTER_ARG_STR:
    printf("STR(%d,", arg->str.type);
    put_escaped(arg->str.field ? arg->str.field->name : NULL);
    fputs(",\"", stdout);
    put_escaped(arg->str.val);
    printf("\",buf=%s)", arg->str.buffer ? "yes" : "no");
    break;
  default:
    printf("TYPE%d", arg->type);
  }
}

static void dump_filter(const char *tag, struct tep_event_filter *filter)
{
  int i;

  printf("%s filters=%d\n", tag, filter->filters);
  for (i = 0; i < filter->filters; i++) {
    struct tep_filter_type *ft = &filter->event_filters[i];
    char *s = tep_filter_make_string(filter, ft->event_id);

    printf("  [%d] id=%d ev=%s/%s str=\"", i, ft->event_id,
           ft->event ? ft->event->system : "?", ft->event ? ft->event->name : "?");
    put_masked(s);
    fputs("\"\n      tree=", stdout);
    dump_arg(ft->filter, 0);
    putchar('\n');
    free(s);
  }
}

/* --- records ------------------------------------------------------------- */

static uint64_t rng_state;
static uint64_t rnd(void)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

static void put_num(unsigned char *p, int size, uint64_t v)
{
  for (int i = 0; i < size && i < 8; i++) p[i] = v >> (8 * i); /* little-endian file */
}

static uint64_t pick_number(struct tep_format_field *f)
{
  static const uint64_t pool[] = { 0, 1, 2, 3, 5, 42, 100, 1000, (uint64_t)-1, 0x7fffffff,
                                   0x80000000, 31337, 77, 255, 0x10000 };
  uint64_t r = rnd() % 20;

  if (r < sizeof(pool) / sizeof(pool[0]))
    return pool[r];
  if (r < 18)
    return kallsyms[rnd() % 4].addr + (r == 17 ? 8 : 0);
  return rnd();
}

#define NRECORDS 40

static struct tep_record *make_record(struct tep_handle *tep, struct tep_event *ev, int n)
{
  struct tep_record *rec = calloc(1, sizeof(*rec));
  unsigned char *data = calloc(1, 512);
  struct tep_format_field *f;
  int end = 0;
  int dyn;

  for (f = ev->format.common_fields; f; f = f->next)
    if (f->offset + f->size > end)
      end = f->offset + f->size;
  for (f = ev->format.fields; f; f = f->next)
    if (f->offset + f->size > end)
      end = f->offset + f->size;
  dyn = end;

  for (f = ev->format.common_fields; f; f = f->next) {
    if (!strcmp(f->name, "common_type"))
      put_num(data + f->offset, f->size, ev->id);
    else if (!strcmp(f->name, "common_pid"))
      put_num(data + f->offset, f->size, pids[rnd() % 6]);
    else
      put_num(data + f->offset, f->size, rnd() & 0xff);
  }
  for (f = ev->format.fields; f; f = f->next) {
    if (f->flags & TEP_FIELD_IS_DYNAMIC) {
      const char *s = comms[rnd() % 8];
      int len = strlen(s) + 1;
      int mode = rnd() % 8;
      if (mode == 0)
        len = 0;
      else if (mode == 1)
        len = strlen(s); /* not NUL terminated */
      memcpy(data + dyn, s, strlen(s));
      put_num(data + f->offset, f->size, (uint32_t)dyn | ((uint32_t)len << 16));
      /* The bytes stay inside the record even when the length is off. */
      dyn += strlen(s) + 1;
    } else if (f->flags & TEP_FIELD_IS_STRING) {
      const char *s = comms[rnd() % 8];
      if (f->size == 0) {
        strcpy((char *)data + dyn, s);
        dyn += strlen(s) + 1;
      } else {
        strncpy((char *)data + f->offset, s, f->size);
      }
    } else if (f->flags & TEP_FIELD_IS_ARRAY) {
      int i;
      for (i = 0; i < f->size; i++)
        data[f->offset + i] = (i % 8 == 0) ? rnd() % 4 : 0;
    } else if (f->size == 1 || f->size == 2 || f->size == 4 || f->size == 8) {
      put_num(data + f->offset, f->size, pick_number(f));
    }
  }
  rec->data = data;
  rec->size = dyn;
  rec->cpu = n % 4;
  rec->ts = 1000 + n;
  (void)tep;
  return rec;
}

/* --- cases --------------------------------------------------------------- */

static char *decode(const char *s)
{
  char *out = malloc(strlen(s) + 1);
  char *o = out;

  while (*s) {
    if (*s == '\\' && s[1]) {
      s++;
      switch (*s) {
      case 't': *o++ = '\t'; s++; break;
      case 'n': *o++ = '\n'; s++; break;
      case '\\': *o++ = '\\'; s++; break;
      case 'x': {
        char hex[3] = { s[1], s[2], 0 };
        *o++ = (char)strtol(hex, NULL, 16);
        s += 3;
        break;
      }
      default: *o++ = '\\'; break;
      }
    } else {
      *o++ = *s++;
    }
  }
  *o = 0;
  return out;
}

static struct tep_event *event_by_path(struct tep_handle *tep, const char *path)
{
  char sys[64];
  const char *slash = strchr(path, '/');

  if (!slash || slash - path >= 63)
    return NULL;
  memcpy(sys, path, slash - path);
  sys[slash - path] = 0;
  return tep_find_event_by_name(tep, sys, slash + 1);
}

static void report_add(struct tep_event_filter *filter, const char *str, int show_len)
{
  char err[TEP_FILTER_ERROR_BUFSZ + 64];
  enum tep_errno rc;
  int rc2;

  fflush(stdout);
  rc = tep_filter_add_filter_str(filter, str);
  fflush(stdout);
  memset(err, 0, sizeof(err));
  rc2 = tep_filter_strerror(filter, rc, err, sizeof(err));
  fputs("add \"", stdout);
  if (show_len)
    printf("<%zu bytes>", strlen(str));
  else
    put_escaped(str);
  printf("\" rc=%d strerror=%d:\"", rc, rc2);
  if (show_len && strlen(err) > 200) {
    printf("<%zu bytes>", strlen(err));
    put_escaped(err + strlen(err) - 100);
  } else {
    put_escaped(err);
  }
  fputs("\"\n", stdout);
}

static void run_matches(struct tep_handle *tep, struct tep_event_filter *filter)
{
  int nr = tep_get_events_count(tep);
  int i, n;

  for (i = 0; i < nr; i++) {
    struct tep_event *ev = tep_get_event(tep, i);
    char line[NRECORDS + 1];

    rng_state = 0x9e3779b97f4a7c15ULL ^ (uint64_t)ev->id;
    for (n = 0; n < NRECORDS; n++) {
      struct tep_record *rec = make_record(tep, ev, n);
      enum tep_errno rc = tep_filter_match(filter, rec);
      char c;

      switch (rc) {
      case TEP_ERRNO__FILTER_MATCH: c = 'M'; break;
      case TEP_ERRNO__FILTER_MISS: c = '.'; break;
      case TEP_ERRNO__NO_FILTER: c = 'N'; break;
      case TEP_ERRNO__FILTER_NOT_FOUND: c = '-'; break;
      case TEP_ERRNO__NOT_A_NUMBER: c = 'n'; break;
      case TEP_ERRNO__INVALID_EXP_TYPE: c = 'e'; break;
      case TEP_ERRNO__ILLEGAL_INTEGER_CMP: c = 'i'; break;
      case TEP_ERRNO__INVALID_ARG_TYPE: c = 'a'; break;
      default: c = '?'; break;
      }
      line[n] = c;
      free(rec->data);
      free(rec);
    }
    line[NRECORDS] = 0;
    printf("match %s/%s %s\n", ev->system, ev->name, line);
  }
}

int main(int argc, char **argv)
{
  char path[4096];
  char *cases, *line, *save = NULL;
  struct tep_handle *tep;
  struct tep_event_filter *filter;
  int want, idx = 0;
  int nomatch = 0;
  size_t i;

  if (argc < 4) {
    fprintf(stderr, "usage: %s FORMATS_DIR CASES INDEX|count\n", argv[0]);
    return 2;
  }
  cases = read_file(argv[2], NULL);
  if (!cases) {
    perror(argv[2]);
    return 2;
  }
  want = strcmp(argv[3], "count") == 0 ? -1 : atoi(argv[3]);

  for (line = strtok_r(cases, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    if (line[0] == '#' || line[0] == 0)
      continue;
    idx++;
    if (idx == want)
      break;
  }
  if (want < 0) {
    printf("%d\n", idx);
    free(cases);
    return 0;
  }
  if (!line) {
    free(cases);
    return 2;
  }

  tep = tep_alloc();
  tep_set_long_size(tep, 8);
  tep_set_page_size(tep, 4096);
  tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);
  for (i = 0; i < sizeof(event_files) / sizeof(event_files[0]); i++) {
    size_t len;
    char *buf;
    const char *sys = event_files[i];
    char sysname[64];

    snprintf(path, sizeof(path), "%s/events/%s/format", argv[1], event_files[i]);
    buf = read_file(path, &len);
    if (!buf) {
      perror(path);
      return 2;
    }
    snprintf(sysname, sizeof(sysname), "%.*s", (int)(strchr(sys, '/') - sys), sys);
    if (tep_parse_event(tep, buf, len, sysname))
      fprintf(stderr, "failed to parse %s\n", path);
    free(buf);
  }
  for (i = 0; i < sizeof(kallsyms) / sizeof(kallsyms[0]); i++)
    tep_register_function(tep, (char *)kallsyms[i].name, kallsyms[i].addr, NULL);
  for (i = 1; i < sizeof(pids) / sizeof(pids[0]); i++)
    tep_register_comm(tep, comms[i - 1], pids[i]);

  filter = tep_filter_alloc(tep);
  printf("case %d: ", want);
  put_escaped(line);
  putchar('\n');

  for (char *step = line, *next; step; step = next) {
    next = strstr(step, " ;; ");
    if (next) {
      *next = 0;
      next += 4;
    }
    if (strncmp(step, "%remove ", 8) == 0) {
      struct tep_event *ev = event_by_path(tep, step + 8);
      printf("remove %s rc=%d\n", step + 8, tep_filter_remove_event(filter, ev ? ev->id : -1));
    } else if (strncmp(step, "%filtered ", 10) == 0) {
      struct tep_event *ev = event_by_path(tep, step + 10);
      printf("filtered %s rc=%d\n", step + 10, tep_event_filtered(filter, ev ? ev->id : -1));
    } else if (strcmp(step, "%reset") == 0) {
      tep_filter_reset(filter);
      printf("reset filters=%d\n", filter->filters);
    } else if (strcmp(step, "%nomatch") == 0) {
      nomatch = 1;
    } else if (strcmp(step, "%test") == 0) {
      tep_set_test_filters(tep, 1);
    } else if (strcmp(step, "%copy") == 0) {
      struct tep_event_filter *dest = tep_filter_alloc(tep);
      tep_filter_add_filter_str(dest, "irq_handler_exit");
      printf("copy rc=%d\n", tep_filter_copy(dest, filter));
      dump_filter("copy", dest);
      printf("compare(orig,copy)=%d\n", tep_filter_compare(filter, dest));
      tep_filter_free(dest);
    } else if (strncmp(step, "%cmp ", 5) == 0) {
      struct tep_event_filter *other = tep_filter_alloc(tep);
      char *s = decode(step + 5);
      tep_filter_add_filter_str(other, s);
      printf("compare=%d\n", tep_filter_compare(filter, other));
      free(s);
      tep_filter_free(other);
    } else if (strncmp(step, "%strerr ", 8) == 0) {
      int code, buflen;
      char buf[2048];
      if (sscanf(step + 8, "%d %d", &code, &buflen) == 2 && buflen <= (int)sizeof(buf)) {
        int rc;
        memset(buf, 0, sizeof(buf));
        rc = tep_filter_strerror(filter, code, buf, buflen);
        printf("strerror(%d,%d) rc=%d \"", code, buflen, rc);
        put_escaped(buf);
        fputs("\"\n", stdout);
      }
    } else if (strncmp(step, "%big ", 5) == 0) {
      long n;
      char head[256], fill[256], tail[256];
      char *h, *f, *t;
      if (sscanf(step + 5, "%ld %255s %255s %255s", &n, head, fill, tail) == 4) {
        size_t hl, fl, tl;
        char *big, *p;
        h = decode(head); f = decode(fill); t = decode(tail);
        if (!strcmp(t, "-"))
          t[0] = 0;
        hl = strlen(h); fl = strlen(f); tl = strlen(t);
        big = malloc(hl + fl * n + tl + 1);
        p = big;
        memcpy(p, h, hl); p += hl;
        for (long k = 0; k < n; k++) { memcpy(p, f, fl); p += fl; }
        memcpy(p, t, tl); p += tl;
        *p = 0;
        report_add(filter, big, 1);
        free(big); free(h); free(f); free(t);
      }
    } else if (strncmp(step, "%deep ", 6) == 0) {
      long n = atol(step + 6);
      char *s = malloc(n * 2 + 64);
      char *p = s;
      p += sprintf(p, "sched_switch: ");
      for (long k = 0; k < n; k++) *p++ = '(';
      p += sprintf(p, "prev_pid == 1");
      for (long k = 0; k < n; k++) *p++ = ')';
      *p = 0;
      report_add(filter, s, 1);
      free(s);
    } else {
      char *s = decode(step);
      report_add(filter, s, 0);
      free(s);
    }
  }
  dump_filter("final", filter);
  if (!nomatch)
    run_matches(tep, filter);
  tep_filter_free(filter);
  tep_free(tep);
  free(cases);
  return 0;
}
