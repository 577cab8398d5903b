// SPDX-License-Identifier: LGPL-2.1
// One line of /proc/kallsyms, read the way upstream's
//   sscanf(line, "%16llx %c %n%*s%n%*1[\t][%n%*s%n", ...)
// reads it, so that odd lines are kept, dropped or rejected alike:
//   "ffffffff81000000 T _stext"
//   "ffffffffc0a01000 t ext4_fill_super\t[ext4]"
// The address takes at most 16 characters (sign and 0x prefix included); the
// module needs exactly one tab then '[' right after the name; the module text
// ends one character before the end of the next word (that drops the ']').
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tep::symbols {

struct KallsymsLine {
  // What sscanf would return: -1 (blank line), 0, 1 or 2 conversions.
  int conversions = -1;
  uint64_t addr = 0;
  char type = 0;
  // Offsets into the line; name_end == 0 when there is no name.
  size_t name_start = 0, name_end = 0;
  size_t module_start = 0, module_end = 0;  // module_end == 0: no module
  bool has_module() const { return module_end != 0; }
  // Upstream drops '$'-names (ARM mapping symbols) and absolute (A/a) symbols.
  bool ignored(std::string_view line) const { return line[name_start] == '$' || type == 'A' || type == 'a'; }
};

KallsymsLine scan_kallsyms_line(std::string_view line);

// The line at the start of `text` (the kallsyms text from there on), when it
// has the usual shape: "ADDR T name" or "ADDR t name\t[module]", 16 plain hex
// digits, then '\n' or the end. The scan of the name (or module) finds the
// line's end too (`line_size`, without the '\n'), so the line is read in one
// pass; what it fills in is what scan_kallsyms_line would. False for any other
// line: take it up to its '\n' and scan_kallsyms_line it.
bool scan_usual_kallsyms_line(std::string_view text, KallsymsLine& out, size_t& line_size);

}  // namespace tep::symbols
