/* SPDX-License-Identifier: LGPL-2.1 */
/* Differential driver for tep_load_btf, tep_btf_list_args and tep_btf_print_args,
   run on upstream's library and ours by tests/symbols/oracle_diff.py. Each
   argument is one command:
     load FILE            tep_load_btf of FILE's bytes (the copy is scribbled
                          over and freed right after, as upstream's example unmaps it)
     list NAME            tep_btf_list_args
     print NAME SIZE NMEM W...   tep_btf_print_args of NMEM words (hex) of SIZE bytes
     all                  for every FUNC of the last file loaded (a blob of the
                          host's byte order): list, list of NAME.isra.0, and prints of 8, 1 and
                          0 words of 8 and of 4 bytes
     loglevel N           tep_set_loglevel (upstream's messages at WARNING)
   NAME "-" is a NULL name. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <event-parse.h>

static unsigned char *blob;
static size_t blob_size;

static unsigned char *slurp(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  size_t cap = 1 << 16, len = 0, r;
  unsigned char *b;
  if (!f) return NULL;
  b = malloc(cap);
  while ((r = fread(b + len, 1, cap - len, f)) > 0) {
    len += r;
    if (len == cap) b = realloc(b, cap *= 2);
  }
  fclose(f);
  *size = len;
  return b;
}

static const uint64_t kWords[8] = {0xffffffffffffff9cull, 0x8000000000000001ull, 0, 1,
                                   0x7fff00001234ull, 0xff, 0x80, 0xffff8000ull};

static void do_list(struct tep_handle *tep, const char *name) {
  struct trace_seq s;
  int r;
  trace_seq_init(&s);
  r = tep_btf_list_args(tep, &s, name);
  trace_seq_terminate(&s);
  printf("list %s r=%d [%s]\n", name ? name : "(null)", r, s.buffer);
  trace_seq_destroy(&s);
}

static void do_print(struct tep_handle *tep, const char *name, int size, int nmem, const uint64_t *w, int n) {
  struct trace_seq s;
  uint32_t w4[64];
  uint64_t w8[64];
  int i, r;
  for (i = 0; i < 64; i++) {
    w8[i] = i < n ? w[i] : 0x5a5a5a5a5a5a5a5aull;
    w4[i] = (uint32_t)w8[i];
  }
  trace_seq_init(&s);
  r = tep_btf_print_args(tep, &s, size == 4 ? (void *)w4 : (void *)w8, nmem, size, name);
  trace_seq_terminate(&s);
  printf("print %s %d %d r=%d [%s]\n", name ? name : "(null)", size, nmem, r, s.buffer);
  trace_seq_destroy(&s);
}

static uint32_t word(size_t off) {
  uint32_t v;
  if (off + 4 > blob_size) return 0;
  memcpy(&v, blob + off, 4);
  return v;
}

/* Every FUNC's name, walking the blob as the format lays it out. */
static void all(struct tep_handle *tep) {
  static const unsigned char fixed[20] = {0, 4, 0, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 4, 0, 0};
  static const unsigned char per[20] = {0, 0, 0, 0, 12, 12, 8, 0, 0, 0, 0, 0, 0, 8, 0, 12, 0, 0, 0, 12};
  size_t off, end, str;
  uint32_t str_len;
  if (!blob || blob_size < 24) return;
  off = word(4) + word(8);
  end = off + word(12);
  str = word(4) + word(16);
  str_len = word(20);
  while (off + 12 <= end && off + 12 <= blob_size) {
    uint32_t name = word(off), info = word(off + 4);
    unsigned kind = (info >> 24) & 0x1f;
    if (kind > 19) return;
    if (kind == 12 && name < str_len && str + name < blob_size) {
      char buf[512];
      const char *n = (const char *)blob + str + name;
      snprintf(buf, sizeof buf, "%.*s", (int)strnlen(n, blob_size - str - name), n);
      do_list(tep, buf);
      {
        char dotted[600];
        snprintf(dotted, sizeof dotted, "%s.isra.0", buf);
        do_list(tep, dotted);
      }
      do_print(tep, buf, 8, 8, kWords, 8);
      do_print(tep, buf, 4, 8, kWords, 8);
      do_print(tep, buf, 8, 1, kWords, 1);
      do_print(tep, buf, 4, 0, kWords, 0);
    }
    off += 12 + fixed[kind] + (size_t)per[kind] * (info & 0xffff);
  }
}

int main(int argc, char **argv) {
  struct tep_handle *tep = tep_alloc();
  int i;
  for (i = 1; i < argc; i++) {
    char *cmd = strdup(argv[i]), *save = NULL;
    char *verb = strtok_r(cmd, " ", &save);
    char *name = verb ? strtok_r(NULL, " ", &save) : NULL;
    const char *fname = name && strcmp(name, "-") ? name : NULL;
    if (!verb) {
    } else if (!strcmp(verb, "load") && name) {
      size_t size = 0;
      unsigned char *b = slurp(name, &size);
      int r = tep_load_btf(tep, b, size);
      printf("load %s r=%d\n", strrchr(name, '/') ? strrchr(name, '/') + 1 : name, r);
      fflush(stdout);
      free(blob);
      blob = malloc(size ? size : 1);
      if (b) memcpy(blob, b, size);
      blob_size = size;
      if (b) memset(b, 0xa5, size);
      free(b);
    } else if (!strcmp(verb, "list")) {
      do_list(tep, fname);
    } else if (!strcmp(verb, "print") && name) {
      char *size = strtok_r(NULL, " ", &save), *nmem = size ? strtok_r(NULL, " ", &save) : NULL, *t;
      uint64_t w[64];
      int n = 0;
      while (n < 64 && (t = strtok_r(NULL, " ", &save))) w[n++] = strtoull(t, NULL, 16);
      if (nmem) do_print(tep, fname, atoi(size), atoi(nmem), w, n);
    } else if (!strcmp(verb, "all")) {
      all(tep);
    } else if (!strcmp(verb, "loglevel") && name) {
      fflush(stdout);
      tep_set_loglevel(atoi(name));
    }
    fflush(stdout);
    free(cmd);
  }
  free(blob);
  tep_free(tep);
  return 0;
}
