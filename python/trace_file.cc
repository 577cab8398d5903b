// SPDX-License-Identifier: LGPL-2.1
#include "trace_file.h"

#include <cstring>
#include <utility>

#include "base/per_thread.h"

namespace pytev {

namespace {
constexpr size_t kAlign = 8;  // payloads start aligned, as in a page
}  // namespace

TraceFile::TraceFile(const std::string& path) : path_(path) {
  if (int error = mapped_.open(path)) throw OpenFailed("cannot open trace " + path + ": " + strerror(error));
  const tep::trace_dat::Status status = file_.open(mapped_.bytes());
  const std::vector<tep::trace_dat::BufferInfo>& buffers = file_.buffers();
  // What libtracecmd's handle reads: the top buffer (the one without a name).
  for (size_t i = 0; i < buffers.size(); i++)
    if (buffers[i].name.empty()) {
      top_ = static_cast<int>(i);
      break;
    }
  // Damage past the metadata still opens (the records end at it); no buffer at all does not.
  if (status != tep::trace_dat::Status::kOk && buffers.empty())
    throw OpenFailed("cannot open trace " + path + ": " + file_.message());
  // No plugins, as libtracecmd's tracecmd_open loads none: the text is the print fmt's.
  int typed = tev_catalog_new(file_.tep(), &catalog_);
  if (typed != TEV_OK) throw std::runtime_error(std::string("typed events: ") + tev_strerror(typed));
  cpus_ = tep_get_cpus(file_.tep());
}

TraceFile::~TraceFile() {
  readers_.clear();
  tev_catalog_free(catalog_);  // before the handle goes with the file
}

void TraceFile::check_open() const {
  if (closed_) throw Closed("trace " + path_ + " is closed");
}

tep_handle* TraceFile::tep() const {
  check_open();
  return file_.tep();
}

tev_catalog* TraceFile::catalog() const {
  check_open();
  return catalog_;
}

tev_event* TraceFile::find_event(const std::string& name) const {
  size_t colon = name.find(':');
  std::string system = colon == std::string::npos ? std::string() : name.substr(0, colon);
  std::string event = colon == std::string::npos ? name : name.substr(colon + 1);
  tev_event* ev = nullptr;
  int status = tev_event_find(catalog(), system.empty() ? nullptr : system.c_str(), event.c_str(), &ev);
  if (status == TEV_ERR_NO_EVENT) throw NotFound("no event '" + name + "' in " + path_);
  if (status != TEV_OK) throw std::runtime_error(std::string("typed events: ") + tev_strerror(status));
  return ev;
}

std::vector<tev_event*> TraceFile::events() const {
  std::vector<tev_event*> out;
  tep_handle* handle = tep();
  tep_event** list = tep_list_events(handle, TEP_EVENT_SORT_SYSTEM);
  for (int i = 0; list && list[i]; i++) {
    tev_event* ev = nullptr;
    if (tev_event_of(catalog_, list[i], &ev) == TEV_OK) out.push_back(ev);
  }
  return out;
}

tep::trace_dat::BufferReader TraceFile::records(int cpu) const {
  check_open();
  tep::trace_dat::BufferReader out;
  if (top_ >= 0) file_.open_buffer(static_cast<size_t>(top_), out, cpu);  // damage: the reader's status
  return out;
}

const std::vector<std::vector<size_t>>& TraceFile::record_counts() {
  if (counted_) return record_counts_;
  Scan scan(*this);
  tep_handle* handle = tep();
  while (const tep_record* r = scan.next()) {
    const int id = tep_data_type(handle, as_arg(r));
    if (id < 0 || r->cpu < 0) continue;
    const auto cpu = static_cast<size_t>(r->cpu);
    if (cpu >= record_counts_.size()) record_counts_.resize(cpu + 1);
    std::vector<size_t>& of_cpu = record_counts_[cpu];
    if (static_cast<size_t>(id) >= of_cpu.size()) of_cpu.resize(id + 1);
    of_cpu[id]++;
  }
  counted_ = true;
  return record_counts_;
}

TraceFile& TraceFile::reader(int index) {
  check_open();
  if (index == 0) return *this;
  while (static_cast<int>(readers_.size()) < index) readers_.push_back(std::make_unique<TraceFile>(path_));
  return *readers_[index - 1];
}

Filter::Filter(tep_handle* tep, const std::string& text) {
  filter_ = tep_filter_alloc(tep);
  if (!filter_) throw std::bad_alloc();
  tep_errno status = tep_filter_add_filter_str(filter_, text.c_str());
  if (status < 0) {
    char message[256];
    if (tep_filter_strerror(filter_, status, message, sizeof(message)) < 0)
      snprintf(message, sizeof(message), "error %d", static_cast<int>(status));
    tep_filter_free(filter_);
    throw BadArgument("bad filter '" + text + "': " + message);
  }
}

Filter::~Filter() { tep_filter_free(filter_); }

bool Filter::match(const tep_record* record) const {
  return tep_filter_match(filter_, as_arg(record)) == TEP_ERRNO__FILTER_MATCH;
}

const tep_record* Scan::next() {
  file_.check_open();
  const tep_record* r = reader_.next();
  if (r) {
    if (r->ts < last_ts_) monotonic_ = false;
    last_ts_ = r->ts;
  } else if (reader_.status() != tep::trace_dat::Status::kOk) {
    // No frame or count from part of a file: the caller learns it ended early.
    throw Damaged("trace " + file_.path() + " is damaged (" +
                  std::string(tep::trace_dat::status_text(reader_.status())) +
                  "): the records after the damage cannot be read");
  }
  return r;
}

namespace {

struct SpareHeldRecords {
  // Not kept past this: a batch of large records' payloads.
  static constexpr size_t kMaxBytes = size_t{4} << 20;
  bool taken = false;
  HeldRecords::Storage storage;
};

}  // namespace

HeldRecords::HeldRecords() {
  SpareHeldRecords& spare = tep::base::per_thread<SpareHeldRecords>();
  if (spare.taken) return;
  spare.taken = spare_taken_ = true;
  std::swap(held_, spare.storage);
}

HeldRecords::~HeldRecords() {
  if (!spare_taken_) return;
  SpareHeldRecords& spare = tep::base::per_thread<SpareHeldRecords>();
  spare.taken = false;
  if (held_.bytes.capacity() > SpareHeldRecords::kMaxBytes) return;
  clear();
  std::swap(held_, spare.storage);
}

uint32_t HeldRecords::add(const tep_record& record) {
  const size_t at = held_.bytes.size();
  const size_t size = record.size > 0 ? static_cast<size_t>(record.size) : 0;
  held_.bytes.resize(at + ((size + kAlign - 1) & ~(kAlign - 1)));
  if (size) memcpy(held_.bytes.data() + at, record.data, size);
  tep_record& copy = held_.records.emplace_back(record);
  copy.priv = nullptr;
  held_.offsets.push_back(at);
  resolved_ = false;
  return static_cast<uint32_t>(held_.records.size() - 1);
}

const tep_record* const* HeldRecords::pointers() {
  if (!resolved_) {
    // The payloads may have moved since the last call: every record is redone.
    held_.pointers.resize(held_.records.size());
    for (size_t i = 0; i < held_.records.size(); i++) {
      held_.records[i].data = held_.bytes.data() + held_.offsets[i];
      held_.pointers[i] = &held_.records[i];
    }
    resolved_ = true;
  }
  return held_.pointers.data();
}

void HeldRecords::clear() {
  held_.records.clear();
  held_.bytes.clear();
  held_.offsets.clear();
  held_.pointers.clear();
  resolved_ = true;
}

}  // namespace pytev
