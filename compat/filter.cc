// SPDX-License-Identifier: LGPL-2.1
// tep_filter_*: event filters (lib/filter). Upstream crashes on NULL
// arguments; here they get the nearest error answer.
#include <cstdlib>

#include "compat/export.h"
#include "event-parse.h"
#include "filter/event_filter.h"

using tep::filter::EventFilter;

TEP_EXPORT struct tep_event_filter* tep_filter_alloc(struct tep_handle* tep) {
  try {
    return EventFilter::create(tep);
  } catch (...) {
    return nullptr;
  }
}

TEP_EXPORT void tep_filter_free(struct tep_event_filter* filter) {
  if (filter) EventFilter::destroy(filter);
}

TEP_EXPORT void tep_filter_reset(struct tep_event_filter* filter) {
  if (filter) EventFilter::from(filter)->reset();
}

TEP_EXPORT enum tep_errno tep_filter_add_filter_str(struct tep_event_filter* filter, const char* filter_str) {
  if (!filter || !filter->tep || !filter_str) return TEP_ERRNO__FILTER_NOT_FOUND;
  try {
    return static_cast<tep_errno>(EventFilter::from(filter)->add_filter_str(filter_str));
  } catch (...) {
    return TEP_ERRNO__MEM_ALLOC_FAILED;
  }
}

TEP_EXPORT int tep_filter_remove_event(struct tep_event_filter* filter, int event_id) {
  return filter ? EventFilter::from(filter)->remove_event(event_id) : 0;
}

TEP_EXPORT enum tep_errno tep_filter_match(struct tep_event_filter* filter, struct tep_record* record) {
  if (!filter) return TEP_ERRNO__NO_FILTER;
  return static_cast<tep_errno>(EventFilter::from(filter)->match(record));  // noexcept
}

TEP_EXPORT int tep_event_filtered(struct tep_event_filter* filter, int event_id) {
  return filter && EventFilter::from(filter)->filtered(event_id) ? 1 : 0;
}

TEP_EXPORT char* tep_filter_make_string(struct tep_event_filter* filter, int event_id) {
  if (!filter) return nullptr;
  try {
    return EventFilter::from(filter)->make_string(event_id);
  } catch (...) {
    return nullptr;
  }
}

TEP_EXPORT int tep_filter_copy(struct tep_event_filter* dest, struct tep_event_filter* source) {
  if (!dest || !source || !dest->tep) return -1;
  try {
    return EventFilter::from(dest)->copy_from(*EventFilter::from(source));
  } catch (...) {
    return -1;
  }
}

TEP_EXPORT int tep_filter_compare(struct tep_event_filter* filter1, struct tep_event_filter* filter2) {
  if (!filter1 || !filter2) return filter1 == filter2;
  try {
    return EventFilter::from(filter1)->same_as(*EventFilter::from(filter2)) ? 1 : 0;
  } catch (...) {
    return 0;
  }
}

TEP_EXPORT int tep_filter_strerror(struct tep_event_filter* filter, enum tep_errno err, char* buf, size_t buflen) {
  if (!filter || !buf) return -1;
  return EventFilter::from(filter)->strerror(err, buf, buflen);
}
