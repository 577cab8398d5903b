// SPDX-License-Identifier: LGPL-2.1
// BTF: function prototypes from a raw BTF blob, for printing function arguments
// (tep_load_btf, tep_btf_list_args, tep_btf_print_args). Placeholder until lib/btf/ lands.
#include <cerrno>

#include "compat/export.h"
#include "core/handle.h"
#include "event-parse.h"

TEP_EXPORT int tep_load_btf(struct tep_handle* tep, void* raw_data, size_t data_size) {
  (void)tep;
  (void)raw_data;
  (void)data_size;
  return -1;
}

TEP_EXPORT int tep_btf_list_args(struct tep_handle* tep, struct trace_seq* s, const char* func) {
  (void)tep;
  (void)s;
  (void)func;
  return -1;
}

TEP_EXPORT int tep_btf_print_args(struct tep_handle* tep, struct trace_seq* s, void* args, int nmem,
                                  int size, const char* func) {
  (void)tep;
  (void)s;
  (void)args;
  (void)nmem;
  (void)size;
  (void)func;
  return -1;
}
