// SPDX-License-Identifier: LGPL-2.1
#include "typed/column.h"

namespace tep::typed {

const char* kind_name(Kind kind) {
  static const char* const names[kKindCount] = {
      "opaque", "int",     "uint",  "bool",     "enum", "flags",  "string",    "bytes",
      "array",  "cpuset",  "bitmask", "symbol", "pointer", "mac", "ipv4",    "ipv6",
      "sockaddr", "uuid",  "device", "duration", "timestamp", "derived",
  };
  int i = static_cast<int>(kind);
  return i >= 0 && i < kKindCount ? names[i] : "?";
}

int value_type_size(ValueType type) {
  switch (type) {
    case ValueType::None: return 0;
    case ValueType::I8:
    case ValueType::U8:
    case ValueType::Bool: return 1;
    case ValueType::I16:
    case ValueType::U16: return 2;
    case ValueType::I32:
    case ValueType::U32: return 4;
    case ValueType::I64:
    case ValueType::U64: return 8;
    case ValueType::Bytes: return static_cast<int>(sizeof(BytesView));
  }
  return 0;
}

ValueType integer_type(int width, bool is_signed) {
  switch (width) {
    case 1: return is_signed ? ValueType::I8 : ValueType::U8;
    case 2: return is_signed ? ValueType::I16 : ValueType::U16;
    case 4: return is_signed ? ValueType::I32 : ValueType::U32;
    default: return is_signed ? ValueType::I64 : ValueType::U64;
  }
}

bool is_integer(ValueType type) { return type >= ValueType::I8 && type <= ValueType::Bool; }

bool is_signed_type(ValueType type) { return type >= ValueType::I8 && type <= ValueType::I64; }

}  // namespace tep::typed
