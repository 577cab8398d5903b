// SPDX-License-Identifier: LGPL-2.1
#include "print_args/print_functions.h"

#include <algorithm>

namespace tep::print_args {

bool PrintFunctionRegistry::add(std::unique_ptr<tep_function_handler> handler) {
  bool replaced = remove_by_name(handler->name);
  active_.insert(active_.begin(), handler.get());
  owned_.push_back(std::move(handler));
  return replaced;
}

bool PrintFunctionRegistry::remove_by_name(std::string_view name) {
  auto it =
      std::find_if(active_.begin(), active_.end(), [&](const tep_function_handler* h) { return h->name == name; });
  if (it == active_.end()) return false;
  active_.erase(it);
  return true;
}

bool PrintFunctionRegistry::remove(tep_func_handler func, std::string_view name) {
  const tep_function_handler* current = find(name);
  if (!current || current->func != func) return false;
  return remove_by_name(name);
}

const tep_function_handler* PrintFunctionRegistry::find(std::string_view name) const {
  for (const tep_function_handler* handler : active_)
    if (handler->name == name) return handler;
  return nullptr;
}

}  // namespace tep::print_args
