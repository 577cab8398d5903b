// SPDX-License-Identifier: LGPL-2.1
// Print functions: helpers a plugin registers so that print fmts calling them
// parse (TEP_PRINT_FUNC nodes) and print, e.g. the scsi plugin's
//   tep_register_print_function(tep, fn, TEP_FUNC_ARG_STRING,
//       "scsi_trace_parse_cdb", TEP_FUNC_ARG_PTR, TEP_FUNC_ARG_PTR, TEP_FUNC_ARG_INT, TEP_FUNC_ARG_VOID);
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "event-parse.h"

// Opaque in the public header; the print fmt tree points at it (TEP_PRINT_FUNC)
// and lib/print_plan calls `func` with the evaluated arguments.
struct tep_function_handler {
  std::string name;
  tep_func_handler func = nullptr;
  tep_func_arg_type ret_type = TEP_FUNC_ARG_VOID;
  std::vector<tep_func_arg_type> params;
};

namespace tep::print_args {

class PrintFunctionRegistry {
 public:
  PrintFunctionRegistry() = default;
  PrintFunctionRegistry(const PrintFunctionRegistry&) = delete;
  PrintFunctionRegistry& operator=(const PrintFunctionRegistry&) = delete;

  // Adds a handler, replacing (hiding) one of the same name. Returns true when
  // it replaced one (upstream reports the override).
  bool add(std::unique_ptr<tep_function_handler> handler);
  // Removes the handler called `name` if its function is `func`.
  bool remove(tep_func_handler func, std::string_view name);
  // The current handler for `name`, or nullptr.
  const tep_function_handler* find(std::string_view name) const;

 private:
  bool remove_by_name(std::string_view name);

  // Current handlers, newest first (lookups see the latest registration).
  std::vector<tep_function_handler*> active_;
  // Every handler ever registered: parsed trees keep pointing at replaced or
  // unregistered handlers, so they live as long as the handle.
  std::vector<std::unique_ptr<tep_function_handler>> owned_;
};

}  // namespace tep::print_args
