// SPDX-License-Identifier: LGPL-2.1
// A function parameter's value as the argument words of a function or
// funcgraph_entry record hold it: what its BTF type is once typedefs and
// qualifiers are followed, how many words it takes, and its text as
// tep_btf_print_args writes it. The printer (arg_printer.cc) and the typed
// columns of function arguments (lib/typed/function_args) both read
// parameters through this, so that they agree on every word.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#include "btf/btf_types.h"
#include "seq/output_buffer.h"

namespace tep::btf {

// Type chains (typedef -> const -> pointer ...) longer than this are taken
// as loops: no C declaration nests so deep, and a crafted blob can point a
// type at itself (upstream recurses until the stack runs out).
constexpr int kMaxTypeDepth = 32;

struct ParamValue {
  enum class Form : uint8_t {
    kVoid,     // no type (a variadic "..."): one word, printed as nothing
    kInt,      // INT: `encoding` gives its bits, bit offset, signedness, bool
    kPointer,  // PTR
    kEnum,     // ENUM of `size` bytes, signed when `is_signed`
    kOther,    // anything else by value: its words, under its kind's name
  };
  Form form = Form::kVoid;
  uint32_t type = 0;      // the type it was resolved to (0: void)
  uint32_t encoding = 0;  // Int
  uint32_t size = 0;      // Enum, Other: the record's size field
  bool is_signed = false;
  uint64_t words = 1;     // argument words it takes
  const char* kind = "";  // Other: upstream's name of its kind ("STRUCT")
};

// BTF_INT_BOOL in an INT's encoding.
constexpr uint32_t kIntBool = 4;

// `type` (a parameter's) as a value; a missing id, void, or a chain that does
// not end is kVoid. A kOther value takes one argument word per `word_size`
// bytes (4 or 8) of its size (at least one).
ParamValue param_value(const BtfTypes& types, uint32_t type, unsigned word_size);

// The name of the first of an ENUM's values equal to `value` cut to the
// enum's size (4 bytes unless the record says 1 or 2); "" if none.
std::string_view enumerator_name(const BtfTypes& types, uint32_t enum_id, uint64_t value);

// Argument words of 4 or 8 bytes in host order; a negative count or null
// pointer is no words.
class Words {
 public:
  Words(const void* args, int nmem, int size)
      : args_(static_cast<const uint8_t*>(args)), count_(args && nmem > 0 ? nmem : 0), size_(size) {}
  bool empty() const { return next_ >= count_; }
  uint64_t take() {
    const uint8_t* p = args_ + static_cast<size_t>(next_++) * size_;
    if (size_ == 8) {
      uint64_t v;
      memcpy(&v, p, 8);
      return v;
    }
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
  }
  int count() const { return count_; }

 private:
  const uint8_t* args_;
  int count_;
  int next_ = 0;
  int size_;
};

void put_decimal(seq::Output& out, int64_t value);
void put_hex(seq::Output& out, uint64_t value, bool prefix);

// Appends the parameter's text, taking its words; false when the words ran
// out inside it (print_args then ends the line, as upstream's does, after
// "...]"). `enum_name(word)` names an enum's value ("" when no name matches).
template <typename EnumName>
bool put_param_value(seq::Output& out, const ParamValue& value, Words& words, EnumName enum_name) {
  switch (value.form) {
    case ParamValue::Form::kVoid: words.take(); return true;
    case ParamValue::Form::kInt: {
      const unsigned bits = value.encoding & 0xff;
      // The shift count is taken modulo 64, as x86's shift (upstream's) does.
      uint64_t v = words.take() >> ((value.encoding >> 16 & 0xff) & 63);
      if (bits < 64) v &= (uint64_t{1} << bits) - 1;
      if (value.encoding >> 24 & kIntSigned)
        put_decimal(out, static_cast<int64_t>(v));
      else
        put_hex(out, v, true);
      return true;
    }
    case ParamValue::Form::kPointer: put_hex(out, words.take(), true); return true;
    case ParamValue::Form::kEnum: {
      // Ahead of upstream 1.9.0 (which prints the number): the enumerator's
      // name when the word's low bits, as many as the enum has, are one's value.
      const uint64_t word = words.take();
      if (const std::string_view name = enum_name(word); !name.empty())
        out.append(name);
      else
        put_decimal(out, static_cast<int64_t>(word));
      return true;
    }
    case ParamValue::Form::kOther:
      out.append_char('(');
      out.append(value.kind);
      out.append(")[");
      for (uint64_t i = 0; i < value.words; ++i) {
        if (i) out.append_char(':');
        if (words.empty()) {
          out.append("...]");
          return false;
        }
        put_hex(out, words.take(), true);
      }
      out.append_char(']');
      return true;
  }
  return true;
}

}  // namespace tep::btf
