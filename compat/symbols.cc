// SPDX-License-Identifier: LGPL-2.1
// Kernel functions (kallsyms, tep_register_function, a resolver, an earlier
// boot's addresses: last_boot_info and /proc/modules) and printk formats:
// lib/symbols/function_table.h, boot_map.h and printk_table.h. Everything that
// changes what %pS / bprint would print invalidates the handle's print plans.
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "compat/export.h"
#include "core/handle.h"
#include "event-parse.h"

TEP_EXPORT int tep_parse_kallsyms(struct tep_handle* tep, const char* kallsyms) {
  if (!tep || !kallsyms) return -1;
  try {
    auto status = tep->functions.parse_kallsyms(kallsyms);
    tep->invalidate_plans();
    return status == tep::symbols::LinesStatus::kOk ? 0 : -1;
  } catch (...) {
    errno = ENOMEM;
    return -1;
  }
}

TEP_EXPORT int tep_register_function(struct tep_handle* tep, char* name, unsigned long long addr, char* mod) {
  if (!tep || !name) return -1;
  try {
    tep->functions.add(name, addr, mod);
    tep->invalidate_plans();
    return 0;
  } catch (...) {
    errno = ENOMEM;
    return -1;
  }
}

TEP_EXPORT const char* tep_find_function(struct tep_handle* tep, unsigned long long addr) {
  if (!tep) return nullptr;
  try {
    tep::symbols::FunctionTable::CMatch match;
    return tep->functions.lookup(addr, match) ? match.name : nullptr;
  } catch (...) {
    return nullptr;
  }
}

TEP_EXPORT unsigned long long tep_find_function_address(struct tep_handle* tep, unsigned long long addr) {
  if (!tep) return 0;
  try {
    tep::symbols::FunctionTable::CMatch match;
    return tep->functions.lookup(addr, match) ? match.start : 0;
  } catch (...) {
    return 0;
  }
}

TEP_EXPORT int tep_find_function_info(struct tep_handle* tep, unsigned long long addr, const char** name,
                                      unsigned long long* start, unsigned long* size) {
  if (!tep) return 0;
  try {
    tep::symbols::FunctionTable::CMatch match;
    if (!tep->functions.lookup(addr, match)) return 0;
    if (name) *name = match.name;
    if (start) *start = match.boot_start;
    if (size) *size = static_cast<unsigned long>(match.size);
    return 1;
  } catch (...) {
    return 0;
  }
}

TEP_EXPORT int tep_set_function_resolver(struct tep_handle* tep, tep_func_resolver_t* func, void* priv) {
  if (!tep) return -1;
  tep->functions.set_resolver(func, priv);
  tep->invalidate_plans();
  return 0;
}

TEP_EXPORT void tep_reset_function_resolver(struct tep_handle* tep) {
  if (!tep) return;
  tep->functions.reset_resolver();
  tep->invalidate_plans();
}

TEP_EXPORT int tep_get_function_count(struct tep_handle* tep) { return tep ? tep->functions.count() : 0; }

TEP_EXPORT void tep_print_funcs(struct tep_handle* tep) {
  if (!tep) return;
  try {
    tep->functions.print(stdout);
  } catch (...) {
  }
}

TEP_EXPORT int tep_parse_printk_formats(struct tep_handle* tep, const char* buf) {
  if (!tep || !buf) return -1;
  try {
    tep->printk.parse(buf);
    tep->invalidate_plans();
    return 0;
  } catch (...) {
    errno = ENOMEM;
    return -1;
  }
}

TEP_EXPORT int tep_register_print_string(struct tep_handle* tep, const char* fmt, unsigned long long addr) {
  if (!tep || !fmt) return -1;
  try {
    tep->printk.add(fmt, addr);
    tep->invalidate_plans();
    return 0;
  } catch (...) {
    errno = ENOMEM;
    return -1;
  }
}

TEP_EXPORT void tep_print_printk(struct tep_handle* tep) {
  if (!tep) return;
  try {
    tep->printk.print(stdout);
  } catch (...) {
  }
}

// Upstream crashes on a NULL handle; -1 here.
TEP_EXPORT int tep_parse_last_boot_info(struct tep_handle* tep, const char* lbi) {
  if (!tep || !lbi) return -1;
  try {
    auto status = tep->functions.parse_last_boot_info(lbi);
    tep->invalidate_plans();
    return status == tep::symbols::BootMap::LastBootStatus::kBadLine ? -1 : 0;
  } catch (...) {
    errno = ENOMEM;
    return -1;
  }
}

// The text is the first `size` bytes, or up to a NUL before them.
TEP_EXPORT int tep_load_modules(struct tep_handle* tep, char* modules, size_t size) {
  if (!tep || !modules) return -1;
  try {
    auto status = tep->functions.load_modules(std::string_view(modules, strnlen(modules, size)));
    tep->invalidate_plans();
    return status == tep::symbols::BootMap::ModulesStatus::kOk ? 0 : -1;
  } catch (...) {
    errno = ENOMEM;
    return -1;
  }
}
