// SPDX-License-Identifier: LGPL-2.1
// Whole trace.dat files through lib/trace_dat: header, options, metadata into
// a handle, then every buffer's records merged, each printed with
// tep_print_event, and CPU 0 of the first buffer alone.
#include "fuzz_common.h"
#include "trace-seq.h"
#include "trace_dat/trace_file.h"

namespace {

// Enough records to reach every page of the seeds without a slow input.
constexpr int kMaxRecords = 20000;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tep::trace_dat::TraceFile file;
  file.open({reinterpret_cast<const std::byte*>(data), size});
  trace_seq seq;
  trace_seq_init(&seq);
  int records = 0;
  for (size_t i = 0; i < file.buffers().size(); ++i) {
    tep::trace_dat::BufferReader reader;
    if (file.open_buffer(i, reader) != tep::trace_dat::Status::kOk) continue;
    for (const tep_record* record; records < kMaxRecords && (record = reader.next()) != nullptr; ++records) {
      trace_seq_reset(&seq);
      tep_print_event(file.tep(), &seq, const_cast<tep_record*>(record), "%s-%d [%03d] %6.1000d: %s: %s",
                      TEP_PRINT_COMM, TEP_PRINT_PID, TEP_PRINT_CPU, TEP_PRINT_TIME, TEP_PRINT_NAME, TEP_PRINT_INFO);
    }
  }
  tep::trace_dat::BufferReader one;
  if (!file.buffers().empty() && file.open_buffer(0, one, 0) == tep::trace_dat::Status::kOk) {
    for (int n = 0; n < kMaxRecords && one.next(); ++n) {
    }
  }
  trace_seq_destroy(&seq);
  return 0;
}
