// SPDX-License-Identifier: LGPL-2.1
#include "symbols/kallsyms_line.h"

#include <bit>
#include <cstring>

#include "base/byte_order.h"
#include "base/number_scan.h"

namespace tep::symbols {

namespace {

// C isspace per byte, so the hot loops are one load and one compare per byte.
struct SpaceTable {
  bool of[256] = {};
  constexpr SpaceTable() {
    for (char c : {' ', '\t', '\n', '\v', '\f', '\r'}) of[static_cast<unsigned char>(c)] = true;
  }
};
constexpr SpaceTable kSpaces;

bool is_space(char c) { return kSpaces.of[static_cast<unsigned char>(c)]; }

// glibc's %16llx (blanks already skipped): optional sign, "0x" (both count
// against the width), digits; a "0x" with no digit after it reads as 0.
constexpr base::NumberSyntax kScanfHex16{.base = 16,
                                         .overflow = base::Overflow::kWrap,
                                         .skip_blanks = false,
                                         .prefix_without_digits_consumed = true,
                                         .width = 16};

void skip_spaces(std::string_view line, size_t& pos) {
  while (pos < line.size() && is_space(line[pos])) ++pos;
}

// The first blank at or after `pos` (or the end). Eight bytes at a time: all C
// blanks are <= 0x20, and (w - 0x21..) & ~w & 0x80.. flags a word with such a byte.
size_t find_space(std::string_view line, size_t pos) {
  const char* p = line.data() + pos;
  const char* end = line.data() + line.size();
  for (; end - p >= 8; p += 8) {
    uint64_t word;
    memcpy(&word, p, 8);
    if ((word - 0x2121212121212121ULL) & ~word & 0x8080808080808080ULL) {
      for (int i = 0; i < 8; ++i)
        if (is_space(p[i])) return static_cast<size_t>(p + i - line.data());
    }
  }
  while (p < end && !is_space(*p)) ++p;
  return static_cast<size_t>(p - line.data());
}

// %s: skips blanks, then at least one non-blank. False at the end of the line.
bool scan_word(std::string_view line, size_t& pos) {
  skip_spaces(line, pos);
  if (pos >= line.size()) return false;
  pos = find_space(line, pos);
  return true;
}

// Eight hex digits (first one most significant) from one little-endian word, or
// false if a byte is not a hex digit. Per byte: b in (lo, hi) sets its top bit in
// in_range (bytes are < 0x80 here, checked first).
bool hex8(const char* p, uint32_t& out) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
  uint64_t w;
  memcpy(&w, p, 8);
  w = base::swap_if(w, base::kHostBigEndian);
  if (w & kHigh) return false;
  auto in_range = [&](uint64_t x, unsigned lo, unsigned hi) {
    return (kOnes * (127 + hi) - x) & ~x & (x + kOnes * (127 - lo)) & kHigh;
  };
  uint64_t lower = w | 0x2020202020202020ULL;  // 'A'-'F' -> 'a'-'f'; digits unchanged
  uint64_t digit = in_range(w, '0' - 1, '9' + 1);
  uint64_t letter = in_range(lower, 'a' - 1, 'f' + 1);
  if ((digit | letter) != kHigh) return false;
  uint64_t v = (lower & 0x0F0F0F0F0F0F0F0FULL) + (letter >> 7) * 9;  // nibble per byte
  v = ((v & 0x000F000F000F000FULL) << 4) | ((v & 0x0F000F000F000F00ULL) >> 8);
  v = ((v & 0x000000FF000000FFULL) << 8) | ((v & 0x00FF000000FF0000ULL) >> 16);
  out = static_cast<uint32_t>(((v & 0xFFFF) << 16) | ((v >> 32) & 0xFFFF));
  return true;
}

// "ffffffff81000000 T name...": 16 plain hex digits, one blank, the type, one
// blank, the name. Any other shape goes through the general scanner.
bool scan_canonical(std::string_view line, KallsymsLine& out) {
  if (line.size() < 20 || line[16] != ' ' || line[18] != ' ' || is_space(line[17]) || is_space(line[19]) ||
      (line[0] == '0' && (line[1] == 'x' || line[1] == 'X')))
    return false;
  uint32_t high, low;
  if (!hex8(line.data(), high) || !hex8(line.data() + 8, low)) return false;
  out.conversions = 2;
  out.addr = uint64_t{high} << 32 | low;
  out.type = line[17];
  out.name_start = 19;
  out.name_end = find_space(line, 19);
  return true;
}

// The general scanner: address, type and name as sscanf reads them. False when
// it stops before the end of the name.
bool scan_fields(std::string_view line, size_t& pos, KallsymsLine& out) {
  skip_spaces(line, pos);
  if (pos >= line.size()) return false;  // input failure before any conversion: EOF
  out.conversions = 0;
  base::ScannedNumber addr = base::scan_number(line.substr(pos), kScanfHex16);
  if (!addr.found()) return false;
  out.addr = addr.bits;
  pos += addr.end;
  out.conversions = 1;
  skip_spaces(line, pos);
  if (pos >= line.size()) return false;
  out.type = line[pos++];
  out.conversions = 2;
  skip_spaces(line, pos);
  out.name_start = pos;
  if (!scan_word(line, pos)) return false;
  out.name_end = pos;
  return true;
}

// "\t[module]" at `pos`, just after the name: exactly one tab, then '[',
// then the module as %s reads it.
void scan_module(std::string_view line, size_t pos, KallsymsLine& out) {
  if (pos + 1 >= line.size() || line[pos] != '\t' || line[pos + 1] != '[') return;
  pos += 2;
  out.module_start = pos;
  if (scan_word(line, pos)) out.module_end = pos;
}

}  // namespace

KallsymsLine scan_kallsyms_line(std::string_view line) {
  KallsymsLine out;
  size_t pos = 0;
  if (scan_canonical(line, out))
    pos = out.name_end;
  else if (!scan_fields(line, pos, out))
    return out;
  scan_module(line, pos, out);
  return out;
}

bool scan_usual_kallsyms_line(std::string_view text, KallsymsLine& out, size_t& line_size) {
  // A '\n' in the first 20 bytes fails the canonical shape, and the name's
  // scan stops at the first blank: no line ends before `end`.
  if (!scan_canonical(text, out)) return false;
  size_t end = out.name_end;
  if (end < text.size() && text[end] == '\t') {
    // %s would skip blanks before the module, '\n' among them: none here.
    if (end + 2 >= text.size() || is_space(text[end + 2])) return false;
    scan_module(text, end, out);
    if (!out.has_module()) return false;
    end = out.module_end;
  }
  if (end < text.size() && text[end] != '\n') return false;
  line_size = end;
  return true;
}

}  // namespace tep::symbols
