// SPDX-License-Identifier: LGPL-2.1
// Filter strings through tep_filter_add_filter_str, make_string and match
// against a record built from the bytes after the first NUL.
#include <cstdlib>
#include <cstring>
#include <vector>

#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Split in = fuzz::split_at_nul(data, size);
  tep_handle* tep = fuzz::fixed_handle();
  tep_event_filter* filter = tep_filter_alloc(tep);
  if (!filter) return 0;
  int ret = tep_filter_add_filter_str(filter, in.text.c_str());
  char error[256];
  tep_filter_strerror(filter, static_cast<tep_errno>(ret), error, sizeof(error));
  int count = tep_get_events_count(tep);
  std::vector<uint8_t> payload(in.rest, in.rest + in.rest_size);
  payload.resize(payload.size() < 64 ? 64 : payload.size());
  for (int i = 0; i < count; ++i) {
    tep_event* event = tep_get_event(tep, i);
    free(tep_filter_make_string(filter, event->id));
    uint16_t id = static_cast<uint16_t>(event->id);
    memcpy(payload.data(), &id, 2);
    tep_record record{};
    record.data = payload.data();
    record.size = static_cast<int>(payload.size());
    tep_filter_match(filter, &record);
  }
  tep_event_filter* copy = tep_filter_alloc(tep);
  tep_filter_copy(copy, filter);
  tep_filter_compare(copy, filter);
  tep_filter_free(copy);
  tep_filter_free(filter);
  return 0;
}
