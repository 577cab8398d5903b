// SPDX-License-Identifier: LGPL-2.1
// Record bytes printed through each event of the fixed format set: short
// records, bogus __data_loc words, arbitrary strings. Byte 0 picks the event.
#include <cstring>
#include <vector>

#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  tep_handle* tep = fuzz::fixed_handle();
  int count = tep_get_events_count(tep);
  if (count <= 0) return 0;
  tep_event* event = tep_get_event(tep, data[0] % count);
  std::vector<uint8_t> payload(data + 1, data + size);
  if (payload.size() >= 2) {
    uint16_t id = static_cast<uint16_t>(event->id);
    memcpy(payload.data(), &id, 2);
  }
  tep_record record{};
  record.data = payload.data();
  record.size = static_cast<int>(payload.size());
  record.record_size = record.size;
  record.cpu = 1;
  record.ts = 123456789;
  trace_seq s;
  trace_seq_init(&s);
  tep_print_event(tep, &s, &record, "%16s-%-5d [%03d] %s %6.1000d: %s: %s\n", TEP_PRINT_COMM,
                  TEP_PRINT_PID, TEP_PRINT_CPU, TEP_PRINT_LATENCY, TEP_PRINT_TIME,
                  TEP_PRINT_NAME, TEP_PRINT_INFO);
  tep_print_event(tep, &s, &record, "%s", TEP_PRINT_INFO_RAW);
  tep_record_print_fields(&s, &record, event);
  tep_print_fields(&s, payload.data(), record.size, event);
  trace_seq_destroy(&s);
  return 0;
}
