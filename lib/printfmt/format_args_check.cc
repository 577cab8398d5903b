// SPDX-License-Identifier: LGPL-2.1
#include "printfmt/format_args_check.h"

#include <cstddef>

namespace tep::printfmt {

namespace {

// Literal text up to the next conversion: a backslash takes the next byte
// with it, "%%" is one literal '%'. Returns the bytes consumed.
size_t literal_length(std::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '\\') {
      i += 2;
    } else if (text[i] == '%') {
      if (i + 1 < text.size() && text[i + 1] == '%')
        i += 2;
      else
        break;
    } else {
      ++i;
    }
  }
  return i < text.size() ? i : text.size();
}

// One conversion at text[0] == '%'. Returns the bytes consumed; clears `ok`
// when upstream would fail the event.
size_t conversion_length(std::string_view text, const tep_print_arg*& arg, bool& ok) {
  int length_mods = 0;  // "ll" is 2, "h" is -1, "hh" -2
  bool width_taken = false;
  size_t i = 1;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    const size_t spec_len = i + 1;
    switch (c) {
      case 'h': --length_mods; continue;
      case 'l': ++length_mods; continue;
      case 'L': length_mods = 2; continue;
      case '#': case '+': case '-': case '.': case 'z': case 'Z':
      case '0': case '1': case '2': case '3': case '4':
      case '5': case '6': case '7': case '8': case '9':
        continue;
      case '*':  // the width comes from the next argument
        if (!arg || width_taken) {
          ok = false;
          return i;
        }
        width_taken = true;
        arg = arg->next;
        continue;
      case 'p':
      case 's':
        if (!arg) {
          ok = false;
          return i;
        }
        if (spec_len > 31) ok = false;
        arg = arg->next;
        return spec_len;
      case 'd': case 'u': case 'i': case 'x': case 'X': case 'o': case 'c':
        if (!arg) {
          ok = false;
          return i;
        }
        if (spec_len > 30 || length_mods < -2 || length_mods > 2) ok = false;
        arg = arg->next;
        return spec_len;
      default:  // not a conversion: printed as text
        return spec_len;
    }
  }
  return i;
}

}  // namespace

bool format_args_match(std::string_view format, const tep_print_arg* args) {
  bool ok = true;
  const tep_print_arg* arg = args;
  while (!format.empty()) {
    size_t used = (format[0] == '%' && !(format.size() > 1 && format[1] == '%'))
                      ? conversion_length(format, arg, ok)
                      : literal_length(format);
    if (used == 0 || used >= format.size()) break;
    format.remove_prefix(used);
  }
  return ok;
}

}  // namespace tep::printfmt
