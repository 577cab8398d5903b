// SPDX-License-Identifier: LGPL-2.1
// The compiled form of an event's print fmt: literal text and conversions with
// their arguments turned into evaluators whose fields are already resolved
// (offset, size, element size). Printing a record walks the steps; nothing is
// looked up by name, parsed or allocated per record on the common paths.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "format/event.h"
#include "core/handle.h"
#include "format_string/print_fmt.h"
#include "print_args/print_functions.h"

namespace tep::print_plan {

struct StrArg;
struct FunctionCall;

// A printk format prepared once: its text ("%ps: " + format) and the reads
// that pull its arguments out of the binary buffer (upstream's make_bprint_args).
struct BprintFormat {
  struct Read {
    enum class Kind : uint8_t { kNumber, kString, kPointerOrString } kind = Kind::kNumber;
    int size = 0;                   // Number: bytes read (after 4-byte alignment)
    bool starts_directive = false;  // the buffer's end is checked here
  };
  std::string text;
  std::vector<Read> reads;
};

// A __data_loc / __rel_loc field, or a fixed one: where it lies in the record.
struct FieldRef {
  int offset = 0;
  int size = 0;
  int element_size = 0;
  bool is_array = false;
  bool is_dynamic = false;
  bool is_relative = false;
  bool valid = false;
};

// A numeric expression (upstream's eval_num_arg), on unsigned 64-bit values.
struct Expr {
  enum class Kind : uint8_t {
    kZero,            // NULL args, strings, flags: upstream gives 0 or garbage
    kConstant,        // atom
    kField,           // REC->x, read unsigned with the field's size
    kDynamicAddress,  // __get_dynamic_array(x): host address of the payload
    kDynamicLength,   // __get_dynamic_array_len(x)
    kFieldIndex,      // REC->x[i]
    kDynamicIndex,    // __get_dynamic_array(x)[i] (index in bytes, as upstream)
    kMask,            // (u8)x: every cast upstream knows is a mask
    kConditional,     // c ? a : b
    kBinary,          // left op right
    kFunction,        // a registered print function's return value
    kBprintArg,       // bprint: the value read from the binary buffer
  };
  enum class Op : uint8_t {
    kUnknown,
    kNot,
    kNe,
    kBitNot,
    kLogOr,
    kOr,
    kLogAnd,
    kAnd,
    kLt,
    kShl,
    kLe,
    kGt,
    kShr,
    kGe,
    kEq,
    kSub,
    kAdd,
    kDiv,
    kMod,
    kMul,
  };
  Kind kind = Kind::kZero;
  Op op = Op::kUnknown;
  uint64_t constant = 0;  // Constant value, Mask mask, FieldIndex/DynamicIndex cast mask
  FieldRef field;
  int element_size = 0;  // FieldIndex / DynamicIndex read size
  const Expr* a = nullptr;
  const Expr* b = nullptr;
  const Expr* c = nullptr;
  const FunctionCall* call = nullptr;
  int index = 0;  // BprintArg
};

// A registered print function with its compiled arguments.
struct FunctionCall {
  const tep_function_handler* handler = nullptr;
  struct Param {
    bool is_string = false;
    const Expr* number = nullptr;
    const StrArg* string = nullptr;
  };
  std::vector<Param> params;
};

// What a %s conversion prints (upstream's print_str_arg).
struct StrArg {
  enum class Kind : uint8_t {
    kNothing,
    kText,
    kAddress,
    kFieldBytes,
    kFlags,
    kSymbols,
    kHex,
    kHexString,
    kIntArray,
    kDynString,
    kBitmask,
    kCpumask,
    kConditional,
    kFunction,
    kBprintArg,
    kStacktrace,  // __get_stacktrace(x): x's dynamic array of long-sized return addresses
  };
  struct Symbol {
    int64_t value;  // flags compare signed (unknown names are -1), symbols unsigned
    std::string text;
  };
  Kind kind = Kind::kNothing;
  std::string text;  // Text; Flags delimiter
  bool has_delimiter = false;
  FieldRef field;  // FieldBytes, DynString, Bitmask, Cpumask; Hex/IntArray source
  bool source_is_dynamic = false;
  // IntArray of __print_dynamic_array(x, size): no count, the array's length
  // divided by the element size is.
  bool count_from_length = false;
  const Expr* value = nullptr;  // Flags/Symbols value; Hex/IntArray count; Conditional test
  const Expr* element_size = nullptr;
  std::vector<Symbol> symbols;
  // Flags: the entries' values as the walk tests them, all bits set for one
  // that never matches (value <= 0); and one past the last entry with a
  // negative value, the only kind that prints once no bit is left.
  std::vector<uint64_t> flag_bits;
  size_t negative_end = 0;
  const StrArg* yes = nullptr;
  const StrArg* no = nullptr;
  const FunctionCall* call = nullptr;
  int index = 0;  // BprintArg
};

// What a %p conversion prints (upstream's print_arg_pointer).
struct PointerArg {
  enum class Kind : uint8_t {
    kPlain,
    kSymbol,
    kMac,
    kIpv4,
    kIpv6,
    kIpSockaddr,
    kIpNothing,
    kUuid,
    kHexBuffer,
    // The kernel's, which upstream 1.9.0 does not know (print fmts only):
    kPhysAddr,   // %pa %pap %pad: "0x" and the value in 2 * long size hex digits
    kBacktrace,  // %pB: %pS of a return address (its function is the one holding address - 1)
  };
  enum class Source : uint8_t { kValue, kText, kField, kDynamic, kFunction, kWrongType, kBprintArg };
  Kind kind = Kind::kPlain;
  Source source = Source::kValue;
  const Expr* value = nullptr;  // Plain / Symbol
  std::string text;             // Text: a string argument is printed as is
  FieldRef field;
  const FunctionCall* call = nullptr;
  int wrong_type = 0;  // tep_print_arg_type printed by "ARG TYPE NOT FIELD BUT %d"
  int index = 0;       // BprintArg
  // options from the letters after 'p'
  bool symbol_offset = false;  // %pS %pF
  char mac_separator = ':';    // 0 for %pm
  bool reverse = false;        // %pMR, %pI4l / h
  char ip_letter = 'I';        // 'i': no colons / zero padded
  bool compressed = false;     // %pI6c %pISc
  bool with_port = false;      // %pISp
  bool uuid_upper = false;
  bool uuid_little_endian = false;
  const char* delimiter = " ";  // %*ph[CDN]
};

// Kept small and flat: printing a record walks its steps, and the common
// arguments (a plain field, a __get_str string) live in the step itself.
struct Step {
  enum class Kind : uint8_t { kLiteral, kNumber, kString, kPointer, kBadCount };
  // How run_steps runs it, chosen when compiling: the shapes most records
  // print, without a '*' and by hand, in the loop; the rest through run_step.
  enum class Run : uint8_t {
    kLiteral,  // `literal`
    kField1,   // a number of the scalar field of that size at field_offset (>= 0)
    kField2,
    kField4,
    kField8,
    kNumber,     // a number of `number`
    kDynString,  // %s of __get_str(x): the field at field_offset / field_size
    kString,     // %s of `string`
    kPointer,    // %p of `pointer`
    kOther,      // run_step
  };
  Kind kind = Kind::kLiteral;
  Run run = Run::kLiteral;
  bool relative = false;     // Run::kDynString is a __rel_loc
  int32_t field_offset = 0;  // Run::Field* / DynString
  int32_t field_size = 0;
  format_string::PrintFmtConversion conversion;
  std::string_view literal;    // into Plan::texts
  const Expr* star = nullptr;  // the argument feeding '*'
  const Expr* number = nullptr;
  const StrArg* string = nullptr;
  const PointerArg* pointer = nullptr;
};

// One compiled print fmt, for one generation of its handle (format::Event::plan).
struct Plan : base::Generated {
  std::vector<Step> steps;  // one per conversion and per run of literal text (lib/typed reads them)
  // What run_steps walks: each conversion step with the literal before it, so
  // that a literal costs no step of its own; a literal at the end is its step.
  struct Printed {
    std::string_view prefix;
    const Step* step;
  };
  std::vector<Printed> printed;
  bool failed = false;  // an argument was missing or a count was bad
  // storage for the trees and texts the steps point into (deques: stable addresses)
  std::deque<Expr> exprs;
  std::deque<StrArg> strings;
  std::deque<PointerArg> pointers;
  std::deque<FunctionCall> calls;
  std::deque<std::string> texts;

  // ftrace:bprint: its fields, and plans per printk format (built on demand).
  bool is_bprint = false;
  FieldRef bprint_fmt, bprint_buf, bprint_ip;
  bool bprint_fields_found = false;
  mutable std::mutex bprint_mutex;
  mutable std::map<std::pair<uint64_t, int>, std::unique_ptr<Plan>> bprint_plans;
  mutable std::map<uint64_t, std::unique_ptr<BprintFormat>> bprint_formats;
};

}  // namespace tep::print_plan
