// SPDX-License-Identifier: LGPL-2.1
// STUB owned by lib/printfmt: replace with the real registry (keep the struct's members).
#pragma once

#include <string>
#include <vector>

#include "event-parse.h"

// Opaque in the public header; the print fmt tree points at it (TEP_PRINT_FUNC)
// and lib/print calls `func` with the evaluated arguments.
struct tep_function_handler {
  std::string name;
  tep_func_handler func = nullptr;
  tep_func_arg_type ret_type = TEP_FUNC_ARG_VOID;
  std::vector<tep_func_arg_type> params;
};

namespace tep {

class PrintFunctionRegistry {};

}  // namespace tep
