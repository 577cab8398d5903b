// SPDX-License-Identifier: LGPL-2.1
// Differential driver: parses event formats with whichever libtraceevent the
// dynamic linker finds and prints everything the parse produced, so two runs
// (ours, upstream's) can be compared line by line.
//   format_dump DIR            every DIR[/events]/<sys>/<name>/format, in name
//                              order, into one handle; then lookups and listings
//   format_dump --prefixes SYS FILE   FILE truncated at every byte offset, each
//                              prefix parsed into a fresh handle in a child
//                              process ("CRASH" when it dies: upstream does on some)
//   format_dump --header FILE...  tep_parse_header_page on every prefix of each FILE
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "event-parse.h"

static char* read_file(const char* path, size_t* size) {
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, len = 0;
  char* buf = malloc(cap);
  size_t n;
  while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
    len += n;
    if (len == cap) buf = realloc(buf, cap *= 2);
  }
  fclose(f);
  *size = len;
  return buf;
}

static int cmp_str(const void* a, const void* b) { return strcmp(*(char* const*)a, *(char* const*)b); }

// Sorted names of the subdirectories (or files) of dir.
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

static void dump_field(char kind, struct tep_format_field* f) {
  printf("  %c type='%s' name='%s' alias=%s off=%d size=%d arraylen=%u elsize=%u flags=0x%lx event=%s\n", kind,
         f->type, f->name, f->alias == f->name ? "=name" : "other", f->offset, f->size, f->arraylen,
         f->elementsize, f->flags, f->event ? f->event->name : "(null)");
}

static void dump_event(struct tep_event* ev) {
  printf(" event id=%d name='%s' system='%s' flags=0x%x nr_common=%d nr_fields=%d\n", ev->id, ev->name,
         ev->system, ev->flags, ev->format.nr_common, ev->format.nr_fields);
  for (struct tep_format_field* f = ev->format.common_fields; f; f = f->next) dump_field('C', f);
  for (struct tep_format_field* f = ev->format.fields; f; f = f->next) dump_field('F', f);
  struct tep_format_field** arr = tep_event_common_fields(ev);
  int n = 0;
  while (arr && arr[n]) n++;
  free(arr);
  arr = tep_event_fields(ev);
  int m = 0;
  while (arr && arr[m]) m++;
  free(arr);
  printf("  arrays common=%d fields=%d\n", n, m);
  static const char* probes[] = {"common_pid", "common_type", "prev_comm", "pid", "comm", "name", "ip", NULL};
  for (int i = 0; probes[i]; i++) {
    struct tep_format_field *c = tep_find_common_field(ev, probes[i]), *f = tep_find_field(ev, probes[i]),
                            *a = tep_find_any_field(ev, probes[i]);
    if (c || f || a) printf("  find %s: common=%d field=%d any=%s\n", probes[i], !!c, !!f, a == c && c ? "common" : a ? "field" : "none");
  }
}

static void parse_one(struct tep_handle* tep, const char* label, const char* buf, size_t size, const char* sys) {
  struct tep_event* ev = NULL;
  int rc = tep_parse_format(tep, &ev, buf, size, sys);
  printf("== %s rc=%d event=%s\n", label, rc, ev ? "yes" : "no");
  if (ev) dump_event(ev);
}

static void dump_header(struct tep_handle* tep) {
  printf(" header: page_size=%d ts_size=%d sub=%d data=%d commit_off=%d old=%d\n", tep_get_header_page_size(tep),
         tep_get_header_timestamp_size(tep), tep_get_sub_buffer_size(tep), tep_get_sub_buffer_data_size(tep),
         tep_get_sub_buffer_commit_offset(tep), tep_is_old_format(tep));
}

static void dump_listing(struct tep_handle* tep) {
  static const char* names[] = {"id", "name", "system"};
  int count = tep_get_events_count(tep);
  printf("== listings count=%d\n", count);
  for (int order = 0; order < 3; order++) {
    struct tep_event** list = tep_list_events(tep, order);
    struct tep_event** copy = tep_list_events_copy(tep, order);
    printf(" order %s:", names[order]);
    int i;
    for (i = 0; list && list[i]; i++) {
      printf(" %s/%s:%d", list[i]->system, list[i]->name, list[i]->id);
      if (!copy || copy[i] != list[i]) printf("(copy differs)");
    }
    printf(" [%d]\n", i);
    free(copy);
  }
  printf(" get_event:");
  for (int i = 0; i < count; i++) printf(" %d", tep_get_event(tep, i)->id);
  printf("\n first=%d\n", tep_get_first_event(tep) ? tep_get_first_event(tep)->id : -1);
  // Lookups, including the one-entry cache's visible effects with duplicates.
  for (int i = 0; i < count; i++) {
    struct tep_event* e = tep_get_event(tep, i);
    struct tep_event* by_id = tep_find_event(tep, e->id);
    struct tep_event* by_name = tep_find_event_by_name(tep, e->system, e->name);
    struct tep_event* any_sys = tep_find_event_by_name(tep, NULL, e->name);
    printf(" lookup %d: id->%s/%s name->%s any->%s/%d\n", e->id, by_id->system, by_id->name,
           by_name == e ? "self" : by_name ? "other" : "none", any_sys ? any_sys->system : "-",
           any_sys ? any_sys->id : -1);
  }
  printf(" missing: %p %p\n", (void*)tep_find_event(tep, 999999), (void*)tep_find_event_by_name(tep, "nosys", "noevent"));
}

static void parse_dir(const char* root) {
  char path[4096];
  snprintf(path, sizeof path, "%s/events", root);
  struct stat st;
  const char* events = stat(path, &st) == 0 && S_ISDIR(st.st_mode) ? path : root;
  char events_dir[4096];
  snprintf(events_dir, sizeof events_dir, "%s", events);

  struct tep_handle* tep = tep_alloc();
  tep_set_long_size(tep, 8);
  const char* header_candidates[] = {"%s/header_page", "%s/events/header_page"};
  for (int i = 0; i < 2; i++) {
    snprintf(path, sizeof path, header_candidates[i], root);
    size_t size;
    char* buf = read_file(path, &size);
    if (!buf) continue;
    printf("== header_page rc=%d\n", tep_parse_header_page(tep, buf, size, 8));
    dump_header(tep);
    if (tep_get_header_page_size(tep) == 4) tep_set_long_size(tep, 4);
    free(buf);
    break;
  }
  int nsys;
  char** systems = list_dir(events_dir, &nsys);
  for (int s = 0; s < nsys; s++) {
    snprintf(path, sizeof path, "%s/%s", events_dir, systems[s]);
    int nev;
    char** evs = list_dir(path, &nev);
    for (int e = 0; e < nev; e++) {
      char file[4096], label[1024];
      snprintf(file, sizeof file, "%s/%s/%s/format", events_dir, systems[s], evs[e]);
      size_t size;
      char* buf = read_file(file, &size);
      if (buf) {
        snprintf(label, sizeof label, "%s/%s", systems[s], evs[e]);
        parse_one(tep, label, buf, size, systems[s]);
        free(buf);
      }
      free(evs[e]);
    }
    free(evs);
    free(systems[s]);
  }
  free(systems);
  dump_listing(tep);
  tep_free(tep);
}

static void parse_prefixes(const char* sys, const char* file) {
  size_t size;
  char* buf = read_file(file, &size);
  if (!buf) {
    fprintf(stderr, "cannot read %s\n", file);
    exit(2);
  }
  for (size_t len = 0; len <= size; len++) {
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
      // A fresh, exactly-sized copy so a read past `len` is an ASan error.
      char* copy = malloc(len ? len : 1);
      memcpy(copy, buf, len);
      struct tep_handle* tep = tep_alloc();
      tep_set_long_size(tep, 8);
      char label[64];
      snprintf(label, sizeof label, "prefix %zu", len);
      parse_one(tep, label, copy, len, sys);
      tep_free(tep);
      free(copy);
      fflush(stdout);
      _exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) printf("== prefix %zu CRASH\n", len);
  }
  free(buf);
}

static void parse_header_prefixes(const char* file) {
  size_t size;
  char* buf = read_file(file, &size);
  if (!buf) exit(2);
  for (size_t len = 0; len <= size; len++) {
    char* copy = malloc(len ? len : 1);
    memcpy(copy, buf, len);
    struct tep_handle* tep = tep_alloc();
    printf("== header prefix %zu rc=%d\n", len, tep_parse_header_page(tep, copy, len, 4));
    dump_header(tep);
    tep_free(tep);
    free(copy);
  }
  free(buf);
}

int main(int argc, char** argv) {
  setvbuf(stdout, NULL, _IOFBF, 1 << 16);
  if (argc == 4 && strcmp(argv[1], "--prefixes") == 0) {
    parse_prefixes(argv[2], argv[3]);
  } else if (argc >= 3 && strcmp(argv[1], "--header") == 0) {
    for (int i = 2; i < argc; i++) {
      printf("== header file %s\n", strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i]);
      parse_header_prefixes(argv[i]);
    }
  } else if (argc >= 2) {
    for (int i = 1; i < argc; i++) parse_dir(argv[i]);
  } else {
    fprintf(stderr, "usage: %s DIR... | --prefixes SYS FILE | --header FILE...\n", argv[0]);
    return 2;
  }
  return 0;
}
