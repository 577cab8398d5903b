// SPDX-License-Identifier: LGPL-2.1
// What a %s conversion prints (upstream's print_str_arg): strings, flags,
// symbols, hex dumps, arrays, bitmasks and cpumasks.
#include <cstring>
#include <string>

#include "base/digits.h"
#include "base/per_thread.h"
#include "print_plan/evaluator.h"
#include "record/dynamic_word.h"
#include "record/field_access.h"
#include "format_string/print_fmt_format.h"
#include "seq/seq.h"

namespace tep::print_plan {
namespace {

// "ff,ffffffff": the mask as hex, most significant byte first, a comma every
// 32 bits (print_bitmask_to_seq).
std::string bitmask_text(const Context& ctx, int64_t offset, int64_t size) {
  int nr_bits = static_cast<int>(size * 8);
  int str_size = (nr_bits + 3) / 4 + (nr_bits - 1) / 32;
  if (str_size < 0) str_size = 0;
  std::string str(str_size, '\0');
  int len = 0;
  for (int i = str_size - 2; i >= 0; i -= 2) {
    int64_t index = ctx.tep.file_bigendian ? size - (len + 1) : len;
    uint8_t b = 0;
    ctx.record.copy(offset + index, 1, &b);
    str[i] = base::kHexDigits[0][b >> 4];
    str[i + 1] = base::kHexDigits[0][b & 15];
    len++;
    if (!(len & 3) && i > 0) {
      i--;
      str[i] = ',';
    }
  }
  return str;
}

// "0-3,5": the set bits as CPU ranges. A big-endian mask is read as upstream
// reads it (print_cpumask_to_seq): one number, its bytes reversed whole.
std::string cpumask_text(const Context& ctx, int64_t offset, int64_t size) {
  std::string out;
  int64_t bits = size * 8;
  auto bit_set = [&](int64_t bit) {
    int64_t byte = bit / 8;
    if (ctx.tep.file_bigendian) byte = size - 1 - byte;
    uint8_t b = 0;
    ctx.record.copy(offset + byte, 1, &b);
    return (b >> (bit % 8)) & 1;
  };
  for (int64_t bit = 0; bit < bits; bit++) {
    if (!bit_set(bit)) continue;
    int64_t last = bit;
    while (last + 1 < bits && bit_set(last + 1)) last++;
    if (!out.empty()) out += ',';
    out += std::to_string(bit);
    if (last > bit) {
      out += '-';
      out += std::to_string(last);
    }
    bit = last;
  }
  return out;
}

// The seq a print function used as a %s argument prints into, reused across
// records; a nested call (a function among another's arguments) gets its own.
struct ScratchSeq {
  trace_seq text;
  bool busy = false;
  ScratchSeq() { seq::init(&text); }
  ~ScratchSeq() { seq::destroy(&text); }
  ScratchSeq(const ScratchSeq&) = delete;
  ScratchSeq& operator=(const ScratchSeq&) = delete;
};

// Upstream prints the function into a temporary seq, then that text as a C
// string through the conversion: width and precision apply, and the text ends
// at its first NUL (scsi_trace_parse_cdb appends one).
void print_function_as_string(Output& s, const Context& ctx, const FunctionCall& call,
                              const format_string::PrintFmtConversion& c, const int* star) {
  ScratchSeq& scratch = base::per_thread<ScratchSeq>();
  auto print_via = [&](trace_seq* tmp) {
    {
      Output out(tmp);
      call_function(out, ctx, call);
    }
    seq::terminate(tmp);
    format_string::format_text(s, c, star, std::string_view(tmp->buffer ? tmp->buffer : ""));
  };
  if (scratch.busy) {
    ScratchSeq nested;
    print_via(&nested.text);
    return;
  }
  scratch.busy = true;
  seq::reset(&scratch.text);
  print_via(&scratch.text);
  scratch.busy = false;
}

// A '*' or a conversion glibc prints: out of line.
__attribute__((noinline)) void format_text_slowly(Output& s, const format_string::PrintFmtConversion& c,
                                                  const int* star, std::string_view text) {
  format_string::format_text(s, c, star, text);
}

// %s of a text with no NUL to stop at: the print fmt's, or one already cut at its NUL.
void print_text(Output& s, const format_string::PrintFmtConversion& c, const int* star, std::string_view text) {
  if (__builtin_expect(!c.by_hand || star, 0)) return format_text_slowly(s, c, star, text);
  // A plain "%s" (most) is the text itself.
  if (c.directive.width == 0 && c.directive.precision < 0)
    s.append(text);
  else
    format_string::format_string(s, c.directive, text);
}

// __print_flags: each entry whose bits are all set, in order, its bits then
// cleared, and what no entry names in hex; with no bit left (from the start,
// or once printed), the next entry of unknown value (negative) prints alone.
void print_flags(Output& s, const Context& ctx, const StrArg& arg, const format_string::PrintFmtConversion& c,
                 const int* star) {
  uint64_t val = value_of(ctx, *arg.value);
  const size_t count = arg.symbols.size();
  size_t i = 0;
  if (val) {
    const uint64_t* bits = arg.flag_bits.data();
    bool printed = false;
    for (; i < count; i++) {
      if (bits[i] & ~val) continue;             // a bit of the entry is not set
      if (arg.symbols[i].value <= 0) continue;  // val has every bit: flag_bits cannot tell
      if (printed && arg.has_delimiter) s.append(arg.text);
      print_text(s, c, star, arg.symbols[i].text);
      printed = true;
      val &= ~bits[i];
      if (!val) {
        i++;
        break;
      }
    }
    if (val) {
      if (printed && arg.has_delimiter) s.append(arg.text);
      append_hex(s, val, true);
      return;
    }
  }
  for (; i < arg.negative_end; i++) {
    if (arg.symbols[i].value < 0) {
      print_text(s, c, star, arg.symbols[i].text);
      return;
    }
  }
}

int64_t array_base(const Context& ctx, const StrArg& arg) {
  if (arg.source_is_dynamic)
    return record::DynamicWord(ctx.record.number(arg.field.offset, arg.field.size))
        .located(arg.field.offset, arg.field.size, arg.field.is_relative);
  return arg.field.offset;
}

// __print_dynamic_array's element count (upstream 1.9.0): the array's length
// over the element size (the length itself for size 0), none when the array
// does not lie inside the record; `at` becomes where it starts.
int dynamic_array_count(const Context& ctx, const FieldRef& field, int el_size, int64_t& at) {
  int64_t length;
  dynamic_location(ctx, field, at, length);
  if (!ctx.record.inside(at, length)) return 0;
  return static_cast<int>(el_size ? length / el_size : length);
}

// __get_stacktrace(x) (upstream 1.9.0): a newline, then "=> name+0xoff\n"
// (or the bare hex address outside every function) for each long-sized
// address of x's dynamic array but the first, read in the file's byte order.
// Nothing past the record is read (upstream reads past it for a __rel_loc).
void print_stacktrace(Output& s, const Context& ctx, const FieldRef& field) {
  s.append_char('\n');
  int64_t offset, length;
  dynamic_location(ctx, field, offset, length);
  const int word = ctx.tep.long_size;
  if (word <= 0 || !ctx.record.inside(offset, length)) return;
  for (int64_t i = 1; i < length / word; i++) {
    uint64_t addr = ctx.record.number(offset + i * word, word);
    s.append("=> ");
    symbols::FunctionMatch match;
    if (ctx.tep.functions.lookup(addr, match)) {
      s.append(match.name);
      s.append("+0x");
      append_hex(s, addr - match.start, false);
    } else {
      append_hex(s, addr, false);
    }
    s.append_char('\n');
  }
}

// The %s arguments few records print: out of line, with the strings they build.
__attribute__((noinline)) void print_other_string(Output& s, const Context& ctx, const StrArg& arg,
                                                  const format_string::PrintFmtConversion& c, const int* star) {
  using K = StrArg::Kind;
  const RecordView& rec = ctx.record;
  switch (arg.kind) {
    case K::kAddress: {
      // Read natively, as upstream does, then look for a printk string there.
      uint64_t addr = 0;
      if (ctx.tep.long_size == 8 && rec.inside(arg.field.offset, 8)) {
        memcpy(&addr, rec.data + arg.field.offset, 8);
      } else if (ctx.tep.long_size != 8 && rec.inside(arg.field.offset, 4)) {
        uint32_t v;
        memcpy(&v, rec.data + arg.field.offset, 4);
        addr = v;
      }
      if (const char* printk = ctx.tep.printk.find(addr))
        s.append(printk);
      else
        append_hex(s, addr, false);
      return;
    }
    case K::kHex:
    case K::kHexString: {
      int64_t base = array_base(ctx, arg);
      int len = static_cast<int>(evaluate(ctx, *arg.value));
      for (int i = 0; i < len && rec.inside(base + i, 1); i++) {
        if (i && arg.kind == K::kHex) s.append_char(' ');
        append_byte_hex(s, rec.data[base + i]);
      }
      return;
    }
    case K::kIntArray: {
      int64_t at = array_base(ctx, arg);
      int len = static_cast<int>(evaluate(ctx, *arg.value));
      int el_size = static_cast<int>(evaluate(ctx, *arg.element_size));
      if (arg.count_from_length) len = dynamic_array_count(ctx, arg.field, el_size, at);
      s.append_char('{');
      for (int i = 0; i < len && rec.inside(at, 1); i++) {
        if (i) s.append_char(',');
        if (el_size == 1 || el_size == 2 || el_size == 4 || el_size == 8) {
          uint64_t v = 0;
          // Native order, as upstream dereferences the element.
          if (rec.inside(at, el_size)) v = base::read_number(rec.data + at, el_size, false);
          append_hex(s, v, true);
        } else {
          s.append("BAD SIZE:");
          append_decimal(s, el_size);
          s.append(" ");
          append_hex(s, rec.data[at], true);
          el_size = 1;
        }
        at += el_size;
      }
      s.append_char('}');
      return;
    }
    case K::kBitmask:
    case K::kCpumask: {
      int64_t offset, length;
      dynamic_location(ctx, arg.field, offset, length);
      // A mask running past the record prints nothing, as upstream (which
      // zeroes its length); a 0xffff-byte mask would otherwise print 147 kB.
      if (!ctx.record.inside(offset, length)) length = 0;
      std::string text =
          arg.kind == K::kBitmask ? bitmask_text(ctx, offset, length) : cpumask_text(ctx, offset, length);
      format_string::format_text(s, c, star, text);
      return;
    }
    case K::kFunction: print_function_as_string(s, ctx, *arg.call, c, star); return;
    case K::kStacktrace: print_stacktrace(s, ctx, arg.field); return;
    case K::kBprintArg: {
      if (arg.index >= ctx.bprint_count) return;
      const BprintValue& v = ctx.bprint_args[arg.index];
      if (v.is_string) {
        format_string::format_text(s, c, star, v.text);
      } else {
        // A number reaching %s prints as the decimal atom upstream made of it.
        std::string text = std::to_string(static_cast<int64_t>(v.value));
        format_string::format_text(s, c, star, text);
      }
      return;
    }
    default: return;
  }
}

}  // namespace

void print_string(Output& s, const Context& ctx, const StrArg& given, const format_string::PrintFmtConversion& c,
                  const int* star) {
  using K = StrArg::Kind;
  const StrArg* chosen = &given;  // through the ?: to the branch taken
  while (chosen->kind == K::kConditional) chosen = value_of(ctx, *chosen->value) ? chosen->yes : chosen->no;
  const StrArg& arg = *chosen;
  switch (arg.kind) {
    case K::kNothing: return;
    case K::kText: print_text(s, c, star, arg.text); return;
    case K::kFlags: print_flags(s, ctx, arg, c, star); return;
    case K::kSymbols: {
      uint64_t val = value_of(ctx, *arg.value);
      for (const auto& sym : arg.symbols) {
        if (val == static_cast<uint64_t>(sym.value)) {
          print_text(s, c, star, sym.text);
          return;
        }
      }
      append_hex(s, val, true);
      return;
    }
    case K::kDynString: {
      int64_t offset;
      if (dynamic_string_at(ctx, arg.field.offset, arg.field.size, arg.field.is_relative, offset))
        print_text(s, c, star, ctx.record.c_string(offset));
      return;
    }
    case K::kFieldBytes: {
      // A zero-sized field is the rest of the record; printf stops at a NUL.
      const RecordView& rec = ctx.record;
      int64_t len = arg.field.size ? arg.field.size : rec.size - arg.field.offset;
      std::string_view bytes = rec.bytes(arg.field.offset, len);
      print_text(s, c, star, bytes.substr(0, bytes.find('\0')));
      return;
    }
    default: print_other_string(s, ctx, arg, c, star); return;
  }
}

}  // namespace tep::print_plan
