// SPDX-License-Identifier: LGPL-2.1
#include "typed/naming.h"

#include <cctype>

namespace tep::typed {
namespace {

bool word_char(char c) { return isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Unit spellings, longest first, and what they mean.
struct Spelling {
  std::string_view text;
  std::string_view unit;
};
constexpr Spelling kSpellings[] = {
    {"jiffies", "jiffies"}, {"nsecs", "ns"}, {"usecs", "us"}, {"msecs", "ms"}, {"nsec", "ns"}, {"usec", "us"},
    {"msec", "ms"},         {"secs", "s"},   {"sec", "s"},    {"ns", "ns"},    {"us", "us"},   {"ms", "ms"},
};

bool has_word(std::string_view s, std::string_view w) {
  for (size_t at = s.find(w); at != std::string_view::npos; at = s.find(w, at + 1)) {
    bool left = at == 0 || s[at - 1] == '_';
    size_t end = at + w.size();
    bool right = end == s.size() || s[end] == '_';
    if (left && right) return true;
  }
  return false;
}

}  // namespace

std::string label_before(std::string_view before) {
  // "addr=0x%lx": the label is before the "0x".
  if (before.size() >= 2 && before[before.size() - 2] == '0' && (before.back() == 'x' || before.back() == 'X'))
    before.remove_suffix(2);
  size_t end = before.size();
  while (end && before[end - 1] == ' ') end--;
  if (end && (before[end - 1] == '=' || before[end - 1] == ':')) end--;
  while (end && before[end - 1] == ' ') end--;
  size_t start = end;
  while (start && word_char(before[start - 1])) start--;
  if (start == end || isdigit(static_cast<unsigned char>(before[start]))) return "";
  return std::string(before.substr(start, end - start));
}

TimeUnit time_unit(std::string_view label, std::string_view after) {
  TimeUnit out;
  size_t i = 0;
  while (i < after.size() && (after[i] == ' ' || after[i] == '[')) i++;
  std::string_view rest = after.substr(i);
  for (const Spelling& s : kSpellings) {
    if (rest.substr(0, s.text.size()) != s.text) continue;
    // "ms=": the next value's label, not this one's unit.
    if (rest.size() > s.text.size() && (word_char(rest[s.text.size()]) || rest[s.text.size()] == '=')) continue;
    out.unit = s.unit;
    break;
  }
  if (out.unit.empty()) {
    for (const Spelling& s : kSpellings) {
      size_t n = s.text.size();
      if (label.size() > n + 1 && label.substr(label.size() - n) == s.text && label[label.size() - n - 1] == '_') {
        out.unit = s.unit;
        break;
      }
    }
  }
  if (out.unit.empty()) return out;
  for (std::string_view w : {"start", "end", "stamp", "ts", "now", "expires", "deadline"})
    if (has_word(label, w)) out.timestamp = true;
  return out;
}

}  // namespace tep::typed
