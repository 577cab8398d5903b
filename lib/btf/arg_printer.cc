// SPDX-License-Identifier: LGPL-2.1
#include "btf/arg_printer.h"

#include <cstdint>
#include <cstring>

#include "base/digits.h"
#include "base/log.h"
#include "seq/output_buffer.h"

namespace tep::btf {

namespace {

using seq::Output;

// Type chains (typedef -> const -> pointer ...) longer than this are taken
// as loops: no C declaration nests so deep, and a crafted blob can point a
// type at itself (upstream recurses until the stack runs out).
constexpr int kMaxDepth = 32;

void put_decimal(Output& out, int64_t value) {
  char buf[base::kIntTextSize];
  char* end = buf + sizeof buf;
  const uint64_t magnitude = value < 0 ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  char* p = base::unsigned_digits(magnitude, 10, false, end);
  if (value < 0) *--p = '-';
  out.append(std::string_view(p, static_cast<size_t>(end - p)));
}

void put_hex(Output& out, uint64_t value, bool prefix) {
  char buf[base::kIntTextSize];
  char* end = buf + sizeof buf;
  char* p = base::unsigned_digits(value, 16, false, end);
  if (prefix) {
    *--p = 'x';
    *--p = '0';
  }
  out.append(std::string_view(p, static_cast<size_t>(end - p)));
}

bool is_qualifier(unsigned kind) {
  return kind == kTypedef || kind == kConst || kind == kVolatile || kind == kRestrict || kind == kTypeTag;
}

// The type a value is printed as: typedefs and qualifiers followed; 0 (void)
// for void, an invalid id or a chain that does not end.
uint32_t resolve(const BtfTypes& types, uint32_t id) {
  for (int depth = 0; depth < kMaxDepth && types.valid(id); ++depth) {
    const TypeRecord r = types.type(id);
    if (!is_qualifier(r.kind())) return id;
    id = r.size_or_type;
  }
  return 0;
}

// An INT's C name from its encoding, not its BTF name: the width in bits and
// the signed flag ("char" is unsigned on a kernel built with -funsigned-char).
void put_int_name(Output& out, uint32_t encoding) {
  if (!(encoding >> 24 & kIntSigned)) out.append("unsigned ");
  switch (encoding & 0xff) {
    case 8: out.append("char "); break;
    case 16: out.append("short "); break;
    case 32: out.append("int "); break;
    case 64: out.append("long long "); break;
    default:
      out.append("int");
      put_decimal(out, encoding & 0xff);
      out.append_char(' ');
  }
}

// The declaration's text before the parameter name: "const struct file *".
// Kinds C cannot spell here (arrays, prototypes, forward declarations, enum64,
// floats) print nothing, as upstream's.
void put_type(const BtfTypes& types, Output& out, uint32_t id, int depth) {
  if (depth >= kMaxDepth || !types.valid(id)) return;
  const TypeRecord r = types.type(id);
  switch (r.kind()) {
    case kInt: put_int_name(out, types.int_encoding(id)); break;
    case kPtr:
      if (r.size_or_type == 0)
        out.append("void ");
      else
        put_type(types, out, r.size_or_type, depth + 1);
      out.append_char('*');
      break;
    case kStruct:
    case kUnion:
    case kEnum:
      out.append(r.kind() == kStruct ? "struct " : r.kind() == kUnion ? "union " : "enum ");
      out.append(types.string(r.name_off));
      out.append_char(' ');
      break;
    case kTypedef:
      out.append(types.string(r.name_off));
      out.append_char(' ');
      break;
    case kConst:
    case kVolatile:
      out.append(r.kind() == kConst ? "const " : "volatile ");
      put_type(types, out, r.size_or_type, depth + 1);
      break;
    case kRestrict:
    case kTypeTag: put_type(types, out, r.size_or_type, depth + 1); break;
    default: break;
  }
}

// The name of the first of an ENUM's values equal to `value` cut to the
// enum's size (4 bytes unless the record says 1 or 2); "" if none.
std::string_view enumerator_name(const BtfTypes& types, uint32_t enum_id, uint64_t value) {
  const TypeRecord r = types.type(enum_id);
  const uint32_t mask = r.size_or_type == 1 ? 0xff : r.size_or_type == 2 ? 0xffff : 0xffffffff;
  for (unsigned i = 0; i < r.vlen(); ++i) {
    const BtfTypes::Enumerator e = types.enumerator(enum_id, i);
    if (((e.value ^ value) & mask) == 0) return types.string(e.name_off);
  }
  return {};
}

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

// One parameter's value; false when the words ran out inside it (the line
// then ends, as upstream's does, with "...]").
bool put_value(const BtfTypes& types, Output& out, uint32_t type, Words& words) {
  const uint32_t id = resolve(types, type);
  if (id == 0) {  // void (a variadic "..." slot): its word is skipped
    words.take();
    return true;
  }
  const TypeRecord r = types.type(id);
  switch (r.kind()) {
    case kInt: {
      const uint32_t encoding = types.int_encoding(id);
      const unsigned bits = encoding & 0xff;
      // The shift count is taken modulo 64, as x86's shift (upstream's) does.
      uint64_t v = words.take() >> ((encoding >> 16 & 0xff) & 63);
      if (bits < 64) v &= (uint64_t{1} << bits) - 1;
      if (encoding >> 24 & kIntSigned)
        put_decimal(out, static_cast<int64_t>(v));
      else
        put_hex(out, v, true);
      return true;
    }
    case kPtr: put_hex(out, words.take(), true); return true;
    case kEnum: {
      // Ahead of upstream 1.9.0 (which prints the number): the enumerator's
      // name when the word's low bits, as many as the enum has, are one's value.
      const uint64_t word = words.take();
      if (const std::string_view name = enumerator_name(types, id, word); !name.empty())
        out.append(name);
      else
        put_decimal(out, static_cast<int64_t>(word));
      return true;
    }
    default: {
      // Anything else by value: its words as "(KIND)[0x1:0x2]", one word per
      // host long of the record's size field (at least one), whatever the word
      // size: upstream divides by its sizeof(long), so a 32-bit host takes twice the words.
      out.append_char('(');
      out.append(kind_name(r.kind()));
      out.append(")[");
      constexpr uint64_t kLong = sizeof(long);
      const uint64_t count = r.size_or_type == 0 ? 1 : (uint64_t{r.size_or_type} + kLong - 1) / kLong;
      for (uint64_t i = 0; i < count; ++i) {
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
  }
}

// A named function's FUNC_PROTO and its parameter count. status: 1 found; 0 when
// the FUNC's type is missing, -1 (with upstream's warning) when it is not a
// prototype: what the caller returns.
struct Prototype {
  int status;
  uint32_t id;
  unsigned params;
};

Prototype prototype(const BtfTypes& types, uint32_t func_id, std::string_view func) {
  const uint32_t proto = types.type(func_id).size_or_type;
  if (!types.valid(proto)) return {0, 0, 0};
  const unsigned kind = types.type(proto).kind();
  if (kind != kFuncProto) {
    tep_warning("Invalid func proto type %d %s for function %.*s\n", static_cast<int>(kind), kind_name(kind),
                static_cast<int>(func.size()), func.data());
    return {-1, 0, 0};
  }
  return {1, proto, types.type(proto).vlen()};
}

}  // namespace

int list_args(const Btf* btf, trace_seq* s, std::string_view func) {
  if (!btf) return -1;
  const BtfTypes& types = btf->types;
  const uint32_t id = btf->find_function(func);
  if (id == 0) return -1;
  const Prototype proto = prototype(types, id, func);
  if (proto.status <= 0) return proto.status;
  {
    Output out(s);
    for (unsigned i = 0; i < proto.params; ++i) {
      if (i) out.append(", ");
      const BtfTypes::Param p = types.param(proto.id, i);
      put_type(types, out, p.type, 0);
      out.append(types.string(p.name_off));
    }
  }
  seq::nul_terminate(s);
  return static_cast<int>(proto.params);
}

int print_args(const Btf* btf, trace_seq* s, const void* args, int nmem, int size, std::string_view func) {
  if (size != 4 && size != 8) return -1;
  Words words(args, nmem, size);
  const uint32_t id = btf ? btf->find_function(func) : 0;
  if (id == 0) {
    {
      Output out(s);
      for (int i = 0; i < words.count(); ++i) {
        if (i) out.append(", ");
        put_hex(out, words.take(), false);
      }
    }
    seq::nul_terminate(s);
    return 0;
  }
  const BtfTypes& types = btf->types;
  const Prototype proto = prototype(types, id, func);
  if (proto.status <= 0) return proto.status;
  {
    Output out(s);
    for (unsigned i = 0; i < proto.params; ++i) {
      if (i) out.append(", ");
      if (words.empty()) {
        out.append("...");
        break;
      }
      const BtfTypes::Param p = types.param(proto.id, i);
      out.append(types.string(p.name_off));
      out.append_char('=');
      if (!put_value(types, out, p.type, words)) break;
    }
  }
  seq::nul_terminate(s);
  return 0;
}

}  // namespace tep::btf
