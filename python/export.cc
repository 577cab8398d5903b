// SPDX-License-Identifier: LGPL-2.1
// Trace.to_jsonl(): one JSON object per record, in time order. The schema is
// written once, in Documentation/typed-events.md ("JSON lines"):
//   {"ts": 1234, "cpu": 0, "pid": 42, "comm": "bash", "event": "sched:sched_switch",
//    "values": {"prev_comm": "bash", "prev_state": {"value": 1, "flags": ["S"]}, ...},
//    "text": "prev_comm=bash prev_pid=42 ..."}
// Each event's columns and their flag tables are resolved once; a record costs
// one read per column and one tep_print_event for its text.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "objects.h"
#include "trace-seq.h"

namespace pytev {
namespace {

// Appends s as a JSON string: escapes, and invalid UTF-8 as U+FFFD.
void append_json_string(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const auto* end = p + s.size();
  while (p < end) {
    const unsigned char c = *p;
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
      p++;
    } else if (c < 0x20) {
      out += "\\u00";
      out += kHex[c >> 4];
      out += kHex[c & 15];
      p++;
    } else if (c < 0x80) {
      out += static_cast<char>(c);
      p++;
    } else {
      // The length of a well-formed sequence starting here, or 0.
      size_t n = 0;
      if (c >= 0xc2 && c <= 0xdf)
        n = 2;
      else if (c >= 0xe0 && c <= 0xef)
        n = 3;
      else if (c >= 0xf0 && c <= 0xf4)
        n = 4;
      bool ok = n && static_cast<size_t>(end - p) >= n;
      for (size_t i = 1; ok && i < n; i++) ok = (p[i] & 0xc0) == 0x80;
      if (ok && n == 3) ok = !(c == 0xe0 && p[1] < 0xa0) && !(c == 0xed && p[1] >= 0xa0);
      if (ok && n == 4) ok = !(c == 0xf0 && p[1] < 0x90) && !(c == 0xf4 && p[1] >= 0x90);
      if (ok) {
        out.append(reinterpret_cast<const char*>(p), n);
        p += n;
      } else {
        out += "\xef\xbf\xbd";
        p++;
      }
    }
  }
  out += '"';
}

struct FlagEntry {
  uint64_t mask;
  std::string name;
};

struct ExportColumn {
  std::string key;  // the JSON key, escaped and quoted, with its colon
  tev::Column column;
  tev::Kind kind;
  std::vector<FlagEntry> flags;  // Flags: the resolved non-zero masks, in table order
  std::string zero_name;         // Flags: the name of 0, if any
};

struct ExportEvent {
  std::string name;  // "\"system:name\"", escaped and quoted
  std::vector<ExportColumn> columns;
};

ExportEvent export_event(tev_event* event) {
  tev::Event ev(event);
  tep_event* raw = ev.raw();
  ExportEvent out;
  append_json_string(out.name, std::string(raw->system) + ":" + raw->name);
  for (const tev::Column& c : ev.columns()) {
    ExportColumn col{{}, c, c.kind(), {}, {}};
    append_json_string(col.key, c.name());
    col.key += ':';
    if (col.kind == tev::Kind::Flags) {
      for (const tev::Entry& e : c.table(0))
        if (e.resolved && e.value) col.flags.push_back({e.value, std::string(e.name)});
      if (const char* zero = tev_column_zero_name(c.get())) col.zero_name = zero;
    }
    out.columns.push_back(std::move(col));
  }
  return out;
}

void append_value(std::string& out, const ExportColumn& c, const tep_record& record) {
  const tev::Value v = c.column.read(record);
  if (!v.valid() || v.c_value().type == TEV_TYPE_NONE) {
    // An enum branch that prints a text has a label and no value.
    if (c.kind == tev::Kind::Enum && v.label()) {
      out += "{\"value\":null,\"name\":";
      append_json_string(out, *v.label());
      out += '}';
    } else if (c.kind == tev::Kind::Opaque || c.kind == tev::Kind::Derived) {
      append_json_string(out, c.column.text(record));  // what upstream prints is all there is
    } else {
      out += "null";
    }
    return;
  }
  const tev_value& raw = v.c_value();
  const bool is_signed = raw.type >= TEV_TYPE_I8 && raw.type <= TEV_TYPE_I64;
  auto number = [&] { out += is_signed ? std::to_string(raw.i) : std::to_string(raw.u); };
  switch (c.kind) {
    case tev::Kind::Bool: out += raw.u ? "true" : "false"; return;
    case tev::Kind::String: append_json_string(out, v.as_string()); return;
    case tev::Kind::Enum:
      out += "{\"value\":";
      number();
      out += ",\"name\":";
      if (v.label())
        append_json_string(out, *v.label());
      else
        out += "null";
      out += '}';
      return;
    case tev::Kind::Flags: {
      out += "{\"value\":";
      number();
      out += ",\"flags\":[";
      uint64_t rest = raw.u;
      bool first = true;
      auto name = [&](std::string_view n) {
        if (!first) out += ',';
        first = false;
        append_json_string(out, n);
      };
      if (!rest && !c.zero_name.empty()) name(c.zero_name);
      for (const FlagEntry& e : c.flags)
        if (rest && (rest & e.mask) == e.mask) {
          name(e.name);
          rest &= ~e.mask;
        }
      out += "],\"rest\":";
      out += std::to_string(rest);
      out += '}';
      return;
    }
    case tev::Kind::Symbol: {
      out += "{\"value\":";
      number();
      const char* name = nullptr;
      uint64_t start = 0;
      if (tev_column_symbol(c.column.get(), raw.u, &name, &start) == TEV_OK && name) {
        out += ",\"name\":";
        append_json_string(out, name);
        out += ",\"offset\":";
        out += std::to_string(raw.u - start);
      } else {
        out += ",\"name\":null";
      }
      out += '}';
      return;
    }
    case tev::Kind::Array: {
      out += '[';
      bool first = true;
      for (int64_t e : v.elements()) {
        if (!first) out += ',';
        first = false;
        out += std::to_string(e);
      }
      out += ']';
      return;
    }
    default: break;
  }
  if (raw.type == TEV_TYPE_BYTES)
    append_json_string(out, c.column.text(record));  // addresses, masks, bytes: as upstream prints them
  else
    number();
}

struct FileClose {
  void operator()(FILE* f) const { fclose(f); }
};

}  // namespace

int64_t to_jsonl(const FilePtr& file, const std::string& path, const std::vector<std::string>* events,
                 const std::string& filter) {
  tep_handle* tep = file->tep();
  std::vector<int> wanted;  // by id: 0 unknown, 1 wanted, -1 not
  if (events)
    for (const std::string& name : *events) {
      const int id = tev::Event(file->find_event(name)).raw()->id;
      if (static_cast<size_t>(id) >= wanted.size()) wanted.resize(id + 1, -1);
      wanted[id] = 1;
    }
  std::unique_ptr<Filter> f = filter.empty() ? nullptr : std::make_unique<Filter>(tep, filter);
  std::unique_ptr<FILE, FileClose> out(fopen(path.c_str(), "w"));
  if (!out) {
    PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
    throw py::error_already_set();
  }
  std::vector<std::unique_ptr<ExportEvent>> by_id;
  trace_seq text;
  trace_seq_init(&text);
  std::unique_ptr<trace_seq, void (*)(trace_seq*)> text_owner(&text, trace_seq_destroy);
  std::string line;
  int64_t written = 0;
  auto flush = [&] {
    if (!line.empty() && fwrite(line.data(), 1, line.size(), out.get()) != line.size())
      throw std::runtime_error("cannot write " + path);
    line.clear();
  };
  {
    py::gil_scoped_release unlocked;
    Scan scan(*file);
    while (const tep_record* r = scan.next()) {
      const int id = tep_data_type(tep, as_arg(r));
      if (id < 0 || (events && (static_cast<size_t>(id) >= wanted.size() || wanted[id] != 1))) continue;
      if (f && !f->match(r)) continue;
      if (static_cast<size_t>(id) >= by_id.size()) by_id.resize(id + 1);
      if (!by_id[id]) {
        tev_event* event = nullptr;
        if (tev_event_by_id(file->catalog(), id, &event) != TEV_OK) continue;
        by_id[id] = std::make_unique<ExportEvent>(export_event(event));
      }
      const ExportEvent& ev = *by_id[id];
      const int pid = tep_data_pid(tep, as_arg(r));
      line += "{\"ts\":";
      line += std::to_string(r->ts);
      line += ",\"cpu\":";
      line += std::to_string(r->cpu);
      line += ",\"pid\":";
      line += std::to_string(pid);
      line += ",\"comm\":";
      append_json_string(line, tep_data_comm_from_pid(tep, pid));
      line += ",\"event\":";
      line += ev.name;
      line += ",\"values\":{";
      for (size_t i = 0; i < ev.columns.size(); i++) {
        if (i) line += ',';
        line += ev.columns[i].key;
        append_value(line, ev.columns[i], *r);
      }
      line += "},\"text\":";
      trace_seq_reset(&text);
      tep_print_event(tep, &text, as_arg(r), "%s", TEP_PRINT_INFO);
      append_json_string(line, std::string_view(text.buffer, text.len));
      line += "}\n";
      written++;
      if (line.size() >= (1 << 20)) flush();
    }
    flush();
  }
  if (fflush(out.get()) != 0) throw std::runtime_error("cannot write " + path);
  return written;
}

}  // namespace pytev
