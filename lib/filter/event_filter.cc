// SPDX-License-Identifier: LGPL-2.1
#include "filter/event_filter.h"

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "base/errno_text.h"
#include "core/handle.h"
#include "filter/event_selector.h"
#include "filter/filter_nodes.h"
#include "filter/filter_parser.h"
#include "filter/filter_text.h"

namespace tep::filter {
namespace {

char* malloc_copy(const std::string& s) {
  char* out = static_cast<char*>(malloc(s.size() + 1));
  if (out) memcpy(out, s.c_str(), s.size() + 1);
  return out;
}

}  // namespace

EventFilter::Compiled::~Compiled() {
  for (char* s : retained) free(s);
}

tep_event_filter* EventFilter::create(tep_handle* tep) {
  static_assert(std::is_standard_layout_v<PublicPart>);
  auto* self = new EventFilter();
  self->public_part_ = std::make_unique<PublicPart>();
  self->public_part_->owner = self;
  self->pub_ = &self->public_part_->pub;
  self->pub_->tep = tep;
  if (tep) core::ref(*tep);
  return self->pub_;
}

EventFilter::~EventFilter() = default;

void EventFilter::destroy(tep_event_filter* filter) {
  EventFilter* self = from(filter);
  core::unref(self->pub_->tep);
  self->reset();
  delete self;
}

namespace {

// The index of event_id in n entries sorted by id, or -1: a branch-free lower
// bound (a filter of one or two events, the usual case, costs a compare or two).
ptrdiff_t index_of(const tep_filter_type* types, int n, int event_id) {
  if (!types || n <= 0) return -1;
  size_t base = 0, left = static_cast<size_t>(n);
  while (left > 1) {
    const size_t half = left / 2;
    base = types[base + half].event_id <= event_id ? base + half : base;
    left -= half;
  }
  return types[base].event_id == event_id ? static_cast<ptrdiff_t>(base) : -1;
}

}  // namespace

tep_filter_type* EventFilter::find(int event_id) {
  const ptrdiff_t i = index_of(pub_->event_filters, pub_->filters, event_id);
  return i < 0 ? nullptr : &pub_->event_filters[i];
}

size_t EventFilter::find_or_add(int event_id) {
  if (tep_filter_type* found = find(event_id)) return static_cast<size_t>(found - pub_->event_filters);
  // Reserved first: once the public array has grown, nothing may throw.
  compiled_.reserve(compiled_.size() + 1);
  auto* grown = static_cast<tep_filter_type*>(
      realloc(pub_->event_filters, sizeof(tep_filter_type) * (static_cast<size_t>(pub_->filters) + 1)));
  if (!grown) throw std::bad_alloc();
  pub_->event_filters = grown;
  int i = 0;
  while (i < pub_->filters && grown[i].event_id <= event_id) i++;
  memmove(&grown[i + 1], &grown[i], sizeof(tep_filter_type) * static_cast<size_t>(pub_->filters - i));
  grown[i].event_id = event_id;
  grown[i].event = pub_->tep ? pub_->tep->events.find_by_id(event_id) : nullptr;
  grown[i].filter = nullptr;
  pub_->filters++;
  compiled_.emplace(compiled_.begin() + i);
  return static_cast<size_t>(i);
}

void EventFilter::release(size_t index) {
  tep_filter_type& type = pub_->event_filters[index];
  free_tree(type.filter);
  type.filter = nullptr;
  Compiled released = std::exchange(compiled_[index], Compiled());  // frees its strings here
}

void EventFilter::install(tep_event* event, tep_filter_arg* root, std::vector<char*> retained) {
  size_t index;
  try {
    index = find_or_add(event->id);
  } catch (...) {
    free_tree(root);
    for (char* s : retained) free(s);
    throw;
  }
  release(index);
  pub_->event_filters[index].filter = root;
  Compiled& compiled = compiled_[index];
  compiled.retained = std::move(retained);
  compiled.root = root;
  compiled.program = std::make_unique<MatchProgram>(pub_->tep, root);
}

// One event's share of a filter string: its expression parsed against its
// fields (no expression: always TRUE). The old filter stays on failure.
int EventFilter::filter_event(tep_event* event, const char* expression, char* error_buffer) {
  ParsedExpression parsed;
  if (expression) {
    int ret = parse_expression(event, expression, error_buffer, parsed);
    if (ret < 0) return ret;
  } else {
    parsed.root = new_node(TEP_FILTER_ARG_BOOLEAN);
    parsed.root->boolean.value = TEP_FILTER_TRUE;
  }
  install(event, parsed.root, std::move(parsed.retained));
  return 0;
}

int EventFilter::add_filter_str(const char* filter_str) {
  pub_->error_buffer[0] = '\0';
  std::vector<tep_event*> events;
  const char* expression = nullptr;
  int ret = select_events(pub_->tep, filter_str, events, &expression);
  if (ret < 0) return ret;

  int result = 0;
  for (tep_event* event : events) {
    ret = filter_event(event, expression, pub_->error_buffer);
    if (ret < 0) {
      result = ret;
      continue;
    }
    // tep_set_test_filters: show what each event's filter became.
    if (pub_->tep->test_filters) {
      if (char* text = make_string(event->id)) {
        printf(" '%s: %s'\n", event->name, text);
        free(text);
      }
    }
  }
  return result;
}

int EventFilter::remove_event(int event_id) {
  tep_filter_type* type = pub_->filters ? find(event_id) : nullptr;
  if (!type) return 0;
  size_t index = static_cast<size_t>(type - pub_->event_filters);
  release(index);
  compiled_.erase(compiled_.begin() + static_cast<std::ptrdiff_t>(index));
  tep_filter_type* end = pub_->event_filters + pub_->filters;
  memmove(type, type + 1, sizeof(tep_filter_type) * static_cast<size_t>(end - (type + 1)));
  pub_->filters--;
  memset(&pub_->event_filters[pub_->filters], 0, sizeof(tep_filter_type));
  return 1;
}

void EventFilter::reset() {
  for (int i = 0; i < pub_->filters; i++) free_tree(pub_->event_filters[i].filter);
  compiled_.clear();
  free(pub_->event_filters);
  pub_->event_filters = nullptr;
  pub_->filters = 0;
}

int EventFilter::match(tep_record* record) noexcept {
  tep_event_filter& pub = *pub_;
  // Upstream clears the error buffer on every match; writing only when there
  // is something to clear keeps concurrent matches from writing at all.
  if (__atomic_load_n(&pub.error_buffer[0], __ATOMIC_RELAXED))
    __atomic_store_n(&pub.error_buffer[0], '\0', __ATOMIC_RELAXED);
  if (!pub.filters) return TEP_ERRNO__NO_FILTER;  // before the record is looked at, as upstream
  if (!record || !record->data || !pub.tep) return TEP_ERRNO__FILTER_NOT_FOUND;
  // Until common_type has been located, out of line: this path then makes
  // only tail calls, and saves no registers.
  int event_id;
  if (__builtin_expect(!pub.tep->common_fields.read_if_located(*pub.tep, core::CommonField::kType, record->data,
                                                               record->size, event_id),
                       0))
    return match_locating(*record);
  return match_event(*record, event_id, core::swaps_bytes(*pub.tep));
}

int EventFilter::match_locating(tep_record& record) const noexcept {
  const tep_handle& tep = *pub_->tep;
  return match_event(record, tep.common_fields.read(tep, core::CommonField::kType, record.data, record.size),
                     core::swaps_bytes(tep));
}

int EventFilter::match_event(tep_record& record, int event_id, bool swap) const noexcept {
  const tep_event_filter& pub = *pub_;
  const ptrdiff_t index = index_of(pub.event_filters, pub.filters, event_id);
  if (index < 0) return TEP_ERRNO__FILTER_NOT_FOUND;
  // Read-only, so threads may match at once: programs are compiled when a
  // filter is installed. A tree a consumer swapped in since then runs from a
  // program compiled for this call alone.
  const tep_filter_arg* root = pub.event_filters[index].filter;
  // compiled_[index] exists unless a consumer changed `filters`: bounded as
  // addresses, which needs no division by sizeof(Compiled).
  const uintptr_t at = reinterpret_cast<uintptr_t>(compiled_.data()) + static_cast<size_t>(index) * sizeof(Compiled);
  if (__builtin_expect(at < reinterpret_cast<uintptr_t>(compiled_.data() + compiled_.size()), 1)) {
    const Compiled& compiled = compiled_[static_cast<size_t>(index)];
    if (compiled.root == root && compiled.program) return compiled.program->match(record, swap);
  }
  return match_uncompiled(record, root);
}

int EventFilter::match_uncompiled(tep_record& record, const tep_filter_arg* root) const noexcept {
  try {
    return MatchProgram(pub_->tep, root).match(record, core::swaps_bytes(*pub_->tep));
  } catch (...) {  // compiling allocates
    return TEP_ERRNO__MEM_ALLOC_FAILED;
  }
}

bool EventFilter::filtered(int event_id) { return pub_->filters && find(event_id); }

char* EventFilter::make_string(int event_id) {
  tep_filter_type* type = pub_->filters ? find(event_id) : nullptr;
  if (!type) return nullptr;
  std::optional<std::string> text = filter_to_string(type->filter);
  return text ? malloc_copy(*text) : nullptr;
}

// Upstream copies through text: each event's filter is printed and parsed
// again against the destination handle's event of the same system and name.
int EventFilter::copy_from(EventFilter& source) {
  reset();
  int ret = 0;
  for (int i = 0; i < source.pub_->filters; i++) {
    const tep_filter_type& type = source.pub_->event_filters[i];
    tep_event* event = type.event && type.event->name && pub_->tep
                           ? pub_->tep->events.find_by_name(type.event->system, type.event->name)
                           : nullptr;
    if (!event) {
      ret = -1;
      continue;
    }
    std::optional<std::string> text = filter_to_string(type.filter);
    if (!text) continue;
    if (*text == "TRUE" || *text == "FALSE") {
      tep_filter_arg* root = new_node(TEP_FILTER_ARG_BOOLEAN);
      root->boolean.value = *text == "TRUE" ? TEP_FILTER_TRUE : TEP_FILTER_FALSE;
      install(event, root, {});
      continue;
    }
    // A text that does not parse back is dropped (upstream crashes on it).
    filter_event(event, text->c_str(), nullptr);
  }
  return ret;
}

bool EventFilter::same_as(EventFilter& other) {
  if (pub_->filters != other.pub_->filters) return false;
  for (int i = 0; i < pub_->filters; i++) {
    const tep_filter_type& mine = pub_->event_filters[i];
    tep_filter_type* theirs = other.find(mine.event_id);
    if (!theirs || !mine.filter || !theirs->filter) return false;
    if (mine.filter->type != theirs->filter->type) return false;
    std::optional<std::string> a = filter_to_string(mine.filter);
    std::optional<std::string> b = filter_to_string(theirs->filter);
    if (!a || !b || *a != *b) return false;
  }
  return true;
}

int EventFilter::strerror(int err, char* buf, size_t buflen) {
  if (err <= __TEP_ERRNO__START || err >= __TEP_ERRNO__END) return -1;
  if (pub_->error_buffer[0]) {
    int len = snprintf(buf, buflen, "%s", pub_->error_buffer);
    return static_cast<size_t>(len) > buflen ? -1 : 0;
  }
  // tep_strerror's answer for a tep_errno.
  if (buflen == 0) return 0;
  const char* message = base::errno_text(err);
  if (!buf || !message) return -1;
  snprintf(buf, buflen, "%s", message);
  return 0;
}

}  // namespace tep::filter
