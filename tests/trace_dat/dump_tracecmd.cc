// SPDX-License-Identifier: LGPL-2.1
// dump_tracecmd [--cpu N] FILE: every record of every buffer (the top one,
// then each instance) in tracecmd_read_next_data's order, or of CPU N alone
// (tracecmd_read_cpu_first, tracecmd_read_data), read by Debian's libtracecmd
// running on this libtraceevent. The reference of the trace.dat differential
// test (dump_ours prints the same through lib/trace_dat).
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "dump_record.h"

// libtracecmd's header names the system libtraceevent's headers; the few
// functions used are declared here.
extern "C" {
struct tracecmd_input;
tracecmd_input* tracecmd_open(const char* file, int flags);
void tracecmd_close(tracecmd_input* handle);
tep_handle* tracecmd_get_tep(tracecmd_input* handle);
tep_record* tracecmd_read_next_data(tracecmd_input* handle, int* rec_cpu);
tep_record* tracecmd_read_cpu_first(tracecmd_input* handle, int cpu);
tep_record* tracecmd_read_data(tracecmd_input* handle, int cpu);
int tracecmd_cpus(tracecmd_input* handle);
void tracecmd_free_record(tep_record* record);
int tracecmd_buffer_instances(tracecmd_input* handle);
const char* tracecmd_buffer_instance_name(tracecmd_input* handle, int index);
tracecmd_input* tracecmd_buffer_instance_handle(tracecmd_input* handle, int index);
}

namespace {

constexpr int kLoadNoPlugins = 1;  // TRACECMD_FL_LOAD_NO_PLUGINS

// Every record in time order, or CPU `only_cpu`'s (>= 0) in page order.
long dump(tracecmd_input* input, const char* name, int only_cpu) {
  tep_handle* tep = tracecmd_get_tep(input);
  trace_seq seq;
  trace_seq_init(&seq);
  long count = 0;
  int cpu;
  if (only_cpu >= tracecmd_cpus(input)) return 0;
  tep_record* record = only_cpu >= 0 ? tracecmd_read_cpu_first(input, only_cpu) : tracecmd_read_next_data(input, &cpu);
  for (; record; ++count) {
    trace_dat_test::print_record(stdout, tep, &seq, name, record);
    tracecmd_free_record(record);
    record = only_cpu >= 0 ? tracecmd_read_data(input, only_cpu) : tracecmd_read_next_data(input, &cpu);
  }
  trace_seq_destroy(&seq);
  return count;
}

}  // namespace

int main(int argc, char** argv) {
  int only_cpu;
  const char* path = trace_dat_test::parse_arguments(argc, argv, &only_cpu);
  if (!path) return 2;
  tracecmd_input* input = tracecmd_open(path, kLoadNoPlugins);
  if (!input) {
    fprintf(stderr, "libtracecmd cannot open %s\n", path);
    return 1;
  }
  long count = dump(input, "", only_cpu);
  int instances = tracecmd_buffer_instances(input);
  for (int i = 0; i < instances; ++i) {
    const char* name = tracecmd_buffer_instance_name(input, i);
    tracecmd_input* instance = tracecmd_buffer_instance_handle(input, i);
    if (!instance) continue;
    count += dump(instance, name ? name : "?", only_cpu);
    tracecmd_close(instance);
  }
  tracecmd_close(input);
  fprintf(stderr, "%ld records\n", count);
  return 0;
}
