// SPDX-License-Identifier: LGPL-2.1
// The WebAssembly module's interface (embind): a trace.dat held in the
// module's memory, read by lib/trace_dat (zstd and zlib compiled in from
// Debian's sources), indexed and printed by lib/trace_view, its typed values
// through the public tev_* API. The JS layer (traceevent.mjs) is the public
// face; this is what it calls.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "builtin_plugins.h"
#include "event-parse.h"
#include "event-typed.h"
#include "trace_view/report.h"
#include "trace_view/row_filter.h"
#include "trace_view/trace_view.h"

using emscripten::val;

namespace {

val bytes_copy(const void* data, size_t size) {
  return val::global("Uint8Array").new_(emscripten::typed_memory_view(size, static_cast<const uint8_t*>(data)));
}

class Trace {
 public:
  // `data` is a malloc'd copy of the file in the module's memory: the trace
  // owns it from here. `progress(records)` is called while indexing.
  Trace(uintptr_t data, size_t size, val progress) : bytes_(reinterpret_cast<std::byte*>(data)) {
    view_.open({bytes_.get(), size}, std::make_unique<tev_web::BuiltinPlugins>(), [&progress](size_t records) {
      if (progress.typeOf().as<std::string>() == "function") progress(static_cast<double>(records));
    });
    bytes_.reset();  // the view copied what it needs: the file's memory goes back to the heap
    if (view_.tep()) tev_catalog_new(view_.tep(), &catalog_);
  }
  ~Trace() {
    if (catalog_) tev_catalog_free(catalog_);
  }

  int status() const { return static_cast<int>(view_.status()); }
  std::string message() const { return view_.message(); }
  double count() const { return static_cast<double>(view_.count()); }
  int cpus() const { return view_.tep() ? view_.tep()->cpus : 0; }
  std::string header() const { return tep::trace_view::report_header(view_); }
  std::string report(double first, double count) const {
    std::string out;
    tep::trace_view::append_report(view_, static_cast<size_t>(first), static_cast<size_t>(count), out);
    return out;
  }

  // Rows whose record the filter matches; a bad filter throws its message.
  val filter(std::string expression) const {
    std::string error;
    std::vector<uint32_t> rows = tep::trace_view::matching(view_, expression.c_str(), error);
    if (!error.empty()) {
      val result = val::object();
      result.set("error", error);
      return result;
    }
    val result = val::object();
    result.set("rows", val::global("Uint32Array").new_(emscripten::typed_memory_view(rows.size(), rows.data())));
    return result;
  }

  // Per record: ts (nanoseconds or clock counts, as float64), cpu, pid, event id.
  val rows() const {
    const size_t n = view_.count();
    std::vector<double> ts(n);
    std::vector<uint16_t> cpu(n), event(n);
    std::vector<int32_t> pid(n);
    for (size_t i = 0; i < n; ++i) {
      const auto& e = view_.entry(i);
      ts[i] = static_cast<double>(e.ts);
      cpu[i] = e.cpu;
      event[i] = e.event_id;
      pid[i] = e.pid;
    }
    val out = val::object();
    out.set("ts", val::global("Float64Array").new_(emscripten::typed_memory_view(n, ts.data())));
    out.set("cpu", val::global("Uint16Array").new_(emscripten::typed_memory_view(n, cpu.data())));
    out.set("pid", val::global("Int32Array").new_(emscripten::typed_memory_view(n, pid.data())));
    out.set("event", val::global("Uint16Array").new_(emscripten::typed_memory_view(n, event.data())));
    return out;
  }

  // Every event of the handle: id, system, name.
  val events() const {
    val out = val::array();
    tep_handle* tep = view_.tep();
    if (!tep) return out;
    tep_event** all = tep_list_events(tep, TEP_EVENT_SORT_ID);
    for (int i = 0; all && all[i]; ++i) {
      val e = val::object();
      e.set("id", all[i]->id);
      e.set("system", std::string(all[i]->system ? all[i]->system : ""));
      e.set("name", std::string(all[i]->name ? all[i]->name : ""));
      out.call<void>("push", e);
    }
    return out;
  }

  std::string comm(int pid) const {
    const char* comm = view_.tep() ? tep_data_comm_from_pid(view_.tep(), pid) : nullptr;
    return comm ? comm : "";
  }

  // The typed columns of one event over its rows: name, kind, type and either
  // the values' bytes (`data`, tev_type_size() each) or, for texts, `texts`.
  val columns(std::string system, std::string name) const {
    val out = val::object();
    tev_event* event = nullptr;
    if (!catalog_ ||
        tev_event_find(catalog_, system.empty() ? nullptr : system.c_str(), name.c_str(), &event) != TEV_OK)
      return val::null();
    tep_event* tep_event = tev_event_tep_event(event);
    std::vector<uint32_t> rows;
    std::vector<tep_record> records;
    for (size_t i = 0; i < view_.count(); ++i)
      if (view_.entry(i).event_id == tep_event->id) rows.push_back(static_cast<uint32_t>(i));
    records.reserve(rows.size());
    for (uint32_t r : rows) records.push_back(view_.record(r));
    std::vector<const tep_record*> pointers(records.size());
    for (size_t i = 0; i < records.size(); ++i) pointers[i] = &records[i];
    out.set("rows", val::global("Uint32Array").new_(emscripten::typed_memory_view(rows.size(), rows.data())));
    val columns = val::array();
    const int ncolumns = tev_event_column_count(event);
    for (int c = 0; c < ncolumns; ++c) {
      const tev_column* column = nullptr;
      if (tev_event_column(event, c, &column) != TEV_OK) continue;
      val col = val::object();
      col.set("name", std::string(tev_column_name(column)));
      col.set("kind", std::string(tev_kind_name(tev_column_kind(column))));
      const tev_type type = tev_column_type(column);
      col.set("type", static_cast<int>(type));
      if (type != TEV_TYPE_NONE && type != TEV_TYPE_BYTES) {
        std::vector<uint8_t> values(tev_type_size(type) * pointers.size());
        std::vector<uint8_t> valid(pointers.size());
        tev_fill(column, pointers.data(), pointers.size(), values.data(), valid.data());
        col.set("data", bytes_copy(values.data(), values.size()));
        col.set("valid", bytes_copy(valid.data(), valid.size()));
      } else {
        val texts = val::array();
        std::vector<char> buf(256);
        for (const tep_record* r : pointers) {
          int len = tev_format_buf(column, r, buf.data(), buf.size());
          if (len >= static_cast<int>(buf.size())) {
            buf.resize(len + 1);
            tev_format_buf(column, r, buf.data(), buf.size());
          }
          texts.call<void>("push", std::string(buf.data()));
        }
        col.set("texts", texts);
      }
      const int labels = tev_column_label_count(column);
      if (labels > 0) {
        val names = val::array();
        for (int l = 0; l < labels; ++l) names.call<void>("push", std::string(tev_column_label(column, l)));
        col.set("labels", names);
      }
      columns.call<void>("push", col);
    }
    out.set("columns", columns);
    return out;
  }

  // One record's typed values: [{name, kind, text, value}] (value: decimal
  // text of an integer, or null).
  val details(double row) const {
    val out = val::array();
    const size_t i = static_cast<size_t>(row);
    if (!catalog_ || i >= view_.count()) return out;
    tev_event* event = nullptr;
    if (tev_event_by_id(catalog_, view_.entry(i).event_id, &event) != TEV_OK) return out;
    tep_record record = view_.record(i);
    std::vector<char> buf(512);
    for (int c = 0; c < tev_event_column_count(event); ++c) {
      const tev_column* column = nullptr;
      if (tev_event_column(event, c, &column) != TEV_OK) continue;
      val item = val::object();
      item.set("name", std::string(tev_column_name(column)));
      item.set("kind", std::string(tev_kind_name(tev_column_kind(column))));
      int len = tev_format_buf(column, &record, buf.data(), buf.size());
      if (len >= static_cast<int>(buf.size())) {
        buf.resize(len + 1);
        tev_format_buf(column, &record, buf.data(), buf.size());
      }
      item.set("text", std::string(buf.data()));
      tev_value value{};
      if (tev_read(column, &record, &value) == TEV_OK && value.valid && value.type != TEV_TYPE_BYTES &&
          value.type != TEV_TYPE_NONE) {
        const bool is_signed = value.type >= TEV_TYPE_I8 && value.type <= TEV_TYPE_I64;
        item.set("value", is_signed ? std::to_string(value.i) : std::to_string(value.u));
      } else {
        item.set("value", val::null());
      }
      out.call<void>("push", item);
    }
    return out;
  }

 private:
  struct FreeBytes {
    void operator()(std::byte* p) const { free(p); }
  };
  std::unique_ptr<std::byte, FreeBytes> bytes_;
  tep::trace_view::TraceView view_;
  tev_catalog* catalog_ = nullptr;
};

}  // namespace

EMSCRIPTEN_BINDINGS(traceevent) {
  emscripten::class_<Trace>("Trace")
      .constructor<uintptr_t, size_t, val>()
      .function("status", &Trace::status)
      .function("message", &Trace::message)
      .function("count", &Trace::count)
      .function("cpus", &Trace::cpus)
      .function("header", &Trace::header)
      .function("report", &Trace::report)
      .function("filter", &Trace::filter)
      .function("rows", &Trace::rows)
      .function("events", &Trace::events)
      .function("comm", &Trace::comm)
      .function("columns", &Trace::columns)
      .function("details", &Trace::details);
}
