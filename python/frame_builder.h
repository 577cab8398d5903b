// SPDX-License-Identifier: LGPL-2.1
// FrameBuilder: one event's DataFrame being filled. Batches of its records go
// in (add), every field filled by one tev_fill_columns call into arrays that
// become numpy arrays without a copy; finish() hands them to pandas. Parts
// filled by workers, one per CPU buffer, merge into the rows (and category
// order) one scan of the whole file gives.
#pragma once

#include <pybind11/numpy.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "base/byte_order.h"
#include "base/digits.h"
#include "categorical.h"
#include "column_region.h"
#include "frame_workers.h"
#include "numpy_arrays.h"
#include "objects.h"

namespace pytev {

// What a dataframe column becomes.
enum class Repr { kInteger, kBoolean, kText, kEnum, kSymbol, kObjects };

struct OutColumn {
  std::string name;
  const tev_column* field;    // what the values come from
  const tev_column* meaning;  // the printed value that reads the field as is, or the field
  Repr repr = Repr::kInteger;
  tev_type type = TEV_TYPE_NONE;  // the field's
  size_t width = 0;               // bytes per filled value
  ColumnVector<uint8_t> data;     // filled values, then (Text) nothing
  ColumnVector<uint8_t> valid;
  std::vector<int32_t> codes;  // Text, Enum
  Categories categories;
  py::list objects;
};

// A printed value that gives a field its meaning: an enum, flags, a symbol or
// a device read from it.
inline const tev_column* meaning_of(const tev::Event& ev, const tep_format_field* field) {
  for (const tev::Column& c : ev.columns()) {
    if (c.field() != field) continue;
    switch (c.kind()) {
      case tev::Kind::Enum:
      case tev::Kind::Flags:
      case tev::Kind::Symbol:
      case tev::Kind::Device: return c.get();
      default: break;
    }
  }
  return nullptr;
}

class FrameBuilder {
 public:
  // `parameters`: a function's (function_args.cc), after the fields, in place
  // of the field `replaced` (the argument words they read).
  FrameBuilder(const FilePtr& file, tev_event* event, const std::vector<tev::Column>& parameters = {},
               std::string_view replaced = {})
      : file_(file), event_(event) {
    tev::Event ev(event);
    tep_event* raw = ev.raw();
    int common = raw ? raw->format.nr_common : 0;
    std::vector<tev::Column> fields = ev.fields();
    for (size_t i = 0; i < fields.size(); i++) {
      const tev::Column& f = fields[i];
      if (f.name() == "common_pid" && f.type() == TEV_TYPE_I32) pid_ = f.get();
      if (static_cast<int>(i) < common || f.type() == TEV_TYPE_NONE || f.name() == replaced) continue;
      const tev_column* m = meaning_of(ev, f.field());
      add_column(f, m ? m : f.get());
    }
    for (const tev::Column& p : parameters)
      if (p.type() != TEV_TYPE_NONE) add_column(p, p.get());
    if (pid_) fill_.push_back(pid_);
    for (const OutColumn& c : columns_) fill_.push_back(c.field);
  }

  tev_event* event() const { return event_; }
  // Rows added, sealed or not.
  size_t rows() const {
    size_t n = ts_.size();
    for (const Block& b : blocks_) n += b.ts.size();
    return n;
  }

  // Bytes of a region the arrays that become the frame's take for `rows` rows.
  size_t region_room(size_t rows) const {
    size_t bytes = ColumnRegion::room(rows, 8) + 2 * ColumnRegion::room(rows, 4) + ColumnRegion::room(rows, 1);
    for (const OutColumn& c : columns_)
      if (kept(c)) bytes += ColumnRegion::room(rows, c.width) + ColumnRegion::room(rows, 1);
    return bytes;
  }

  // Room for `rows` rows in all (a pass that counted them first), in `region`
  // for the arrays the frame takes: they then reach their final size without
  // growing, and without a page fault per 4 KiB.
  void reserve(size_t rows, const std::shared_ptr<ColumnRegion>& region) {
    reserve_in(ts_, rows, region);
    reserve_in(cpu_, rows, region);
    reserve_in(pids_, rows, region);
    reserve_in(pid_valid_, rows, region);
    for (OutColumn& c : columns_) {
      const std::shared_ptr<ColumnRegion> none;
      reserve_in(c.valid, rows, kept(c) ? region : none);
      if (c.type != TEV_TYPE_BYTES) reserve_in(c.data, rows * c.width, kept(c) ? region : none);
      if (c.repr == Repr::kText || c.repr == Repr::kEnum) c.codes.reserve(rows);
    }
  }

  void add(const std::vector<const tep_record*>& records) {
    size_t n = records.size(), at = ts_.size();
    ts_.resize(at + n);
    cpu_.resize(at + n);
    pids_.resize(at + n);
    pid_valid_.resize(at + n);
    for (size_t i = 0; i < n; i++) {
      ts_[at + i] = static_cast<int64_t>(records[i]->ts);
      cpu_[at + i] = records[i]->cpu;
    }
    std::vector<void*> values;
    std::vector<uint8_t*> valid;
    if (pid_) {
      values.push_back(pids_.data() + at);
      valid.push_back(pid_valid_.data() + at);
    }
    for (OutColumn& c : columns_) {
      // Byte views are read below, while the records live; only integers accumulate.
      size_t base = c.type == TEV_TYPE_BYTES ? 0 : at;
      c.data.resize((base + n) * c.width);
      c.valid.resize(at + n);
      values.push_back(c.data.data() + base * c.width);
      valid.push_back(c.valid.data() + at);
    }
    if (tev_fill_columns(fill_.data(), fill_.size(), records.data(), n, values.data(), valid.data()) < 0)
      throw std::runtime_error("typed events: cannot fill the columns of " + name());
    for (OutColumn& c : columns_) convert(c, records, at);
  }

  // Whether a column's values are Python objects (made under the GIL, per batch).
  bool has_objects() const {
    for (const OutColumn& c : columns_)
      if (c.repr == Repr::kObjects) return true;
    return false;
  }

  // A part (see merge) moves its rows into a block after each batch, so that
  // a worker's arrays stay batch-sized: growing one array per column maps and
  // unmaps memory, which stalls the other workers' page faults.
  void seal_block() {
    Block b{std::exchange(ts_, {}),
            std::exchange(cpu_, {}),
            std::exchange(pids_, {}),
            std::exchange(pid_valid_, {}),
            {},
            {},
            {}};
    for (OutColumn& c : columns_) {
      b.data.push_back(std::exchange(c.data, {}));
      b.valid.push_back(std::exchange(c.valid, {}));
      b.codes.push_back(std::exchange(c.codes, {}));
    }
    blocks_.push_back(std::move(b));
  }

  // The rows of `parts` (one per CPU buffer, in CPU order, each in its
  // buffer's order, in sealed blocks) in the order one scan gives: by time,
  // then the lower CPU. Category codes are renumbered in that order, so the
  // categories come out as a single scan would list them.
  void merge(const std::vector<const FrameBuilder*>& parts, int workers) {
    struct Cursor {
      uint32_t block = 0, index = 0;
    };
    std::vector<Cursor> next(parts.size());
    auto skip_empty = [&](size_t p) {
      while (next[p].block < parts[p]->blocks_.size() && parts[p]->blocks_[next[p].block].ts.empty()) next[p].block++;
    };
    auto more = [&](size_t p) { return next[p].block < parts[p]->blocks_.size(); };
    auto ts_at = [&](size_t p) { return parts[p]->blocks_[next[p].block].ts[next[p].index]; };
    for (size_t p = 0; p < parts.size(); p++) skip_empty(p);
    std::vector<Row> order;
    for (;;) {
      int best = -1;
      for (size_t p = 0; p < parts.size(); p++)
        if (more(p) && (best < 0 || ts_at(p) < ts_at(best))) best = static_cast<int>(p);
      if (best < 0) break;
      Cursor& c = next[best];
      order.push_back({static_cast<uint32_t>(best), c.block, c.index});
      if (++c.index == parts[best]->blocks_[c.block].ts.size()) {
        c.block++;
        c.index = 0;
        skip_empty(best);
      }
    }
    size_t rows = order.size();
    // Each merged array is a task; the workers share them out.
    std::vector<std::function<void()>> tasks;
    auto gather_into = [&](auto& out, size_t width, auto array_of) {
      out.resize(rows * width / sizeof(out[0]));
      Blocks from(parts.size());
      for (size_t p = 0; p < parts.size(); p++)
        for (const Block& b : parts[p]->blocks_)
          from[p].push_back(reinterpret_cast<const uint8_t*>(array_of(b).data()));
      tasks.push_back([width, to = reinterpret_cast<uint8_t*>(out.data()), from = std::move(from), &order] {
        gather(width, to, from, order);
      });
    };
    gather_into(
        ts_, 8, [](const Block& b) -> const auto& { return b.ts; });
    gather_into(
        cpu_, 4, [](const Block& b) -> const auto& { return b.cpu; });
    gather_into(
        pids_, 4, [](const Block& b) -> const auto& { return b.pids; });
    gather_into(
        pid_valid_, 1, [](const Block& b) -> const auto& { return b.pid_valid; });
    for (size_t j = 0; j < columns_.size(); j++) {
      OutColumn& c = columns_[j];
      gather_into(
          c.valid, 1, [j](const Block& b) -> const auto& { return b.valid[j]; });
      if (c.repr != Repr::kText)
        gather_into(
            c.data, c.width, [j](const Block& b) -> const auto& { return b.data[j]; });
      if (c.repr != Repr::kText && c.repr != Repr::kEnum) continue;
      if (c.repr == Repr::kEnum && rows && c.categories.texts.empty())
        for (const std::string_view& label : tev::Column(c.meaning).labels()) c.categories.code(label);
      c.codes.resize(rows);
      tasks.push_back([this, j, &parts, &order] {
        OutColumn& c = columns_[j];
        std::vector<std::vector<int32_t>> renumber(parts.size());
        for (size_t p = 0; p < parts.size(); p++) renumber[p].assign(parts[p]->columns_[j].categories.texts.size(), -1);
        for (size_t i = 0; i < order.size(); i++) {
          const FrameBuilder& from = *parts[order[i].part];
          int32_t code = from.blocks_[order[i].block].codes[j][order[i].index];
          if (code >= 0) {
            int32_t& mapped = renumber[order[i].part][code];
            if (mapped < 0) mapped = c.categories.code(from.columns_[j].categories.texts[code]);
            code = mapped;
          }
          c.codes[i] = code;
        }
      });
    }
    run_workers(workers, [&](int w) {
      for (size_t t = static_cast<size_t>(w); t < tasks.size(); t += static_cast<size_t>(workers)) tasks[t]();
    });
  }

  py::object finish() {
    py::module_ pd = py::module_::import("pandas");
    py::object arrays = pd.attr("arrays");
    py::dict data, attrs;
    size_t rows = ts_.size();
    data["ts"] = owned(std::move(ts_), py::dtype("int64"));
    data["cpu"] = owned(std::move(cpu_), py::dtype("int32"));
    // comm: one lookup per distinct pid.
    std::unordered_map<int32_t, int32_t> pid_codes;
    Categories comms;
    std::vector<int32_t> comm_codes(rows, -1);
    tep_handle* tep = file_->tep();
    for (size_t i = 0; i < rows; i++) {
      if (!pid_valid_[i]) continue;
      auto [it, added] = pid_codes.try_emplace(pids_[i], 0);
      if (added) it->second = comms.code(tep_data_comm_from_pid(tep, pids_[i]));
      comm_codes[i] = it->second;
    }
    py::array pid_mask = missing(std::move(pid_valid_));
    data["pid"] = arrays.attr("IntegerArray")(owned(std::move(pids_), py::dtype("int32")), pid_mask);
    data["comm"] = comms.categorical(std::move(comm_codes));
    py::object columns = py::dict();
    for (OutColumn& c : columns_) {
      data[c.name.c_str()] = finish_column(c, arrays);
      columns[c.name.c_str()] = ColumnRef{file_, c.meaning, c.meaning == c.field};
    }
    // copy=False: pandas keeps each array as its own block instead of copying
    // the columns of one dtype together.
    py::object frame = pd.attr("DataFrame")(data, py::arg("copy") = false);
    frame.attr("attrs")["columns"] = columns;
    frame.attr("attrs")["event"] = EventType{file_, event_};
    // What the frame did not take (raw values behind codes, validity flags)
    // goes now, not with the pass's last frame.
    std::vector<OutColumn>().swap(columns_);
    return frame;
  }

 private:
  // Whether a column's filled values and flags become its frame's arrays.
  static bool kept(const OutColumn& c) { return c.repr == Repr::kInteger || c.repr == Repr::kBoolean; }

  template <typename T>
  static void reserve_in(ColumnVector<T>& v, size_t n, const std::shared_ptr<ColumnRegion>& region) {
    if (!region || v.capacity() >= n) return v.reserve(n);
    ColumnVector<T> in_region{RegionAllocator<T>(region)};
    in_region.reserve(n);
    in_region.assign(v.begin(), v.end());
    v = std::move(in_region);
  }

  // A column of values from `f`, meaning what `meaning` says. A name taken
  // (a field named like a leading column, as task_newtask's pid and comm) gets
  // "#2", as a repeated column name does.
  void add_column(const tev::Column& f, const tev_column* meaning) {
    OutColumn c;
    c.name = std::string(f.name());
    auto taken = [&](const std::string& name) {
      if (name == "ts" || name == "cpu" || name == "pid" || name == "comm") return true;
      for (const OutColumn& o : columns_)
        if (o.name == name) return true;
      return false;
    };
    if (taken(c.name)) {
      std::string base = c.name;
      for (int n = 2; taken(c.name); n++) c.name = base + "#" + std::to_string(n);
    }
    c.field = f.get();
    c.meaning = meaning;
    c.type = f.type();
    c.width = tev_type_size(c.type);
    tev::Kind kind = tev::Column(c.meaning).kind();
    if (f.type() == TEV_TYPE_BYTES)
      c.repr = f.kind() == tev::Kind::String ? Repr::kText : Repr::kObjects;
    else if (kind == tev::Kind::Enum)
      c.repr = Repr::kEnum;
    else if (kind == tev::Kind::Symbol)
      c.repr = Repr::kSymbol;
    else if (f.type() == TEV_TYPE_BOOL)
      c.repr = Repr::kBoolean;
    columns_.push_back(std::move(c));
  }

  std::string name() const {
    tep_event* raw = tev::Event(event_).raw();
    return raw && raw->name ? raw->name : "the event";
  }

  // Per batch: what must be read while the records live.
  void convert(OutColumn& c, const std::vector<const tep_record*>& records, size_t at) {
    size_t n = records.size();
    if (c.repr == Repr::kText || c.repr == Repr::kObjects) {
      const tev_bytes* views = reinterpret_cast<const tev_bytes*>(c.data.data());
      if (c.repr == Repr::kText) {
        c.codes.resize(at + n);
        for (size_t i = 0; i < n; i++)
          c.codes[at + i] =
              c.valid[at + i]
                  ? c.categories.code(std::string_view(static_cast<const char*>(views[i].data), views[i].size))
                  : -1;
        return;
      }
      tev::Column col(c.field);
      if (col.kind() == tev::Kind::Array) return append_arrays(c, views, at, n);
      for (size_t i = 0; i < n; i++) {
        if (!c.valid[at + i]) {
          c.objects.append(py::none());
          continue;
        }
        c.objects.append(to_python(col, col.read(*records[i])));
      }
      return;
    }
    if (c.repr != Repr::kEnum) return;
    // An enum: the printed value's label, or upstream's text when no label matches.
    std::vector<int32_t> codes(n);
    std::vector<uint8_t> valid(n);
    if (tev_fill_codes(c.meaning, records.data(), n, codes.data(), valid.data()) < 0)
      throw std::runtime_error("typed events: cannot read the labels of " + c.name);
    if (c.categories.texts.empty())
      for (const std::string_view& label : tev::Column(c.meaning).labels()) c.categories.code(label);
    c.codes.resize(at + n);
    for (size_t i = 0; i < n; i++) {
      int32_t code = valid[i] ? codes[i] : -1;
      if (code < 0 && c.valid[at + i]) code = c.categories.code(tev::Column(c.meaning).text(*records[i]));
      c.codes[at + i] = code;
    }
  }

  // An array field's values as lists of ints (Value::elements()' values), from
  // the views the fill gave: the record is not read again.
  static void append_arrays(OutColumn& c, const tev_bytes* views, size_t at, size_t n) {
    const size_t width = tev_type_size(tev_column_element_type(c.field));
    for (size_t i = 0; i < n; i++) {
      if (!c.valid[at + i] || !width) {
        c.objects.append(py::none());
        continue;
      }
      const size_t count = views[i].size / width;
      py::list elements(count);
      int64_t e = 0;
      for (size_t k = 0; k < count; k++) {
        if (tev_array_element(c.field, views[i], k, &e) != TEV_OK) throw std::runtime_error("typed events: " + c.name);
        PyObject* element = PyLong_FromLongLong(e);
        if (!element) throw py::error_already_set();
        PyList_SET_ITEM(elements.ptr(), static_cast<Py_ssize_t>(k), element);
      }
      c.objects.append(std::move(elements));
    }
  }

  py::object finish_column(OutColumn& c, const py::object& arrays) {
    switch (c.repr) {
      case Repr::kObjects: return std::move(c.objects);
      case Repr::kText:
      case Repr::kEnum: return c.categories.categorical(std::move(c.codes));
      case Repr::kSymbol: {
        // The function containing each address, named once per distinct address;
        // an address in none is named by its hex digits, a category of its own
        // (no function's name starts with a digit).
        std::vector<int32_t> codes(c.valid.size(), -1);
        std::unordered_map<uint64_t, int32_t> seen;
        for (size_t i = 0; i < codes.size(); i++) {
          if (!c.valid[i]) continue;
          // The filled value, in the host's order.
          const uint64_t address =
              tep::base::read_number(c.data.data() + i * c.width, static_cast<int>(c.width), false);
          auto [it, added] = seen.try_emplace(address, 0);
          if (added) {
            const char* name = nullptr;
            uint64_t start = 0;
            if (tev_column_symbol(c.meaning, address, &name, &start) == TEV_OK && name)
              it->second = c.categories.code(name);
            else
              it->second = c.categories.add_unique(hex_name(address));
          }
          codes[i] = it->second;
        }
        return c.categories.categorical(std::move(codes));
      }
      case Repr::kBoolean: {
        py::array mask = missing(std::move(c.valid));
        return arrays.attr("BooleanArray")(owned(std::move(c.data), py::dtype("bool")), mask);
      }
      case Repr::kInteger: break;
    }
    py::array mask = missing(std::move(c.valid));
    return arrays.attr("IntegerArray")(owned(std::move(c.data), dtype_of(c.type)), mask);
  }

  // "0x" and the address's hex digits, as %llx writes them.
  static std::string hex_name(uint64_t address) {
    char text[tep::base::kIntTextSize];
    char* const end = std::end(text);
    char* digits = tep::base::unsigned_digits(address, 16, false, end);
    *--digits = 'x';
    *--digits = '0';
    return std::string(digits, end);
  }

  FilePtr file_;
  tev_event* event_;
  const tev_column* pid_ = nullptr;
  std::vector<OutColumn> columns_;
  std::vector<const tev_column*> fill_;
  ColumnVector<int64_t> ts_;
  ColumnVector<int32_t> cpu_;
  ColumnVector<int32_t> pids_;
  ColumnVector<uint8_t> pid_valid_;
  struct Block {
    ColumnVector<int64_t> ts;
    ColumnVector<int32_t> cpu, pids;
    ColumnVector<uint8_t> pid_valid;
    std::vector<ColumnVector<uint8_t>> data, valid;
    std::vector<std::vector<int32_t>> codes;
  };
  std::vector<Block> blocks_;  // a part's sealed rows
};

}  // namespace pytev
