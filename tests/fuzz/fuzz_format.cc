// SPDX-License-Identifier: LGPL-2.1
// Format text into tep_parse_event/tep_parse_format, then one record built from
// the bytes after the first NUL printed through the parsed event.
#include <cstring>
#include <vector>

#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Split in = fuzz::split_at_nul(data, size);
  tep_handle* tep = tep_alloc();
  tep_set_long_size(tep, 8);
  tep_event* event = nullptr;
  if (tep_parse_format(tep, &event, in.text.data(), in.text.size(), "fuzz") == 0 && event) {
    std::vector<uint8_t> payload(in.rest, in.rest + in.rest_size);
    if (payload.size() >= 2) {  // make common_type select the event
      uint16_t id = static_cast<uint16_t>(event->id);
      memcpy(payload.data(), &id, 2);
    }
    tep_record record{};
    record.data = payload.data();
    record.size = static_cast<int>(payload.size());
    record.record_size = record.size;
    trace_seq s;
    trace_seq_init(&s);
    tep_print_event(tep, &s, &record, "%s %s", TEP_PRINT_INFO, TEP_PRINT_INFO_RAW);
    trace_seq_destroy(&s);
  }
  tep_free(tep);
  return 0;
}
