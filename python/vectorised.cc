// SPDX-License-Identifier: LGPL-2.1
// A column's meaning for many plain values at once (the Series accessor .tev,
// traceevent/accessor.py): texts, flag sets, enum labels and symbols of a
// numpy array, each distinct value worked out once, no Python per row.
// A plain value is given its text by a record made for it: the event's
// common_type and the column's field hold it, so the print plan prints
// exactly upstream's bytes.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstring>
#include <unordered_map>
#include <vector>

#include "categorical.h"
#include "numpy_arrays.h"
#include "objects.h"

namespace pytev {
namespace {

// A record of the column's event whose field holds a given value.
class ValueRecord {
 public:
  explicit ValueRecord(const ColumnRef& column) {
    tev::Column col = column.get();
    field_ = col.field();
    if (!field_ || field_->size <= 0 || field_->size > 8 ||
        (field_->flags & (TEP_FIELD_IS_DYNAMIC | TEP_FIELD_IS_ARRAY)))
      throw BadArgument("column " + std::string(col.name()) +
                        " does not read one integer field: its text needs a record");
    tep_event* event = field_->event;
    tep_handle* tep = event->tep;
    big_endian_ = tep_is_file_bigendian(tep);
    int size = 0;
    for (tep_format_field* f = event->format.common_fields; f; f = f->next) size = std::max(size, f->offset + f->size);
    for (tep_format_field* f = event->format.fields; f; f = f->next) size = std::max(size, f->offset + f->size);
    bytes_.assign(static_cast<size_t>(size), 0);
    if (tep_format_field* type = tep_find_common_field(event, "common_type")) store(*type, event->id);
    record_.data = bytes_.data();
    record_.size = size;
    record_.cpu = 0;
  }

  const tep_record& with(uint64_t value) {
    store(*field_, value);
    return record_;
  }

 private:
  void store(const tep_format_field& f, uint64_t value) {
    unsigned char out[8];
    for (int i = 0; i < f.size; i++) {
      const int byte = big_endian_ ? f.size - 1 - i : i;  // the file's byte order
      out[byte] = static_cast<unsigned char>(value >> (8 * i));
    }
    memcpy(bytes_.data() + f.offset, out, static_cast<size_t>(f.size));
  }

  tep_format_field* field_ = nullptr;
  bool big_endian_ = false;
  std::vector<unsigned char> bytes_;
  tep_record record_{};
};

using Values = py::array_t<uint64_t, py::array::c_style | py::array::forcecast>;
using Mask = py::array_t<bool, py::array::c_style | py::array::forcecast>;

// A Categorical of the values' names (missing: a null value, or no name),
// each distinct value named once.
template <typename Name>
py::object categorise(const Values& values, const std::optional<Mask>& valid, Name&& name_of) {
  const size_t n = static_cast<size_t>(values.size());
  const uint64_t* v = values.data();
  const bool* ok = valid ? valid->data() : nullptr;
  std::vector<int32_t> codes(n, -1);
  std::unordered_map<uint64_t, int32_t> seen;
  Categories names;
  for (size_t i = 0; i < n; i++) {
    if (ok && !ok[i]) continue;
    auto [it, added] = seen.try_emplace(v[i], -1);
    if (added) {
      std::optional<std::string> text = name_of(v[i]);
      if (text) it->second = names.code(*text);
    }
    codes[i] = it->second;
  }
  return names.categorical(std::move(codes));
}

struct FlagTable {
  std::vector<uint64_t> masks;
  std::vector<std::string> names;
};

FlagTable flag_table(const tev::Column& col) {
  if (col.kind() != tev::Kind::Flags) throw BadArgument("column " + std::string(col.name()) + " is not flags");
  FlagTable t;
  for (int i = 0; i < tev_column_table_size(col.get(), 0); i++) {
    uint64_t mask = 0;
    const char* name = nullptr;
    // Unresolved names and the name of 0 (zero_name) are no bits to test.
    if (tev_column_table_entry(col.get(), 0, i, &mask, &name) != TEV_OK || !name || !mask) continue;
    // Composite masks come first; a name is one column, once.
    if (std::find(t.names.begin(), t.names.end(), name) != t.names.end()) continue;
    t.masks.push_back(mask);
    t.names.emplace_back(name);
  }
  return t;
}

}  // namespace

void bind_vectorised(py::class_<ColumnRef>& column) {
  column
      .def(
          "texts",
          [](const ColumnRef& c, const Values& values, const std::optional<Mask>& valid) {
            ValueRecord record(c);
            tev::Column col = c.get();
            return categorise(values, valid,
                              [&](uint64_t v) -> std::optional<std::string> { return col.text(record.with(v)); });
          },
          py::arg("values"), py::arg("valid") = py::none(),
          "Upstream's texts of plain values of this column's field: a pandas Categorical (a null: missing).")
      .def(
          "labels_of",
          [](const ColumnRef& c, const Values& values, const std::optional<Mask>& valid) {
            tev::Column col = c.get();
            if (col.kind() != tev::Kind::Enum)
              throw BadArgument("column " + std::string(col.name()) + " is not an enum");
            ValueRecord record(c);
            return categorise(values, valid, [&](uint64_t v) -> std::optional<std::string> {
              std::optional<std::string_view> label = col.read(record.with(v)).label();
              return label ? std::optional<std::string>(*label) : std::nullopt;
            });
          },
          py::arg("values"), py::arg("valid") = py::none(),
          "Enum labels of plain values: a pandas Categorical (missing: a null or a value no label names).")
      .def(
          "symbols_of",
          [](const ColumnRef& c, const Values& values, const std::optional<Mask>& valid) {
            const tev_column* col = c.get().get();
            return categorise(values, valid, [&](uint64_t address) -> std::optional<std::string> {
              const char* name = nullptr;
              uint64_t start = 0;
              if (tev_column_symbol(col, address, &name, &start) != TEV_OK || !name) return std::nullopt;
              return std::string(name);
            });
          },
          py::arg("values"), py::arg("valid") = py::none(),
          "The kernel functions containing addresses: a pandas Categorical (missing when none does).")
      .def(
          "flag_matrix",
          [](const ColumnRef& c, const Values& values) {
            FlagTable t = flag_table(c.get());
            const size_t n = static_cast<size_t>(values.size()), k = t.masks.size();
            std::vector<uint8_t> set(n * k);
            const uint64_t* v = values.data();
            for (size_t i = 0; i < n; i++)
              for (size_t j = 0; j < k; j++) set[i * k + j] = (v[i] & t.masks[j]) == t.masks[j];
            py::object matrix = owned(std::move(set), py::dtype("bool")).attr("reshape")(n, k);
            return py::make_tuple(matrix, t.names);
          },
          py::arg("values"), "Flags: (a bool matrix of rows by flag, the flag names in the kernel's order).")
      .def(
          "has_flag",
          [](const ColumnRef& c, const Values& values, const std::string& name) {
            FlagTable t = flag_table(c.get());
            auto it = std::find(t.names.begin(), t.names.end(), name);
            if (it == t.names.end()) throw NotFound("no flag '" + name + "' in column " + std::string(c.get().name()));
            const uint64_t mask = t.masks[static_cast<size_t>(it - t.names.begin())];
            const size_t n = static_cast<size_t>(values.size());
            std::vector<uint8_t> out(n);
            const uint64_t* v = values.data();
            for (size_t i = 0; i < n; i++) out[i] = (v[i] & mask) == mask;
            return owned(std::move(out), py::dtype("bool"));
          },
          py::arg("values"), py::arg("name"), "Whether each value has every bit of the named flag's mask.");
}

std::string format_plain(const ColumnRef& c, uint64_t value) {
  ValueRecord record(c);
  return c.get().text(record.with(value));
}

}  // namespace pytev
