// SPDX-License-Identifier: LGPL-2.1
// The Python module `traceevent`: trace.dat files read by lib/trace_dat (the
// library linked into the module), their event types and typed columns, records with typed
// values, upstream's filters, and DataFrames (frame.cc).
#include <pybind11/stl.h>

#include <sys/stat.h>

#include <cstring>
#include <optional>

#include "objects.h"
#include "trace-seq.h"

namespace pytev {
namespace {

using std::optional;

struct Trace {
  FilePtr file;
  TraceFile& get() const {
    file->check_open();
    return *file;
  }
};

class RecordIterator {
 public:
  RecordIterator(const FilePtr& file, std::optional<EventType> event, const std::string& filter)
      : file_(file), scan_(*file), event_(event) {
    if (!filter.empty()) filter_ = std::make_unique<Filter>(file->tep(), filter);
    if (event_) event_id_ = event_->raw()->id;
  }
  Record next() {
    tep_handle* tep = file_->tep();
    while (const tep_record* r = scan_.next()) {
      if (event_ && tep_data_type(tep, as_arg(r)) != event_id_) continue;
      if (filter_ && !filter_->match(r)) continue;
      return make_record(file_, *r);
    }
    throw py::stop_iteration();
  }

 private:
  FilePtr file_;
  Scan scan_;
  std::optional<EventType> event_;
  int event_id_ = -1;
  std::unique_ptr<Filter> filter_;
};

std::string event_name(const EventType& e) {
  tep_event* raw = e.raw();
  return std::string(raw->system ? raw->system : "") + ":" + (raw->name ? raw->name : "");
}

EventType record_event(const Record& r) {
  if (!r.event)
    throw NotFound("the record's event (type " + std::to_string(tep_data_type(r.file->tep(), r.record.get())) +
                   ") has no format in " + r.file->path());
  return EventType{r.file, r.event};
}

ColumnRef find(const EventType& e, const std::string& name, bool field) {
  tev::Event ev = e.get();
  std::optional<tev::Column> c = field ? ev.find_field(name.c_str()) : ev.find_column(name.c_str());
  if (!c) throw NotFound(std::string(field ? "no field '" : "no column '") + name + "' in " + event_name(e));
  return ColumnRef{e.file, c->get(), field};
}

std::vector<ColumnRef> list(const EventType& e, bool fields) {
  std::vector<ColumnRef> out;
  for (const tev::Column& c : fields ? e.get().fields() : e.get().columns()) out.push_back({e.file, c.get(), fields});
  return out;
}

// The record a Column.format() argument stands for: a Value or a Record.
const Record& record_of(const py::object& x) {
  if (py::isinstance<Value>(x)) return x.cast<const Value&>().record;
  if (py::isinstance<Record>(x)) return x.cast<const Record&>();
  throw py::type_error("format() takes a Value or a Record of this column's event");
}

std::string text_of_record(const Record& r) {
  trace_seq s;
  trace_seq_init(&s);
  tep_print_event(r.file->tep(), &s, as_arg(&r.get()), "%s", TEP_PRINT_INFO);
  std::string out(s.buffer, s.len);
  trace_seq_destroy(&s);
  return out;
}

py::list entries(const std::vector<tev::Entry>& table) {
  py::list out;
  for (const tev::Entry& e : table) out.append(py::make_tuple(e.value, text_of(e.name), e.resolved));
  return out;
}

py::object optional_text(std::optional<std::string_view> s) { return s ? py::object(text_of(*s)) : py::none(); }

void bind_column(py::module_& m) {
  py::class_<ColumnRef> column(m, "Column", "A printed value of an event type, or one of its raw fields.");
  bind_vectorised(column);
  column.def_property_readonly("name", [](const ColumnRef& c) { return text_of(c.get().name()); })
      .def_property_readonly("kind", [](const ColumnRef& c) { return kind_name(c.get()); })
      .def_property_readonly("is_field", [](const ColumnRef& c) { return c.is_field; })
      .def_property_readonly("field",
                             [](const ColumnRef& c) -> py::object {
                               tep_format_field* f = c.get().field();
                               return f && f->name ? py::object(py::str(f->name)) : py::none();
                             })
      .def_property_readonly(
          "offset",
          [](const ColumnRef& c) -> py::object {
            tep_format_field* f = c.get().field();
            return f ? py::object(py::int_(f->offset)) : py::none();
          },
          "The field's offset in the record (None when the column reads no single field).")
      .def_property_readonly("size",
                             [](const ColumnRef& c) -> py::object {
                               tep_format_field* f = c.get().field();
                               return f ? py::object(py::int_(f->size)) : py::none();
                             })
      .def_property_readonly("signed",
                             [](const ColumnRef& c) -> py::object {
                               tep_format_field* f = c.get().field();
                               return f ? py::object(py::bool_(f->flags & TEP_FIELD_IS_SIGNED)) : py::none();
                             })
      .def_property_readonly(
          "unit",
          [](const ColumnRef& c) {
            return optional_text(c.get().unit().empty() ? std::nullopt : std::optional(c.get().unit()));
          })
      .def_property_readonly(
          "note",
          [](const ColumnRef& c) {
            return optional_text(c.get().note().empty() ? std::nullopt : std::optional(c.get().note()));
          })
      .def_property_readonly("prefix", [](const ColumnRef& c) { return text_of(c.get().prefix()); })
      .def_property_readonly("conversion", [](const ColumnRef& c) { return text_of(c.get().conversion()); })
      .def_property_readonly("labels",
                             [](const ColumnRef& c) {
                               py::list out;
                               for (std::string_view l : c.get().labels()) out.append(text_of(l));
                               return out;
                             })
      .def_property_readonly(
          "flags",
          [](const ColumnRef& c) {
            tev::Column col = c.get();
            return col.kind() == tev::Kind::Flags ? entries(col.table(0)) : py::list();
          },
          "Flags: (mask, name, resolved) in the kernel's order, composite masks first.")
      .def_property_readonly("tables",
                             [](const ColumnRef& c) {
                               py::list out;
                               tev::Column col = c.get();
                               for (int t = 0; t < col.table_count(); t++) out.append(entries(col.table(t)));
                               return out;
                             })
      .def_property_readonly("zero_name", [](const ColumnRef& c) { return optional_text(c.get().zero_name()); })
      .def_property_readonly("delimiter", [](const ColumnRef& c) { return optional_text(c.get().flags_delimiter()); })
      .def_property_readonly("minor_bits", [](const ColumnRef& c) { return c.get().minor_bits(); })
      .def(
          "symbol",
          [](const ColumnRef& c, uint64_t address) -> py::object {
            const char* name = nullptr;
            uint64_t start = 0;
            if (tev_column_symbol(c.get().get(), address, &name, &start) != TEV_OK || !name) return py::none();
            return py::make_tuple(py::str(name), address - start);
          },
          "The kernel function containing address, and the offset into it; None when none does.")
      .def(
          "format",
          [](const ColumnRef& c, const py::object& x) {
            if (py::isinstance<py::int_>(x) && !py::isinstance<py::bool_>(x))
              return text_of(format_plain(c, x.cast<py::int_>().attr("__and__")(~uint64_t{0}).cast<uint64_t>()));
            return text_of(c.get().text(record_of(x).get()));
          },
          "Upstream's text of this column for a Value or a Record (TEP_PRINT_INFO's piece), or for a plain "
          "integer held by the field the column reads.")
      .def("__repr__", [](const ColumnRef& c) {
        return "<traceevent.Column " + std::string(c.get().name()) + " " + kind_name(c.get()) + ">";
      });
}

void bind_event_type(py::module_& m) {
  py::class_<EventType>(m, "EventType", "An event's format and its typed columns.")
      .def_property_readonly("system",
                             [](const EventType& e) { return py::str(e.raw()->system ? e.raw()->system : ""); })
      .def_property_readonly("name", [](const EventType& e) { return py::str(e.raw()->name ? e.raw()->name : ""); })
      .def_property_readonly("id", [](const EventType& e) { return e.raw()->id; })
      .def_property_readonly("layout",
                             [](const EventType& e) {
                               switch (e.get().layout()) {
                                 case TEV_LAYOUT_FAILED: return "failed";
                                 case TEV_LAYOUT_BPRINT: return "bprint";
                                 default: return "print_fmt";
                               }
                             })
      .def_property_readonly("suffix", [](const EventType& e) { return text_of(e.get().suffix()); })
      .def_property_readonly("columns", [](const EventType& e) { return list(e, false); })
      .def_property_readonly("fields", [](const EventType& e) { return list(e, true); })
      .def("column", [](const EventType& e, const std::string& name) { return find(e, name, false); })
      .def("field", [](const EventType& e, const std::string& name) { return find(e, name, true); })
      .def("__repr__", [](const EventType& e) { return "<traceevent.EventType " + event_name(e) + ">"; });
}

void bind_record(py::module_& m) {
  py::class_<Value>(m, "Value", "One column's value in one record.")
      .def_property_readonly("valid", [](const Value& v) { return v.get().valid(); })
      .def_property_readonly("value", [](const Value& v) { return to_python(v.column.get(), v.get()); })
      .def_property_readonly("column", [](const Value& v) { return v.column; })
      .def_property_readonly("record", [](const Value& v) { return v.record; })
      .def_property_readonly("text", [](const Value& v) { return text_of(v.column.get().format(v.get())); })
      .def_property_readonly("label", [](const Value& v) { return optional_text(v.get().label()); })
      .def_property_readonly("flags",
                             [](const Value& v) {
                               py::list out;
                               for (std::string_view name : v.get().flag_names()) out.append(text_of(name));
                               return out;
                             })
      .def_property_readonly("unnamed_bits", [](const Value& v) { return v.get().unnamed_bits(); })
      .def_property_readonly("bits", [](const Value& v) { return v.get().bits(); })
      .def_property_readonly("symbol",
                             [](const Value& v) -> py::object {
                               std::optional<tev::Symbol> s = v.get().symbol();
                               if (!s || s->name.empty()) return py::none();
                               return py::make_tuple(text_of(s->name), s->offset);
                             })
      .def_property_readonly("device",
                             [](const Value& v) -> py::object {
                               std::optional<tev::Device> d = v.get().device();
                               return d ? py::object(py::make_tuple(d->major, d->minor)) : py::none();
                             })
      .def("__repr__", [](const Value& v) {
        return "<traceevent.Value " + std::string(v.column.get().name()) + "=" + v.column.get().format(v.get()) + ">";
      });

  py::class_<Record>(m, "Record", "One record of a trace; r['field'] is a raw field's typed value.")
      .def_property_readonly("event", &record_event)
      .def_property_readonly("ts", [](const Record& r) { return r.get().ts; })
      .def_property_readonly("cpu", [](const Record& r) { return r.get().cpu; })
      .def_property_readonly("size", [](const Record& r) { return r.get().size; })
      .def_property_readonly(
          "data",
          [](const Record& r) {
            return py::bytes(static_cast<const char*>(r.get().data), static_cast<size_t>(r.get().size));
          },
          "The record's bytes.")
      .def_property_readonly("pid", [](const Record& r) { return tep_data_pid(r.file->tep(), as_arg(&r.get())); })
      .def_property_readonly("comm",
                             [](const Record& r) {
                               tep_handle* tep = r.file->tep();
                               return py::str(tep_data_comm_from_pid(tep, tep_data_pid(tep, as_arg(&r.get()))));
                             })
      .def_property_readonly("text", &text_of_record, "What tep_print_event prints for TEP_PRINT_INFO.")
      .def("__getitem__",
           [](const Record& r, const std::string& name) {
             ColumnRef c = find(record_event(r), name, true);
             return to_python(c.get(), c.get().read(r.get()));
           })
      .def(
          "get",
          [](const Record& r, const std::string& name, py::object fallback) {
            tev::Event ev = record_event(r).get();
            std::optional<tev::Column> c = ev.find_field(name.c_str());
            return c ? to_python(*c, c->read(r.get())) : fallback;
          },
          py::arg("name"), py::arg("default") = py::none())
      .def_property_readonly("fields",
                             [](const Record& r) {
                               py::dict out;
                               for (const tev::Column& c : record_event(r).get().fields())
                                 out[text_of(c.name())] = to_python(c, c.read(r.get()));
                               return out;
                             })
      .def(
          "value",
          [](const Record& r, const std::string& column) {
            return Value{r, find(record_event(r), column, false)};
          },
          "The Value of a printed column (with its label, flags, symbol and text).")
      .def(
          "values",
          [](const Record& r) {
            py::dict out;
            for (const tev::Column& c : record_event(r).get().columns())
              out[text_of(c.name())] = to_python(c, c.read(r.get()));
            return out;
          },
          "Every printed column's value, by column name.")
      .def("__repr__", [](const Record& r) {
        std::string name = r.event ? event_name(EventType{r.file, r.event}) : "unknown";
        return "<traceevent.Record " + name + " ts=" + std::to_string(r.get().ts) +
               " cpu=" + std::to_string(r.get().cpu) + ">";
      });

  py::class_<RecordIterator>(m, "RecordIterator")
      .def("__iter__", [](RecordIterator& it) -> RecordIterator& { return it; })
      .def("__next__", &RecordIterator::next);
}

int thread_count(std::optional<int> threads) {
  if (threads && *threads < 1) throw py::value_error("threads must be at least 1");
  return threads.value_or(0);
}

std::optional<EventType> event_arg(const Trace& t, const std::optional<std::string>& event) {
  if (!event) return std::nullopt;
  return EventType{t.file, t.get().find_event(*event)};
}

void bind_trace(py::module_& m) {
  py::class_<Trace>(m, "Trace", "A trace.dat file.")
      .def_property_readonly("path", [](const Trace& t) { return t.file->path(); })
      .def_property_readonly("closed", [](const Trace& t) { return t.file->closed(); })
      .def("close", [](Trace& t) { t.file->close(); })
      .def("__enter__", [](Trace& t) -> Trace& { return t; })
      .def("__exit__", [](Trace& t, py::args) { t.file->close(); })
      .def_property_readonly("event_types",
                             [](const Trace& t) {
                               std::vector<EventType> out;
                               for (tev_event* e : t.get().events()) out.push_back({t.file, e});
                               return out;
                             })
      .def(
          "event_type",
          [](const Trace& t, const std::string& name) {
            return EventType{t.file, t.get().find_event(name)};
          },
          "An event type by \"system:name\" or \"name\".")
      .def(
          "records",
          [](const Trace& t, std::optional<std::string> event, const std::string& filter) {
            std::optional<EventType> e = event_arg(t, event);
            return RecordIterator(t.file, e, filter);
          },
          py::arg("event") = py::none(), py::arg("filter") = "",
          "The records in time order, of one event and/or matching an upstream filter string "
          "(\"sched_switch: prev_pid > 0\"). Starting a scan ends the previous one.")
      .def("__iter__", [](const Trace& t) { return RecordIterator(t.file, std::nullopt, ""); })
      .def_property_readonly(
          "cpus", [](const Trace& t) { return t.get().cpus(); }, "The number of CPU buffers.")
      .def(
          "dataframe",
          [](const Trace& t, const std::string& event, const std::string& filter, std::optional<int> threads,
             std::optional<std::vector<int>> cpus) {
            EventType e{t.file, t.get().find_event(event)};
            return dataframe(t.file, e.event, filter, thread_count(threads), cpus ? &*cpus : nullptr);
          },
          py::arg("event"), py::arg("filter") = "", py::arg("threads") = py::none(), py::arg("cpus") = py::none(),
          "A pandas DataFrame of one event's records: ts, cpu, pid, comm, then one column per field. "
          "threads: how many CPU buffers are read at once (default: one per CPU buffer, up to the "
          "machine's threads, for traces of 16 MiB and more); the frame is the same whatever it is. "
          "cpus: the CPU buffers to read (default: all).")
      .def(
          "dataframes",
          [](const Trace& t, std::optional<std::vector<std::string>> events, const std::string& filter,
             std::optional<int> threads, std::optional<std::vector<int>> cpus) {
            t.get();
            py::dict out;
            for (auto& [name, frame] : dataframes(t.file, events ? &*events : nullptr, filter, thread_count(threads),
                                                  cpus ? &*cpus : nullptr))
              out[py::str(name)] = std::move(frame);
            return out;
          },
          py::arg("events") = py::none(), py::arg("filter") = "", py::arg("threads") = py::none(),
          py::arg("cpus") = py::none(),
          "{\"system:name\": DataFrame} of the events (default: every event with records), all from one "
          "pass over the file; each frame is what dataframe() gives for its event (cpus: as there).")
      .def(
          "summary", [](const Trace& t) { return summary(t.file); },
          "A DataFrame of each event's records per CPU buffer (event, cpu, count, first_ts, last_ts); "
          "attrs[\"lost_events\"]: the events each buffer lost, attrs[\"lost_unknown\"]: losses of unknown size.")
      .def(
          "to_jsonl",
          [](const Trace& t, const std::string& path, std::optional<std::vector<std::string>> events,
             const std::string& filter) {
            t.get();
            return to_jsonl(t.file, path, events ? &*events : nullptr, filter);
          },
          py::arg("path"), py::arg("events") = py::none(), py::arg("filter") = "",
          "Writes one JSON object per record (Documentation/typed-events.md, \"JSON lines\"); returns how many.")
      .def(
          "function_args",
          [](const Trace& t, std::optional<std::string> function, const std::string& event, const py::object& btf) {
            t.get();
            return function_args(t.file, function, event, btf);
          },
          py::arg("function") = py::none(), py::arg("event") = "ftrace:function", py::arg("btf") = py::none(),
          "DataFrames of function (or funcgraph_entry) records with their arguments typed from BTF: ts, cpu, pid, "
          "comm, the event's fields, then one column per parameter (integers of their width, enums categorical, "
          "bools, pointers; a struct by value as bytes). function: that function's frame (its BTF or kallsyms "
          "name); None: {name: DataFrame} of every function with records. btf: a BTF blob (bytes) or a file's "
          "path, kept for the trace's later calls (default: the one given before). ValueError when there is no "
          "BTF, the event has no argument words, the function is not in the BTF, or a record holds fewer "
          "argument words than the parameters take (the BTF does not match the trace).")
      .def("__repr__", [](const Trace& t) {
        return "<traceevent.Trace " + t.file->path() + (t.file->closed() ? " (closed)>" : ">");
      });
}

}  // namespace

Record make_record(const FilePtr& file, const tep_record& record) {
  // A copy that owns its payload (the reader reuses its own).
  struct Owned {
    tep_record record;
    std::unique_ptr<std::byte[]> bytes;
  };
  auto owned = std::make_shared<Owned>();
  owned->record = record;
  owned->record.priv = nullptr;
  const size_t size = record.size > 0 ? static_cast<size_t>(record.size) : 0;
  owned->bytes = std::make_unique<std::byte[]>(size ? size : 1);
  if (size) memcpy(owned->bytes.get(), record.data, size);
  owned->record.data = owned->bytes.get();
  std::shared_ptr<tep_record> copy(owned, &owned->record);
  tev_event* ev = nullptr;
  if (tev_event_by_id(file->catalog(), tep_data_type(file->tep(), copy.get()), &ev) != TEV_OK) ev = nullptr;
  return Record{file, std::move(copy), ev};
}

py::str text_of(std::string_view bytes) {
  PyObject* s = PyUnicode_DecodeUTF8(bytes.data(), static_cast<Py_ssize_t>(bytes.size()), "replace");
  if (!s) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(s);
}

std::string kind_name(const tev::Column& column) { return std::string(tev::kind_name(column.kind())); }

py::object to_python(const tev::Column& column, const tev::Value& value) {
  if (!value.valid() || value.c_value().type == TEV_TYPE_NONE) {
    if (column.kind() == tev::Kind::Enum && value.label()) return text_of(*value.label());
    return py::none();
  }
  switch (column.kind()) {
    case tev::Kind::String: return text_of(value.as_string());
    case tev::Kind::Array: return py::cast(value.elements());
    case tev::Kind::Bool: return py::bool_(*value.as_bool());
    case tev::Kind::Enum:
      if (value.label()) return text_of(*value.label());
      break;
    default: break;
  }
  if (value.c_value().type == TEV_TYPE_BYTES) {
    std::span<const uint8_t> b = value.as_bytes();
    return py::bytes(reinterpret_cast<const char*>(b.data()), b.size());
  }
  return is_signed_type(value.c_value().type) ? py::int_(*value.as_int()) : py::int_(*value.as_uint());
}

}  // namespace pytev

PYBIND11_MODULE(_traceevent, m) {
  using namespace pytev;
  m.doc() = "Typed trace events from trace.dat files (libtraceevent's tev_* API and its trace.dat reader).";
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const NotFound& e) {
      PyErr_SetString(PyExc_KeyError, e.what());
    } catch (const BadArgument& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const OpenFailed& e) {
      PyErr_SetString(PyExc_OSError, e.what());
    } catch (const Damaged& e) {
      PyErr_SetString(PyExc_OSError, e.what());
    } catch (const tev::Error& e) {
      // A record of another event is the caller's mistake; other statuses are the library's.
      PyErr_SetString(e.status() == TEV_ERR_WRONG_EVENT ? PyExc_ValueError : PyExc_RuntimeError,
                      (std::string("typed events: ") + e.what()).c_str());
    }
  });
  bind_column(m);
  bind_event_type(m);
  bind_record(m);
  bind_trace(m);
  m.def(
      "open",
      [](const std::string& path) {
        struct stat st;
        if (stat(path.c_str(), &st) != 0) {
          PyErr_SetFromErrnoWithFilename(PyExc_FileNotFoundError, path.c_str());
          throw py::error_already_set();
        }
        return Trace{std::make_shared<TraceFile>(path)};
      },
      py::arg("path"), "Opens a trace.dat file.");
}
