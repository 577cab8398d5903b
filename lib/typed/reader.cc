// SPDX-License-Identifier: LGPL-2.1
#include "typed/reader.h"

#include <algorithm>
#include <cstring>

#include "print_plan/evaluator.h"
#include "record/field_access.h"

namespace tep::typed {
namespace {

// The record is this event's and holds every byte the column needs.
inline bool usable(const Model& m, const Column& c, const tep_record* r, bool swap) {
  if (!r || !r->data || r->size < c.reader.needs) return false;
  if (!m.type_size) return true;
  uint64_t type = base::read_number(static_cast<const uint8_t*>(r->data) + m.type_offset, m.type_size, swap);
  return type == static_cast<uint64_t>(static_cast<uint32_t>(m.id));
}

// Cuts a view at its first NUL.
std::string_view up_to_nul(std::string_view s) {
  size_t nul = s.find('\0');
  return nul == std::string_view::npos ? s : s.substr(0, nul);
}

class RecordValue {
 public:
  RecordValue(const BatchSource& src, const Column& c, const tep_record& r)
      : src_(src), c_(c), ctx_{src.tep, src.event, print_plan::RecordView(src.tep, r.data, r.size)} {}

  Value read() {
    Value v;
    const Reader& r = c_.reader;
    switch (r.from) {
      case Reader::From::kNothing:
      case Reader::From::kBprintText: return v;
      case Reader::From::kScalar: return integer(ctx_.record.number(r.offset, r.size));
      case Reader::From::kExpr: return integer(print_plan::evaluate(ctx_, *r.expr));
      case Reader::From::kTest: return integer(print_plan::evaluate(ctx_, *r.expr) != 0);
      case Reader::From::kChoice: return choice();
      case Reader::From::kFixedBytes:
      case Reader::From::kDynamicBytes:
      case Reader::From::kPrintkString: return bytes(r.from, r.offset, r.size, r.relative);
    }
    return v;
  }

 private:
  Value integer(uint64_t bits) const {
    Value v;
    v.valid = true;
    v.bits = c_.type == ValueType::kBool ? bits != 0 : normalize(bits, c_.type);
    return v;
  }

  Value bytes(Reader::From from, int offset, int size, bool relative) const {
    Value v;
    const print_plan::RecordView& rec = ctx_.record;
    int64_t at = offset, length = size;
    if (from == Reader::From::kPrintkString) {
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
    if (from == Reader::From::kDynamicBytes) {
      print_plan::FieldRef f;
      f.offset = offset;
      f.size = size;
      f.is_relative = relative;
      print_plan::dynamic_location(ctx_, f, at, length);
    } else if (size == 0) {
      length = rec.size - offset;  // "char buf[]; size:0": the rest of the record
    }
    if (!rec.inside(at, length)) return v;
    const Reader& r = c_.reader;
    if (r.length) {
      uint64_t n = print_plan::evaluate(ctx_, *r.length) * static_cast<uint64_t>(r.length_scale);
      if (n < static_cast<uint64_t>(length)) length = static_cast<int64_t>(n);
    }
    if (r.max_length >= 0 && r.max_length < length) length = r.max_length;
    v.valid = true;
    v.bytes = std::string_view(reinterpret_cast<const char*>(rec.data + at), static_cast<size_t>(length));
    if (r.cut_at_nul) v.bytes = up_to_nul(v.bytes);
    return v;
  }

  Value string_leaf(const print_plan::StrArg& s) const {
    using K = print_plan::StrArg::Kind;
    Value v;
    switch (s.kind) {
      case K::kDynString:
        v = bytes(Reader::From::kDynamicBytes, s.field.offset, s.field.size, s.field.is_relative);
        break;
      case K::kFieldBytes: v = bytes(Reader::From::kFixedBytes, s.field.offset, s.field.size, false); break;
      case K::kAddress:
        return bytes(Reader::From::kPrintkString, s.field.offset, src_.tep.long_size == 8 ? 8 : 4, false);
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
        case Choice::Leaf::kBranch: at = print_plan::evaluate(ctx_, *ch.test) ? ch.yes : ch.no; continue;
        case Choice::Leaf::kTable: {
          Value v = integer(print_plan::evaluate(ctx_, *ch.value));
          if (c_.kind == Kind::kEnum) v.code = lookup(ch.table, v.bits);
          return v;
        }
        case Choice::Leaf::kText: {
          Value v;
          v.code = ch.label;
          if (c_.kind == Kind::kString) {
            v.valid = true;
            v.bytes = c_.labels[static_cast<size_t>(ch.label)];
          }
          return v;
        }
        case Choice::Leaf::kString: return string_leaf(*ch.string);
        case Choice::Leaf::kNull: return Value{};
      }
    }
    return Value{};
  }

  int32_t lookup(int table, uint64_t bits) const { return enum_code(c_, table, bits); }

 public:
  int32_t code_of(const Value& v) const {
    if (c_.reader.from == Reader::From::kChoice) return v.code;
    return v.valid ? lookup(0, v.bits) : -1;
  }

 private:
  const BatchSource& src_;
  const Column& c_;
  print_plan::Context ctx_;
};

}  // namespace

uint64_t normalize(uint64_t v, ValueType type) {
  int width = value_type_size(type);
  if (!is_integer(type) || width >= 8 || width <= 0) return v;
  int shift = 64 - 8 * width;
  if (is_signed_type(type)) return static_cast<uint64_t>(static_cast<int64_t>(v << shift) >> shift);
  return v & (~0ULL >> shift);
}

int32_t enum_code(const Column& c, int table, uint64_t bits) {
  if (table < 0 || static_cast<size_t>(table) >= c.label_index.size()) return -1;
  const auto& index = c.label_index[static_cast<size_t>(table)];
  auto it = std::lower_bound(index.begin(), index.end(), std::make_pair(bits, INT32_MIN));
  return it != index.end() && it->first == bits ? it->second : -1;
}

void index_labels(Column& c) {
  c.label_index.clear();
  for (const auto& table : c.tables) {
    std::vector<std::pair<uint64_t, int32_t>> index;
    for (const TableEntry& e : table)
      if (e.resolved) index.emplace_back(normalize(e.value, c.type), e.label);
    // The first entry of a value wins, as upstream prints the first match.
    std::stable_sort(index.begin(), index.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    index.erase(
        std::unique(index.begin(), index.end(), [](const auto& a, const auto& b) { return a.first == b.first; }),
        index.end());
    c.label_index.push_back(std::move(index));
  }
}

bool belongs(const BatchSource& src, const tep_record& record) {
  const Model& m = src.model;
  if (!record.data || m.type_offset < 0 || record.size < int64_t{m.type_offset} + m.type_size) return false;
  if (!m.type_size) return true;
  uint64_t type = base::read_number(static_cast<const uint8_t*>(record.data) + m.type_offset, m.type_size,
                                    core::swaps_bytes(src.tep));
  return type == static_cast<uint64_t>(static_cast<uint32_t>(m.id));
}

Value read_value(const BatchSource& src, const Column& c, const tep_record& record) {
  if (!usable(src.model, c, &record, core::swaps_bytes(src.tep))) return Value{};
  RecordValue rv(src, c, record);
  Value v = rv.read();
  if (c.kind == Kind::kEnum) v.code = rv.code_of(v);
  return v;
}

}  // namespace tep::typed
