// SPDX-License-Identifier: LGPL-2.1
#include "trace_file.h"

#include <cerrno>
#include <cstring>

#include <sys/stat.h>

// libtracecmd's calls used here. Not its header: trace-cmd.h includes
// tracefs.h, which does not compile as C++ (an int passed as an enum).
extern "C" {
tracecmd_input* tracecmd_open(const char* file, int flags);
void tracecmd_close(tracecmd_input* handle);
tep_handle* tracecmd_get_tep(tracecmd_input* handle);
tep_record* tracecmd_read_cpu_first(tracecmd_input* handle, int cpu);
tep_record* tracecmd_read_data(tracecmd_input* handle, int cpu);
void tracecmd_free_record(tep_record* record);
}

namespace pytev {

void RecordFree::operator()(tep_record* r) const { tracecmd_free_record(r); }

TraceFile::TraceFile(const std::string& path) : path_(path) {
  errno = 0;
  input_ = tracecmd_open(path.c_str(), 0);
  if (!input_) {
    int e = errno;
    throw OpenFailed("cannot open trace " + path + (e ? std::string(": ") + strerror(e) : std::string()));
  }
  int status = tev_catalog_new(tracecmd_get_tep(input_), &catalog_);
  if (status != TEV_OK) {
    tracecmd_close(input_);
    throw std::runtime_error(std::string("typed events: ") + tev_strerror(status));
  }
  cpus_ = tep_get_cpus(tracecmd_get_tep(input_));
  struct stat st;
  if (stat(path.c_str(), &st) == 0) size_ = st.st_size;
}

TraceFile::~TraceFile() {
  tev_catalog_free(catalog_);  // before the handle goes with the input
  tracecmd_close(input_);
}

void TraceFile::check_open() const {
  if (closed_) throw Closed("trace " + path_ + " is closed");
}

tep_handle* TraceFile::tep() const {
  check_open();
  return tracecmd_get_tep(input_);
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

TraceFile& TraceFile::reader(int index) {
  check_open();
  if (index == 0) return *this;
  while (static_cast<int>(readers_.size()) < index) readers_.push_back(std::make_unique<TraceFile>(path_));
  return *readers_[index - 1];
}

uint64_t TraceFile::start_scan() {
  check_open();
  return ++scan_id_;
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

bool Filter::match(tep_record* record) const { return tep_filter_match(filter_, record) == TEP_ERRNO__FILTER_MATCH; }

Scan::Scan(TraceFile& file) : file_(file), id_(file.start_scan()) {
  for (int cpu = 0; cpu < file.cpus(); cpu++) heads_.emplace_back(tracecmd_read_cpu_first(file.input(), cpu));
}

RecordPtr Scan::next() {
  file_.check_open();
  if (!file_.scan_current(id_)) throw std::runtime_error("another scan of " + file_.path() + " started since");
  int best = -1;
  for (int cpu = 0; cpu < static_cast<int>(heads_.size()); cpu++)
    if (heads_[cpu] && (best < 0 || heads_[cpu]->ts < heads_[best]->ts)) best = cpu;
  if (best < 0) return nullptr;
  RecordPtr out = std::move(heads_[best]);
  heads_[best].reset(tracecmd_read_data(file_.input(), best));
  return out;
}

CpuScan::CpuScan(TraceFile& file, int cpu) : file_(file), cpu_(cpu) { file.start_scan(); }

RecordPtr CpuScan::next() {
  file_.check_open();
  RecordPtr r(first_ ? tracecmd_read_cpu_first(file_.input(), cpu_) : tracecmd_read_data(file_.input(), cpu_));
  first_ = false;
  if (r) {
    if (r->ts < last_ts_) monotonic_ = false;
    last_ts_ = r->ts;
  }
  return r;
}

}  // namespace pytev
