// SPDX-License-Identifier: LGPL-2.1
// %s conversions: strings, __print_symbolic / __print_flags tables, hex dumps,
// arrays, masks, and ?: chains of them:
//   (state & MASK) ? __print_flags(state & MASK, "|", ...) : "R"    flags, 0 is "R"
//   (isa == 1) ? __print_symbolic(r & 0xffff, VMX) : __print_symbolic(r, SVM)   one enum
//   (in range) ? __print_symbolic(root, ...) : "-"                  enum, "-" has no value
//   x ? " [TRUNCATED]" : ""                                          boolean
#include <cstring>

#include "typed/classify.h"
#include "typed/shape.h"

namespace tep::typed {
namespace {

constexpr int kMaxChoiceDepth = 64;

int label_index(Column& c, const std::string& text) {
  for (size_t i = 0; i < c.labels.size(); i++)
    if (c.labels[i] == text) return static_cast<int>(i);
  c.labels.push_back(text);
  return static_cast<int>(c.labels.size() - 1);
}

// The stored type of a table's value: its field's width ("u16 ioprio" -> u16), a cast's if narrower.
ValueType table_value_type(const ClassifyContext& cx, const tep_print_arg* value, bool flags) {
  const tep_format_field* f = single_field(value, cx.event);
  int width = f && !(f->flags & TEP_FIELD_IS_ARRAY) ? f->size : 8;
  bool is_signed = f && (f->flags & TEP_FIELD_IS_SIGNED);
  Unwrapped u = unwrap(value, cx.tep.long_size);
  if (u.cast_width && u.cast_width < width) {
    width = u.cast_width;
    is_signed = u.cast_signed;
  }
  return integer_type(width, is_signed && !flags);
}

// Builds Column::choices from a ?: chain, counting what its leaves are.
struct ChoiceBuilder {
  const ClassifyContext& cx;
  Column& c;
  int symbols = 0, flags = 0, texts = 0, strings = 0;
  bool bad = false;
  const tep_print_arg* first_value = nullptr;  // the first table's value

  int add_leaf(Choice choice) {
    c.choices.push_back(choice);
    return static_cast<int>(c.choices.size() - 1);
  }

  int add_table(const print_plan::StrArg& s, const tep_print_arg* value, const tep_print_flag_sym* list) {
    if (!computable(value, cx.event)) {
      bad = true;
      return -1;
    }
    if (!first_value) first_value = value;
    c.tables.push_back(table_entries(list, &s, cx.constants));
    Choice leaf;
    leaf.leaf = Choice::Leaf::kTable;
    leaf.value = s.value;
    leaf.table = static_cast<int>(c.tables.size() - 1);
    return add_leaf(leaf);
  }

  int add(const print_plan::StrArg* s, const tep_print_arg* node, int depth) {
    using K = print_plan::StrArg::Kind;
    if (!s || !node || depth > kMaxChoiceDepth) {
      bad = true;
      return -1;
    }
    switch (s->kind) {
      case K::kConditional: {
        const tep_print_arg* branches = node->op.right;
        if (node->type != TEP_PRINT_OP || !branches || branches->type != TEP_PRINT_OP ||
            !computable(node->op.left, cx.event)) {
          bad = true;
          return -1;
        }
        Choice branch;
        branch.test = s->value;
        int at = add_leaf(branch);
        int yes = add(s->yes, branches->op.left, depth + 1);
        int no = add(s->no, branches->op.right, depth + 1);
        c.choices[at].yes = yes;
        c.choices[at].no = no;
        return at;
      }
      case K::kSymbols:
        if (node->type != TEP_PRINT_SYMBOL) break;
        symbols++;
        return add_table(*s, node->symbol.field, node->symbol.symbols);
      case K::kFlags:
        if (node->type != TEP_PRINT_FLAGS) break;
        flags++;
        c.has_delimiter = s->has_delimiter;
        c.delimiter = s->text;
        return add_table(*s, node->flags.field, node->flags.flags);
      case K::kText: {
        texts++;
        Choice leaf;
        leaf.leaf = Choice::Leaf::kText;
        leaf.label = label_index(c, s->text);
        return add_leaf(leaf);
      }
      case K::kNothing: {
        // "REC->len ? __get_str(name) : ((void *)0)": no value, no text.
        Choice leaf;
        leaf.leaf = Choice::Leaf::kNull;
        return add_leaf(leaf);
      }
      case K::kDynString:
      case K::kFieldBytes:
      case K::kAddress: {
        strings++;
        Choice leaf;
        leaf.leaf = Choice::Leaf::kString;
        leaf.string = s;
        return add_leaf(leaf);
      }
      default: break;
    }
    bad = true;
    return -1;
  }
};

// Every table name gets a label, so that a code means one name whatever table gave it.
void label_tables(Column& c) {
  for (auto& table : c.tables)
    for (TableEntry& e : table) e.label = label_index(c, e.name);
}

void set_zero_name(Column& c) {
  if (c.has_zero_name || c.tables.empty()) return;
  for (const TableEntry& e : c.tables[0])
    if (e.resolved && e.value == 0) {
      c.zero_name = e.name;
      c.has_zero_name = true;
      return;
    }
}

Column from_choice(const ClassifyContext& cx, const print_plan::StrArg& arg, const tep_print_arg* node) {
  Column c;
  ChoiceBuilder b{cx, c};
  b.add(&arg, node, 0);
  if (b.bad) return opaque("a ?: whose branches it cannot type");
  if (!b.symbols && !b.flags && !b.texts && !b.strings) return opaque("prints nothing upstream");
  c.reader.from = Reader::From::kChoice;
  c.reader.root = 0;
  const Choice& root = c.choices[0];
  if (b.flags == 1 && b.symbols == 0 && b.strings == 0) {
    c.kind = Kind::kFlags;
    c.type = table_value_type(cx, b.first_value, true);
    // "v ? __print_flags(v, ...) : "R"": the flag set of v, whose 0 is called "R".
    if (c.choices.size() == 3 && root.leaf == Choice::Leaf::kBranch &&
        c.choices[root.yes].leaf == Choice::Leaf::kTable && c.choices[root.no].leaf == Choice::Leaf::kText &&
        same_expr(root.test, c.choices[root.yes].value)) {
      c.zero_name = c.labels[c.choices[root.no].label];
      c.has_zero_name = true;
      c.reader.from = Reader::From::kExpr;
      c.reader.expr = c.choices[root.yes].value;
      c.choices.clear();
      c.labels.clear();
    }
    set_zero_name(c);
    return c;
  }
  if (b.flags == 0 && b.strings == 0 && b.symbols == 0 && b.texts == 2 && c.choices.size() == 3) {
    c.kind = Kind::kBool;
    c.type = ValueType::kBool;
    c.reader.from = Reader::From::kTest;
    c.reader.expr = root.test;
    c.choices.clear();
    return c;
  }
  if (b.flags == 0 && b.symbols == 0 && (b.strings || b.texts == 1)) {
    c.kind = Kind::kString;  // a string, or one of several strings
    c.type = ValueType::kBytes;
    return c;
  }
  if (b.flags == 0 && b.strings == 0) {
    c.kind = Kind::kEnum;
    c.type = b.symbols ? table_value_type(cx, b.first_value, false) : ValueType::kNone;
    label_tables(c);
    return c;
  }
  return opaque("a ?: mixing tables and strings");
}

// A table of one __print_symbolic / __print_flags: the value is read directly.
Column from_table(const ClassifyContext& cx, const print_plan::StrArg& arg, const tep_print_arg* node) {
  bool flags = arg.kind == print_plan::StrArg::Kind::kFlags;
  if (node->type != (flags ? TEP_PRINT_FLAGS : TEP_PRINT_SYMBOL)) return opaque("unexpected tree");
  const tep_print_arg* value = flags ? node->flags.field : node->symbol.field;
  if (!computable(value, cx.event)) return opaque("a table over something outside the record");
  Column c;
  c.kind = flags ? Kind::kFlags : Kind::kEnum;
  c.type = table_value_type(cx, value, flags);
  integer_reader(cx, value, arg.value, c.reader);
  c.field = single_field(value, cx.event);
  c.tables.push_back(table_entries(flags ? node->flags.flags : node->symbol.symbols, &arg, cx.constants));
  if (flags) {
    c.has_delimiter = arg.has_delimiter;
    c.delimiter = arg.text;
    set_zero_name(c);
  } else {
    label_tables(c);
  }
  return c;
}

// The bytes of a field: a __data_loc payload or a fixed field.
void field_bytes(const print_plan::FieldRef& f, bool dynamic, Reader& r) {
  r.from = dynamic ? Reader::From::kDynamicBytes : Reader::From::kFixedBytes;
  r.offset = f.offset;
  r.size = f.size;
  r.relative = f.is_relative;
}

}  // namespace

Column classify_string(const ClassifyContext& cx, const print_plan::StrArg& arg, const tep_print_arg* node) {
  using K = print_plan::StrArg::Kind;
  if (!node) return opaque("no argument");
  Column c;
  switch (arg.kind) {
    case K::kConditional:
    case K::kText:
      c = from_choice(cx, arg, node);
      if (c.kind != Kind::kOpaque) c.field = single_field(node, cx.event);
      return c;
    case K::kSymbols:
    case K::kFlags: return from_table(cx, arg, node);
    case K::kDynString:
    case K::kFieldBytes:
      c.kind = Kind::kString;
      c.type = ValueType::kBytes;
      field_bytes(arg.field, arg.kind == K::kDynString, c.reader);
      c.reader.cut_at_nul = true;
      break;
    case K::kAddress:
      c.kind = Kind::kString;
      c.type = ValueType::kBytes;
      c.reader.from = Reader::From::kPrintkString;
      c.reader.offset = arg.field.offset;
      c.reader.size = cx.tep.long_size == 8 ? 8 : 4;
      c.note = "a kernel string, from the printk formats";
      break;
    case K::kHex:
    case K::kHexString:
      if (!computable(node->hex.size, cx.event)) return opaque("a length from outside the record");
      c.kind = Kind::kBytes;
      c.type = ValueType::kBytes;
      field_bytes(arg.field, arg.source_is_dynamic, c.reader);
      c.reader.length = arg.value;
      break;
    case K::kIntArray: {
      // __print_dynamic_array(x, size) has no count: the whole payload is read.
      if (!(arg.count_from_length || computable(node->int_array.count, cx.event)) || !arg.element_size ||
          arg.element_size->kind != print_plan::Expr::Kind::kConstant)
        return opaque("an array of unknown shape");
      uint64_t element = arg.element_size->constant;
      if (element != 1 && element != 2 && element != 4 && element != 8)
        return opaque("an array of unknown element size");
      c.kind = Kind::kArray;
      c.type = ValueType::kBytes;
      const tep_format_field* f = single_field(node->int_array.field, cx.event);
      c.element = integer_type(static_cast<int>(element), f && (f->flags & TEP_FIELD_IS_SIGNED));
      field_bytes(arg.field, arg.source_is_dynamic, c.reader);
      if (!arg.count_from_length) {
        c.reader.length = arg.value;
        c.reader.length_scale = static_cast<int>(element);
      }
      break;
    }
    // Its text skips the first address and names the others: no column of
    // values says that better than the text itself.
    case K::kStacktrace:
      c = opaque("a stack trace");
      c.field = single_field(node, cx.event);  // named after its field
      return c;
    case K::kBitmask:
    case K::kCpumask:
      c.kind = arg.kind == K::kCpumask ? Kind::kCpuSet : Kind::kBitmask;
      c.type = ValueType::kBytes;
      field_bytes(arg.field, true, c.reader);
      break;
    case K::kFunction: {
      const char* name = arg.call && arg.call->handler ? arg.call->handler->name.c_str() : "";
      return opaque(std::string("the print function ") + name);
    }
    case K::kNothing: return opaque("prints nothing upstream");
    case K::kBprintArg: return opaque("a bprint argument");
  }
  c.field = single_field(node, cx.event);
  return c;
}

}  // namespace tep::typed
