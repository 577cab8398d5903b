// SPDX-License-Identifier: LGPL-2.1
// tep_register_print_function / tep_unregister_print_function.
#include <cstdarg>
#include <memory>
#include <new>

#include "compat/export.h"
#include "core/handle.h"
#include "event-parse.h"
#include "event-utils.h"

// The parameter list is a varargs list of enum tep_func_arg_type values
// ending with TEP_FUNC_ARG_VOID. Registering a name again replaces the older
// handler for later parses; events already parsed keep the one they saw.
TEP_EXPORT int tep_register_print_function(struct tep_handle* tep, tep_func_handler func,
                                           enum tep_func_arg_type ret_type, char* name, ...) {
  if (!tep || !name) return TEP_ERRNO__INVALID_ARG_TYPE;
  try {
    auto handler = std::make_unique<tep_function_handler>();
    handler->name = name;
    handler->func = func;
    handler->ret_type = ret_type;
    va_list ap;
    va_start(ap, name);
    for (;;) {
      int type = va_arg(ap, int);
      if (type == TEP_FUNC_ARG_VOID) break;
      if (type < 0 || type >= TEP_FUNC_ARG_MAX_TYPES) {
        va_end(ap);
        tep_warning("Invalid argument type %d", type);
        return TEP_ERRNO__INVALID_ARG_TYPE;
      }
      handler->params.push_back(static_cast<tep_func_arg_type>(type));
    }
    va_end(ap);
    if (tep->print_functions.add(std::move(handler))) tep_info("override of function helper '%s'", name);
    tep->invalidate_plans();
    return 0;
  } catch (const std::bad_alloc&) {
    tep_warning("Failed to allocate function handler");
    return TEP_ERRNO__MEM_ALLOC_FAILED;
  } catch (...) {
    return TEP_ERRNO__MEM_ALLOC_FAILED;
  }
}

TEP_EXPORT int tep_unregister_print_function(struct tep_handle* tep, tep_func_handler func, char* name) {
  if (!tep || !name) return -1;
  try {
    if (!tep->print_functions.remove(func, name)) return -1;
    tep->invalidate_plans();
    return 0;
  } catch (...) {
    return -1;
  }
}
