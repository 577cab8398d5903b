// SPDX-License-Identifier: LGPL-2.1
// How raw output prints a scalar field: upstream 1.8.4 prints it through a
// print-fmt conversion whose argument is that bare field (casts aside),
// keeping a "0x" written just before it:
//   print fmt: "ip=0x%lx fn=%ps", REC->ip, (void *)REC->fn
//   raw:       " ip=0xffffffff81000010 fn=schedule"
// Fields used only inside expressions or helpers keep the default layout;
// casts around the field apply ("%d", (u8)REC->e prints e & 0xff).
//
// Which conversion: the print fmt is a list of entries (text + one
// conversion, and a last text-only entry when text follows the last
// conversion). A lookup scans it circularly from a cursor and, on a match,
// moves the cursor past the match; past the last entry there is nothing left
// to scan. A single field starts at the first entry; tep_print_fields keeps
// one cursor for all the fields of the record, so a field listed after one
// printed later in the print fmt falls back to the default layout:
//   fields hrtimer, now, function; print fmt "%p %ps %llu", hrtimer, function, now
//   -> hrtimer %p, now %llu (cursor now past the end), function default.
#pragma once

#include <cstdint>
#include <string_view>

#include "event-parse.h"
#include "format_string/print_fmt.h"

namespace tep::print_plan {

struct FieldConversion {
  std::string_view format;                              // the print fmt
  const format_string::PrintFmtPiece* piece = nullptr;  // its directive ("%lx", "%*d", "%ps"), read once
  bool zero_x_prefix = false;                           // the text before it ends in "0x"
  const tep_print_arg* star = nullptr;                  // the argument a '*' takes
  uint64_t cast_mask = ~0ULL;                           // "(u8)REC->x": 0xff
};

// The entries of an event's print fmt (its directives read at parse time,
// tep::format::Event::print_directives), gathered once per printing call.
class PrintFmtEntries {
 public:
  explicit PrintFmtEntries(const tep_event& event);
  // Scans from the cursor as described above; true with `out` set on a match.
  bool find(const tep_format_field& field, FieldConversion& out);
  // Nothing is left to scan (no entry, or the cursor past the last).
  bool exhausted() const { return cursor_ >= count_; }

 private:
  static constexpr int kMaxEntries = 128;  // beyond: fields print the default way
  // Without initializers: only the first count_ are ever read, and a record of
  // an event with no usable print fmt (failed, bprint) fills none.
  struct Entry {
    const format_string::PrintFmtPiece* piece;
    const tep_print_arg* arg;  // null: text only
    const tep_print_arg* star;
    bool zero_x_prefix;
  };
  std::string_view format_;
  Entry entries_[kMaxEntries];
  int count_ = 0;
  int cursor_ = 0;  // == count_: past the last entry
};

}  // namespace tep::print_plan
