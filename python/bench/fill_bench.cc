// SPDX-License-Identifier: LGPL-2.1
// The C++ side of the dataframe() benchmark: the same records of one event,
// read with the same scan as the module (lib/trace_dat, batches of 4096), every
// field and common_pid filled by tev_fill_columns into growing arrays, as
// Trace.dataframe() does before pandas wraps them; and the scan alone (what
// reading the file costs). Prints the best of N runs of each, in CPU time (the
// machine is shared: wall time counts the others' work).
//   fill_bench TRACE SYSTEM:EVENT [RUNS]
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "event-typed.hpp"
#include "trace_file.h"

namespace {

struct Filled {
  size_t width;
  std::vector<uint8_t> data, valid;
};

size_t fill_event(pytev::TraceFile& file, tev_event* event, bool fill) {
  tev::Event ev(event);
  int common = ev.raw()->format.nr_common;
  std::vector<const tev_column*> columns;
  std::vector<tev::Column> fields = ev.fields();
  for (size_t i = 0; i < fields.size(); i++)
    if ((static_cast<int>(i) >= common || fields[i].name() == "common_pid") && fields[i].type() != TEV_TYPE_NONE)
      columns.push_back(fields[i].get());
  std::vector<Filled> out;
  for (const tev_column* c : columns) out.push_back({tev_type_size(tev_column_type(c)), {}, {}});
  std::vector<int64_t> ts;
  std::vector<int32_t> cpu;
  std::vector<void*> values(columns.size());
  std::vector<uint8_t*> valid(columns.size());
  return pytev::scan_event(file, ev.raw()->id, nullptr, 4096, [&](const std::vector<const tep_record*>& records) {
    if (!fill) return;
    size_t at = ts.size(), n = records.size();
    ts.resize(at + n);
    cpu.resize(at + n);
    for (size_t i = 0; i < n; i++) {
      ts[at + i] = static_cast<int64_t>(records[i]->ts);
      cpu[at + i] = records[i]->cpu;
    }
    for (size_t j = 0; j < out.size(); j++) {
      out[j].data.resize((at + n) * out[j].width);
      out[j].valid.resize(at + n);
      values[j] = out[j].data.data() + at * out[j].width;
      valid[j] = out[j].valid.data() + at;
    }
    if (tev_fill_columns(columns.data(), columns.size(), records.data(), n, values.data(), valid.data()) < 0) abort();
  });
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s TRACE SYSTEM:EVENT [RUNS]\n", argv[0]);
    return 2;
  }
  int runs = argc > 3 ? atoi(argv[3]) : 5;
  try {
    pytev::TraceFile file(argv[1]);
    tev_event* event = file.find_event(argv[2]);
    for (bool fill : {false, true}) {
      double best = 1e30;
      size_t rows = 0;
      for (int r = 0; r < runs; r++) {
        std::clock_t start = std::clock();
        rows = fill_event(file, event, fill);
        double s = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
        if (s < best) best = s;
      }
      printf("%s %s: %zu records, %s, best of %d: %.1f ms\n", argv[1], argv[2], rows,
             fill ? "scan + fill" : "scan only", runs, best * 1e3);
    }
  } catch (const std::exception& e) {
    fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
