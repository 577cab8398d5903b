// SPDX-License-Identifier: LGPL-2.1
#include "trace_view/trace_view.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "core/handle.h"

namespace tep::trace_view {

namespace {

constexpr size_t kAlign = 8;
constexpr size_t kProgressEvery = 1 << 16;

// The clock the buffers ran on: "[local] global counter ..." or a bare name.
std::string_view selected_clock(std::string_view text) {
  const size_t open = text.find('[');
  if (open != std::string_view::npos) {
    const size_t close = text.find(']', open);
    if (close != std::string_view::npos) return text.substr(open + 1, close - open - 1);
  }
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ' || text.back() == '\0')) text.remove_suffix(1);
  return text;
}

// trace-cmd report prints these clocks' timestamps as seconds; the others
// (counter, x86-tsc without TSC2NSEC) as raw counts.
bool counts_nanoseconds(std::string_view clock) {
  for (std::string_view ns : {"local", "global", "uptime", "perf", "boot", "tai"})
    if (clock == ns) return true;
  return clock.substr(0, 4) == "mono" || clock.empty();
}

}  // namespace

TraceView::TraceView() = default;

TraceView::~TraceView() {
  if (plugins_ && tep()) plugins_->unload(*tep());
}

trace_dat::Status TraceView::open(trace_dat::Bytes file, std::unique_ptr<Plugins> plugins,
                                  const std::function<void(size_t)>& progress) {
  status_ = file_.open(file);
  message_ = file_.message();
  plugins_ = std::move(plugins);
  if (plugins_ && tep()) plugins_->load(*tep());
  const trace_dat::Options& options = file_.options();
  nanosecond_clock_ = options.time.tsc_mult != 0 || counts_nanoseconds(selected_clock(options.trace_clock));
  index_buffers(progress);
  return status_;
}

tep_record TraceView::record(size_t i) const {
  const Entry& e = entries_[i];
  tep_record r{};
  r.ts = e.ts;
  r.cpu = e.cpu;
  r.size = static_cast<int>(e.size);
  r.missed_events = e.missed_events;
  r.data = const_cast<std::byte*>(e.data);
  return r;
}

void TraceView::add(const tep_record& record, uint8_t buffer) {
  const tep_handle& tep = *file_.tep();
  Entry e;
  e.ts = record.ts;
  e.cpu = static_cast<uint16_t>(record.cpu);
  e.size = static_cast<uint32_t>(record.size);
  e.missed_events = static_cast<int32_t>(std::clamp<long long>(record.missed_events, -1, INT32_MAX));
  e.buffer = buffer;
  e.event_id = static_cast<uint16_t>(tep.common_fields.read(tep, core::CommonField::kType, record.data, record.size));
  e.pid = tep.common_fields.read(tep, core::CommonField::kPid, record.data, record.size);
  // Rounded up so that every payload starts 8-byte aligned, as in a page or better.
  char* copy = arena_.allocate((e.size + kAlign - 1) & ~(kAlign - 1));
  if (e.size) memcpy(copy, record.data, e.size);
  e.data = reinterpret_cast<const std::byte*>(copy);
  entries_.push_back(e);
}

// The buffers' records merged by timestamp, as trace-cmd report prints them:
// on a tie the buffer listed first.
void TraceView::index_buffers(const std::function<void(size_t)>& progress) {
  const auto& buffers = file_.buffers();
  std::vector<trace_dat::BufferReader> readers;
  std::vector<uint8_t> buffer_of;
  for (size_t i = 0; i < buffers.size() && i < 256; ++i) {
    if (buffers[i].latency) continue;
    trace_dat::BufferReader reader;
    if (file_.open_buffer(i, reader) != trace_dat::Status::kOk) continue;
    readers.push_back(std::move(reader));
    buffer_of.push_back(static_cast<uint8_t>(i));
  }
  std::vector<const tep_record*> heads(readers.size());
  for (size_t i = 0; i < readers.size(); ++i) heads[i] = readers[i].next();
  for (;;) {
    size_t best = heads.size();
    for (size_t i = 0; i < heads.size(); ++i)
      if (heads[i] && (best == heads.size() || heads[i]->ts < heads[best]->ts)) best = i;
    if (best == heads.size()) break;
    add(*heads[best], buffer_of[best]);
    heads[best] = readers[best].next();
    if (progress && entries_.size() % kProgressEvery == 0) progress(entries_.size());
  }
  for (const auto& reader : readers) {
    if (reader.status() != trace_dat::Status::kOk && status_ == trace_dat::Status::kOk) {
      status_ = reader.status();
      message_ = std::string(trace_dat::status_text(status_));
    }
  }
}

}  // namespace tep::trace_view
