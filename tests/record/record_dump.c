// SPDX-License-Identifier: LGPL-2.1
// Differential driver for record access: parses every format under DIR
// (DIR[/events]/<sys>/<name>/format), builds deterministic pseudo-random
// records for each event (dynamic fields pointing inside the record, as the
// kernel writes them) and prints what the field accessors return, in the
// file's byte order and then in the opposite one.
//   record_dump DIR
#define _GNU_SOURCE
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "event-parse.h"
#include "trace-seq.h"

// Exported by libtraceevent without a public prototype.
int get_field_val(struct trace_seq* s, struct tep_format_field* field, const char* name,
                  struct tep_record* record, unsigned long long* val, int err);

static uint64_t rng = 88172645463325252ull;
static unsigned next_byte(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng & 0xff;
}

static char* read_file(const char* path, size_t* size) {
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char* buf = malloc(n + 1);
  *size = fread(buf, 1, n, f);
  fclose(f);
  return buf;
}

static int cmp_str(const void* a, const void* b) { return strcmp(*(char* const*)a, *(char* const*)b); }

static char** list_dir(const char* dir, int* count) {
  DIR* d = opendir(dir);
  *count = 0;
  if (!d) return NULL;
  char** names = NULL;
  struct dirent* e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    names = realloc(names, sizeof(char*) * (*count + 1));
    names[(*count)++] = strdup(e->d_name);
  }
  closedir(d);
  qsort(names, *count, sizeof(char*), cmp_str);
  return names;
}

static void write_number(struct tep_handle* tep, unsigned char* p, int size, uint64_t v) {
  for (int i = 0; i < size; i++) {
    int shift = tep_is_file_bigendian(tep) ? (size - 1 - i) * 8 : i * 8;
    p[i] = (v >> shift) & 0xff;
  }
}

// Every field inside [0, 256): events with absurd layouts are not recorded.
static int record_end(struct tep_event* ev) {
  int end = 0;
  for (int pass = 0; pass < 2; pass++)
    for (struct tep_format_field* f = pass ? ev->format.fields : ev->format.common_fields; f; f = f->next) {
      if (f->offset < 0 || f->size < 0 || f->offset > 256 || f->size > 256 - f->offset) return -1;
      if (f->offset + f->size > end) end = f->offset + f->size;
    }
  return end;
}

static void show_seq(struct trace_seq* s) {
  trace_seq_terminate(s);
  printf(" seq='%s'", s->buffer);
  trace_seq_reset(s);
}

static void dump_record(struct tep_handle* tep, struct tep_event* ev, unsigned char* data, int size) {
  struct tep_record rec;
  memset(&rec, 0, sizeof rec);
  rec.data = data;
  rec.size = size;
  struct trace_seq s;
  trace_seq_init(&s);
  struct tep_event* found = tep_find_event_by_record(tep, &rec);
  printf("  rec size=%d type=%d pid=%d pc=%d flags=%d found=%s is_event=%d\n", size, tep_data_type(tep, &rec),
         tep_data_pid(tep, &rec), tep_data_preempt_count(tep, &rec), tep_data_flags(tep, &rec),
         found ? found->name : "-", tep_record_is_event(&rec, ev));
  for (int pass = 0; pass < 2; pass++)
    for (struct tep_format_field* f = pass ? ev->format.fields : ev->format.common_fields; f; f = f->next) {
      unsigned long long v = 0;
      int r1 = tep_get_field_val(&s, ev, f->name, &rec, &v, 1);
      printf("   %s val r=%d v=%llx", f->name, r1, r1 ? 0 : v);
      show_seq(&s);
      r1 = tep_get_common_field_val(&s, ev, f->name, &rec, &v, 1);
      printf(" common r=%d v=%llx", r1, r1 ? 0 : v);
      show_seq(&s);
      r1 = tep_get_any_field_val(&s, ev, f->name, &rec, &v, 0);
      printf(" any r=%d v=%llx", r1, r1 ? 0 : v);
      r1 = tep_read_number_field(f, data, &v);
      printf(" num r=%d v=%llx", r1, r1 ? 0 : v);
      r1 = get_field_val(&s, f, f->name, &rec, &v, 1);
      printf(" gfv r=%d v=%llx", r1, r1 ? 0 : v);
      show_seq(&s);
      int len = -1;
      unsigned char* raw = tep_get_field_raw(&s, ev, f->name, &rec, &len, 1);
      printf(" raw=%s", raw ? "" : "null");
      if (raw) {
        printf("@%ld len=%d ", (long)(raw - data), len);
        for (int i = 0; i < len && i < 16; i++) printf("%02x", raw[i]);
      }
      show_seq(&s);
      printf("\n");
    }
  unsigned long long v;
  printf("   missing: val=%d", tep_get_field_val(&s, ev, "no_such_field", &rec, &v, 1));
  show_seq(&s);
  printf(" raw=%p", tep_get_field_raw(&s, ev, "no_such_field", &rec, NULL, 1));
  show_seq(&s);
  printf(" quiet=%d", tep_get_any_field_val(&s, ev, "no_such_field", &rec, &v, 0));
  show_seq(&s);
  printf(" gfv_null=%d", get_field_val(&s, NULL, "nothing", &rec, &v, 1));
  show_seq(&s);
  printf("\n");
  trace_seq_destroy(&s);
}

static void records_for(struct tep_handle* tep, struct tep_event* ev) {
  int end = record_end(ev);
  if (end < 0) {
    printf(" %s/%s: layout outside 256 bytes, skipped\n", ev->system, ev->name);
    return;
  }
  printf(" %s/%s id=%d\n", ev->system, ev->name, ev->id);
  static unsigned char data[512];
  for (int round = 0; round < 3; round++) {
    int size = end + 24;
    for (int i = 0; i < (int)sizeof data; i++) data[i] = next_byte();
    struct tep_format_field* type = tep_find_common_field(ev, "common_type");
    if (type && round < 2) write_number(tep, data + type->offset, type->size, ev->id);
    for (struct tep_format_field* f = ev->format.fields; f; f = f->next) {
      if (!(f->flags & TEP_FIELD_IS_DYNAMIC) || f->size < 2) continue;
      int base = (f->flags & TEP_FIELD_IS_RELATIVE) ? f->offset + f->size : 0;
      int start = end + (int)(next_byte() % 8);
      int len = (int)(next_byte() % (size - start + 1));
      uint64_t loc = (uint64_t)(start - base) | (f->size >= 4 ? (uint64_t)len << 16 : 0);
      write_number(tep, data + f->offset, f->size > 4 ? 4 : f->size, loc);
    }
    dump_record(tep, ev, data, size);
  }
}

static void run(const char* root, int big_endian) {
  char path[4096];
  snprintf(path, sizeof path, "%s/events", root);
  struct stat st;
  char events_dir[4096];
  snprintf(events_dir, sizeof events_dir, "%s", stat(path, &st) == 0 ? path : root);
  struct tep_handle* tep = tep_alloc();
  tep_set_long_size(tep, 8);
  tep_set_file_bigendian(tep, big_endian ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
  printf("== %s endian=%s\n", root, big_endian ? "big" : "little");
  int nsys;
  char** systems = list_dir(events_dir, &nsys);
  for (int s = 0; s < nsys; s++) {
    char sysdir[4096];
    snprintf(sysdir, sizeof sysdir, "%s/%s", events_dir, systems[s]);
    int nev;
    char** evs = list_dir(sysdir, &nev);
    for (int e = 0; e < nev; e++) {
      char file[4096];
      snprintf(file, sizeof file, "%s/%s/format", sysdir, evs[e]);
      size_t size;
      char* buf = read_file(file, &size);
      if (buf) tep_parse_event(tep, buf, size, systems[s]);
      free(buf);
      free(evs[e]);
    }
    free(evs);
    free(systems[s]);
  }
  free(systems);
  int count = tep_get_events_count(tep);
  for (int i = 0; i < count; i++) records_for(tep, tep_get_event(tep, i));
  // Numbers in both byte orders.
  unsigned char bytes[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  printf(" read_number:");
  for (int size = 0; size <= 9; size++) printf(" %llx", tep_read_number(tep, bytes, size));
  printf("\n");
  tep_free(tep);
}

int main(int argc, char** argv) {
  setvbuf(stdout, NULL, _IOFBF, 1 << 16);
  if (argc < 2) {
    fprintf(stderr, "usage: %s DIR...\n", argv[0]);
    return 2;
  }
  for (int i = 1; i < argc; i++) {
    run(argv[i], 0);
    run(argv[i], 1);
  }
  return 0;
}
