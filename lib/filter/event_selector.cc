// SPDX-License-Identifier: LGPL-2.1
#include "filter/event_selector.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <regex.h>
#include <string>
#include <string_view>

#include "core/handle.h"
#include "filter/filter_nodes.h"

namespace tep::filter {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Up to two '/'-separated words, empty words skipped ("sched//x" = "sched/x").
int split_words(std::string_view text, std::string_view words[2]) {
  int n = 0;
  while (n < 2) {
    size_t start = text.find_first_not_of('/');
    if (start == std::string_view::npos) break;
    text.remove_prefix(start);
    size_t end = text.find('/');
    words[n++] = text.substr(0, end);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end);
  }
  return n;
}

class AnchoredRegex {
 public:
  explicit AnchoredRegex(std::string_view pattern) {
    if (pattern.size() > kMaxRegexLength) return;
    std::string anchored = "^" + std::string(pattern) + "$";
    ok_ = regcomp(&regex_, anchored.c_str(), REG_ICASE | REG_NOSUB) == 0;
  }
  ~AnchoredRegex() {
    if (ok_) regfree(&regex_);
  }
  AnchoredRegex(const AnchoredRegex&) = delete;
  AnchoredRegex& operator=(const AnchoredRegex&) = delete;

  bool ok() const { return ok_; }
  bool matches(const char* s) const { return s && regexec(&regex_, s, 0, nullptr, 0) == 0; }

 private:
  regex_t regex_{};
  bool ok_ = false;
};

int add_matching_events(tep_handle* tep, std::string_view system, std::string_view name, bool has_system,
                        std::vector<tep_event*>& events) {
  AnchoredRegex name_re(name);
  if (!name_re.ok()) return TEP_ERRNO__INVALID_EVENT_NAME;
  AnchoredRegex system_re(has_system ? system : std::string_view());
  if (has_system && !system_re.ok()) return TEP_ERRNO__INVALID_EVENT_NAME;

  bool found = false;
  const size_t count = tep ? tep->events.size() : 0;
  for (size_t i = 0; i < count; i++) {
    tep_event* event = tep->events.at_sorted(i);
    if (!event) continue;
    bool hit = has_system ? system_re.matches(event->system) && name_re.matches(event->name)
                          : name_re.matches(event->system) || name_re.matches(event->name);
    if (hit) {
      events.push_back(event);
      found = true;
    }
  }
  return found ? 0 : TEP_ERRNO__EVENT_NOT_FOUND;
}

}  // namespace

int select_events(tep_handle* tep, const char* filter_str, std::vector<tep_event*>& events, const char** expression) {
  const char* colon = strchr(filter_str, ':');
  const char* cursor = filter_str;
  events.clear();
  while (cursor) {
    const char* comma = strchr(cursor, ',');
    const char* end;
    if (comma && (!colon || comma < colon))
      end = comma;
    else if (colon)
      end = colon;
    else
      end = cursor + strlen(cursor);
    // A name after a ',' that follows the ':' "ends" before it starts:
    // upstream asks malloc for a negative size.
    if (end < cursor) return TEP_ERRNO__MEM_ALLOC_FAILED;
    std::string_view words[2];
    int n = split_words(std::string_view(cursor, static_cast<size_t>(end - cursor)), words);
    cursor = comma ? comma + 1 : nullptr;
    if (n == 0) return TEP_ERRNO__FILTER_NOT_FOUND;
    int ret = n == 2 ? add_matching_events(tep, trim(words[0]), trim(words[1]), true, events)
                     : add_matching_events(tep, {}, trim(words[0]), false, events);
    if (ret < 0) return ret;
  }
  std::reverse(events.begin(), events.end());
  *expression = colon ? colon + 1 : nullptr;
  return 0;
}

}  // namespace tep::filter
