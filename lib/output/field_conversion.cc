// SPDX-License-Identifier: LGPL-2.1
#include "output/field_conversion.h"

#include <cstring>

#include "print/conversion.h"

namespace tep::output {

namespace {

constexpr int kMaxCasts = 64;  // "(u64)(long)(void *)REC->x": a few in practice

// Upstream evaluates the argument: "(u8)REC->e" prints e & 0xff.
const tep_print_arg* strip_casts(const tep_print_arg* arg, uint64_t& mask) {
  for (int i = 0; arg && arg->type == TEP_PRINT_TYPE && i < kMaxCasts; i++) {
    mask &= print::mask_for_type(arg->typecast.type ? arg->typecast.type : "", false);
    arg = arg->typecast.item;
  }
  return arg;
}

bool is_bare_field(const tep_print_arg* arg, const tep_format_field& field, uint64_t& mask) {
  mask = ~0ULL;
  arg = strip_casts(arg, mask);
  if (!arg || arg->type != TEP_PRINT_FIELD) return false;
  if (arg->field.field) return arg->field.field == &field;
  return arg->field.name && field.name && strcmp(arg->field.name, field.name) == 0;
}

bool is_modifier(char c) {
  return (c >= '0' && c <= '9') || c == '#' || c == '+' || c == '.' || c == '-' || c == 'z' || c == 'Z' ||
         c == 'h' || c == 'l' || c == 'L';
}
bool is_conversion(char c) { return c && std::strchr("pduixXocs", c); }

}  // namespace

PrintFmtEntries::PrintFmtEntries(const tep_event& event) {
  // bprint's print fmt describes REC->fmt, not its fields: upstream pairs nothing there.
  if (__atomic_load_n(&event.flags, __ATOMIC_RELAXED) & (TEP_EVENT_FL_FAILED | TEP_EVENT_FL_ISBPRINT)) return;
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
    // The same letters as the print compiler's directive(): flags, widths and
    // lengths in any order up to the conversion; any other letter (' ' too)
    // ends the directive without a conversion and takes no argument.
    const tep_print_arg* star = nullptr;
    bool conversion = false;
    for (; i < text.size(); i++) {
      char c = text[i];
      if (is_modifier(c)) continue;
      if (c == '*') {
        star = arg;
        arg = arg ? arg->next : nullptr;
        continue;
      }
      conversion = is_conversion(c);
      i++;
      if (c == 'p') i += print::pointer_letters(text.substr(i));
      break;
    }
    if (!conversion) continue;
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
    uint64_t mask;
    if (entries_[i].arg && is_bare_field(entries_[i].arg, field, mask)) {
      out = entries_[i].conversion;
      out.cast_mask = mask;
      cursor_ = i + 1;
      return true;
    }
  }
  return false;
}

}  // namespace tep::output
