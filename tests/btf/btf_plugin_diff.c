/* SPDX-License-Identifier: LGPL-2.1 */
/* Differential driver for the function plugin's arguments (ftrace:function
   with the args[] field of 6.x kernels), run by tests/symbols/oracle_diff.py on
   upstream's library with upstream's plugins and on ours with ours: the plugin
   directory is the one beside the library that runs (ORACLE/lib ->
   ORACLE/plugins, BUILD/libtraceevent.so.1 -> BUILD/plugins).
     btf_plugin_diff [btf FILE] [opt NAME VALUE]... [old-format | args-at-32]
   prints records of several functions (found in BTF or not, with suffixes,
   unknown addresses) with 0 to 8 argument words. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <libgen.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <event-parse.h>

#define FIELDS \
  "name: function\nID: 1\nformat:\n" \
  "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n" \
  "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n" \
  "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n" \
  "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n" \
  "\tfield:unsigned long ip;\toffset:8;\tsize:8;\tsigned:0;\n" \
  "\tfield:unsigned long parent_ip;\toffset:16;\tsize:8;\tsigned:0;\n"
#define PRINT_FMT "\nprint fmt: \" %ps <-- %ps\", (void *)REC->ip, (void *)REC->parent_ip\n"

static const char format_args[] = FIELDS "\tfield:unsigned long args[];\toffset:24;\tsize:0;\tsigned:0;\n" PRINT_FMT;
static const char format_old[] = FIELDS PRINT_FMT;
/* args[] past another field: a record holding the fixed fields but ending
   before args[] gives a negative count ("()"). */
static const char format_args32[] = FIELDS "\tfield:unsigned long pad;\toffset:24;\tsize:8;\tsigned:0;\n"
    "\tfield:unsigned long args[];\toffset:32;\tsize:0;\tsigned:0;\n" PRINT_FMT;
static const char kallsyms[] =
    "ffffffff81000000 T f_int\n"
    "ffffffff81000100 t f_int.isra.0\n"
    "ffffffff81000200 T f_struct16\n"
    "ffffffff81000300 T f_enum4\n"
    "ffffffff81000400 T f_noargs\n"
    "ffffffff81000500 T f_six\n"
    "ffffffff81000600 T not_in_btf\n"
    "ffffffff81000700 T f_not_proto\n"
    "ffffffff81000800 T parent_fn\n";

static void plugin_dir(char *out, size_t size) {
  Dl_info info;
  char lib[4096], *dir;
  if (!dladdr((void *)tep_alloc, &info) || !realpath(info.dli_fname, lib)) {
    snprintf(out, size, ".");
    return;
  }
  dir = dirname(lib);
  snprintf(out, size, "%s/plugins/plugin_function.so", dir);
  if (access(out, F_OK) == 0) snprintf(out, size, "%s/plugins", dir);
  else snprintf(out, size, "%s/../plugins", dir);
}

int main(int argc, char **argv) {
  struct tep_handle *tep = tep_alloc();
  const char *format = format_args;
  struct tep_plugin_list *plugins;
  char dir[4200];
  int i;
  tep_set_long_size(tep, 8);
  /* The records below are written in the host's byte order. */
  tep_set_file_bigendian(tep, tep_is_bigendian() ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
  tep_set_flag(tep, TEP_DISABLE_SYS_PLUGINS);
  for (i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "btf") && i + 1 < argc) {
      FILE *f = fopen(argv[++i], "rb");
      static unsigned char buf[1 << 20];
      size_t n = f ? fread(buf, 1, sizeof buf, f) : 0;
      if (f) fclose(f);
      printf("load %d\n", tep_load_btf(tep, buf, n));
    } else if (!strcmp(argv[i], "opt") && i + 2 < argc) {
      printf("opt %s %d\n", argv[i + 1], tep_plugin_add_option(argv[i + 1], argv[i + 2]));
      i += 2;
    } else if (!strcmp(argv[i], "old-format")) {
      format = format_old;
    } else if (!strcmp(argv[i], "args-at-32")) {
      format = format_args32;
    }
  }
  tep_parse_kallsyms(tep, kallsyms);
  tep_parse_event(tep, format, strlen(format), "ftrace");
  plugin_dir(dir, sizeof dir);
  tep_add_plugin_path(tep, dir, TEP_PLUGIN_FIRST);
  plugins = tep_load_plugins(tep);
  {
    static const unsigned long long ips[] = {0xffffffff81000000ull, 0xffffffff81000104ull, 0xffffffff81000200ull,
                                             0xffffffff81000300ull, 0xffffffff81000400ull, 0xffffffff81000500ull,
                                             0xffffffff81000600ull, 0xffffffff81000700ull, 0x1234};
    static const unsigned long long words[] = {0x7ffe7d33f3d0ull, 0xffffffffffffff9cull, 0x8241, 0x1b6, 5, 6, 7, 8};
    static const int sizes[] = {24, 28, 32, 40, 47, 48, 52, 56, 88};
    unsigned k, j;
    for (k = 0; k < sizeof ips / sizeof ips[0]; k++) {
      for (j = 0; j < sizeof sizes / sizeof sizes[0]; j++) {
        unsigned char data[96];
        struct tep_record rec;
        struct trace_seq s;
        uint16_t type = 1;
        unsigned long long parent = 0xffffffff81000800ull;
        memset(data, 0, sizeof data);
        memset(&rec, 0, sizeof rec);
        memcpy(data, &type, 2);
        memcpy(data + 8, &ips[k], 8);
        memcpy(data + 16, &parent, 8);
        memcpy(data + 24, words, sizeof words);
        rec.data = data;
        rec.size = sizes[j];
        rec.cpu = 0;
        trace_seq_init(&s);
        tep_print_event(tep, &s, &rec, "%s", TEP_PRINT_INFO);
        trace_seq_terminate(&s);
        printf("ip=%llx size=%d [%s]\n", ips[k], sizes[j], s.buffer);
        trace_seq_destroy(&s);
      }
    }
  }
  tep_unload_plugins(plugins, tep);
  tep_free(tep);
  return 0;
}
