// SPDX-License-Identifier: LGPL-2.1
#include "typed/column.h"

namespace tep::typed {

const char* kind_name(Kind kind) {
  static const char* const names[kKindCount] = {
      "opaque", "int",     "uint", "bool", "enum", "flags",    "string", "bytes",  "array",    "cpuset",    "bitmask",
      "symbol", "pointer", "mac",  "ipv4", "ipv6", "sockaddr", "uuid",   "device", "duration", "timestamp", "derived",
  };
  int i = static_cast<int>(kind);
  return i >= 0 && i < kKindCount ? names[i] : "?";
}

ValueType integer_type(int width, bool is_signed) {
  switch (width) {
    case 1: return is_signed ? ValueType::kI8 : ValueType::kU8;
    case 2: return is_signed ? ValueType::kI16 : ValueType::kU16;
    case 4: return is_signed ? ValueType::kI32 : ValueType::kU32;
    default: return is_signed ? ValueType::kI64 : ValueType::kU64;
  }
}

}  // namespace tep::typed
