// SPDX-License-Identifier: LGPL-2.1
// The objects the module hands to Python. Each holds the trace file it came
// from, so that handles and records stay valid while Python refers to them,
// and checks that the trace is still open before it touches the library.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "event-typed.hpp"
#include "trace_file.h"

namespace pytev {

namespace py = pybind11;
using FilePtr = std::shared_ptr<TraceFile>;

// A signed integer type: its values are read as int64_t.
constexpr bool is_signed_type(tev_type type) { return type >= TEV_TYPE_I8 && type <= TEV_TYPE_I64; }

struct ColumnRef {
  FilePtr file;
  const tev_column* column;
  bool is_field;  // a raw field (tev_event_field), else a printed value
  tev::Column get() const {
    file->check_open();
    return tev::Column(column);
  }
};

struct EventType {
  FilePtr file;
  tev_event* event;
  tev::Event get() const {
    file->check_open();
    return tev::Event(event);
  }
  tep_event* raw() const { return get().raw(); }
};

struct Record {
  FilePtr file;
  std::shared_ptr<tep_record> record;  // a copy, payload included
  tev_event* event;                    // nullptr: an event the catalog does not know
  const tep_record& get() const {
    file->check_open();
    return *record;
  }
};

// One column's value in one record.
struct Value {
  Record record;
  ColumnRef column;
  tev::Value get() const { return column.get().read(record.get()); }
};

Record make_record(const FilePtr& file, const tep_record& record);
// The Python form of a value: None (null or opaque), int, bool, str (strings;
// an enum's label), bytes, or a list of ints (arrays).
py::object to_python(const tev::Column& column, const tev::Value& value);
// Decodes a record's bytes as text, unknown bytes replaced.
py::str text_of(std::string_view bytes);
std::string kind_name(const tev::Column& column);

// DataFrames (frame.cc). threads: workers reading CPU buffers in parallel; 0:
// one per CPU buffer up to the machine's threads when the file is large enough
// to gain from it. cpus: the CPU buffers to read (nullptr: all).
// Every requested event's frame ("system:name"; events nullptr: every event
// with records, by name), from one pass over the file.
std::vector<std::pair<std::string, py::object>> dataframes(const FilePtr& file, const std::vector<std::string>* events,
                                                           const std::string& filter, int threads,
                                                           const std::vector<int>* cpus);
py::object dataframe(const FilePtr& file, tev_event* event, const std::string& filter, int threads,
                     const std::vector<int>* cpus);

// Trace.summary() (summary.cc) and Trace.to_jsonl() (export.cc).
py::object summary(const FilePtr& file);
int64_t to_jsonl(const FilePtr& file, const std::string& path, const std::vector<std::string>* events,
                 const std::string& filter);

// Trace.function_args() (function_args.cc): a function's DataFrame, or
// {name: DataFrame} of every function when `function` is empty.
py::object function_args(const FilePtr& file, const std::optional<std::string>& function, const std::string& event,
                         const py::object& btf);

// Column methods over many plain values (vectorised.cc); a plain value's text.
void bind_vectorised(py::class_<ColumnRef>& column);
std::string format_plain(const ColumnRef& c, uint64_t value);

}  // namespace pytev
