// SPDX-License-Identifier: LGPL-2.1
#include "format_string/cast_table.h"

namespace tep::format_string {

uint64_t cast_mask(std::string_view type) {
  constexpr uint64_t all = ~0ULL;
  if (type.size() < 2 || type.back() == '*' || type.substr(0, 6) == "struct") return all;
  if (type == "u8" || type == "s8") return 0xff;
  if (type == "u16" || type == "s16") return 0xffff;
  if (type == "u32" || type == "s32") return 0xffffffffULL;
  // "char", "short" and "int" mask the same with or without "unsigned".
  if (type.substr(0, 9) == "unsigned ") type.remove_prefix(9);
  if (type == "char") return 0xff;
  if (type == "short") return 0xffff;
  if (type == "int") return 0xffffffffULL;
  return all;
}

uint64_t pointer_cast_mask(std::string_view type) {
  // "u8 *": the type before " *".
  if (type.size() < 2 || type.back() != '*') return ~0ULL;
  return cast_mask(type.substr(0, type.size() - 2));
}

}  // namespace tep::format_string
