// SPDX-License-Identifier: LGPL-2.1
#include "print_plan/compiler.h"

#include "format/field_lookup.h"
#include "print_plan/evaluator.h"
#include "format_string/cast_table.h"
#include "record/field_access.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace tep::print_plan {
namespace {

// The print fmt parser stops at PrintFmtParser::kMaxDepth levels of nesting,
// which never builds a tree this deep; a deeper tree fails the plan rather
// than printing a cut expression as 0.
constexpr int kMaxDepth = 4096;

FieldRef field_ref(const tep_format_field& f) {
  FieldRef r;
  r.offset = f.offset;
  r.size = f.size;
  r.element_size = static_cast<int>(f.elementsize);
  const unsigned long flags = record::field_flags(f);
  r.is_array = flags & TEP_FIELD_IS_ARRAY;
  r.is_dynamic = flags & TEP_FIELD_IS_DYNAMIC;
  r.is_relative = flags & TEP_FIELD_IS_RELATIVE;
  r.valid = true;
  return r;
}

// A __print_flags / __print_symbolic value (eval_flag): numbers, a few softirq
// and hrtimer names, and -1 for anything else.
int64_t flag_value(const char* text) {
  if (!text) return -1;
  if (isdigit(static_cast<unsigned char>(text[0])))
    return static_cast<int64_t>(strtoull(text, nullptr, 0));
  static const struct {
    const char* name;
    int64_t value;
  } known[] = {
      {"HI_SOFTIRQ", 0},      {"TIMER_SOFTIRQ", 1},   {"NET_TX_SOFTIRQ", 2},
      {"NET_RX_SOFTIRQ", 3},  {"BLOCK_SOFTIRQ", 4},   {"IRQ_POLL_SOFTIRQ", 5},
      {"TASKLET_SOFTIRQ", 6}, {"SCHED_SOFTIRQ", 7},   {"HRTIMER_SOFTIRQ", 8},
      {"RCU_SOFTIRQ", 9},     {"HRTIMER_NORESTART", 0}, {"HRTIMER_RESTART", 1},
  };
  for (const auto& k : known)
    if (strcmp(k.name, text) == 0) return k.value;
  return -1;
}

// How many low bits of a value of `e` may be set (64 when not known). Looks a
// few levels down: casts and shifts of a field.
int value_bits(const Expr& e, int depth) {
  using K = Expr::Kind;
  using Op = Expr::Op;
  auto width = [](uint64_t v) { return v ? 64 - __builtin_clzll(v) : 0; };
  if (depth > 8) return 64;
  switch (e.kind) {
    case K::Zero: return 0;
    case K::Constant: return width(e.constant);
    case K::Field: return e.field.size >= 1 && e.field.size < 8 ? 8 * e.field.size : 64;
    case K::Mask: return std::min(value_bits(*e.a, depth + 1), width(e.constant));
    case K::Conditional: return std::max(value_bits(*e.b, depth + 1), value_bits(*e.c, depth + 1));
    case K::Binary:
      switch (e.op) {
        case Op::And: return std::min(value_bits(*e.a, depth + 1), value_bits(*e.b, depth + 1));
        case Op::Or: return std::max(value_bits(*e.a, depth + 1), value_bits(*e.b, depth + 1));
        case Op::Shr:
          if (e.b->kind != K::Constant) return value_bits(*e.a, depth + 1);
          return std::max(0, value_bits(*e.a, depth + 1) - static_cast<int>(e.b->constant & 63));
        case Op::Not: case Op::Ne: case Op::LogOr: case Op::LogAnd: case Op::Lt: case Op::Le:
        case Op::Gt: case Op::Ge: case Op::Eq:
          return 1;
        default: return 64;
      }
    default: return 64;
  }
}

Expr::Op op_from(const char* op) {
  using Op = Expr::Op;
  if (!op || !op[0]) return Op::Unknown;
  char a = op[0], b = op[1];
  switch (a) {
    case '!': return b == 0 ? Op::Not : b == '=' ? Op::Ne : Op::Unknown;
    case '~': return Op::BitNot;
    case '|': return b ? Op::LogOr : Op::Or;
    case '&': return b ? Op::LogAnd : Op::And;
    case '<': return b == 0 ? Op::Lt : b == '<' ? Op::Shl : b == '=' ? Op::Le : Op::Unknown;
    case '>': return b == 0 ? Op::Gt : b == '>' ? Op::Shr : b == '=' ? Op::Ge : Op::Unknown;
    case '=': return b == '=' ? Op::Eq : Op::Unknown;
    case '-': return Op::Sub;
    case '+': return Op::Add;
    case '/': return Op::Div;
    case '%': return Op::Mod;
    case '*': return Op::Mul;
    default: return Op::Unknown;
  }
}

class Compiler {
 public:
  Compiler(const tep_handle& tep, const Event& event, Plan& plan)
      : tep_(tep), event_(event), plan_(plan) {}

  const Expr* number(ArgRef ref) {
    if (ref.bprint_index >= 0) {
      Expr* e = new_expr(Expr::Kind::BprintArg);
      e->index = ref.bprint_index;
      return e;
    }
    return number(ref.node, 0);
  }

  const StrArg* string(ArgRef ref) {
    if (ref.bprint_index >= 0) {
      StrArg* s = new_string(StrArg::Kind::BprintArg);
      s->index = ref.bprint_index;
      return s;
    }
    return string(ref.node, 0);
  }

  const PointerArg* pointer(ArgRef ref, std::string_view letters);

  void format(std::string_view text, const format_string::PrintFmt& parsed, const std::vector<ArgRef>& args);

 private:
  Expr* new_expr(Expr::Kind kind) {
    Expr& e = plan_.exprs.emplace_back();
    e.kind = kind;
    return &e;
  }
  StrArg* new_string(StrArg::Kind kind) {
    StrArg& a = plan_.strings.emplace_back();
    a.kind = kind;
    return &a;
  }

  const Expr* constant(uint64_t v) {
    Expr* e = new_expr(Expr::Kind::Constant);
    e->constant = v;
    return e;
  }

  // `item & mask`, folded for a constant; none at all where the mask keeps
  // every bit the item can have ((unsigned long)REC->x, (u32) of 4 bytes,
  // (unsigned int)(REC->dev >> 20)).
  const Expr* masked(const Expr* item, uint64_t mask) {
    if (item->kind == Expr::Kind::Constant) return constant(item->constant & mask);
    int bits = value_bits(*item, 0);
    uint64_t low = bits >= 64 ? ~0ULL : (1ULL << bits) - 1;
    if ((mask & low) == low) return item;
    Expr* e = new_expr(Expr::Kind::Mask);
    e->a = item;
    e->constant = mask;
    return e;
  }

  FieldRef field_of(const tep_print_arg* node) {
    return resolve_field(event_, node->field.field, node->field.name);
  }

  const Expr* number(const tep_print_arg* node, int depth);
  const StrArg* string(const tep_print_arg* node, int depth);
  const FunctionCall* call(const tep_print_arg* node, int depth);
  void choose_run(Step& step);
  // Literal text accumulates until the next conversion.
 public:
  void literal(std::string_view text) { pending_.append(text); }
  void flush_literal() {
    if (pending_.empty()) return;
    Step step;
    step.kind = Step::Kind::Literal;
    step.literal = keep(pending_);
    plan_.steps.push_back(step);
    pending_.clear();
  }
  std::string_view keep(std::string_view text) { return plan_.texts.emplace_back(text); }
  void add_step(Step step) {
    flush_literal();
    plan_.steps.push_back(step);
  }

 private:

  const tep_handle& tep_;
  const Event& event_;
  Plan& plan_;
  std::string pending_;

};

// The common shapes run in run_steps' loop; a '*', or a conversion glibc
// prints, goes through run_step.
void Compiler::choose_run(Step& step) {
  using Run = Step::Run;
  step.run = Run::Other;
  if (step.star || (step.kind != Step::Kind::Pointer && !step.conversion.by_hand)) return;
  switch (step.kind) {
    case Step::Kind::Number: {
      step.run = Run::Number;
      const FieldRef& f = step.number->field;
      if (step.number->kind != Expr::Kind::Field || f.offset < 0) return;
      switch (f.size) {
        case 1: step.run = Run::Field1; break;
        case 2: step.run = Run::Field2; break;
        case 4: step.run = Run::Field4; break;
        case 8: step.run = Run::Field8; break;
        default: return;
      }
      step.field_offset = f.offset;
      step.field_size = f.size;
      return;
    }
    case Step::Kind::String:
      step.run = step.string->kind == StrArg::Kind::DynString ? Run::DynString : Run::String;
      if (step.run == Run::DynString) {
        step.field_offset = step.string->field.offset;
        step.field_size = step.string->field.size;
        step.relative = step.string->field.is_relative;
      }
      return;
    case Step::Kind::Pointer: step.run = Run::Pointer; return;
    default: return;
  }
}

const FunctionCall* Compiler::call(const tep_print_arg* node, int depth) {
  auto fc = std::make_unique<FunctionCall>();
  fc->handler = node->func.func;
  const tep_print_arg* arg = node->func.args;
  if (fc->handler) {
    for (tep_func_arg_type type : fc->handler->params) {
      FunctionCall::Param p;
      if (type == TEP_FUNC_ARG_STRING) {
        p.is_string = true;
        p.string = string(arg, depth + 1);
      } else {
        p.number = number(arg, depth + 1);
      }
      fc->params.push_back(p);
      if (arg) arg = arg->next;
    }
  }
  return &plan_.calls.emplace_back(std::move(*fc));
}

const Expr* Compiler::number(const tep_print_arg* node, int depth) {
  if (depth > kMaxDepth) plan_.failed = true;
  if (!node || depth > kMaxDepth) return new_expr(Expr::Kind::Zero);
  switch (node->type) {
    case TEP_PRINT_ATOM: {
      Expr* e = new_expr(Expr::Kind::Constant);
      e->constant = node->atom.atom ? strtoull(node->atom.atom, nullptr, 0) : 0;
      return e;
    }
    case TEP_PRINT_FIELD: {
      FieldRef f = field_of(node);
      if (!f.valid) return new_expr(Expr::Kind::Zero);
      Expr* e = new_expr(Expr::Kind::Field);
      e->field = f;
      return e;
    }
    case TEP_PRINT_TYPE: {
      const Expr* item = number(node->typecast.item, depth + 1);
      return masked(item, format_string::cast_mask(node->typecast.type ? node->typecast.type : ""));
    }
    case TEP_PRINT_FUNC: {
      Expr* e = new_expr(Expr::Kind::Function);
      e->call = call(node, depth);
      return e;
    }
    case TEP_PRINT_DYNAMIC_ARRAY:
    case TEP_PRINT_DYNAMIC_ARRAY_LEN: {
      if (!node->dynarray.field) return new_expr(Expr::Kind::Zero);
      Expr* e = new_expr(node->type == TEP_PRINT_DYNAMIC_ARRAY ? Expr::Kind::DynamicAddress
                                                               : Expr::Kind::DynamicLength);
      e->field = field_ref(*node->dynarray.field);
      return e;
    }
    case TEP_PRINT_OP: {
      const char* op = node->op.op ? node->op.op : "";
      if (strcmp(op, "[") == 0) {
        const tep_print_arg* left = node->op.left;
        const tep_print_arg* cast = nullptr;
        while (left && left->type == TEP_PRINT_TYPE) {
          if (!cast) cast = left;
          left = left->typecast.item;
        }
        if (left && left->type == TEP_PRINT_DYNAMIC_ARRAY && left->dynarray.field) {
          Expr* e = new_expr(Expr::Kind::DynamicIndex);
          e->field = field_ref(*left->dynarray.field);
          e->element_size = e->field.element_size ? e->field.element_size : tep_.long_size;
          e->a = number(node->op.right, depth + 1);
          e->constant = cast ? format_string::pointer_cast_mask(cast->typecast.type ? cast->typecast.type : "")
                             : ~0ULL;
          return e;
        }
        if (left && left->type == TEP_PRINT_FIELD) {
          FieldRef f = field_of(left);
          if (!f.valid) return new_expr(Expr::Kind::Zero);
          const Expr* index = number(node->op.right, depth + 1);
          uint64_t mask = cast ? format_string::pointer_cast_mask(cast->typecast.type ? cast->typecast.type : "")
                               : ~0ULL;
          // REC->args[2]: the element is a field of its own (evaluate's offset).
          int64_t at = static_cast<int64_t>(f.offset + index->constant * f.element_size);
          if (index->kind == Expr::Kind::Constant && at >= 0 && at <= INT32_MAX) {
            Expr* e = new_expr(Expr::Kind::Field);
            e->field.offset = static_cast<int>(at);
            e->field.size = f.element_size;
            e->field.valid = true;
            return masked(e, mask);
          }
          Expr* e = new_expr(Expr::Kind::FieldIndex);
          e->field = f;
          e->element_size = f.element_size;
          e->a = index;
          e->constant = mask;
          return e;
        }
        Expr* e = new_expr(Expr::Kind::Binary);  // upstream: "[" is then an unknown op
        e->op = Expr::Op::Unknown;
        e->a = e->b = new_expr(Expr::Kind::Zero);  // e.g. `"%p", r[4]`: nothing to index
        return e;
      }
      if (strcmp(op, "?") == 0) {
        const tep_print_arg* branches = node->op.right;
        Expr* e = new_expr(Expr::Kind::Conditional);
        e->a = number(node->op.left, depth + 1);
        if (branches && branches->type == TEP_PRINT_OP) {
          e->b = number(branches->op.left, depth + 1);
          e->c = number(branches->op.right, depth + 1);
        } else {
          e->b = e->c = new_expr(Expr::Kind::Zero);
        }
        if (e->a->kind == Expr::Kind::Constant) return e->a->constant ? e->b : e->c;
        return e;
      }
      Expr* e = new_expr(Expr::Kind::Binary);
      e->op = op_from(op);
      e->a = number(node->op.left, depth + 1);
      e->b = number(node->op.right, depth + 1);
      // Kernel formats are full of constant arithmetic (masks, shifts): fold it once.
      if (e->a->kind == Expr::Kind::Constant && e->b->kind == Expr::Kind::Constant)
        return constant(apply_operator(e->op, e->a->constant, e->b->constant));
      return e;
    }
    default:
      // NULL, strings, bitmasks (0 upstream); flags, symbols, arrays, hex
      // (an uninitialised value upstream).
      return new_expr(Expr::Kind::Zero);
  }
}

const StrArg* Compiler::string(const tep_print_arg* node, int depth) {
  if (depth > kMaxDepth) plan_.failed = true;
  if (!node || depth > kMaxDepth) return new_string(StrArg::Kind::Nothing);
  switch (node->type) {
    case TEP_PRINT_ATOM:
    case TEP_PRINT_BSTRING: {
      const char* text = node->type == TEP_PRINT_ATOM ? node->atom.atom : node->string.string;
      StrArg* s = new_string(StrArg::Kind::Text);
      s->text = text ? text : "";
      return s;
    }
    case TEP_PRINT_FIELD: {
      FieldRef f = field_of(node);
      if (!f.valid) return new_string(StrArg::Kind::Nothing);
      // A long-sized scalar is taken for a pointer: a printk string or hex.
      bool address = !f.is_array && f.size == tep_.long_size;
      StrArg* s = new_string(address ? StrArg::Kind::Address : StrArg::Kind::FieldBytes);
      s->field = f;
      return s;
    }
    case TEP_PRINT_FLAGS:
    case TEP_PRINT_SYMBOL: {
      bool flags = node->type == TEP_PRINT_FLAGS;
      StrArg* s = new_string(flags ? StrArg::Kind::Flags : StrArg::Kind::Symbols);
      s->value = number(flags ? node->flags.field : node->symbol.field, depth + 1);
      if (flags && node->flags.delim) {
        s->has_delimiter = true;
        s->text = node->flags.delim;
      }
      for (const tep_print_flag_sym* f = flags ? node->flags.flags : node->symbol.symbols; f;
           f = f->next) {
        int64_t value = flag_value(f->value);
        s->symbols.push_back({value, f->str ? f->str : ""});
        if (flags) s->flag_bits.push_back(value > 0 ? static_cast<uint64_t>(value) : ~0ULL);
        if (value < 0) s->negative_end = s->symbols.size();
      }
      return s;
    }
    case TEP_PRINT_HEX:
    case TEP_PRINT_HEX_STR:
    case TEP_PRINT_INT_ARRAY: {
      bool is_hex = node->type != TEP_PRINT_INT_ARRAY;
      const tep_print_arg* source = is_hex ? node->hex.field : node->int_array.field;
      if (!source) return new_string(StrArg::Kind::Nothing);
      StrArg* s = new_string(!is_hex ? StrArg::Kind::IntArray
                             : node->type == TEP_PRINT_HEX ? StrArg::Kind::Hex
                                                           : StrArg::Kind::HexString);
      if (source->type == TEP_PRINT_DYNAMIC_ARRAY && source->dynarray.field) {
        s->source_is_dynamic = true;
        s->field = field_ref(*source->dynarray.field);
      } else if (source->type == TEP_PRINT_FIELD) {
        s->field = field_of(source);
        if (!s->field.valid) s->kind = StrArg::Kind::Nothing;
      } else {
        s->kind = StrArg::Kind::Nothing;
      }
      s->value = number(is_hex ? node->hex.size : node->int_array.count, depth + 1);
      if (!is_hex) {
        s->element_size = number(node->int_array.el_size, depth + 1);
        s->count_from_length = !node->int_array.count && s->source_is_dynamic;
      }
      return s;
    }
    case TEP_PRINT_STACKTRACE: {
      FieldRef f = resolve_field(event_, node->stacktrace.field, node->stacktrace.stacktrace);
      if (!f.valid) return new_string(StrArg::Kind::Nothing);
      StrArg* s = new_string(StrArg::Kind::Stacktrace);
      s->field = f;
      return s;
    }
    case TEP_PRINT_STRING: {
      FieldRef f = resolve_field(event_, node->string.field, node->string.string);
      if (!f.valid) return new_string(StrArg::Kind::Nothing);
      StrArg* s = new_string(StrArg::Kind::DynString);
      s->field = f;
      return s;
    }
    case TEP_PRINT_BITMASK:
    case TEP_PRINT_CPUMASK: {
      FieldRef f = resolve_field(event_, node->bitmask.field, node->bitmask.bitmask);
      if (!f.valid) return new_string(StrArg::Kind::Nothing);
      StrArg* s = new_string(node->type == TEP_PRINT_BITMASK ? StrArg::Kind::Bitmask
                                                             : StrArg::Kind::Cpumask);
      s->field = f;
      return s;
    }
    case TEP_PRINT_OP: {
      // The only operator a string can come from is ?:.
      if (!node->op.op || node->op.op[0] != '?') return new_string(StrArg::Kind::Nothing);
      const tep_print_arg* branches = node->op.right;
      if (!branches || branches->type != TEP_PRINT_OP) return new_string(StrArg::Kind::Nothing);
      StrArg* s = new_string(StrArg::Kind::Conditional);
      s->value = number(node->op.left, depth + 1);
      s->yes = string(branches->op.left, depth + 1);
      s->no = string(branches->op.right, depth + 1);
      return s;
    }
    case TEP_PRINT_FUNC: {
      StrArg* s = new_string(StrArg::Kind::Function);
      s->call = call(node, depth);
      return s;
    }
    default:
      return new_string(StrArg::Kind::Nothing);
  }
}

// Upstream's parse_ip4_print_args: [hnbl] picks the byte order of an IPv4 address.
bool ip4_reverse(const tep_handle& tep, char c) {
  if (c == 'h') return !tep.file_bigendian;
  return c == 'l';
}

const PointerArg* Compiler::pointer(ArgRef ref, std::string_view letters) {
  auto p = std::make_unique<PointerArg>();
  auto at = [&](size_t i) { return i < letters.size() ? letters[i] : '\0'; };
  using Kind = PointerArg::Kind;
  switch (at(0)) {
    case 'F':
    case 'f':
    case 'S':
    case 's':
      p->kind = Kind::Symbol;
      p->symbol_offset = at(0) == 'F' || at(0) == 'S';
      break;
    case 'M':
    case 'm':
      p->kind = Kind::Mac;
      p->mac_separator = at(0) == 'm' ? 0 : at(1) == 'F' ? '-' : ':';
      p->reverse = at(1) == 'R';
      break;
    case 'I':
    case 'i':
      p->ip_letter = at(0);
      if (at(1) == '4') {
        p->kind = Kind::Ipv4;
        p->reverse = ip4_reverse(tep_, at(2));
      } else if (at(1) == '6') {
        p->kind = Kind::Ipv6;
        p->compressed = at(0) == 'I' && at(2) == 'c';
      } else if (at(1) == 'S') {
        p->kind = Kind::IpSockaddr;
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
        p->kind = Kind::IpNothing;
      }
      break;
    case 'U':
      p->kind = Kind::Uuid;
      p->uuid_upper = at(1) == 'B' || at(1) == 'L';
      p->uuid_little_endian = at(1) == 'l' || at(1) == 'L';
      break;
    case 'h':
      p->kind = Kind::HexBuffer;
      p->delimiter = at(1) == 'C' ? ":" : at(1) == 'D' ? "-" : at(1) == 'N' ? "" : " ";
      break;
    // A printk format's %pa and %pB stay plain pointers, as upstream reads them.
    case 'a':
      p->kind = ref.bprint_index < 0 ? Kind::PhysAddr : Kind::Plain;
      break;
    case 'B':
      p->kind = ref.bprint_index < 0 ? Kind::Backtrace : Kind::Plain;
      break;
    default:
      p->kind = Kind::Plain;
      break;
  }

  const tep_print_arg* node = ref.node;
  // Upstream looks through casts to the field of an address or UUID (not of a hex buffer).
  bool takes_field = p->kind == Kind::Mac || p->kind == Kind::Ipv4 || p->kind == Kind::Ipv6 ||
                     p->kind == Kind::Uuid || p->kind == Kind::IpSockaddr;
  while (takes_field && node && node->type == TEP_PRINT_TYPE) node = node->typecast.item;
  if (ref.bprint_index >= 0) {
    p->source = PointerArg::Source::BprintArg;
    p->index = ref.bprint_index;
  } else if (node && node->type == TEP_PRINT_BSTRING) {
    p->source = PointerArg::Source::Text;
    p->text = node->string.string ? node->string.string : "";
  } else if (p->kind == Kind::Plain || p->kind == Kind::Symbol || p->kind == Kind::PhysAddr ||
             p->kind == Kind::Backtrace) {
    p->source = PointerArg::Source::Value;
    p->value = number(node, 0);
  } else if (p->kind == Kind::IpNothing) {
    p->source = PointerArg::Source::Value;
  } else if (node && node->type == TEP_PRINT_FUNC) {
    p->source = PointerArg::Source::Function;
    p->call = call(node, 0);
  } else if (p->kind == Kind::HexBuffer) {
    if (node && node->type == TEP_PRINT_DYNAMIC_ARRAY && node->dynarray.field) {
      p->source = PointerArg::Source::Dynamic;
      p->field = field_ref(*node->dynarray.field);
    } else {
      p->source = PointerArg::Source::WrongType;
      p->wrong_type = node ? node->type : 0;
    }
  } else if (node && node->type == TEP_PRINT_FIELD) {
    p->source = PointerArg::Source::Field;
    p->field = field_of(node);
  } else if (p->kind == Kind::IpSockaddr && node && node->type == TEP_PRINT_DYNAMIC_ARRAY &&
             node->dynarray.field) {
    p->source = PointerArg::Source::Dynamic;
    p->field = field_ref(*node->dynarray.field);
  } else {
    p->source = PointerArg::Source::WrongType;
    p->wrong_type = node ? node->type : 0;
  }
  return &plan_.pointers.emplace_back(std::move(*p));
}

// The steps of a print fmt read once (format_string::PrintFmt): its literal text, and
// each conversion with the arguments it takes.
void Compiler::format(std::string_view text, const format_string::PrintFmt& parsed, const std::vector<ArgRef>& args) {
  using Kind = format_string::PrintFmtPiece::Kind;
  for (const format_string::PrintFmtPiece& piece : parsed.pieces()) {
    literal(parsed.literal(piece));
    const format_string::Parsed& p = piece.parsed;
    Step step;
    step.star = piece.star_arg >= 0 ? number(args[piece.star_arg]) : nullptr;
    switch (piece.kind) {
      case Kind::kEnd:
      case Kind::kCut:
        continue;
      case Kind::kNoArgument:
        plan_.failed = true;
        continue;
      case Kind::kUnknown: {
        char shown[4] = {'>', p.letter, '<', 0};  // upstream shows the letter it does not know
        literal(shown);
        continue;
      }
      case Kind::kBadLength:
        plan_.failed = true;
        step.kind = Step::Kind::BadCount;
        break;
      case Kind::kConversion:
        if (p.letter == 'p') {
          step.kind = Step::Kind::Pointer;
          step.pointer = pointer(args[piece.arg], text.substr(p.letter_end, p.end - p.letter_end));
          // Not printed from (print_pointer is): the "%pS" typed columns report.
          step.conversion = format_string::PrintFmt::conversion(text, piece);
          step.conversion.text = text.substr(p.start, p.end - p.start);
          break;
        }
        step.conversion = format_string::PrintFmt::conversion(text, piece);
        if (p.letter == 's') {
          step.kind = Step::Kind::String;
          step.string = string(args[piece.arg]);
        } else {
          step.kind = Step::Kind::Number;
          format_string::follow_trace_long(step.conversion, tep_.long_size);
          step.number = number(args[piece.arg]);
        }
        break;
    }
    choose_run(step);
    add_step(step);
  }
}

}  // namespace

FieldRef resolve_field(const Event& event, const tep_format_field* field, const char* name) {
  if (!field && name) field = find_any_field_in(event, name);
  return field ? field_ref(*field) : FieldRef{};
}

void compile_format(const tep_handle& tep, const Event& event, std::string_view format,
                    const format_string::PrintFmt& parsed, const std::vector<ArgRef>& args, Plan& plan) {
  Compiler compiler(tep, event, plan);
  compiler.format(format, parsed, args);
  compiler.flush_literal();
  plan.printed.clear();
  const Step* literal = nullptr;  // not yet in `printed`
  for (const Step& step : plan.steps) {
    if (step.kind == Step::Kind::Literal) {
      if (literal) plan.printed.push_back({{}, literal});
      literal = &step;
      continue;
    }
    plan.printed.push_back({literal ? literal->literal : std::string_view(), &step});
    literal = nullptr;
  }
  if (literal) plan.printed.push_back({{}, literal});
}

}  // namespace tep::print_plan
