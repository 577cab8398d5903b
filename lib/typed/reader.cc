// SPDX-License-Identifier: LGPL-2.1
#include "typed/reader.h"

#include <algorithm>
#include <cstring>

#include "print/evaluator.h"
#include "record/field_access.h"

namespace tep::typed {
namespace {

// The record is this event's and holds every byte the column needs.
inline bool usable(const Model& m, const Column& c, const tep_record* r, bool swap) {
  if (!r || !r->data || r->size < c.reader.needs) return false;
  if (!m.type_size) return true;
  uint64_t type = read_number(static_cast<const uint8_t*>(r->data) + m.type_offset, m.type_size, swap);
  return type == static_cast<uint64_t>(static_cast<uint32_t>(m.id));
}

// Cuts a view at its first NUL.
std::string_view up_to_nul(std::string_view s) {
  size_t nul = s.find('\0');
  return nul == std::string_view::npos ? s : s.substr(0, nul);
}

class RecordValue {
 public:
  RecordValue(const Source& src, const Column& c, const tep_record& r)
      : src_(src), c_(c), ctx_{src.tep, src.event, print::RecordView(src.tep, r.data, r.size)} {}

  Value read() {
    Value v;
    const Reader& r = c_.reader;
    switch (r.from) {
      case Reader::From::Nothing:
      case Reader::From::BprintText: return v;
      case Reader::From::Scalar: return integer(ctx_.record.number(r.offset, r.size));
      case Reader::From::Expr: return integer(print::evaluate(ctx_, *r.expr));
      case Reader::From::Test: return integer(print::evaluate(ctx_, *r.expr) != 0);
      case Reader::From::Choice: return choice();
      case Reader::From::FixedBytes:
      case Reader::From::DynamicBytes:
      case Reader::From::PrintkString: return bytes(r.from, r.offset, r.size, r.relative);
    }
    return v;
  }

 private:
  Value integer(uint64_t bits) const {
    Value v;
    v.valid = true;
    v.bits = c_.type == ValueType::Bool ? bits != 0 : normalize(bits, c_.type);
    return v;
  }

  Value bytes(Reader::From from, int offset, int size, bool relative) const {
    Value v;
    const print::RecordView& rec = ctx_.record;
    int64_t at = offset, length = size;
    if (from == Reader::From::PrintkString) {
      // Read natively, as upstream does before looking the address up.
      uint64_t addr = 0;
      if (!rec.inside(offset, size)) return v;
      if (size == 8) {
        memcpy(&addr, rec.data + offset, 8);
      } else {
        uint32_t a32;
        memcpy(&a32, rec.data + offset, 4);
        addr = a32;
      }
      const char* text = src_.tep.printk.find(addr);
      if (!text) return v;
      v.valid = true;
      v.bytes = text;
      return v;
    }
    if (from == Reader::From::DynamicBytes) {
      print::FieldRef f;
      f.offset = offset;
      f.size = size;
      f.is_relative = relative;
      print::dynamic_location(ctx_, f, at, length);
    } else if (size == 0) {
      length = rec.size - offset;  // "char buf[]; size:0": the rest of the record
    }
    if (!rec.inside(at, length)) return v;
    const Reader& r = c_.reader;
    if (r.length) {
      uint64_t n = print::evaluate(ctx_, *r.length) * static_cast<uint64_t>(r.length_scale);
      if (n < static_cast<uint64_t>(length)) length = static_cast<int64_t>(n);
    }
    if (r.max_length >= 0 && r.max_length < length) length = r.max_length;
    v.valid = true;
    v.bytes = std::string_view(reinterpret_cast<const char*>(rec.data + at), static_cast<size_t>(length));
    if (r.cut_at_nul) v.bytes = up_to_nul(v.bytes);
    return v;
  }

  Value string_leaf(const print::StrArg& s) const {
    using K = print::StrArg::Kind;
    Value v;
    switch (s.kind) {
      case K::DynString:
        v = bytes(Reader::From::DynamicBytes, s.field.offset, s.field.size, s.field.is_relative);
        break;
      case K::FieldBytes: v = bytes(Reader::From::FixedBytes, s.field.offset, s.field.size, false); break;
      case K::Address:
        return bytes(Reader::From::PrintkString, s.field.offset, src_.tep.long_size == 8 ? 8 : 4, false);
      default: return v;
    }
    v.bytes = up_to_nul(v.bytes);
    return v;
  }

  Value choice() const {
    int at = c_.reader.root;
    // Each step goes down the chain: at most as many steps as nodes.
    for (size_t steps = 0; at >= 0 && steps <= c_.choices.size(); steps++) {
      const Choice& ch = c_.choices[static_cast<size_t>(at)];
      switch (ch.leaf) {
        case Choice::Leaf::Branch: at = print::evaluate(ctx_, *ch.test) ? ch.yes : ch.no; continue;
        case Choice::Leaf::Table: {
          Value v = integer(print::evaluate(ctx_, *ch.value));
          if (c_.kind == Kind::Enum) v.code = lookup(ch.table, v.bits);
          return v;
        }
        case Choice::Leaf::Text: {
          Value v;
          v.code = ch.label;
          if (c_.kind == Kind::String) {
            v.valid = true;
            v.bytes = c_.labels[static_cast<size_t>(ch.label)];
          }
          return v;
        }
        case Choice::Leaf::String: return string_leaf(*ch.string);
        case Choice::Leaf::Null: return Value{};
      }
    }
    return Value{};
  }

  int32_t lookup(int table, uint64_t bits) const {
    if (table < 0 || static_cast<size_t>(table) >= c_.label_index.size()) return -1;
    const auto& index = c_.label_index[static_cast<size_t>(table)];
    auto it = std::lower_bound(index.begin(), index.end(), std::make_pair(bits, INT32_MIN));
    return it != index.end() && it->first == bits ? it->second : -1;
  }

 public:
  int32_t code_of(const Value& v) const {
    if (c_.reader.from == Reader::From::Choice) return v.code;
    return v.valid ? lookup(0, v.bits) : -1;
  }

 private:
  const Source& src_;
  const Column& c_;
  print::Context ctx_;
};

void store(void* values, size_t i, ValueType type, const Value& v) {
  char* out = static_cast<char*>(values);
  switch (type) {
    case ValueType::I8:
    case ValueType::U8:
    case ValueType::Bool: out[i] = static_cast<char>(v.bits); return;
    case ValueType::I16:
    case ValueType::U16: {
      uint16_t x = static_cast<uint16_t>(v.bits);
      memcpy(out + 2 * i, &x, 2);
      return;
    }
    case ValueType::I32:
    case ValueType::U32: {
      uint32_t x = static_cast<uint32_t>(v.bits);
      memcpy(out + 4 * i, &x, 4);
      return;
    }
    case ValueType::I64:
    case ValueType::U64: memcpy(out + 8 * i, &v.bits, 8); return;
    case ValueType::Bytes: {
      BytesView b{v.valid ? v.bytes.data() : nullptr, v.valid ? v.bytes.size() : 0};
      memcpy(out + sizeof(BytesView) * i, &b, sizeof(b));
      return;
    }
    case ValueType::None: return;
  }
}

// The hot path: a field read in place, for every record of the batch.
template <typename T>
size_t fill_scalar(const Model& m, const Column& c, const tep_record* const* records, size_t count,
                   T* out, uint8_t* valid, bool swap) {
  size_t n = 0;
  const int offset = c.reader.offset, size = c.reader.size;
  const ValueType type = c.type;
  for (size_t i = 0; i < count; i++) {
    const tep_record* r = records[i];
    bool ok = usable(m, c, r, swap);
    uint64_t bits = 0;
    if (ok) {
      bits = read_number(static_cast<const uint8_t*>(r->data) + offset, size, swap);
      bits = type == ValueType::Bool ? bits != 0 : normalize(bits, type);
    }
    out[i] = static_cast<T>(bits);
    if (valid) valid[i] = ok;
    n += ok;
  }
  return n;
}

template <typename T>
size_t fill_scalar_as(const Model& m, const Column& c, const tep_record* const* records, size_t count,
                      void* out, uint8_t* valid, bool swap) {
  return fill_scalar(m, c, records, count, static_cast<T*>(out), valid, swap);
}

}  // namespace

uint64_t normalize(uint64_t v, ValueType type) {
  int width = value_type_size(type);
  if (!is_integer(type) || width >= 8 || width <= 0) return v;
  int shift = 64 - 8 * width;
  if (is_signed_type(type)) return static_cast<uint64_t>(static_cast<int64_t>(v << shift) >> shift);
  return v & (~0ULL >> shift);
}

void index_labels(Column& c) {
  c.label_index.clear();
  for (const auto& table : c.tables) {
    std::vector<std::pair<uint64_t, int32_t>> index;
    for (const TableEntry& e : table)
      if (e.resolved) index.emplace_back(normalize(e.value, c.type), e.label);
    // The first entry of a value wins, as upstream prints the first match.
    std::stable_sort(index.begin(), index.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    index.erase(std::unique(index.begin(), index.end(),
                            [](const auto& a, const auto& b) { return a.first == b.first; }),
                index.end());
    c.label_index.push_back(std::move(index));
  }
}

bool belongs(const Source& src, const tep_record& record) {
  const Model& m = src.model;
  if (!record.data || record.size < int64_t{m.type_offset} + m.type_size) return false;
  if (!m.type_size) return true;
  uint64_t type = read_number(static_cast<const uint8_t*>(record.data) + m.type_offset, m.type_size,
                              record::swaps_bytes(src.tep));
  return type == static_cast<uint64_t>(static_cast<uint32_t>(m.id));
}

Value read_value(const Source& src, const Column& c, const tep_record& record) {
  if (!usable(src.model, c, &record, record::swaps_bytes(src.tep))) return Value{};
  RecordValue rv(src, c, record);
  Value v = rv.read();
  if (c.kind == Kind::Enum) v.code = rv.code_of(v);
  return v;
}

size_t fill_values(const Source& src, const Column& c, const tep_record* const* records, size_t count,
                   void* values, uint8_t* valid) {
  bool swap = record::swaps_bytes(src.tep);
  if (c.reader.from == Reader::From::Scalar) {
    switch (c.type) {
      case ValueType::I8:
      case ValueType::U8:
      case ValueType::Bool: return fill_scalar_as<uint8_t>(src.model, c, records, count, values, valid, swap);
      case ValueType::I16:
      case ValueType::U16: return fill_scalar_as<uint16_t>(src.model, c, records, count, values, valid, swap);
      case ValueType::I32:
      case ValueType::U32: return fill_scalar_as<uint32_t>(src.model, c, records, count, values, valid, swap);
      case ValueType::I64:
      case ValueType::U64: return fill_scalar_as<uint64_t>(src.model, c, records, count, values, valid, swap);
      default: break;
    }
  }
  size_t n = 0;
  for (size_t i = 0; i < count; i++) {
    Value v = records[i] ? read_value(src, c, *records[i]) : Value{};
    if (!v.valid) v.bits = 0;
    store(values, i, c.type, v);
    if (valid) valid[i] = v.valid;
    n += v.valid;
  }
  return n;
}

size_t fill_int64(const Source& src, const Column& c, const tep_record* const* records, size_t count,
                  int64_t* values, uint8_t* valid) {
  if (c.reader.from == Reader::From::Scalar && is_integer(c.type))
    return fill_scalar(src.model, c, records, count, values, valid, record::swaps_bytes(src.tep));
  size_t n = 0;
  for (size_t i = 0; i < count; i++) {
    Value v = records[i] ? read_value(src, c, *records[i]) : Value{};
    values[i] = v.valid ? static_cast<int64_t>(v.bits) : 0;
    if (valid) valid[i] = v.valid;
    n += v.valid;
  }
  return n;
}

size_t fill_codes(const Source& src, const Column& c, const tep_record* const* records, size_t count,
                  int32_t* codes, uint8_t* valid) {
  size_t n = 0;
  for (size_t i = 0; i < count; i++) {
    bool ours = records[i] && usable(src.model, c, records[i], record::swaps_bytes(src.tep));
    Value v = ours ? read_value(src, c, *records[i]) : Value{};
    codes[i] = ours ? v.code : -1;
    bool has = ours && (v.valid || v.code >= 0);
    if (valid) valid[i] = has;
    n += has;
  }
  return n;
}

}  // namespace tep::typed
