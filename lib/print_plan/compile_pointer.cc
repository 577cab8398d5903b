// SPDX-License-Identifier: LGPL-2.1
// The print fmt compiler: %p arguments.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "format/field_lookup.h"
#include "format_string/cast_table.h"
#include "print_plan/compiler_state.h"
#include "print_plan/evaluator.h"
#include "record/field_access.h"

namespace tep::print_plan::compiling {

namespace {

// Upstream's parse_ip4_print_args: [hnbl] picks the byte order of an IPv4 address.
bool ip4_reverse(const tep_handle& tep, char c) {
  if (c == 'h') return !tep.file_bigendian;
  return c == 'l';
}

}  // namespace

const PointerArg* Compiler::pointer(ArgRef ref, std::string_view letters) {
  auto p = std::make_unique<PointerArg>();
  auto at = [&](size_t i) { return i < letters.size() ? letters[i] : '\0'; };
  using Kind = PointerArg::Kind;
  switch (at(0)) {
    case 'F':
    case 'f':
    case 'S':
    case 's':
      p->kind = Kind::kSymbol;
      p->symbol_offset = at(0) == 'F' || at(0) == 'S';
      break;
    case 'M':
    case 'm':
      p->kind = Kind::kMac;
      p->mac_separator = at(0) == 'm' ? 0 : at(1) == 'F' ? '-' : ':';
      p->reverse = at(1) == 'R';
      break;
    case 'I':
    case 'i':
      p->ip_letter = at(0);
      if (at(1) == '4') {
        p->kind = Kind::kIpv4;
        p->reverse = ip4_reverse(tep_, at(2));
      } else if (at(1) == '6') {
        p->kind = Kind::kIpv6;
        p->compressed = at(0) == 'I' && at(2) == 'c';
      } else if (at(1) == 'S') {
        p->kind = Kind::kIpSockaddr;
        size_t i = 2;
        if (at(0) == 'I') {
          if (at(i) == 'p') {
            p->with_port = true;
            i++;
          }
          if (at(i) == 'c') {
            p->compressed = true;
            i++;
          }
        }
        p->reverse = ip4_reverse(tep_, at(i));
      } else {
        p->kind = Kind::kIpNothing;
      }
      break;
    case 'U':
      p->kind = Kind::kUuid;
      p->uuid_upper = at(1) == 'B' || at(1) == 'L';
      p->uuid_little_endian = at(1) == 'l' || at(1) == 'L';
      break;
    case 'h':
      p->kind = Kind::kHexBuffer;
      p->delimiter = at(1) == 'C' ? ":" : at(1) == 'D' ? "-" : at(1) == 'N' ? "" : " ";
      break;
    // A printk format's %pa and %pB stay plain pointers, as upstream reads them.
    case 'a': p->kind = ref.bprint_index < 0 ? Kind::kPhysAddr : Kind::kPlain; break;
    case 'B': p->kind = ref.bprint_index < 0 ? Kind::kBacktrace : Kind::kPlain; break;
    default: p->kind = Kind::kPlain; break;
  }

  const tep_print_arg* node = ref.node;
  // Upstream looks through casts to the field of an address or UUID (not of a hex buffer).
  bool takes_field = p->kind == Kind::kMac || p->kind == Kind::kIpv4 || p->kind == Kind::kIpv6 ||
                     p->kind == Kind::kUuid || p->kind == Kind::kIpSockaddr;
  while (takes_field && node && node->type == TEP_PRINT_TYPE) node = node->typecast.item;
  if (ref.bprint_index >= 0) {
    p->source = PointerArg::Source::kBprintArg;
    p->index = ref.bprint_index;
  } else if (node && node->type == TEP_PRINT_BSTRING) {
    p->source = PointerArg::Source::kText;
    p->text = node->string.string ? node->string.string : "";
  } else if (p->kind == Kind::kPlain || p->kind == Kind::kSymbol || p->kind == Kind::kPhysAddr ||
             p->kind == Kind::kBacktrace) {
    p->source = PointerArg::Source::kValue;
    p->value = number(node, 0);
  } else if (p->kind == Kind::kIpNothing) {
    p->source = PointerArg::Source::kValue;
  } else if (node && node->type == TEP_PRINT_FUNC) {
    p->source = PointerArg::Source::kFunction;
    p->call = call(node, 0);
  } else if (p->kind == Kind::kHexBuffer) {
    if (node && node->type == TEP_PRINT_DYNAMIC_ARRAY && node->dynarray.field) {
      p->source = PointerArg::Source::kDynamic;
      p->field = field_ref(*node->dynarray.field);
    } else {
      p->source = PointerArg::Source::kWrongType;
      p->wrong_type = node ? node->type : 0;
    }
  } else if (node && node->type == TEP_PRINT_FIELD) {
    p->source = PointerArg::Source::kField;
    p->field = field_of(node);
  } else if (p->kind == Kind::kIpSockaddr && node && node->type == TEP_PRINT_DYNAMIC_ARRAY && node->dynarray.field) {
    p->source = PointerArg::Source::kDynamic;
    p->field = field_ref(*node->dynarray.field);
  } else {
    p->source = PointerArg::Source::kWrongType;
    p->wrong_type = node ? node->type : 0;
  }
  return &plan_.pointers.emplace_back(std::move(*p));
}

}  // namespace tep::print_plan::compiling
