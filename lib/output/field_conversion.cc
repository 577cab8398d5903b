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

PrintFmtEntries::PrintFmtEntries(const tep_event& event) {
  // bprint's print fmt describes REC->fmt, not its fields: upstream pairs nothing there.
  if (event.flags & (TEP_EVENT_FL_FAILED | TEP_EVENT_FL_ISBPRINT)) return;
  const char* format = event.print_fmt.format;
  const tep_print_arg* arg = event.print_fmt.args;
  if (!format) return;
  std::string_view text(format);
  size_t i = 0, text_start = 0;
  while (count_ < kMaxEntries && (i = text.find('%', i)) != std::string_view::npos) {
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
    if (text[i++] == 'p')
      while (i < text.size() && is_alnum(text[i])) i++;
    Entry& entry = entries_[count_++];
    entry.conversion.directive = text.substr(start, i - start);
    entry.conversion.zero_x_prefix = start >= 2 && text.substr(start - 2, 2) == "0x";
    entry.conversion.star = star;
    entry.arg = arg;
    arg = arg ? arg->next : nullptr;
    text_start = i;
  }
  // Text after the last conversion is an entry of its own (it matches nothing).
  if (text_start < text.size() && count_ < kMaxEntries) entries_[count_++] = Entry{};
}

bool PrintFmtEntries::find(const tep_format_field& field, FieldConversion& out) {
  for (int step = 0; cursor_ < count_ && step < count_; step++) {
    int i = (cursor_ + step) % count_;
    if (entries_[i].arg && is_bare_field(entries_[i].arg, field)) {
      out = entries_[i].conversion;
      cursor_ = i + 1;
      return true;
    }
  }
  return false;
}

}  // namespace tep::output
