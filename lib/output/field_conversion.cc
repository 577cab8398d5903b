// SPDX-License-Identifier: LGPL-2.1
#include "output/field_conversion.h"

#include <cstring>

namespace tep::output {

namespace {

constexpr int kMaxCasts = 64;  // "(u64)(long)(void *)REC->x": a few in practice

const tep_print_arg* strip_casts(const tep_print_arg* arg) {
  for (int i = 0; arg && arg->type == TEP_PRINT_TYPE && i < kMaxCasts; i++) arg = arg->typecast.item;
  return arg;
}

bool is_bare_field(const tep_print_arg* arg, const tep_format_field& field) {
  arg = strip_casts(arg);
  if (!arg || arg->type != TEP_PRINT_FIELD) return false;
  if (arg->field.field) return arg->field.field == &field;
  return arg->field.name && field.name && strcmp(arg->field.name, field.name) == 0;
}

bool is_flag(char c) { return c == '-' || c == '+' || c == ' ' || c == '#' || c == '0'; }
bool is_length(char c) {
  return c == 'h' || c == 'l' || c == 'L' || c == 'z' || c == 'Z' || c == 'j' || c == 't' || c == 'q';
}
bool is_alnum(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

}  // namespace

bool find_field_conversion(const tep_event& event, const tep_format_field& field, FieldConversion& out) {
  if (event.flags & TEP_EVENT_FL_FAILED) return false;
  const char* format = event.print_fmt.format;
  const tep_print_arg* arg = event.print_fmt.args;
  if (!format) return false;
  std::string_view text(format);
  size_t i = 0;
  while (arg && (i = text.find('%', i)) != std::string_view::npos) {
    size_t start = i++;
    if (i < text.size() && text[i] == '%') {
      i++;
      continue;
    }
    const tep_print_arg* star = nullptr;
    while (i < text.size() && is_flag(text[i])) i++;
    for (bool precision = false;;) {
      if (i < text.size() && text[i] == '*') {
        star = arg;
        arg = arg ? arg->next : nullptr;
        i++;
      } else {
        while (i < text.size() && text[i] >= '0' && text[i] <= '9') i++;
      }
      if (precision || i >= text.size() || text[i] != '.') break;
      precision = true;
      i++;
    }
    while (i < text.size() && is_length(text[i])) i++;
    if (i >= text.size()) break;
    char conversion = text[i++];
    if (conversion == 'p')
      while (i < text.size() && is_alnum(text[i])) i++;
    if (!arg) break;
    if (is_bare_field(arg, field)) {
      out.directive = text.substr(start, i - start);
      out.zero_x_prefix = start >= 2 && text.substr(start - 2, 2) == "0x";
      out.star = star;
      return true;
    }
    arg = arg->next;
  }
  return false;
}

}  // namespace tep::output
