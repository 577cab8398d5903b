// SPDX-License-Identifier: LGPL-2.1
#include "trace_view/row_filter.h"

#include "filter/event_filter.h"

namespace tep::trace_view {

namespace {

struct FilterOwner {
  tep_event_filter* filter;
  ~FilterOwner() { filter::EventFilter::destroy(filter); }
};

}  // namespace

std::vector<uint32_t> matching(const TraceView& view, const char* expression, std::string& error) {
  std::vector<uint32_t> rows;
  error.clear();
  if (!view.tep()) return rows;
  FilterOwner owner{filter::EventFilter::create(view.tep())};
  filter::EventFilter& program = *filter::EventFilter::from(owner.filter);
  const int added = program.add_filter_str(expression);
  if (added < 0) {
    char text[256];
    program.strerror(added, text, sizeof(text));
    error = text;
    return rows;
  }
  for (size_t i = 0; i < view.count(); ++i) {
    tep_record record = view.record(i);
    if (program.match(&record) == TEP_ERRNO__FILTER_MATCH) rows.push_back(static_cast<uint32_t>(i));
  }
  return rows;
}

}  // namespace tep::trace_view
