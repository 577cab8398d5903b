// SPDX-License-Identifier: LGPL-2.1
// A trace.dat file opened with libtracecmd (which runs on this library), its
// typed-event catalog, and scans over its records in time order. No Python
// here: the module (module.cc) and the benchmark (bench/fill_bench.cc) share it.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "event-parse.h"
#include "event-typed.h"

struct tracecmd_input;

namespace pytev {

// What the module turns into a Python exception of the same meaning.
struct NotFound : std::runtime_error {  // KeyError: an unknown event or column
  using std::runtime_error::runtime_error;
};
struct BadArgument : std::runtime_error {  // ValueError: a bad filter string
  using std::runtime_error::runtime_error;
};
struct Closed : std::runtime_error {  // RuntimeError: the trace was closed
  using std::runtime_error::runtime_error;
};
struct OpenFailed : std::runtime_error {  // OSError
  using std::runtime_error::runtime_error;
};

// Frees a record libtracecmd handed out.
struct RecordFree {
  void operator()(tep_record* r) const;
};
using RecordPtr = std::unique_ptr<tep_record, RecordFree>;

class TraceFile {
 public:
  explicit TraceFile(const std::string& path);
  ~TraceFile();
  TraceFile(const TraceFile&) = delete;
  TraceFile& operator=(const TraceFile&) = delete;

  const std::string& path() const { return path_; }
  tep_handle* tep() const;
  tev_catalog* catalog() const;
  bool closed() const { return closed_; }
  // Later calls on the trace and on what came from it raise Closed; the
  // memory goes with the last object that refers to it.
  void close() { closed_ = true; }
  void check_open() const;

  // "sched:sched_switch" or "sched_switch".
  tev_event* find_event(const std::string& name) const;
  std::vector<tev_event*> events() const;

  // Scans share libtracecmd's per-CPU cursors: starting one ends the others.
  uint64_t start_scan();
  bool scan_current(uint64_t id) const { return id == scan_id_; }
  int cpus() const { return cpus_; }
  // A handle of its own on the same file for worker `index` reading CPU buffers
  // in parallel (0: this one), opened on first use and kept with this one.
  TraceFile& reader(int index);
  int64_t size() const { return size_; }  // of the file, in bytes
  tracecmd_input* input() const { return input_; }

 private:
  std::string path_;
  tracecmd_input* input_ = nullptr;
  tev_catalog* catalog_ = nullptr;
  int cpus_ = 0;
  int64_t size_ = 0;
  bool closed_ = false;
  uint64_t scan_id_ = 0;
  std::vector<std::unique_ptr<TraceFile>> readers_;  // workers 1, 2, ...
};

// An upstream filter string ("sched_switch: prev_pid > 0") on the trace's handle.
class Filter {
 public:
  Filter(tep_handle* tep, const std::string& text);
  ~Filter();
  Filter(const Filter&) = delete;
  Filter& operator=(const Filter&) = delete;
  bool match(tep_record* record) const;

 private:
  tep_event_filter* filter_ = nullptr;
};

// The records of every CPU merged by timestamp (ties: the lower CPU first, as
// tracecmd_iterate_events orders them). Each record is the caller's.
class Scan {
 public:
  explicit Scan(TraceFile& file);
  // nullptr at the end; Closed when the trace was closed, std::runtime_error
  // when another scan started since.
  RecordPtr next();

 private:
  TraceFile& file_;
  uint64_t id_;
  std::vector<RecordPtr> heads_;
};

// The records of one CPU buffer in the order it holds them, on a TraceFile the
// caller scans alone (this moves its cursor for that CPU). monotonic() is false
// once a record was older than the one before it, of whatever event.
class CpuScan {
 public:
  CpuScan(TraceFile& file, int cpu);
  RecordPtr next();
  bool monotonic() const { return monotonic_; }

 private:
  TraceFile& file_;
  int cpu_;
  bool first_ = true;
  bool monotonic_ = true;
  unsigned long long last_ts_ = 0;
};

// Hands the records of one event (optionally filtered) that `source.next()`
// gives to `batch`, up to `capacity` at a time, which live until it returns.
template <typename Source, typename Batch>
size_t batch_event(tep_handle* tep, Source& source, int event_id, const Filter* filter, size_t capacity,
                   Batch&& batch) {
  std::vector<RecordPtr> held;
  std::vector<const tep_record*> records;
  held.reserve(capacity);
  records.reserve(capacity);
  size_t total = 0;
  auto flush = [&]() {
    if (records.empty()) return;
    batch(records);
    total += records.size();
    records.clear();
    held.clear();
  };
  while (RecordPtr r = source.next()) {
    if (tep_data_type(tep, r.get()) != event_id) continue;
    if (filter && !filter->match(r.get())) continue;
    records.push_back(r.get());
    held.push_back(std::move(r));
    if (records.size() == capacity) flush();
  }
  flush();
  return total;
}

// The records of one event in time order (a Scan of the whole file), in batches.
template <typename Batch>
size_t scan_event(TraceFile& file, int event_id, const Filter* filter, size_t capacity, Batch&& batch) {
  Scan scan(file);
  return batch_event(file.tep(), scan, event_id, filter, capacity, batch);
}

}  // namespace pytev
