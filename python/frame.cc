// SPDX-License-Identifier: LGPL-2.1
// Trace.dataframe() and Trace.dataframes(): the records of the requested events
// read in one pass, each event's records handed to its FrameBuilder in
// batches. No Python runs per record except for the byte and array fields,
// whose values are Python objects. With several workers, each CPU buffer is
// read and filled by one of them, on a file of its own and without the GIL;
// each event's parts are then merged into the rows (and category order) one
// scan of the whole file gives.
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "frame_builder.h"

namespace pytev {
namespace {

// Worth another open of the file per worker (15-60 ms for a 6.18 trace's
// formats and kallsyms, once per trace): its records take several times that.
constexpr int64_t kWorkersFrom = 16 << 20;

// Records held at once, over every event of a pass: copies, handed to their
// events' builders together when this many wait (1 K to 64 K made no
// difference measurable on a 1.2 M-record trace of 309 events).
constexpr size_t kHeldRecords = kBatch;

std::string full_name(tev_event* event) {
  tep_event* raw = tev::Event(event).raw();
  return std::string(raw->system) + ":" + raw->name;
}

// The events of one pass and their builders, on one TraceFile: the requested
// ones (made up front, so that an event without records still has its empty
// frame), or every event met (made at its first record, or by reserve()).
class PassFrames {
 public:
  PassFrames(const FilePtr& file, TraceFile& reader, const std::vector<std::string>* events)
      : file_(file), reader_(reader), every_event_(!events) {
    if (events)
      for (const std::string& name : *events) builder(tev::Event(reader.find_event(name)).raw()->id);
  }

  // Each builder reserves its rows (by event id: at most that many; `exact`:
  // that many), its frame's arrays in one region for them all. Every event is
  // made now.
  void reserve(const std::vector<size_t>& rows, bool exact) {
    for (size_t id = 0; id < rows.size(); id++)
      if (rows[id] && every_event_) builder(static_cast<int>(id));
    auto rows_of = [&](const FrameBuilder* frame) {
      const auto id = static_cast<size_t>(tev::Event(frame->event()).raw()->id);
      return id < rows.size() ? rows[id] : 0;
    };
    size_t room = 0;
    for (const FrameBuilder* frame : order_) room += frame->region_room(rows_of(frame));
    region_ = ColumnRegion::map(room);
    for (FrameBuilder* frame : order_) frame->reserve(rows_of(frame), region_);
    if (region_ && exact) region_->populate_carved();
  }
  // The pass's arrays are filled: no thread of the region's outlives it.
  void filled() {
    if (region_) region_->settle();
  }

  // The builder of a record's event: nullptr when the pass does not want it.
  FrameBuilder* for_id(int id) {
    if (id >= 0 && static_cast<size_t>(id) < by_id_.size() && by_id_[id]) return by_id_[id].get();
    return every_event_ ? builder(id) : nullptr;
  }
  // Builders in the order they were made.
  const std::vector<FrameBuilder*>& builders() const { return order_; }
  FrameBuilder* find(int id) const {
    return id >= 0 && static_cast<size_t>(id) < by_id_.size() ? by_id_[id].get() : nullptr;
  }

 private:
  FrameBuilder* builder(int id) {
    tev_event* event = nullptr;
    if (id < 0 || tev_event_by_id(reader_.catalog(), id, &event) != TEV_OK) return nullptr;
    if (static_cast<size_t>(id) >= by_id_.size()) by_id_.resize(id + 1);
    if (by_id_[id]) return by_id_[id].get();                    // named twice
    by_id_[id] = std::make_unique<FrameBuilder>(file_, event);  // `file_`: only finish() uses it
    order_.push_back(by_id_[id].get());
    return order_.back();
  }

  FilePtr file_;
  TraceFile& reader_;
  bool every_event_;
  std::shared_ptr<ColumnRegion> region_;
  std::vector<std::unique_ptr<FrameBuilder>> by_id_;
  std::vector<FrameBuilder*> order_;
};

// Hands the records `source.next()` gives (optionally filtered) to their
// events' builders, copied in batches that live until add() returns. With
// `seal`, each batch is sealed into a block (a worker's part).
template <typename Source>
void fill_pass(TraceFile& file, Source& source, const Filter* filter, PassFrames& frames, bool seal) {
  HeldRecords held;
  std::vector<std::vector<uint32_t>> pending;  // by event id: indices in `held`
  std::vector<int> waiting;                    // ids with records pending
  std::vector<const tep_record*> batch;
  auto flush_all = [&] {
    const tep_record* const* copies = held.pointers();
    for (int id : waiting) {
      std::vector<uint32_t>& indices = pending[id];
      batch.clear();
      for (uint32_t i : indices) batch.push_back(copies[i]);
      FrameBuilder* frame = frames.find(id);
      frame->add(batch);
      if (seal) frame->seal_block();
      indices.clear();
    }
    waiting.clear();
    held.clear();
  };
  tep_handle* tep = file.tep();
  while (const tep_record* r = source.next()) {
    const int id = tep_data_type(tep, as_arg(r));
    if (!frames.for_id(id)) continue;
    if (filter && !filter->match(r)) continue;
    if (static_cast<size_t>(id) >= pending.size()) pending.resize(id + 1);
    if (pending[id].empty()) waiting.push_back(id);
    pending[id].push_back(held.add(*r));
    if (held.size() == kHeldRecords) flush_all();
  }
  flush_all();
}

// One CPU buffer's part of the frames, filled by a worker.
struct CpuPart {
  int cpu;
  std::unique_ptr<PassFrames> frames;
  bool monotonic = true;
};

// A worker's own handle on the file, with the filter resolved on it.
struct Worker {
  TraceFile* file = nullptr;
  std::unique_ptr<Filter> filter;
  std::vector<CpuPart*> parts;

  void run() {
    for (CpuPart* part : parts) {
      Scan scan(*file, part->cpu);
      fill_pass(*file, scan, filter.get(), *part->frames, true);
      part->monotonic = scan.monotonic();
    }
  }
};

int worker_count(const TraceFile& file, int threads, size_t cpus) {
  if (threads == 0) {  // automatic
    if (file.size() < kWorkersFrom) return 1;
    threads = static_cast<int>(std::thread::hardware_concurrency());
  }
  return std::max(1, std::min(threads, static_cast<int>(cpus)));
}

using Frames = std::vector<std::pair<std::string, py::object>>;

// The frames of the requested events (nullptr: every event met), in the
// order of the request (else by name).
Frames finish(PassFrames& frames, const std::vector<std::string>* events) {
  Frames out;
  for (FrameBuilder* frame : frames.builders()) out.emplace_back(full_name(frame->event()), frame->finish());
  if (!events) std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return out;
}

// The frames from `workers` workers, or nullopt when one scan must do it: a CPU
// buffer whose records go back in time would merge into another order.
std::optional<Frames> threaded_frames(const FilePtr& file, const std::vector<std::string>* events,
                                      const std::string& filter, const std::vector<int>& cpus, int workers) {
  std::vector<Worker> pool(workers);
  std::vector<CpuPart> parts(cpus.size());
  for (int w = 0; w < workers; w++) {  // each worker on a handle of its own, opened before they start
    Worker& worker = pool[w];
    worker.file = &file->reader(w);
    if (!filter.empty()) worker.filter = std::make_unique<Filter>(worker.file->tep(), filter);
    for (size_t i = static_cast<size_t>(w); i < cpus.size(); i += static_cast<size_t>(workers)) {
      parts[i].cpu = cpus[i];
      parts[i].frames = std::make_unique<PassFrames>(file, *worker.file, events);
      worker.parts.push_back(&parts[i]);
    }
  }
  run_workers(workers, [&](int w) { pool[w].run(); });
  for (const CpuPart& part : parts)
    if (!part.monotonic) return std::nullopt;
  // The merged frames, made on this file in the request's order, then for
  // the events only some parts met.
  PassFrames merged(file, *file, events);
  std::vector<size_t> rows;
  for (const CpuPart& part : parts)
    for (const FrameBuilder* frame : part.frames->builders()) {
      const int id = tev::Event(frame->event()).raw()->id;
      merged.for_id(id);
      if (static_cast<size_t>(id) >= rows.size()) rows.resize(id + 1);
      rows[id] += frame->rows();
    }
  merged.reserve(rows, true);
  for (FrameBuilder* frame : merged.builders()) {
    const int id = tev::Event(frame->event()).raw()->id;
    std::vector<std::unique_ptr<FrameBuilder>> empty;
    std::vector<const FrameBuilder*> of_event;
    for (const CpuPart& part : parts) {
      const FrameBuilder* from = part.frames->find(id);
      if (!from) from = empty.emplace_back(std::make_unique<FrameBuilder>(file, frame->event())).get();
      of_event.push_back(from);
    }
    frame->merge(of_event, workers);
  }
  merged.filled();
  return finish(merged, events);
}

// A scan's records of some CPU buffers only (wanted: by CPU id; null: all).
struct BufferSubset {
  Scan& scan;
  const std::vector<bool>* wanted;
  const tep_record* next() {
    for (;;) {
      const tep_record* r = scan.next();
      if (!r || !wanted || (static_cast<size_t>(r->cpu) < wanted->size() && (*wanted)[r->cpu])) return r;
    }
  }
};

// Whether any requested event (every event: any the file has records of) has
// a column of Python objects, which only the scan with the GIL can fill.
bool has_objects(const FilePtr& file, const std::vector<std::string>* events) {
  if (events) {
    for (const std::string& name : *events)
      if (FrameBuilder(file, file->find_event(name)).has_objects()) return true;
    return false;
  }
  std::vector<bool> seen;
  for (const std::vector<size_t>& of_cpu : file->record_counts())
    for (size_t id = 0; id < of_cpu.size(); id++) {
      if (!of_cpu[id] || (id < seen.size() && seen[id])) continue;
      if (id >= seen.size()) seen.resize(id + 1);
      seen[id] = true;
      tev_event* event = nullptr;
      if (tev_event_by_id(file->catalog(), static_cast<int>(id), &event) == TEV_OK &&
          FrameBuilder(file, event).has_objects())
        return true;
    }
  return false;
}

// Python's cyclic garbage collector off for a pass: the lists of array fields
// and the frames' objects are made by the hundred thousand, none in a cycle,
// and each few hundred made ran a collection over the younger objects (a
// third of the time the lists took).
class CollectorPause {
 public:
  CollectorPause() : was_enabled_(PyGC_Disable()) {}
  ~CollectorPause() {
    if (was_enabled_) PyGC_Enable();
  }
  CollectorPause(const CollectorPause&) = delete;
  CollectorPause& operator=(const CollectorPause&) = delete;

 private:
  int was_enabled_;
};

}  // namespace

std::vector<std::pair<std::string, py::object>> dataframes(const FilePtr& file, const std::vector<std::string>* events,
                                                           const std::string& filter, int threads,
                                                           const std::vector<int>* cpus) {
  const CollectorPause pause;
  std::vector<int> buffers;
  if (cpus) {
    for (int cpu : *cpus)
      if (cpu < 0 || cpu >= file->cpus())
        throw BadArgument("no CPU buffer " + std::to_string(cpu) + " in " + file->path());
    buffers = *cpus;
  } else {
    for (int cpu = 0; cpu < file->cpus(); cpu++) buffers.push_back(cpu);
  }
  const int workers = worker_count(*file, threads, buffers.size());
  // A subset of the buffers is read buffer by buffer (and merged) even alone.
  if ((workers > 1 || cpus) && !has_objects(file, events))
    if (std::optional<Frames> threaded = threaded_frames(file, events, filter, buffers, workers)) return *threaded;
  std::unique_ptr<Filter> f = filter.empty() ? nullptr : std::make_unique<Filter>(file->tep(), filter);
  // The records are counted by event first (a pass of the file's first
  // dataframes(), kept with it), then filled into arrays of their final size,
  // without the growing arrays' copies, page faults and slack.
  std::vector<bool> wanted(file->cpus());
  if (cpus)
    for (int cpu : *cpus) wanted[cpu] = true;
  std::vector<size_t> counts;
  const std::vector<std::vector<size_t>>& by_cpu = file->record_counts();
  for (size_t cpu = 0; cpu < by_cpu.size(); cpu++) {
    if (cpus && (cpu >= wanted.size() || !wanted[cpu])) continue;
    if (by_cpu[cpu].size() > counts.size()) counts.resize(by_cpu[cpu].size());
    for (size_t id = 0; id < by_cpu[cpu].size(); id++) counts[id] += by_cpu[cpu][id];
  }
  PassFrames frames(file, *file, events);
  frames.reserve(counts, !f);
  Scan scan(*file);
  BufferSubset subset{scan, cpus ? &wanted : nullptr};
  fill_pass(*file, subset, f.get(), frames, false);
  frames.filled();
  return finish(frames, events);
}

py::object dataframe(const FilePtr& file, tev_event* event, const std::string& filter, int threads,
                     const std::vector<int>* cpus) {
  const std::vector<std::string> one{full_name(event)};
  return dataframes(file, &one, filter, threads, cpus).front().second;
}

}  // namespace pytev
