// SPDX-License-Identifier: LGPL-2.1
// The line both trace.dat dumpers print per record, so their outputs compare
// byte for byte: buffer, CPU, timestamp, size, missed events, a hash of the
// payload, and the record printed by this library's tep_print_event.
#pragma once

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "event-parse.h"
#include "trace-seq.h"

namespace trace_dat_test {

// FNV-1a, 64 bits.
inline uint64_t payload_hash(const void* data, int size) {
  uint64_t hash = 0xcbf29ce484222325ull;
  const auto* bytes = static_cast<const unsigned char*>(data);
  for (int i = 0; i < size; ++i) hash = (hash ^ bytes[i]) * 0x100000001b3ull;
  return hash;
}

inline void print_record(FILE* out, tep_handle* tep, trace_seq* seq, const char* buffer, tep_record* record) {
  trace_seq_reset(seq);
  tep_print_event(tep, seq, record, "%s-%d [%03d] %6.1000d: %s: %s", TEP_PRINT_COMM, TEP_PRINT_PID, TEP_PRINT_CPU,
                  TEP_PRINT_TIME, TEP_PRINT_NAME, TEP_PRINT_INFO);
  trace_seq_terminate(seq);
  fprintf(out, "[%s] cpu=%d ts=%llu size=%d missed=%lld hash=%016" PRIx64 " %s\n", buffer, record->cpu, record->ts,
          record->size, record->missed_events, payload_hash(record->data, record->size), seq->buffer);
}

// Both dumpers' command line, `[--cpu N] FILE.dat`: the file, or null after
// printing the usage.
inline const char* parse_arguments(int argc, char** argv, int* only_cpu) {
  *only_cpu = -1;
  if (argc == 4 && strcmp(argv[1], "--cpu") == 0) {
    *only_cpu = atoi(argv[2]);
    argv += 2;
    argc -= 2;
  }
  if (argc != 2) {
    fprintf(stderr, "usage: %s [--cpu N] FILE.dat\n", argv[0]);
    return nullptr;
  }
  return argv[1];
}

}  // namespace trace_dat_test
