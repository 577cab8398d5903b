// SPDX-License-Identifier: LGPL-2.1
#include "btf/arg_printer.h"

#include <cstdint>

#include "base/log.h"
#include "btf/parameters.h"
#include "seq/output_buffer.h"

namespace tep::btf {

namespace {

using seq::Output;

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
  if (depth >= kMaxTypeDepth || !types.valid(id)) return;
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

// One parameter's value; false when the words ran out inside it (the line
// then ends, as upstream's does, with "...]").
bool put_value(const BtfTypes& types, Output& out, uint32_t type, Words& words) {
  // A by-value struct's words: upstream divides its size by its own
  // sizeof(long), whatever the words' size, so a 32-bit host takes twice the
  // words of a 64-bit trace.
  const ParamValue value = param_value(types, type, sizeof(long));
  return put_param_value(out, value, words, [&](uint64_t word) { return enumerator_name(types, value.type, word); });
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

void put_declaration(const BtfTypes& types, seq::Output& out, BtfTypes::Param param) {
  put_type(types, out, param.type, 0);
  out.append(types.string(param.name_off));
}

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
      put_declaration(types, out, types.param(proto.id, i));
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
