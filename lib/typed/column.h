// SPDX-License-Identifier: LGPL-2.1
// Column: what one printed value of an event means, and how to read it from a
// record. An event's model (model.h) has one column per print fmt argument
// (two for a MAJOR/MINOR pair printed together) and one per raw field.
// Values are read with the print plan's own evaluator (lib/print_plan), so a
// column never disagrees with the text upstream prints for it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "btf/parameters.h"
#include "print_plan/plan.h"

namespace tep::typed {

// What a value means. The numbers are the public enum tev_kind's.
enum class Kind : uint8_t {
  kOpaque,  // upstream's text only
  kInt,     // signed integer of its real width
  kUint,    // unsigned integer of its real width
  kBool,
  kEnum,   // __print_symbolic: value -> name
  kFlags,  // __print_flags: a set of named masks
  kString,
  kBytes,
  kArray,    // __print_array, fixed and dynamic arrays of integers
  kCpuSet,   // __get_cpumask
  kBitmask,  // __get_bitmask, %*pb / %*pbl
  kSymbol,   // a kernel address printed %pS / %ps
  kPointer,
  kMac,
  kIpv4,
  kIpv6,
  kSockaddr,  // struct sockaddr_in / _in6 bytes (%pIS)
  kUuid,
  kDevice,     // a dev_t printed as MAJOR,MINOR
  kDuration,   // an integer with a time unit the print fmt states
  kTimestamp,  // a point in time with a unit the print fmt states
  kDerived,    // an expression over fields (evaluated by lib/print_plan)
};
constexpr int kKindCount = static_cast<int>(Kind::kDerived) + 1;
const char* kind_name(Kind kind);

// How a value is stored when read (the public enum tev_type's numbers).
enum class ValueType : uint8_t { kNone, kI8, kI16, kI32, kI64, kU8, kU16, kU32, kU64, kBool, kBytes };
// A stored Bytes value: the public struct tev_bytes.
struct BytesView {
  const void* data;
  size_t size;
};
// Bytes per stored value (Bytes: a BytesView).
constexpr int value_type_size(ValueType type) {
  switch (type) {
    case ValueType::kNone: return 0;
    case ValueType::kI8:
    case ValueType::kU8:
    case ValueType::kBool: return 1;
    case ValueType::kI16:
    case ValueType::kU16: return 2;
    case ValueType::kI32:
    case ValueType::kU32: return 4;
    case ValueType::kI64:
    case ValueType::kU64: return 8;
    case ValueType::kBytes: return static_cast<int>(sizeof(BytesView));
  }
  return 0;
}
// The integer type of `width` bytes (1, 2, 4, 8; others: 8).
ValueType integer_type(int width, bool is_signed);
constexpr bool is_integer(ValueType type) { return type >= ValueType::kI8 && type <= ValueType::kBool; }
constexpr bool is_signed_type(ValueType type) { return type >= ValueType::kI8 && type <= ValueType::kI64; }

// One entry of an enum or flag table, in print fmt order.
struct TableEntry {
  uint64_t value = 0;    // the key as the kernel means it ("-6" is 2^64 - 6)
  bool resolved = true;  // false: an upper-case name the kernel never expanded
  std::string key_text;  // the key as the format wrote it
  std::string name;
  int label = -1;  // Enum: index into Column::labels
};

// Which branch of a ?: chain a record takes, and what that branch is.
struct Choice {
  enum class Leaf : uint8_t { kBranch, kTable, kText, kString, kNull };  // Null: prints nothing
  Leaf leaf = Leaf::kBranch;
  const print_plan::Expr* test = nullptr;      // Branch: yes when nonzero
  int yes = -1, no = -1;                       // Branch: indexes into Column::choices
  const print_plan::Expr* value = nullptr;     // Table: the value looked up
  int table = -1;                              // Table: index into Column::tables
  int label = -1;                              // Text: index into Column::labels
  const print_plan::StrArg* string = nullptr;  // String: a string the plan prints (__get_str, char[])
};

// How a column's value is taken out of a record.
struct Reader {
  enum class From : uint8_t {
    kNothing,       // opaque: no value, text only
    kScalar,        // an integer at a fixed offset
    kExpr,          // print_plan::evaluate() of an expression
    kTest,          // a boolean: expression != 0
    kChoice,        // a ?: chain choosing a table, a text or a value
    kFixedBytes,    // bytes at a fixed offset
    kDynamicBytes,  // a __data_loc / __rel_loc payload
    kPrintkString,  // a kernel string address looked up in the printk formats
    kBprintText,    // ftrace:bprint's formatted message (text only)
  };
  // What a batch looks at to choose its loop comes first (one cache line).
  From from = From::kNothing;
  int offset = 0, size = 0;  // Scalar / FixedBytes; the location word of DynamicBytes
  bool relative = false;     // DynamicBytes: __rel_loc
  bool cut_at_nul = false;   // strings: up to the first NUL
  // Every record byte the value depends on lies below this (common_type included):
  // a record shorter than that gives null.
  int64_t needs = 0;
  int64_t max_length = -1;                   // bytes: a constant bound (-1: none)
  const print_plan::Expr* length = nullptr;  // bytes: a length (times length_scale) bounding the payload
  int length_scale = 1;
  int root = -1;                               // Choice: the first node
  const print_plan::Expr* expr = nullptr;      // Expr / Test value
  const print_plan::StrArg* string = nullptr;  // PrintkString: nothing else needed
};

struct Column {
  // First, what a batch reads of every column it fills (together, not spread
  // over the strings' cache lines).
  Kind kind = Kind::kOpaque;
  ValueType type = ValueType::kNone;
  ValueType element = ValueType::kNone;  // Array: each element's type
  Reader reader;

  std::string name;
  std::string default_name;                 // the builder's name when the print fmt gives none ("caller[3]")
  std::string unit;                         // Duration / Timestamp: "ns", "us", "ms", "s", "jiffies"
  std::string note;                         // why a column is opaque, or what it derives from
  const tep_format_field* field = nullptr;  // the field it reads, when one
  int print_arg = -1;                       // index of its print fmt argument (-1: a raw field)
  std::string conversion;                   // the directive that prints it ("%pS", "%s")

  // Enum / Flags: the tables; Enum also has labels, every name once, so that a
  // value maps to one code whatever table it came from.
  std::vector<std::vector<TableEntry>> tables;
  std::vector<std::string> labels;
  // Enum: per table, (value, label) sorted by value, the first entry of a value only.
  std::vector<std::vector<std::pair<uint64_t, int32_t>>> label_index;
  std::vector<Choice> choices;
  std::string delimiter;  // Flags
  bool has_delimiter = false;
  std::string zero_name;  // Flags: what a value of 0 is called
  bool has_zero_name = false;
  int minor_bits = 0;  // Device: dev_t = MAJOR << minor_bits | MINOR

  // A function's parameter (function_args.h): how its words print, and where
  // the first lies in the record (-1: the column is no parameter).
  btf::ParamValue parameter;
  int parameter_offset = -1;

  // Text: the literal print fmt text before the column, and the plan steps that
  // print it (first..last). A raw field prints through tep_print_field.
  std::string prefix;
  int first_step = -1, last_step = -1;
};

}  // namespace tep::typed
