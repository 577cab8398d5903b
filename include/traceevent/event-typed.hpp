/* SPDX-License-Identifier: LGPL-2.1 */
/*
 * Typed events for C++: a header-only layer over event-typed.h (the library
 * exports C only). C++20 (std::span, std::string_view, std::optional).
 *
 *   tev::Catalog catalog(tep);                       // owns a tev_catalog
 *   tev::Event ev = *catalog.find("sched", "sched_switch");
 *   tev::Column state = *ev.find_column("prev_state");
 *   tev::Value v = state.read(record);               // kind flags
 *   for (std::string_view name : v.flag_names()) ...
 *   std::string text = state.format(v);              // upstream's text
 *   state.fill(records, values, valid);              // the columnar path
 *   auto args = ev.function_args(record);            // ftrace:function records,
 *   for (tev::Value v : args->read(record)) ...      // their parameters from BTF
 *   tev::Window window(catalog);                     // records of any events,
 *   for (size_t g = 0, n = window.load(records); g < n; g++)  // grouped by event:
 *     window.fill(g, window.group(g).event.fields(), values, valid);
 *
 * Failures of the C calls that mean a bug in the caller (a column asked for
 * values it does not have, an array of the wrong width) throw tev::Error;
 * lookups that may fail return std::optional.
 */
#ifndef _TRACE_EVENT_TYPED_HPP
#define _TRACE_EVENT_TYPED_HPP

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "event-typed.h"
#include "trace-seq.h"

namespace tev {

class Error : public std::runtime_error {
 public:
  explicit Error(int status) : std::runtime_error(tev_strerror(status)), status_(status) {}
  int status() const { return status_; }

 private:
  int status_;
};

namespace detail {
inline int64_t check(int64_t status) {
  if (status < 0) throw Error(static_cast<int>(status));
  return status;
}
inline std::string_view view(const char* s) { return s ? std::string_view(s) : std::string_view(); }
}  // namespace detail

enum class Kind {
  Opaque = TEV_KIND_OPAQUE, Int = TEV_KIND_INT, Uint = TEV_KIND_UINT, Bool = TEV_KIND_BOOL,
  Enum = TEV_KIND_ENUM, Flags = TEV_KIND_FLAGS, String = TEV_KIND_STRING, Bytes = TEV_KIND_BYTES,
  Array = TEV_KIND_ARRAY, CpuSet = TEV_KIND_CPUSET, Bitmask = TEV_KIND_BITMASK,
  Symbol = TEV_KIND_SYMBOL, Pointer = TEV_KIND_POINTER, Mac = TEV_KIND_MAC, Ipv4 = TEV_KIND_IPV4,
  Ipv6 = TEV_KIND_IPV6, Sockaddr = TEV_KIND_SOCKADDR, Uuid = TEV_KIND_UUID,
  Device = TEV_KIND_DEVICE, Duration = TEV_KIND_DURATION, Timestamp = TEV_KIND_TIMESTAMP,
  Derived = TEV_KIND_DERIVED,
};

inline std::string_view kind_name(Kind kind) { return detail::view(tev_kind_name(static_cast<tev_kind>(kind))); }

struct Device {
  uint32_t major, minor;
};

// A kernel address resolved through the handle's kallsyms.
struct Symbol {
  std::string_view name;  // empty when unknown
  uint64_t offset;        // from the symbol's start
};

// struct sockaddr_in / sockaddr_in6 as the kernel stored it.
struct Sockaddr {
  int family;  // 2 (AF_INET), 10 (AF_INET6), else unknown
  uint16_t port;
  std::span<const uint8_t> address;  // 4 or 16 bytes, network order
};

// One flag of a set, or one entry of an enum table.
struct Entry {
  uint64_t value;
  std::string_view name;
  bool resolved;  // false: a name the kernel left unexpanded
};

class Column;

// A column's value in one record; valid while the record (and catalog) are.
class Value {
 public:
  bool valid() const { return v_.valid != 0; }
  explicit operator bool() const { return valid(); }
  Kind kind() const;
  const tep_record* record() const { return record_; }

  std::optional<int64_t> as_int() const { return integer() ? std::optional<int64_t>(v_.i) : std::nullopt; }
  std::optional<uint64_t> as_uint() const { return integer() ? std::optional<uint64_t>(v_.u) : std::nullopt; }
  std::optional<bool> as_bool() const { return integer() ? std::optional<bool>(v_.u != 0) : std::nullopt; }
  std::string_view as_string() const {
    return bytes_value() ? std::string_view(static_cast<const char*>(v_.bytes.data), v_.bytes.size)
                         : std::string_view();
  }
  std::span<const uint8_t> as_bytes() const {
    return bytes_value() ? std::span<const uint8_t>(static_cast<const uint8_t*>(v_.bytes.data), v_.bytes.size)
                         : std::span<const uint8_t>();
  }

  // Enum: the value's name (also for a branch that prints a text and has no value).
  std::optional<std::string_view> label() const;
  // Flags: the names of the masks set, in table order, composite masks first.
  std::vector<std::string_view> flag_names() const;
  // Flags: the bits no name covers.
  uint64_t unnamed_bits() const;
  // CpuSet / Bitmask: the indexes of the set bits.
  std::vector<unsigned> bits() const;
  // Array: its elements.
  std::vector<int64_t> elements() const;
  std::optional<Device> device() const;
  std::optional<Symbol> symbol() const;
  std::optional<Sockaddr> sockaddr() const;

  const tev_value& c_value() const { return v_; }

 private:
  friend class Column;
  Value(const tev_column* column, const tep_record* record, const tev_value& v)
      : column_(column), record_(record), v_(v) {}
  bool integer() const { return valid() && v_.type != TEV_TYPE_NONE && v_.type != TEV_TYPE_BYTES; }
  bool bytes_value() const { return valid() && v_.type == TEV_TYPE_BYTES; }
  std::vector<Entry> flag_table() const;

  const tev_column* column_;
  const tep_record* record_;
  tev_value v_;
};

class Column {
 public:
  explicit Column(const tev_column* c) : c_(c) {}
  const tev_column* get() const { return c_; }

  std::string_view name() const { return detail::view(tev_column_name(c_)); }
  Kind kind() const { return static_cast<Kind>(tev_column_kind(c_)); }
  tev_type type() const { return tev_column_type(c_); }
  tev_type element_type() const { return tev_column_element_type(c_); }
  std::string_view unit() const { return detail::view(tev_column_unit(c_)); }
  std::string_view note() const { return detail::view(tev_column_note(c_)); }
  std::string_view prefix() const { return detail::view(tev_column_prefix(c_)); }
  std::string_view conversion() const { return detail::view(tev_column_conversion(c_)); }
  tep_format_field* field() const { return tev_column_field(c_); }
  int minor_bits() const { return tev_column_minor_bits(c_); }
  std::optional<std::string_view> zero_name() const {
    const char* z = tev_column_zero_name(c_);
    return z ? std::optional<std::string_view>(z) : std::nullopt;
  }
  std::optional<std::string_view> flags_delimiter() const {
    const char* d = tev_column_flags_delimiter(c_);
    return d ? std::optional<std::string_view>(d) : std::nullopt;
  }

  std::vector<std::string_view> labels() const {
    std::vector<std::string_view> out;
    for (int i = 0, n = tev_column_label_count(c_); i < n; i++) out.push_back(detail::view(tev_column_label(c_, i)));
    return out;
  }
  int table_count() const { return tev_column_table_count(c_); }
  std::vector<Entry> table(int t = 0) const {
    std::vector<Entry> out;
    for (int i = 0, n = tev_column_table_size(c_, t); i < n; i++) {
      uint64_t value = 0;
      const char* name = nullptr;
      int status = tev_column_table_entry(c_, t, i, &value, &name);
      out.push_back({value, detail::view(name), status == TEV_OK});
    }
    return out;
  }

  Value read(const tep_record& record) const {
    tev_value v;
    detail::check(tev_read(c_, &record, &v));
    return Value(c_, &record, v);
  }
  // Upstream's text for a value this column read.
  std::string format(const Value& value) const { return value.record() ? text(*value.record()) : std::string(); }
  std::string text(const tep_record& record) const {
    char small[128];
    int n = static_cast<int>(detail::check(tev_format_buf(c_, &record, small, sizeof(small))));
    if (static_cast<size_t>(n) < sizeof(small)) return std::string(small, static_cast<size_t>(n));
    std::string out(static_cast<size_t>(n) + 1, '\0');
    detail::check(tev_format_buf(c_, &record, out.data(), out.size()));
    out.resize(static_cast<size_t>(n));
    return out;
  }

  // The columnar path. T must have the width of type() (int32_t for TEV_TYPE_I32,
  // tev_bytes for TEV_TYPE_BYTES ...); valid may be empty. Returns the number of valid values.
  template <typename T>
  size_t fill(std::span<const tep_record* const> records, std::span<T> values,
              std::span<uint8_t> valid = {}) const {
    if (sizeof(T) != tev_type_size(type())) throw Error(TEV_ERR_KIND);
    check_sizes(records.size(), values.size(), valid.size());
    return static_cast<size_t>(
        detail::check(tev_fill(c_, records.data(), records.size(), values.data(), valid.empty() ? nullptr : valid.data())));
  }
  size_t fill_int64(std::span<const tep_record* const> records, std::span<int64_t> values,
                    std::span<uint8_t> valid = {}) const {
    check_sizes(records.size(), values.size(), valid.size());
    return static_cast<size_t>(detail::check(
        tev_fill_int64(c_, records.data(), records.size(), values.data(), valid.empty() ? nullptr : valid.data())));
  }
  size_t fill_codes(std::span<const tep_record* const> records, std::span<int32_t> codes,
                    std::span<uint8_t> valid = {}) const {
    check_sizes(records.size(), codes.size(), valid.size());
    return static_cast<size_t>(detail::check(
        tev_fill_codes(c_, records.data(), records.size(), codes.data(), valid.empty() ? nullptr : valid.data())));
  }
  // Upstream's texts of every record, one string each.
  std::vector<std::string> texts(std::span<const tep_record* const> records) const {
    std::vector<std::string> out;
    std::vector<char> text(4096);
    std::vector<uint64_t> offsets(records.size() + 1);
    size_t done = 0;
    while (done < records.size()) {
      size_t n = static_cast<size_t>(detail::check(tev_fill_text(c_, records.data() + done, records.size() - done,
                                                                 text.data(), text.size(), offsets.data())));
      for (size_t i = 0; i < n; i++) out.emplace_back(text.data() + offsets[i], offsets[i + 1] - offsets[i]);
      done += n;
      if (!n) text.resize(text.size() * 2);  // one text did not fit
    }
    return out;
  }

 private:
  static void check_sizes(size_t records, size_t values, size_t valid) {
    if (values < records || (valid && valid < records)) throw Error(TEV_ERR_INDEX);
  }
  const tev_column* c_;
};

// Several columns of one event in one pass over the records: values[j] (and
// valid[j], when valid is not empty) as Column::fill fills them for columns[j].
// Returns the number of records of the event.
inline size_t fill_columns(std::span<const Column> columns, std::span<const tep_record* const> records,
                           std::span<void* const> values, std::span<uint8_t* const> valid = {}) {
  if (values.size() < columns.size() || (!valid.empty() && valid.size() < columns.size())) throw Error(TEV_ERR_INDEX);
  std::vector<const tev_column*> c;
  for (const Column& col : columns) c.push_back(col.get());
  return static_cast<size_t>(detail::check(tev_fill_columns(c.data(), c.size(), records.data(), records.size(),
                                                            values.data(), valid.empty() ? nullptr : valid.data())));
}

// A function's parameters as columns of function / funcgraph_entry records,
// typed from BTF (event-typed.h, "Function arguments from BTF").
class FunctionArgs {
 public:
  explicit FunctionArgs(tev_function_args* a) : a_(a) {}
  tev_function_args* get() const { return a_; }
  // The function's name in the BTF.
  std::string_view name() const { return detail::view(tev_function_args_name(a_)); }
  // The argument words the parameters take.
  int words() const { return static_cast<int>(detail::check(tev_function_args_words(a_))); }
  std::vector<Column> columns() const {
    std::vector<Column> out;
    for (int i = 0, n = static_cast<int>(detail::check(tev_function_args_count(a_))); i < n; i++) {
      const tev_column* c = nullptr;
      detail::check(tev_function_args_column(a_, i, &c));
      out.emplace_back(c);
    }
    return out;
  }
  std::optional<Column> find_column(const char* name) const {
    const tev_column* c = nullptr;
    int status = tev_function_args_find_column(a_, name, &c);
    if (status == TEV_ERR_NO_COLUMN) return std::nullopt;
    detail::check(status);
    return Column(c);
  }
  // TEV_OK, or why the record is not one of the function's with all its words.
  int check(const tep_record& record) const { return tev_function_args_check(a_, &record); }
  // Every parameter's value in the record; throws Error when check() fails.
  std::vector<Value> read(const tep_record& record) const {
    detail::check(check(record));
    std::vector<Value> out;
    for (const Column& c : columns()) out.push_back(c.read(record));
    return out;
  }
  // values[j] (and valid[j]) as Column::fill fills them for parameter j;
  // returns the number of the function's records.
  size_t fill(std::span<const tep_record* const> records, std::span<void* const> values,
              std::span<uint8_t* const> valid = {}) const {
    size_t n = static_cast<size_t>(detail::check(tev_function_args_count(a_)));
    if (values.size() < n || (!valid.empty() && valid.size() < n)) throw Error(TEV_ERR_INDEX);
    return static_cast<size_t>(detail::check(tev_function_args_fill(
        a_, records.data(), records.size(), values.data(), valid.empty() ? nullptr : valid.data())));
  }

 private:
  tev_function_args* a_;
};

class Event {
 public:
  explicit Event(tev_event* e) : e_(e) {}
  tev_event* get() const { return e_; }
  ::tep_event* raw() const { return tev_event_tep_event(e_); }
  tev_layout layout() const { return tev_event_layout(e_); }
  std::string_view suffix() const { return detail::view(tev_event_suffix(e_)); }

  std::vector<Column> columns() const { return list(false); }
  std::vector<Column> fields() const { return list(true); }
  std::optional<Column> find_column(const char* name) const { return find(name, false); }
  std::optional<Column> find_field(const char* name) const { return find(name, true); }

  // The parameters of a function (its BTF or kallsyms name); nullopt when the
  // BTF has no such function. Throws Error without BTF or argument words.
  std::optional<FunctionArgs> function_args(const char* function) const {
    tev_function_args* a = nullptr;
    int status = tev_function_args_find(e_, function, &a);
    return found_args(status, a);
  }
  // The parameters of the record's function (its address through kallsyms).
  std::optional<FunctionArgs> function_args(const tep_record& record) const {
    tev_function_args* a = nullptr;
    int status = tev_function_args_of(e_, &record, &a);
    return found_args(status, a);
  }

  // What tep_print_event prints for TEP_PRINT_INFO, from the columns.
  std::string text(const tep_record& record) const {
    std::string out;
    for (const Column& c : columns()) {
      out += c.prefix();
      out += c.text(record);
    }
    out += suffix();
    return out;
  }

 private:
  std::vector<Column> list(bool fields) const {
    std::vector<Column> out;
    int n = fields ? tev_event_field_count(e_) : tev_event_column_count(e_);
    for (int i = 0; i < n; i++) {
      const tev_column* c = nullptr;
      detail::check(fields ? tev_event_field(e_, i, &c) : tev_event_column(e_, i, &c));
      out.emplace_back(c);
    }
    return out;
  }
  static std::optional<FunctionArgs> found_args(int status, tev_function_args* a) {
    if (status == TEV_ERR_NO_FUNCTION) return std::nullopt;
    detail::check(status);
    return FunctionArgs(a);
  }
  std::optional<Column> find(const char* name, bool field) const {
    const tev_column* c = nullptr;
    int status = field ? tev_event_find_field(e_, name, &c) : tev_event_find_column(e_, name, &c);
    if (status == TEV_ERR_NO_COLUMN) return std::nullopt;
    detail::check(status);
    return Column(c);
  }
  tev_event* e_;
};

// Owns the catalog of a tep_handle; destroy it before tep_free().
class Catalog {
 public:
  explicit Catalog(tep_handle* tep) { detail::check(tev_catalog_new(tep, &c_)); }
  ~Catalog() { tev_catalog_free(c_); }
  Catalog(Catalog&& other) noexcept : c_(std::exchange(other.c_, nullptr)) {}
  Catalog& operator=(Catalog&& other) noexcept {
    std::swap(c_, other.c_);
    return *this;
  }
  Catalog(const Catalog&) = delete;
  Catalog& operator=(const Catalog&) = delete;
  tev_catalog* get() const { return c_; }

  std::optional<Event> find(const char* system, const char* name) const {
    tev_event* e = nullptr;
    int status = tev_event_find(c_, system, name, &e);
    return found(status, e);
  }
  std::optional<Event> by_id(int id) const {
    tev_event* e = nullptr;
    int status = tev_event_by_id(c_, id, &e);
    return found(status, e);
  }
  std::optional<Event> of(::tep_event* event) const {
    tev_event* e = nullptr;
    int status = tev_event_of(c_, event, &e);
    return found(status, e);
  }
  void define(const char* name, uint64_t value) { detail::check(tev_catalog_define(c_, name, value)); }
  // A BTF blob for function arguments (copied); an empty one drops it.
  void load_btf(std::span<const uint8_t> blob) {
    detail::check(tev_catalog_load_btf(c_, blob.empty() ? nullptr : blob.data(), blob.size()));
  }

 private:
  static std::optional<Event> found(int status, tev_event* e) {
    if (status == TEV_ERR_NO_EVENT) return std::nullopt;
    detail::check(status);
    return Event(e);
  }
  tev_catalog* c_ = nullptr;
};

// Records of any events grouped by event, a run of them per load, then filled
// group by group (the columnar path over a trace's order). Owns a tev_window;
// destroy it before its Catalog.
class Window {
 public:
  struct Group {
    Event event;
    std::span<const tep_record* const> records;  // in their order in the load
  };

  explicit Window(const Catalog& catalog) { detail::check(tev_window_new(catalog.get(), &w_)); }
  ~Window() { tev_window_free(w_); }
  Window(Window&& other) noexcept : w_(std::exchange(other.w_, nullptr)) {}
  Window& operator=(Window&& other) noexcept {
    std::swap(w_, other.w_);
    return *this;
  }
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;
  tev_window* get() const { return w_; }

  // Groups the records (replacing the last load); returns the number of groups.
  size_t load(std::span<const tep_record* const> records) {
    return static_cast<size_t>(detail::check(tev_window_load(w_, records.data(), records.size())));
  }
  Group group(size_t index) const {
    tev_event* e = nullptr;
    const tep_record* const* records = nullptr;
    size_t count = 0;
    detail::check(tev_window_group(w_, index, &e, &records, &count));
    return Group{Event(e), {records, count}};
  }
  // The group's values of columns (of its event), as fill_columns fills them
  // for its records; returns their count.
  size_t fill(size_t group, std::span<const Column> columns, std::span<void* const> values,
              std::span<uint8_t* const> valid = {}) const {
    if (values.size() < columns.size() || (!valid.empty() && valid.size() < columns.size())) throw Error(TEV_ERR_INDEX);
    std::vector<const tev_column*> c;
    for (const Column& col : columns) c.push_back(col.get());
    return static_cast<size_t>(detail::check(
        tev_window_fill(w_, group, c.data(), c.size(), values.data(), valid.empty() ? nullptr : valid.data())));
  }

 private:
  tev_window* w_ = nullptr;
};

// ---- Value, out of line (it needs Column) ----

inline Kind Value::kind() const { return static_cast<Kind>(tev_column_kind(column_)); }

inline std::optional<std::string_view> Value::label() const {
  if (v_.code < 0) return std::nullopt;
  const char* l = tev_column_label(column_, v_.code);
  return l ? std::optional<std::string_view>(l) : std::nullopt;
}

inline std::vector<Entry> Value::flag_table() const { return Column(column_).table(0); }

inline std::vector<std::string_view> Value::flag_names() const {
  std::vector<std::string_view> out;
  if (!integer() || kind() != Kind::Flags) return out;
  uint64_t rest = v_.u;
  if (!rest) {
    if (const char* zero = tev_column_zero_name(column_)) out.push_back(zero);
    return out;
  }
  for (const Entry& e : flag_table()) {
    if (!e.resolved || !e.value || (rest & e.value) != e.value) continue;
    out.push_back(e.name);
    rest &= ~e.value;
  }
  return out;
}

inline uint64_t Value::unnamed_bits() const {
  if (!integer()) return 0;
  uint64_t rest = v_.u;
  for (const Entry& e : flag_table())
    if (e.resolved && e.value && (rest & e.value) == e.value) rest &= ~e.value;
  return rest;
}

inline std::vector<unsigned> Value::bits() const {
  std::vector<unsigned> out;
  if (!bytes_value()) return out;
  for (unsigned bit = 0; bit < v_.bytes.size * 8; bit++)
    if (tev_bitset_test(column_, v_.bytes, bit) == 1) out.push_back(bit);
  return out;
}

inline std::vector<int64_t> Value::elements() const {
  std::vector<int64_t> out;
  int64_t e = 0;
  for (size_t i = 0; bytes_value() && tev_array_element(column_, v_.bytes, i, &e) == TEV_OK; i++) out.push_back(e);
  return out;
}

inline std::optional<Device> Value::device() const {
  int bits = tev_column_minor_bits(column_);
  if (!integer() || !bits) return std::nullopt;
  return Device{static_cast<uint32_t>(v_.u >> bits), static_cast<uint32_t>(v_.u & ((1ULL << bits) - 1))};
}

inline std::optional<Sockaddr> Value::sockaddr() const {
  std::span<const uint8_t> b = as_bytes();
  if (kind() != Kind::Sockaddr || b.size() < 2) return std::nullopt;
  // The family in the host's order, as upstream's text reads it; the port in network order.
  uint16_t host_family;
  std::memcpy(&host_family, b.data(), 2);
  int family = host_family;
  uint16_t port = b.size() >= 4 ? static_cast<uint16_t>(b[2] << 8 | b[3]) : 0;
  if (family == 2 && b.size() >= 8) return Sockaddr{family, port, b.subspan(4, 4)};
  if (family == 10 && b.size() >= 24) return Sockaddr{family, port, b.subspan(8, 16)};
  return Sockaddr{family, port, {}};
}

inline std::optional<Symbol> Value::symbol() const {
  if (!integer() || kind() != Kind::Symbol) return std::nullopt;
  const char* name = nullptr;
  uint64_t start = 0;
  if (tev_column_symbol(column_, v_.u, &name, &start) != TEV_OK) return Symbol{{}, 0};
  return Symbol{detail::view(name), v_.u - start};
}

}  // namespace tev

#endif /* _TRACE_EVENT_TYPED_HPP */
