// SPDX-License-Identifier: LGPL-2.1
#include "typed/tables.h"

#include <cstdlib>
#include <cstring>
#include <string_view>

#include "typed/shape.h"

namespace tep::typed {

bool key_number(const char* text, uint64_t& value) {
  if (!text) return false;
  std::string_view t = text;
  bool negative = !t.empty() && t[0] == '-';
  if (negative) t.remove_prefix(1);
  if (!is_number_text(t)) return false;
  uint64_t v = strtoull(std::string(t).c_str(), nullptr, 0);
  value = negative ? 0 - v : v;
  return true;
}

std::vector<TableEntry> table_entries(const tep_print_flag_sym* list, const print_plan::StrArg* compiled,
                                      const Constants& constants) {
  std::vector<TableEntry> out;
  size_t i = 0;
  for (const tep_print_flag_sym* sym = list; sym; sym = sym->next, i++) {
    // "{ 0, ((void *)0) }" ends the kernel's arrays (the parser keeps its NULL as "0"): no entry.
    if (!sym->next && sym->value && sym->str && !strcmp(sym->value, "0") && !strcmp(sym->str, "0")) break;
    TableEntry e;
    e.key_text = sym->value ? sym->value : "";
    e.name = sym->str ? sym->str : "";
    if (!key_number(sym->value, e.value)) {
      auto known = constants.find(e.key_text);
      if (known != constants.end()) {
        e.value = known->second;
      } else if (compiled && i < compiled->symbols.size() && compiled->symbols[i].value >= 0) {
        e.value = static_cast<uint64_t>(compiled->symbols[i].value);
      } else {
        e.resolved = false;
        e.value = 0;
      }
    }
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace tep::typed
