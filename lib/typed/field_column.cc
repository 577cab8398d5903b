// SPDX-License-Identifier: LGPL-2.1
#include "typed/field_column.h"

#include <string_view>

#include "typed/shape.h"

namespace tep::typed {
namespace {

// An array's element width: elementsize when the parser knew it, else the
// declared element type's ("__data_loc unsigned int[] lengths").
int element_width(const tep_format_field& field, int long_size) {
  int element = static_cast<int>(field.elementsize);
  if (element == 2 || element == 4 || element == 8) return element;
  std::string_view type = field.type ? field.type : "";
  for (std::string_view loc : {"__data_loc ", "__rel_loc "})
    if (type.substr(0, loc.size()) == loc) type.remove_prefix(loc.size());
  type = type.substr(0, type.find('['));
  int width = 0;
  bool is_signed = false;
  return integer_type_of(type, long_size, width, is_signed) ? width : element;
}

}  // namespace

Column field_column(const tep_format_field& field, int long_size) {
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
    c.type = ValueType::kBytes;
    if (flags & TEP_FIELD_IS_DYNAMIC) {
      r.from = Reader::From::kDynamicBytes;
      r.relative = flags & TEP_FIELD_IS_RELATIVE;
    } else {
      r.from = Reader::From::kFixedBytes;
    }
    int element = element_width(field, long_size);
    if (type.find("char") != std::string_view::npos) {
      c.kind = Kind::kString;
      r.cut_at_nul = true;
    } else if (type.find("cpumask") != std::string_view::npos) {
      c.kind = Kind::kCpuSet;
    } else if (element == 2 || element == 4 || element == 8) {
      c.kind = Kind::kArray;
      c.element = integer_type(element, is_signed);
    } else {
      c.kind = Kind::kBytes;
    }
  } else if (field.size == 1 || field.size == 2 || field.size == 4 || field.size == 8) {
    r.from = Reader::From::kScalar;
    c.type = integer_type(field.size, is_signed);
    if (is_bool_field(field)) {
      c.kind = Kind::kBool;
      c.type = ValueType::kBool;
    } else if (is_pointer_field(field) || (flags & TEP_FIELD_IS_POINTER)) {
      c.kind = Kind::kPointer;
      c.type = integer_type(field.size, false);
    } else {
      c.kind = is_signed ? Kind::kInt : Kind::kUint;
    }
  } else {
    // "char buf; size:0" of old ftrace print events: the rest of the record.
    r.from = Reader::From::kFixedBytes;
    c.kind = Kind::kBytes;
    c.type = ValueType::kBytes;
  }
  r.needs = int64_t{field.offset} + field.size;
  return c;
}

}  // namespace tep::typed
