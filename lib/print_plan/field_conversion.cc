// SPDX-License-Identifier: LGPL-2.1
#include "print_plan/field_conversion.h"

#include <cstring>

#include "format/event.h"
#include "format_string/cast_table.h"

namespace tep::print_plan {

namespace {

constexpr int kMaxCasts = 64;  // "(u64)(long)(void *)REC->x": a few in practice

// Upstream evaluates the argument: "(u8)REC->e" prints e & 0xff.
const tep_print_arg* strip_casts(const tep_print_arg* arg, uint64_t& mask) {
  for (int i = 0; arg && arg->type == TEP_PRINT_TYPE && i < kMaxCasts; i++) {
    mask &= format_string::cast_mask(arg->typecast.type ? arg->typecast.type : "");
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

}  // namespace

PrintFmtEntries::PrintFmtEntries(const tep_event& event) {
  // bprint's print fmt describes REC->fmt, not its fields: upstream pairs nothing there.
  if (__atomic_load_n(&event.flags, __ATOMIC_RELAXED) & (TEP_EVENT_FL_FAILED | TEP_EVENT_FL_ISBPRINT)) return;
  if (!event.print_fmt.format) return;
  std::string_view text(event.print_fmt.format);
  format_ = text;
  const format_string::PrintFmt& directives = format::Event::from(&event)->print_directives;
  // The arguments, walked along with the directives (which take them in order).
  const tep_print_arg* arg = event.print_fmt.args;
  int arg_index = 0;
  auto arg_at = [&](int index) -> const tep_print_arg* {
    for (; arg && arg_index < index; arg_index++) arg = arg->next;
    return index >= 0 && arg_index == index ? arg : nullptr;
  };
  size_t text_start = 0;
  for (const format_string::PrintFmtPiece& piece : directives.pieces()) {
    if (count_ == kMaxEntries) return;
    if (piece.kind != format_string::PrintFmtPiece::Kind::kConversion) continue;
    size_t start = piece.parsed.start;
    bool zero_x_prefix = start >= 2 && text.substr(start - 2, 2) == "0x";
    const tep_print_arg* star = arg_at(piece.star_arg);
    entries_[count_++] = Entry{&piece, arg_at(piece.arg), star, zero_x_prefix};
    text_start = piece.parsed.end;
  }
  // Text after the last conversion is an entry of its own (it matches nothing).
  if (text_start < text.size() && count_ < kMaxEntries) entries_[count_++] = Entry{};
}

bool PrintFmtEntries::find(const tep_format_field& field, FieldConversion& out) {
  for (int step = 0; cursor_ < count_ && step < count_; step++) {
    int i = (cursor_ + step) % count_;
    uint64_t mask;
    const Entry& e = entries_[i];
    if (e.arg && is_bare_field(e.arg, field, mask)) {
      out = FieldConversion{format_, e.piece, e.zero_x_prefix, e.star, mask};
      cursor_ = i + 1;
      return true;
    }
  }
  return false;
}

}  // namespace tep::print_plan
