// SPDX-License-Identifier: LGPL-2.1
// What a %p conversion prints (upstream's print_arg_pointer): symbols, MAC and
// IP addresses, socket addresses, UUIDs, hex buffers, plain pointers.
#include <cstring>

#include "base/digits.h"
#include "base/host_model.h"
#include "print_plan/evaluator.h"

namespace tep::print_plan {
namespace {

// Upstream 1.8.4's sockaddr printer words it differently from the others.
void wrong_type(Output& s, int type, PointerArg::Kind kind) {
  s.append(kind == PointerArg::Kind::kIpSockaddr ? "ARG NOT FIELD NOR DYNAMIC ARRAY BUT TYPE "
                                                 : "ARG TYPE NOT FIELD BUT ");
  append_decimal(s, type);
}

// "1.2.3.4"; 'i' pads each part to three digits.
void ip4(Output& s, char letter, bool reverse, const uint8_t* b) {
  for (int k = 0; k < 4; k++) {
    uint8_t v = b[reverse ? 3 - k : k];
    if (k) s.append_char('.');
    if (letter == 'i') {
      char three[3] = {static_cast<char>('0' + v / 100), static_cast<char>('0' + v / 10 % 10),
                       static_cast<char>('0' + v % 10)};
      s.append(std::string_view(three, 3));
    } else {
      append_decimal(s, v);
    }
  }
}

// Eight groups of four hex digits; 'I' separates them with colons.
void ip6(Output& s, char letter, const uint8_t* b) {
  for (int j = 0; j < 16; j += 2) {
    append_byte_hex(s, b[j]);
    append_byte_hex(s, b[j + 1]);
    if (letter == 'I' && j < 14) s.append_char(':');
  }
}

// The kernel's compressed form: the longest run of zero groups becomes "::",
// v4-mapped and ISATAP addresses end in dotted quad.
void ip6_compressed(Output& s, const uint8_t* b) {
  uint16_t words[8];
  for (int i = 0; i < 8; i++) words[i] = static_cast<uint16_t>(b[2 * i] << 8 | b[2 * i + 1]);
  bool v4_mapped = !words[0] && !words[1] && !words[2] && !words[3] && !words[4] && words[5] == 0xffff;
  bool isatap = (words[4] | 0x0200) == 0x0200 && words[5] == 0x5efe;
  bool use_v4 = v4_mapped || isatap;
  int range = use_v4 ? 6 : 8;
  int longest = 1, colonpos = -1;
  for (int i = 0; i < range; i++) {
    int run = 0;
    for (int j = i; j < range && !words[j]; j++) run++;
    if (run > longest) {
      longest = run;
      colonpos = i;
    }
  }
  bool needcolon = false;
  for (int i = 0; i < range; i++) {
    if (i == colonpos) {
      if (needcolon || i == 0) s.append_char(':');
      s.append_char(':');
      needcolon = false;
      i += longest - 1;
      continue;
    }
    if (needcolon) s.append_char(':');
    uint8_t hi = words[i] >> 8, lo = words[i] & 0xff;
    if (hi) {
      append_hex(s, hi, false);
      append_byte_hex(s, lo);
    } else {
      append_hex(s, lo, false);
    }
    needcolon = true;
  }
  if (use_v4) {
    if (needcolon) s.append_char(':');
    ip4(s, 'I', false, b + 12);
  }
}

void mac(Output& s, const PointerArg& arg, const uint8_t* b) {
  for (int k = 0; k < 6; k++) {
    if (k && arg.mac_separator) s.append_char(arg.mac_separator);
    append_byte_hex(s, b[arg.reverse ? 5 - k : k]);
  }
}

void uuid(Output& s, const PointerArg& arg, const uint8_t* b) {
  static constexpr int big_endian[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  static constexpr int little_endian[16] = {3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15};
  const int* order = arg.uuid_little_endian ? little_endian : big_endian;
  for (int i = 0; i < 16; i++) {
    append_byte_hex(s, b[order[i]], arg.uuid_upper);
    if (i == 3 || i == 5 || i == 7 || i == 9) s.append_char('-');
  }
}

// A struct sockaddr_in / sockaddr_in6 at [offset, offset + len).
void sockaddr(Output& s, const Context& ctx, const PointerArg& arg, int64_t offset, int64_t len) {
  uint8_t sa[28];
  ctx.record.copy(offset, sizeof(sa), sa);
  uint16_t family;
  memcpy(&family, sa, 2);  // host order, as the kernel wrote it
  uint16_t port = static_cast<uint16_t>(sa[2] << 8 | sa[3]);
  if (family == 2) {  // AF_INET
    if (len < 16) {
      s.append("INVALIDIPv4");
      return;
    }
    ip4(s, arg.ip_letter, arg.reverse, sa + 4);
    if (arg.with_port) {
      s.append_char(':');
      append_decimal(s, port);
    }
  } else if (family == 10) {  // AF_INET6
    if (len < 28) {
      s.append("INVALIDIPv6");
      return;
    }
    if (arg.with_port) s.append_char('[');
    if (arg.compressed)
      ip6_compressed(s, sa + 8);
    else
      ip6(s, arg.ip_letter, sa + 8);
    if (arg.with_port) {
      s.append("]:");
      append_decimal(s, port);
    }
  }
}

// A field of a fixed size: "INVALID..." when it has another size.
bool sized_field(Output& s, const Context& ctx, const PointerArg& arg, int want, const char* invalid, uint8_t* out) {
  if (!arg.field.valid) return false;
  if (arg.field.size != want) {
    s.append(invalid);
    return false;
  }
  ctx.record.copy(arg.field.offset, want, out);
  return true;
}

// printf's %p of the value cast to a pointer: its low 32 bits on i686.
void plain_pointer(Output& s, uint64_t value) {
  uint64_t v = base::as_pointer(value);
  if (v)
    append_hex(s, v, true);
  else
    s.append("(nil)");
}

// %ps: the function's name ("+0x..." after it for %pS), else the address.
void symbol(Output& s, const Context& ctx, const PointerArg& arg, uint64_t v) {
  symbols::FunctionMatch match;
  if (ctx.tep.functions.lookup(v, match)) {
    s.append(match.name);
    if (arg.symbol_offset) {
      s.append_char('+');
      append_hex(s, v - match.start, true);
    }
  } else {
    append_hex(s, v, true);
  }
}

// %pa/%pap/%pad (Documentation/core-api/printk-formats.rst): phys_addr_t and
// dma_addr_t as "0x" and hex digits zero-padded to twice the long size.
void phys_addr(Output& s, const Context& ctx, uint64_t v) {
  const ptrdiff_t width = ctx.tep.long_size == 4 ? 8 : 16;
  char text[40];
  char* end = text + sizeof text;
  char* start = base::unsigned_digits(v, 16, false, end);
  while (end - start < width) *--start = '0';
  *--start = 'x';
  *--start = '0';
  s.append(std::string_view(start, static_cast<size_t>(end - start)));
}

// %pB: a return address may lie just past its function's end (a call that
// never returns ends it), so the function is the one holding address - 1;
// the offset is the address's own. Unknown: the address, as %pS prints it.
void backtrace_symbol(Output& s, const Context& ctx, uint64_t v) {
  symbols::FunctionMatch match;
  if (v && ctx.tep.functions.lookup(v - 1, match)) {
    s.append(match.name);
    s.append_char('+');
    append_hex(s, v - match.start, true);
  } else {
    append_hex(s, v, true);
  }
}

// Everything but a %p or %ps of a value (the common case, print_pointer's own).
__attribute__((noinline)) void print_other_pointer(Output& s, const Context& ctx, const PointerArg& arg, int plen) {
  using K = PointerArg::Kind;
  using Src = PointerArg::Source;
  if (arg.source == Src::kText) {
    s.append(arg.text);
    return;
  }
  if (arg.source == Src::kBprintArg) {
    if (arg.index >= ctx.bprint_count) return;
    const BprintValue& barg = ctx.bprint_args[arg.index];
    if (barg.is_string)
      s.append(barg.text);
    else if (arg.kind == K::kPlain)
      plain_pointer(s, barg.value);
    else if (arg.kind == K::kSymbol)
      symbol(s, ctx, arg, barg.value);
    else if (arg.kind != K::kIpNothing)
      wrong_type(s, TEP_PRINT_ATOM, arg.kind);  // the rest need a field
    return;
  }
  if (arg.kind == K::kIpNothing) return;
  if (arg.source == Src::kFunction) {
    call_function(s, ctx, *arg.call);
    return;
  }
  if (arg.source == Src::kWrongType) {
    wrong_type(s, arg.wrong_type, arg.kind);
    return;
  }

  uint8_t buf[16];
  switch (arg.kind) {
    case K::kMac:
      if (sized_field(s, ctx, arg, 6, "INVALIDMAC", buf)) mac(s, arg, buf);
      return;
    case K::kIpv4:
      if (sized_field(s, ctx, arg, 4, "INVALIDIPv4", buf)) ip4(s, arg.ip_letter, arg.reverse, buf);
      return;
    case K::kIpv6:
      if (sized_field(s, ctx, arg, 16, "INVALIDIPv6", buf)) {
        if (arg.compressed)
          ip6_compressed(s, buf);
        else
          ip6(s, arg.ip_letter, buf);
      }
      return;
    case K::kUuid:
      if (sized_field(s, ctx, arg, 16, "INVALIDUUID", buf)) uuid(s, arg, buf);
      return;
    case K::kIpSockaddr: {
      if (!arg.field.valid) return;
      int64_t offset = arg.field.offset, len = arg.field.size;
      if (arg.source == Src::kDynamic) dynamic_location(ctx, arg.field, offset, len);
      sockaddr(s, ctx, arg, offset, len);
      return;
    }
    case K::kHexBuffer: {
      const record::DynamicWord word(ctx.record.number(arg.field.offset, arg.field.size));
      int arr_len = static_cast<int>(word.length());
      int64_t base = word.located(arg.field.offset, arg.field.size, arg.field.is_relative);
      if (plen < 0 || arr_len < plen) plen = arr_len;  // a negative '*' means all, as upstream
      for (int i = 0; i < plen && ctx.record.inside(base + i, 1); i++) {
        if (i) s.append(arg.delimiter);
        append_byte_hex(s, ctx.record.data[base + i]);
      }
      return;
    }
    default: return;
  }
}

}  // namespace

void print_pointer(Output& s, const Context& ctx, const PointerArg& arg, int plen) {
  // Source::kValue with another kind is IpNothing, which has no value.
  if (arg.source == PointerArg::Source::kValue) {
    if (arg.kind == PointerArg::Kind::kPlain) return plain_pointer(s, value_of(ctx, *arg.value));
    if (arg.kind == PointerArg::Kind::kSymbol) return symbol(s, ctx, arg, value_of(ctx, *arg.value));
    if (arg.kind == PointerArg::Kind::kPhysAddr) return phys_addr(s, ctx, value_of(ctx, *arg.value));
    if (arg.kind == PointerArg::Kind::kBacktrace) return backtrace_symbol(s, ctx, value_of(ctx, *arg.value));
  }
  print_other_pointer(s, ctx, arg, plen);
}

}  // namespace tep::print_plan
