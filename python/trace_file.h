// SPDX-License-Identifier: LGPL-2.1
// A trace.dat file read by lib/trace_dat (the module holds its own copy of the
// library: no libtracecmd, no libtraceevent.so.1), its typed-event catalog,
// and its records in time order or CPU by CPU. No Python here: the module
// (module.cc) and the benchmark (bench/fill_bench.cc) share it.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "event-parse.h"
#include "event-typed.h"
#include "trace_dat/mapped_file.h"
#include "trace_dat/merge.h"
#include "trace_dat/trace_file.h"

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
struct Damaged : std::runtime_error {  // OSError: a scan met damage (a page cut short, ...)
  using std::runtime_error::runtime_error;
};

// Upstream's calls take records as non-const, and read them only.
inline tep_record* as_arg(const tep_record* record) { return const_cast<tep_record*>(record); }

class TraceFile {
 public:
  // OpenFailed when the file cannot be read or is no trace.dat; a file damaged
  // further on opens, and its records end where the damage starts.
  explicit TraceFile(const std::string& path);
  ~TraceFile();
  TraceFile(const TraceFile&) = delete;
  TraceFile& operator=(const TraceFile&) = delete;

  const std::string& path() const { return path_; }
  tep_handle* tep() const;
  tev_catalog* catalog() const;
  bool closed() const { return closed_.load(std::memory_order_relaxed); }
  // Later calls on the trace and on what came from it raise Closed; the
  // memory goes with the last object that refers to it. (Atomic: a pass's
  // reading thread may ask while another Python thread closes the trace.)
  void close() { closed_.store(true, std::memory_order_relaxed); }
  void check_open() const;

  // "sched:sched_switch" or "sched_switch".
  tev_event* find_event(const std::string& name) const;
  std::vector<tev_event*> events() const;

  int cpus() const { return cpus_; }
  // The top buffer's records: its CPUs merged in time order (cpu -1) or one
  // CPU's alone. Each reader has its own cursors.
  tep::trace_dat::BufferReader records(int cpu = -1) const;
  // How many records each CPU buffer holds of each event: [cpu id][event id],
  // counted by a pass over the file on first use (reading is cheap next to
  // filling), then kept.
  const std::vector<std::vector<size_t>>& record_counts();
  // A handle of its own on the same file for worker `index` reading CPU buffers
  // in parallel (0: this one), opened on first use and kept with this one.
  TraceFile& reader(int index);
  int64_t size() const { return static_cast<int64_t>(mapped_.bytes().size()); }  // of the file, in bytes

 private:
  std::string path_;
  tep::trace_dat::MappedFile mapped_;
  tep::trace_dat::TraceFile file_;
  int top_ = -1;  // the top buffer's index in file_.buffers(); -1: the file has none
  tev_catalog* catalog_ = nullptr;
  int cpus_ = 0;
  std::atomic<bool> closed_{false};
  std::vector<std::unique_ptr<TraceFile>> readers_;  // workers 1, 2, ...
  std::vector<std::vector<size_t>> record_counts_;
  bool counted_ = false;
};

// An upstream filter string ("sched_switch: prev_pid > 0") on the trace's handle.
class Filter {
 public:
  Filter(tep_handle* tep, const std::string& text);
  ~Filter();
  Filter(const Filter&) = delete;
  Filter& operator=(const Filter&) = delete;
  bool match(const tep_record* record) const;

 private:
  tep_event_filter* filter_ = nullptr;
};

// The records of every CPU merged by timestamp (ties: the lower CPU first, as
// tracecmd_iterate_events orders them), or of one CPU in the order it holds
// them. A record stays valid until the next call (HeldRecords keeps copies).
class Scan {
 public:
  explicit Scan(const TraceFile& file, int cpu = -1) : file_(file), reader_(file.records(cpu)) {}
  // nullptr at the end; Closed when the trace was closed, Damaged when the
  // records end at damage (what came before it was given).
  const tep_record* next();
  // False once a record was older than the one before it, of whatever event.
  bool monotonic() const { return monotonic_; }

 private:
  const TraceFile& file_;
  tep::trace_dat::BufferReader reader_;
  bool monotonic_ = true;
  unsigned long long last_ts_ = 0;
};

// Copies of records, payloads included, kept together until clear(): a batch
// that must outlive the reader's next move. clear() keeps the memory, so a
// pass allocates nothing per record once its batches reached their size.
class HeldRecords {
 public:
  // The storage of the thread's last batch, when no other batch has it: freed
  // with each pass, its megabyte was unmapped and faulted in again for the
  // next trace (glibc maps blocks that size, and a Dask nanny's trim threshold
  // turns off glibc's own reuse of them).
  HeldRecords();
  ~HeldRecords();
  HeldRecords(const HeldRecords&) = delete;
  HeldRecords& operator=(const HeldRecords&) = delete;

  // Holds a copy of `record`; returns its index in this batch.
  uint32_t add(const tep_record& record);
  size_t size() const { return held_.records.size(); }
  // The copies, valid until the next add() or clear().
  const tep_record* const* pointers();
  // The index of a copy pointers() gave.
  size_t index_of(const tep_record* copy) const { return static_cast<size_t>(copy - held_.records.data()); }
  void clear();

  // What a batch keeps, and what the thread keeps for its next batch.
  struct Storage {
    std::vector<tep_record> records;  // their data pointers set by pointers()
    std::vector<std::byte> bytes;     // the payloads, each 8-byte aligned
    std::vector<size_t> offsets;      // of each record's payload in bytes
    std::vector<const tep_record*> pointers;
  };

 private:
  Storage held_;
  bool resolved_ = true;
  bool spare_taken_ = false;
};

// Hands the records of one event (optionally filtered) that `scan.next()`
// gives to `batch`, up to `capacity` at a time, which live until it returns.
template <typename Batch>
size_t scan_event(const TraceFile& file, int event_id, const Filter* filter, size_t capacity, Batch&& batch) {
  Scan scan(file);
  tep_handle* tep = file.tep();
  HeldRecords held;
  std::vector<const tep_record*> records;
  size_t total = 0;
  auto flush = [&]() {
    if (!held.size()) return;
    const tep_record* const* copies = held.pointers();
    records.assign(copies, copies + held.size());
    batch(records);
    total += records.size();
    held.clear();
  };
  while (const tep_record* r = scan.next()) {
    if (tep_data_type(tep, as_arg(r)) != event_id) continue;
    if (filter && !filter->match(r)) continue;
    held.add(*r);
    if (held.size() == capacity) flush();
  }
  flush();
  return total;
}

}  // namespace pytev
