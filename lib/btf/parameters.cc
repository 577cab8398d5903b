// SPDX-License-Identifier: LGPL-2.1
#include "btf/parameters.h"

#include "base/digits.h"

namespace tep::btf {

namespace {

bool is_qualifier(unsigned kind) {
  return kind == kTypedef || kind == kConst || kind == kVolatile || kind == kRestrict || kind == kTypeTag;
}

// The type a value is printed as: typedefs and qualifiers followed; 0 (void)
// for void, an invalid id or a chain that does not end.
uint32_t resolve(const BtfTypes& types, uint32_t id) {
  for (int depth = 0; depth < kMaxTypeDepth && types.valid(id); ++depth) {
    const TypeRecord r = types.type(id);
    if (!is_qualifier(r.kind())) return id;
    id = r.size_or_type;
  }
  return 0;
}

}  // namespace

void put_decimal(seq::Output& out, int64_t value) {
  char buf[base::kIntTextSize];
  char* end = buf + sizeof buf;
  const uint64_t magnitude = value < 0 ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  char* p = base::unsigned_digits(magnitude, 10, false, end);
  if (value < 0) *--p = '-';
  out.append(std::string_view(p, static_cast<size_t>(end - p)));
}

void put_hex(seq::Output& out, uint64_t value, bool prefix) {
  char buf[base::kIntTextSize];
  char* end = buf + sizeof buf;
  char* p = base::unsigned_digits(value, 16, false, end);
  if (prefix) {
    *--p = 'x';
    *--p = '0';
  }
  out.append(std::string_view(p, static_cast<size_t>(end - p)));
}

ParamValue param_value(const BtfTypes& types, uint32_t type, unsigned word_size) {
  ParamValue v;
  v.type = resolve(types, type);
  if (v.type == 0) return v;
  const TypeRecord r = types.type(v.type);
  switch (r.kind()) {
    case kInt:
      v.form = ParamValue::Form::kInt;
      v.encoding = types.int_encoding(v.type);
      v.size = r.size_or_type;
      v.is_signed = v.encoding >> 24 & kIntSigned;
      return v;
    case kPtr: v.form = ParamValue::Form::kPointer; return v;
    case kEnum:
      v.form = ParamValue::Form::kEnum;
      v.size = r.size_or_type;
      v.is_signed = r.info >> 31;
      return v;
    default: {
      v.form = ParamValue::Form::kOther;
      v.size = r.size_or_type;
      v.is_signed = r.kind() == kEnum64 && r.info >> 31;
      v.kind = kind_name(r.kind());
      v.words = v.size == 0 ? 1 : (uint64_t{v.size} + word_size - 1) / word_size;
      return v;
    }
  }
}

std::string_view enumerator_name(const BtfTypes& types, uint32_t enum_id, uint64_t value) {
  const TypeRecord r = types.type(enum_id);
  const uint32_t mask = r.size_or_type == 1 ? 0xff : r.size_or_type == 2 ? 0xffff : 0xffffffff;
  for (unsigned i = 0; i < r.vlen(); ++i) {
    const BtfTypes::Enumerator e = types.enumerator(enum_id, i);
    if (((e.value ^ value) & mask) == 0) return types.string(e.name_off);
  }
  return {};
}

}  // namespace tep::btf
