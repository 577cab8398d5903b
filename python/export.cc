// SPDX-License-Identifier: LGPL-2.1
// Trace.to_jsonl(): one JSON object per record, in time order. The schema is
// written once, in Documentation/typed-events.md ("JSON lines"):
//   {"ts": 1234, "cpu": 0, "pid": 42, "comm": "bash", "event": "sched:sched_switch",
//    "values": {"prev_comm": "bash", "prev_state": {"value": 1, "flags": ["S"]}, ...},
//    "text": "prev_comm=bash prev_pid=42 ..."}
// Each event's columns and their flag tables are resolved once; records are
// written a batch at a time, each event's values filled at once through a
// window (tev_window_fill), and a record costs one tep_print_event for its text.
#include <array>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/byte_order.h"
#include "base/digits.h"
#include "objects.h"
#include "trace_file.h"
#include "trace-seq.h"

namespace pytev {
namespace {

// Records grouped and filled at once: their copies and values stay in the cache.
constexpr size_t kWindowRecords = 4096;

// Bytes that go into a JSON string as they are: printable ASCII but the quote
// and the backslash.
constexpr auto kPlainJson = [] {
  std::array<bool, 256> plain{};
  for (int c = 0x20; c < 0x80; c++) plain[c] = c != '"' && c != '\\';
  return plain;
}();

// Appends a literal without measuring it.
template <size_t N>
void put(std::string& out, const char (&literal)[N]) {
  out.append(literal, N - 1);
}

// Appends s as a JSON string: escapes, and invalid UTF-8 as U+FFFD. Runs of
// plain bytes (nearly all of a trace's text) go in with one append.
void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const auto* end = p + s.size();
  while (p < end) {
    const auto* run = p;
    while (p < end && kPlainJson[*p]) p++;
    if (p != run) out.append(reinterpret_cast<const char*>(run), static_cast<size_t>(p - run));
    if (p == end) break;
    const unsigned char c = *p;
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
      p++;
    } else if (c < 0x20) {
      put(out, "\\u00");
      out += tep::base::kHexDigits[0][c >> 4];
      out += tep::base::kHexDigits[0][c & 15];
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
        put(out, "\xef\xbf\xbd");
        p++;
      }
    }
  }
  out += '"';
}

// Appends an integer's decimal digits.
void append_unsigned(std::string& out, uint64_t value) {
  char text[tep::base::kIntTextSize];
  char* const end = std::end(text);
  const char* digits = tep::base::unsigned_digits(value, 10, false, end);
  out.append(digits, static_cast<size_t>(end - digits));
}
void append_signed(std::string& out, int64_t value) {
  if (value < 0) out += '-';
  append_unsigned(out, value < 0 ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value));
}

struct FlagEntry {
  uint64_t mask;
  std::string name;
};

struct ExportColumn {
  std::string key;  // the JSON key, escaped and quoted, with its colon
  tev::Column column;
  tev::Kind kind;
  tev_type type;
  size_t width;  // bytes per filled value
  bool is_signed;
  std::vector<FlagEntry> flags;  // Flags: the resolved non-zero masks, in table order
  std::string zero_name;         // Flags: the name of 0, if any
  // The values of the event's records in the batch being written.
  std::vector<uint8_t> values, valid;
  std::vector<int32_t> codes;  // Enum: label indexes
};

struct ExportEvent {
  std::string name;  // "\"system:name\"", escaped and quoted
  std::vector<ExportColumn> columns;
  std::vector<const tev_column*> fill;  // the columns with values, for tev_window_fill
  std::vector<void*> values;
  std::vector<uint8_t*> valid;

  // Fills the columns of a batch's records of this event (its window group).
  void fill_group(const tev_window* window, size_t group, const tep_record* const* records, size_t count) {
    values.clear();
    valid.clear();
    for (ExportColumn& c : columns) {
      c.valid.assign(count, 0);
      if (c.type == TEV_TYPE_NONE) continue;  // no value to fill: a label or a text
      c.values.resize(count * c.width);
      values.push_back(c.values.data());
      valid.push_back(c.valid.data());
    }
    if (count && !fill.empty() &&
        tev_window_fill(window, group, fill.data(), fill.size(), values.data(), valid.data()) < 0)
      throw std::runtime_error("typed events: cannot fill the columns of " + name);
    for (ExportColumn& c : columns) {
      if (c.kind != tev::Kind::Enum) continue;
      c.codes.resize(count);
      if (tev_fill_codes(c.column.get(), records, count, c.codes.data(), nullptr) < 0)
        throw std::runtime_error("typed events: cannot read the labels of " + name);
    }
  }
};

ExportEvent export_event(tev_event* event) {
  tev::Event ev(event);
  tep_event* raw = ev.raw();
  ExportEvent out;
  append_json_string(out.name, std::string(raw->system) + ":" + raw->name);
  for (const tev::Column& c : ev.columns()) {
    ExportColumn col{{}, c, c.kind(), c.type(), tev_type_size(c.type()), is_signed_type(c.type()), {}, {}, {}, {}, {}};
    append_json_string(col.key, c.name());
    col.key += ':';
    if (col.kind == tev::Kind::Flags) {
      for (const tev::Entry& e : c.table(0))
        if (e.resolved && e.value) col.flags.push_back({e.value, std::string(e.name)});
      if (const char* zero = tev_column_zero_name(c.get())) col.zero_name = zero;
    }
    if (col.type != TEV_TYPE_NONE) out.fill.push_back(c.get());
    out.columns.push_back(std::move(col));
  }
  return out;
}

// The filled value at `at` (host order), sign-extended for the signed types.
uint64_t filled_bits(const uint8_t* at, bool is_signed, size_t width) {
  uint64_t bits = tep::base::read_number(at, static_cast<int>(width), false);
  if (is_signed && width < 8) {
    const unsigned shift = 64 - 8 * static_cast<unsigned>(width);
    bits = static_cast<uint64_t>(static_cast<int64_t>(bits << shift) >> shift);
  }
  return bits;
}

// Column c's value of `record`, row `row` of its event's filled values.
void append_value(std::string& out, const ExportColumn& c, const tep_record& record, size_t row) {
  const int32_t code = c.kind == tev::Kind::Enum ? c.codes[row] : -1;
  if (!c.valid[row] || c.type == TEV_TYPE_NONE) {
    // An enum branch that prints a text has a label and no value.
    if (code >= 0) {
      put(out, "{\"value\":null,\"name\":");
      append_json_string(out, tev_column_label(c.column.get(), code));
      out += '}';
    } else if (c.kind == tev::Kind::Opaque || c.kind == tev::Kind::Derived) {
      append_json_string(out, c.column.text(record));  // what upstream prints is all there is
    } else {
      put(out, "null");
    }
    return;
  }
  const uint8_t* at = c.values.data() + row * c.width;
  tev_bytes bytes{};
  uint64_t bits = 0;
  if (c.type == TEV_TYPE_BYTES)
    memcpy(&bytes, at, sizeof bytes);
  else
    bits = filled_bits(at, c.is_signed, c.width);
  auto number = [&] { c.is_signed ? append_signed(out, static_cast<int64_t>(bits)) : append_unsigned(out, bits); };
  switch (c.kind) {
    case tev::Kind::Bool: out += bits ? "true" : "false"; return;
    case tev::Kind::String:
      append_json_string(out, std::string_view(static_cast<const char*>(bytes.data), bytes.size));
      return;
    case tev::Kind::Enum:
      put(out, "{\"value\":");
      number();
      put(out, ",\"name\":");
      if (const char* label = code >= 0 ? tev_column_label(c.column.get(), code) : nullptr)
        append_json_string(out, label);
      else
        put(out, "null");
      out += '}';
      return;
    case tev::Kind::Flags: {
      put(out, "{\"value\":");
      number();
      put(out, ",\"flags\":[");
      uint64_t rest = bits;
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
      put(out, "],\"rest\":");
      append_unsigned(out, rest);
      out += '}';
      return;
    }
    case tev::Kind::Symbol: {
      put(out, "{\"value\":");
      number();
      const char* name = nullptr;
      uint64_t start = 0;
      if (tev_column_symbol(c.column.get(), bits, &name, &start) == TEV_OK && name) {
        put(out, ",\"name\":");
        append_json_string(out, name);
        put(out, ",\"offset\":");
        append_unsigned(out, bits - start);
      } else {
        put(out, ",\"name\":null");
      }
      out += '}';
      return;
    }
    case tev::Kind::Array: {
      out += '[';
      int64_t e = 0;
      for (size_t i = 0; bytes.data && tev_array_element(c.column.get(), bytes, i, &e) == TEV_OK; i++) {
        if (i) out += ',';
        append_signed(out, e);
      }
      out += ']';
      return;
    }
    default: break;
  }
  if (c.type == TEV_TYPE_BYTES)
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
  std::unordered_map<int, std::string> comms;  // by pid: the comm as a JSON string
  int64_t written = 0;
  auto flush = [&] {
    if (!line.empty() && fwrite(line.data(), 1, line.size(), out.get()) != line.size())
      throw std::runtime_error("cannot write " + path);
    line.clear();
  };
  tev_window* window = nullptr;
  if (tev_window_new(file->catalog(), &window) != TEV_OK) throw std::runtime_error("typed events: no window");
  std::unique_ptr<tev_window, void (*)(tev_window*)> window_owner(window, tev_window_free);
  HeldRecords held;
  // Per record of the batch: its event's columns and its row in their values.
  struct Row {
    ExportEvent* event = nullptr;
    uint32_t row = 0;
  };
  std::vector<Row> rows;
  // Each batch's records are grouped by event and every column of a group
  // filled at once; the lines then follow the records' order.
  auto write_batch = [&] {
    const size_t n = held.size();
    if (!n) return;
    const tep_record* const* records = held.pointers();
    const int64_t groups = tev_window_load(window, records, n);
    if (groups < 0) throw std::runtime_error("typed events: cannot group the records");
    rows.assign(n, Row{});
    for (size_t g = 0; g < static_cast<size_t>(groups); g++) {
      tev_event* event = nullptr;
      const tep_record* const* of_group = nullptr;
      size_t count = 0;
      if (tev_window_group(window, g, &event, &of_group, &count) != TEV_OK) continue;
      const auto id = static_cast<size_t>(tev::Event(event).raw()->id);
      if (id >= by_id.size()) by_id.resize(id + 1);
      if (!by_id[id]) by_id[id] = std::make_unique<ExportEvent>(export_event(event));
      ExportEvent& ev = *by_id[id];
      ev.fill_group(window, g, of_group, count);
      for (size_t k = 0; k < count; k++) rows[held.index_of(of_group[k])] = {&ev, static_cast<uint32_t>(k)};
    }
    for (size_t i = 0; i < n; i++) {
      if (!rows[i].event) continue;  // of no event the catalog knows
      const tep_record* r = records[i];
      const ExportEvent& ev = *rows[i].event;
      const int pid = tep_data_pid(tep, as_arg(r));
      put(line, "{\"ts\":");
      append_unsigned(line, r->ts);
      put(line, ",\"cpu\":");
      append_signed(line, r->cpu);
      put(line, ",\"pid\":");
      append_signed(line, pid);
      put(line, ",\"comm\":");
      auto [comm, added] = comms.try_emplace(pid);
      if (added) append_json_string(comm->second, tep_data_comm_from_pid(tep, pid));
      line += comm->second;
      put(line, ",\"event\":");
      line += ev.name;
      put(line, ",\"values\":{");
      for (size_t j = 0; j < ev.columns.size(); j++) {
        if (j) line += ',';
        line += ev.columns[j].key;
        append_value(line, ev.columns[j], *r, rows[i].row);
      }
      put(line, "},\"text\":");
      trace_seq_reset(&text);
      tep_print_event(tep, &text, as_arg(r), "%s", TEP_PRINT_INFO);
      append_json_string(line, std::string_view(text.buffer, text.len));
      put(line, "}\n");
      written++;
      if (line.size() >= (1 << 20)) flush();
    }
    held.clear();
  };
  {
    py::gil_scoped_release unlocked;
    Scan scan(*file);
    while (const tep_record* r = scan.next()) {
      const int id = tep_data_type(tep, as_arg(r));
      if (id < 0 || (events && (static_cast<size_t>(id) >= wanted.size() || wanted[id] != 1))) continue;
      if (f && !f->match(r)) continue;
      held.add(*r);
      if (held.size() == kWindowRecords) write_batch();
    }
    write_batch();
    flush();
  }
  if (fflush(out.get()) != 0) throw std::runtime_error("cannot write " + path);
  return written;
}

}  // namespace pytev
