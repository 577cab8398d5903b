// SPDX-License-Identifier: LGPL-2.1
// tep_register_event_handler / tep_unregister_event_handler (lib/print_line).
#include <new>

#include "compat/export.h"
#include "core/handle.h"
#include "event-parse.h"
#include "event-utils.h"

TEP_EXPORT int tep_register_event_handler(struct tep_handle* tep, int id, const char* sys_name, const char* event_name,
                                          tep_event_handler_func func, void* context) {
  if (!tep) return TEP_ERRNO__MEM_ALLOC_FAILED;
  try {
    return tep->handlers.add(*tep, id, sys_name, event_name, func, context);
  } catch (...) {
    tep_warning("Failed to allocate event handler");
    return TEP_ERRNO__MEM_ALLOC_FAILED;
  }
}

TEP_EXPORT int tep_unregister_event_handler(struct tep_handle* tep, int id, const char* sys_name,
                                            const char* event_name, tep_event_handler_func func, void* context) {
  if (!tep) return -1;
  try {
    return tep->handlers.remove(*tep, id, sys_name, event_name, func, context);
  } catch (...) {
    return -1;
  }
}
