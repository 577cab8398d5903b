// SPDX-License-Identifier: LGPL-2.1
// TraceView: a whole trace.dat in memory, indexed for a viewer (the browser
// module, web/): every record of every buffer in the order `trace-cmd report`
// prints them, each payload copied once into one arena, so that any record can
// be printed, filtered or read by its position without going back to the file.
// What a damaged file still gives (the records before the damage) is kept,
// with the reader's status and message.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "base/string_arena.h"
#include "trace_dat/trace_file.h"

namespace tep::trace_view {

// What puts plugins into the view's handle: a directory natively, the plugins
// linked into the program in WebAssembly.
class Plugins {
 public:
  virtual ~Plugins() = default;
  virtual void load(tep_handle& tep) = 0;
  virtual void unload(tep_handle& tep) = 0;
};

// One record: its payload's copy in the arena and what a timeline needs (32
// bytes in WebAssembly, 40 natively: a viewer holds millions).
struct Entry {
  uint64_t ts = 0;
  const std::byte* data = nullptr;
  uint32_t size = 0;
  int32_t missed_events = 0;  // before this record on its CPU (-1: some, count unknown; capped)
  int32_t pid = 0;
  uint16_t cpu = 0;
  uint16_t event_id = 0;
  uint8_t buffer = 0;  // index into buffers()
};

class TraceView {
 public:
  TraceView();
  ~TraceView();
  TraceView(const TraceView&) = delete;
  TraceView& operator=(const TraceView&) = delete;

  // Reads `file` and indexes its records (`file` must stay until open()
  // returns: the view keeps copies of what it needs);
  // `progress` is called every few thousand records with the count so far.
  // kOk, or the first damage met (the records before it are kept).
  trace_dat::Status open(trace_dat::Bytes file, std::unique_ptr<Plugins> plugins,
                         const std::function<void(size_t)>& progress = {});
  trace_dat::Status status() const { return status_; }
  const std::string& message() const { return message_; }

  tep_handle* tep() const { return file_.tep(); }
  const trace_dat::TraceFile& file() const { return file_; }
  size_t count() const { return entries_.size(); }
  const Entry& entry(size_t i) const { return entries_[i]; }
  // The record at `i`, its data in the arena (valid as long as the view).
  tep_record record(size_t i) const;
  // Whether timestamps are nanoseconds (printed as seconds) or raw counts.
  bool nanosecond_clock() const { return nanosecond_clock_; }

 private:
  void index_buffers(const std::function<void(size_t)>& progress);
  void add(const tep_record& record, uint8_t buffer);

  trace_dat::TraceFile file_;
  std::unique_ptr<Plugins> plugins_;
  std::vector<Entry> entries_;
  base::StringArena arena_;  // the payloads: blocks that never move, no copy as they grow
  bool nanosecond_clock_ = true;
  trace_dat::Status status_ = trace_dat::Status::kOk;
  std::string message_;
};

}  // namespace tep::trace_view
