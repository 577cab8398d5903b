// SPDX-License-Identifier: LGPL-2.1
#include "typed/field_column.h"

#include <string_view>

#include "typed/shape.h"

namespace tep::typed {

Column field_column(const tep_format_field& field) {
  Column c;
  c.name = field.name ? field.name : "";
  c.field = &field;
  std::string_view type = field.type ? field.type : "";
  const unsigned long flags = field.flags;
  bool is_signed = flags & TEP_FIELD_IS_SIGNED;
  Reader& r = c.reader;
  r.offset = field.offset;
  r.size = field.size;
  if (flags & TEP_FIELD_IS_ARRAY) {
    c.type = ValueType::Bytes;
    if (flags & TEP_FIELD_IS_DYNAMIC) {
      r.from = Reader::From::DynamicBytes;
      r.relative = flags & TEP_FIELD_IS_RELATIVE;
    } else {
      r.from = Reader::From::FixedBytes;
    }
    int element = static_cast<int>(field.elementsize);
    if ((flags & TEP_FIELD_IS_STRING) || type.find("char") != std::string_view::npos) {
      c.kind = Kind::String;
      r.cut_at_nul = true;
    } else if (type.find("cpumask") != std::string_view::npos) {
      c.kind = Kind::CpuSet;
    } else if (element == 2 || element == 4 || element == 8) {
      c.kind = Kind::Array;
      c.element = integer_type(element, is_signed);
    } else {
      c.kind = Kind::Bytes;
    }
  } else if (field.size == 1 || field.size == 2 || field.size == 4 || field.size == 8) {
    r.from = Reader::From::Scalar;
    c.type = integer_type(field.size, is_signed);
    if (is_bool_field(field)) {
      c.kind = Kind::Bool;
      c.type = ValueType::Bool;
    } else if (is_pointer_field(field) || (flags & TEP_FIELD_IS_POINTER)) {
      c.kind = Kind::Pointer;
      c.type = integer_type(field.size, false);
    } else {
      c.kind = is_signed ? Kind::Int : Kind::Uint;
    }
  } else {
    // "char buf; size:0" of old ftrace print events: the rest of the record.
    r.from = Reader::From::FixedBytes;
    c.kind = Kind::Bytes;
    c.type = ValueType::Bytes;
  }
  r.needs = int64_t{field.offset} + field.size;
  return c;
}

}  // namespace tep::typed
