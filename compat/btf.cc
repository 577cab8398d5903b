// SPDX-License-Identifier: LGPL-2.1
// BTF: tep_load_btf, tep_btf_list_args, tep_btf_print_args (lib/btf/).
#include <exception>
#include <string_view>

#include "btf/arg_printer.h"
#include "btf/btf.h"
#include "compat/export.h"
#include "core/handle.h"
#include "event-parse.h"

// Copies what it needs (the caller may free raw_data at once, as upstream's
// example does). Any load, failed or not, drops the BTF loaded before, as
// upstream's does.
TEP_EXPORT int tep_load_btf(struct tep_handle* tep, void* raw_data, size_t data_size) {
  if (!tep) return -1;
  try {
    tep->btf.reset();
    if (!raw_data) return -1;
    tep::btf::LoadError error;
    tep->btf = tep::btf::load(raw_data, data_size, &error);
    return tep->btf ? 0 : -1;
  } catch (const std::exception&) {
    tep->btf.reset();
    return -1;
  }
}

TEP_EXPORT int tep_btf_list_args(struct tep_handle* tep, struct trace_seq* s, const char* func) {
  if (!tep || !s || !func) return -1;
  try {
    return tep::btf::list_args(tep->btf.get(), s, func);
  } catch (const std::exception&) {
    return -1;
  }
}

TEP_EXPORT int tep_btf_print_args(struct tep_handle* tep, struct trace_seq* s, void* args, int nmem, int size,
                                  const char* func) {
  if (!tep || !s || !func) return -1;
  try {
    return tep::btf::print_args(tep->btf.get(), s, args, nmem, size, func);
  } catch (const std::exception&) {
    return -1;
  }
}
