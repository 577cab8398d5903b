// SPDX-License-Identifier: LGPL-2.1
// dump_ours FILE: what dump_tracecmd prints, read through lib/trace_dat.
// --cpu N reads CPU N of each buffer alone (in the order of its pages).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "dump_record.h"
#include "trace_dat/mapped_file.h"
#include "trace_dat/trace_file.h"

using tep::trace_dat::BufferReader;
using tep::trace_dat::Status;

int main(int argc, char** argv) {
  int only_cpu;
  const char* path = trace_dat_test::parse_arguments(argc, argv, &only_cpu);
  if (!path) return 2;
  tep::trace_dat::MappedFile mapped;
  if (int error = mapped.open(path)) {
    fprintf(stderr, "%s: %s\n", path, strerror(error));
    return 1;
  }
  tep::trace_dat::TraceFile file;
  if (file.open(mapped.bytes()) != Status::kOk) fprintf(stderr, "%s: %s\n", path, file.message().c_str());
  trace_seq seq;
  trace_seq_init(&seq);
  long count = 0;
  int exit_code = file.status() == Status::kOk ? 0 : 1;
  for (size_t i = 0; i < file.buffers().size(); ++i) {
    const std::string& name = file.buffers()[i].name;
    BufferReader reader;
    Status status = file.open_buffer(i, reader, only_cpu);
    if (status != Status::kOk) {
      fprintf(stderr, "buffer '%s': %s\n", name.c_str(), std::string(tep::trace_dat::status_text(status)).c_str());
      exit_code = 1;
      continue;
    }
    for (const tep_record* record; (record = reader.next()) != nullptr; ++count) {
      trace_dat_test::print_record(stdout, file.tep(), &seq, name.c_str(), const_cast<tep_record*>(record));
    }
    if (reader.status() != Status::kOk) {
      fprintf(stderr, "buffer '%s': %s\n", name.c_str(),
              std::string(tep::trace_dat::status_text(reader.status())).c_str());
      exit_code = 1;
    }
  }
  trace_seq_destroy(&seq);
  fprintf(stderr, "%ld records\n", count);
  return exit_code;
}
