// SPDX-License-Identifier: LGPL-2.1
// Numbers (%d %u %x %c ...) and pointers (%p %pS %pM %pI4 ...); strings are in
// classify_string.cc.
#include "typed/classify.h"

#include <cstdlib>
#include <cstring>

#include "typed/shape.h"

namespace tep::typed {
namespace {

bool scalar_size(int size) { return size == 1 || size == 2 || size == 4 || size == 8; }

const tep_format_field* resolved(const tep_print_arg* node, const format::Event& event) {
  if (!node || node->type != TEP_PRINT_FIELD) return nullptr;
  return node->field.field ? node->field.field : single_field(node, event);
}

}  // namespace

IntShape integer_reader(const ClassifyContext& cx, const tep_print_arg* node, const print_plan::Expr* e, Reader& r) {
  IntShape s;
  Unwrapped u = unwrap(node, cx.tep.long_size);
  s.pointer = u.pointer_cast;
  const tep_print_arg* core = u.core;
  if (const tep_format_field* f = resolved(core, cx.event)) {
    s.field = f;
    if ((f->flags & TEP_FIELD_IS_ARRAY) || !scalar_size(f->size)) {
      s.array = true;
      return s;
    }
    r.from = Reader::From::kScalar;
    r.offset = f->offset;
    r.size = f->size;
    s.direct = true;
    s.width = f->size;
    s.is_signed = f->flags & TEP_FIELD_IS_SIGNED;
    s.pointer = s.pointer || is_pointer_field(*f);
    s.boolean = is_bool_field(*f);
  } else if (core && core->type == TEP_PRINT_OP && core->op.op && strcmp(core->op.op, "[") == 0) {
    Unwrapped inner = unwrap(core->op.left, cx.tep.long_size);
    const tep_format_field* f = resolved(inner.core, cx.event);
    const tep_print_arg* index = core->op.right;
    if (f && (f->flags & TEP_FIELD_IS_ARRAY) && !(f->flags & TEP_FIELD_IS_DYNAMIC) && index &&
        index->type == TEP_PRINT_ATOM && index->atom.atom && is_number_text(index->atom.atom) &&
        scalar_size(static_cast<int>(f->elementsize))) {
      int element = static_cast<int>(f->elementsize);
      int64_t at = int64_t{f->offset} + static_cast<int64_t>(strtoull(index->atom.atom, nullptr, 0)) * element;
      if (at + element <= int64_t{f->offset} + f->size) {
        s.field = f;
        s.index = static_cast<int>((at - f->offset) / element);
        r.from = Reader::From::kScalar;
        r.offset = static_cast<int>(at);
        r.size = element;
        s.direct = true;
        s.width = element;
        s.is_signed = f->flags & TEP_FIELD_IS_SIGNED;
        s.pointer = s.pointer || inner.pointer_cast;
      }
    }
  }
  if (!s.direct) {
    r.from = Reader::From::kExpr;
    r.expr = e;
    s.field = single_field(node, cx.event);
  }
  if (u.cast_width && (!s.width || u.cast_width < s.width)) {
    s.width = u.cast_width;
    s.is_signed = u.cast_signed;
    s.boolean = false;
  }
  return s;
}

namespace {

// The type printf gives the value: "%d" an int, "%lu" an unsigned long, "%hhx" an unsigned char.
ValueType conversion_type(const print_plan::Step& step, int long_size) {
  const format_string::Directive& d = step.conversion.directive;
  bool is_signed = d.conversion == 'd' || d.conversion == 'i';
  int width = 4;
  if (d.conversion == 'c')
    width = 1;
  else if (d.length == format_string::Length::kLong || d.length == format_string::Length::kSize ||
           d.length == format_string::Length::kPtrdiff)
    width = long_size == 4 ? 4 : 8;  // the trace's long, size_t and ptrdiff_t, not the reader's
  else
    width = d.int_bits() / 8;
  return integer_type(width, is_signed);
}

// "caller[3]" for REC->caller[3].
std::string element_name(const IntShape& s) {
  if (s.index < 0 || !s.field || !s.field->name) return "";
  return std::string(s.field->name) + "[" + std::to_string(s.index) + "]";
}

bool constant_atom(const tep_print_arg* node) {
  return node && node->type == TEP_PRINT_ATOM && node->atom.atom && is_number_text(node->atom.atom);
}

Column classify_number(const ClassifyContext& cx, const print_plan::Step& step, const tep_print_arg* node) {
  if (!node) return opaque("no argument");
  if (!computable(node, cx.event)) return opaque("depends on something outside the record");
  Column c;
  const print_plan::Expr* e = step.number;
  // "REC->fin ? 'F' : ' '": a flag shown as one of two characters.
  if (node->type == TEP_PRINT_OP && node->op.op && strcmp(node->op.op, "?") == 0 && e &&
      e->kind == print_plan::Expr::Kind::kConditional && node->op.right && constant_atom(node->op.right->op.left) &&
      constant_atom(node->op.right->op.right)) {
    c.kind = Kind::kBool;
    c.type = ValueType::kBool;
    c.reader.from = Reader::From::kTest;
    c.reader.expr = e->a;
    c.field = single_field(node, cx.event);
    return c;
  }
  IntShape s = integer_reader(cx, node, e, c.reader);
  if (s.array) return opaque("an array printed as a number");
  c.field = s.field;
  c.default_name = element_name(s);
  if (s.direct && s.boolean) {
    c.kind = Kind::kBool;
    c.type = ValueType::kBool;
  } else if (s.direct) {
    c.kind = s.pointer ? Kind::kPointer : s.is_signed ? Kind::kInt : Kind::kUint;
    c.type = integer_type(s.width, s.is_signed && !s.pointer);
  } else {
    c.kind = s.pointer ? Kind::kPointer : Kind::kDerived;
    c.type = s.width ? integer_type(s.width, s.is_signed) : conversion_type(step, cx.tep.long_size);
    if (s.pointer) c.type = integer_type(cx.tep.long_size == 4 ? 4 : 8, false);
  }
  return c;
}

// %*pb / %*pbl: upstream knows neither (it prints the pointer, then "bl");
// the bits are the array field's, as many as the '*' says.
bool bitmap_list(const ClassifyContext& cx, const print_plan::Step& step, const tep_print_arg* node,
                 std::string_view after, Column& c) {
  if (after.empty() || after[0] != 'b') return false;
  const tep_format_field* f = resolved(unwrap(node, cx.tep.long_size).core, cx.event);
  if (!f || !(f->flags & TEP_FIELD_IS_ARRAY) || (f->flags & TEP_FIELD_IS_DYNAMIC)) return false;
  int bytes = f->size;
  if (step.star && step.star->kind == print_plan::Expr::Kind::kConstant) {
    uint64_t bits = step.star->constant;
    if (bits / 8 < static_cast<uint64_t>(bytes)) bytes = static_cast<int>((bits + 7) / 8);
  }
  c.kind = Kind::kBitmask;
  c.type = ValueType::kBytes;
  c.field = f;
  c.reader.from = Reader::From::kFixedBytes;
  c.reader.offset = f->offset;
  c.reader.size = bytes;
  // No bits, no bytes: a size of 0 would read as a char[] field's, to the
  // record's end; the field's own size with nothing of it kept instead.
  if (bytes == 0) {
    c.reader.size = f->size;
    c.reader.max_length = 0;
  }
  return true;
}

// A fixed-size field holding an address (MAC, IPv4, IPv6, UUID).
bool sized_bytes(const print_plan::PointerArg& p, int want, Kind kind, Column& c) {
  if (p.source != print_plan::PointerArg::Source::kField || !p.field.valid || p.field.size != want ||
      p.field.is_dynamic)
    return false;
  c.kind = kind;
  c.type = ValueType::kBytes;
  c.reader.from = Reader::From::kFixedBytes;
  c.reader.offset = p.field.offset;
  c.reader.size = want;
  return true;
}

Column classify_pointer(const ClassifyContext& cx, const print_plan::Step& step, const tep_print_arg* node,
                        std::string_view after) {
  using K = print_plan::PointerArg::Kind;
  using Src = print_plan::PointerArg::Source;
  const print_plan::PointerArg& p = *step.pointer;
  if (p.source == Src::kFunction) return opaque("a print function");
  if (p.source == Src::kText) return opaque("a string constant");
  Column c;
  switch (p.kind) {
    case K::kPlain:
    case K::kSymbol:
    case K::kPhysAddr:  // an address: its value
    case K::kBacktrace: {
      if (p.kind == K::kPlain && bitmap_list(cx, step, node, after, c)) return c;
      if (!node || !computable(node, cx.event)) return opaque("depends on something outside the record");
      IntShape s = integer_reader(cx, node, p.value, c.reader);
      if (s.array) return opaque("an array printed as a pointer");
      c.field = s.field;
      c.default_name = element_name(s);
      c.kind = p.kind == K::kSymbol ? Kind::kSymbol : Kind::kPointer;
      int width = s.direct ? s.width : (cx.tep.long_size == 4 ? 4 : 8);
      c.type = integer_type(width, false);
      return c;
    }
    case K::kMac:
      if (!p.reverse && sized_bytes(p, 6, Kind::kMac, c)) break;
      return opaque(p.reverse ? "a MAC stored in reverse" : "not a 6-byte field");
    case K::kIpv4:
      if (!p.reverse && sized_bytes(p, 4, Kind::kIpv4, c)) break;
      return opaque(p.reverse ? "an IPv4 address in host order" : "not a 4-byte field");
    case K::kIpv6:
      if (sized_bytes(p, 16, Kind::kIpv6, c)) break;
      return opaque("not a 16-byte field");
    case K::kUuid:
      if (!p.uuid_little_endian && sized_bytes(p, 16, Kind::kUuid, c)) break;
      return opaque(p.uuid_little_endian ? "a little-endian GUID" : "not a 16-byte field");
    case K::kIpSockaddr:
      if (!p.field.valid || (p.source != Src::kField && p.source != Src::kDynamic))
        return opaque("not a sockaddr field");
      c.kind = Kind::kSockaddr;
      c.type = ValueType::kBytes;
      c.reader.from = p.source == Src::kDynamic ? Reader::From::kDynamicBytes : Reader::From::kFixedBytes;
      c.reader.offset = p.field.offset;
      c.reader.size = p.field.size;
      c.reader.relative = p.field.is_relative;
      break;
    case K::kHexBuffer:
      if (p.source != Src::kDynamic) return opaque("not a dynamic array");
      c.kind = Kind::kBytes;
      c.type = ValueType::kBytes;
      c.reader.from = Reader::From::kDynamicBytes;
      c.reader.offset = p.field.offset;
      c.reader.size = p.field.size;
      c.reader.relative = p.field.is_relative;
      c.reader.length = step.star;
      if (!step.star) c.reader.max_length = 1;  // "%ph" alone prints one byte
      break;
    case K::kIpNothing: return opaque("an unknown %pI conversion");
  }
  if (node) c.field = single_field(node, cx.event);
  return c;
}

}  // namespace

Column opaque(std::string note) {
  Column c;
  c.note = std::move(note);
  return c;
}

Column classify_step(const ClassifyContext& cx, const print_plan::Step& step, const tep_print_arg* node,
                     std::string_view after) {
  switch (step.kind) {
    case print_plan::Step::Kind::kNumber: return classify_number(cx, step, node);
    case print_plan::Step::Kind::kString:
      if (!step.string) return opaque("no argument");
      return classify_string(cx, *step.string, node);
    case print_plan::Step::Kind::kPointer: return classify_pointer(cx, step, node, after);
    case print_plan::Step::Kind::kBadCount: return opaque("a conversion upstream cannot print");
    case print_plan::Step::Kind::kLiteral: break;
  }
  return opaque("literal text");
}

}  // namespace tep::typed
