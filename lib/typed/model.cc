// SPDX-License-Identifier: LGPL-2.1
#include "typed/model.h"

#include <algorithm>
#include <cstring>
#include <set>

#include "format/field_lookup.h"
#include "typed/classify.h"
#include "typed/field_column.h"
#include "typed/naming.h"
#include "typed/reader.h"
#include "typed/shape.h"

namespace tep::typed {
namespace {

// The literal between a MAJOR and its MINOR: "%d,%d", "%d:%d".
constexpr size_t kMaxDeviceSeparator = 3;

std::vector<const tep_print_arg*> top_level_args(const format::Event& event) {
  std::vector<const tep_print_arg*> args;
  for (const tep_print_arg* a = event.print_fmt.args; a; a = a->next) args.push_back(a);
  return args;
}

// What the next step prints if it is literal text.
std::string_view literal_after(const print_plan::Plan& plan, size_t i) {
  if (i + 1 < plan.steps.size() && plan.steps[i + 1].kind == print_plan::Step::Kind::kLiteral)
    return plan.steps[i + 1].literal;
  return {};
}

// Steps i..i+2 print MAJOR(dev), a short separator, MINOR(dev) of one field.
bool device_pair(const print_plan::Plan& plan, size_t i, DeviceHalf& major) {
  if (i + 2 >= plan.steps.size()) return false;
  const print_plan::Step& a = plan.steps[i];
  const print_plan::Step& sep = plan.steps[i + 1];
  const print_plan::Step& b = plan.steps[i + 2];
  DeviceHalf minor;
  return a.kind == print_plan::Step::Kind::kNumber && !a.star && sep.kind == print_plan::Step::Kind::kLiteral &&
         sep.literal.size() <= kMaxDeviceSeparator && b.kind == print_plan::Step::Kind::kNumber && !b.star &&
         device_half(a.number, major) && major.major && device_half(b.number, minor) && !minor.major &&
         minor.field_offset == major.field_offset && minor.bits == major.bits;
}

Column device_column(const format::Event& event, const DeviceHalf& half) {
  Column c;
  c.kind = Kind::kDevice;
  c.minor_bits = half.bits;
  c.reader.from = Reader::From::kScalar;
  c.reader.offset = half.field_offset;
  c.reader.size = half.field_size;
  c.type = integer_type(half.field_size, false);
  for (const tep_format_field* f = event.format.fields; f; f = f->next)
    if (f->offset == half.field_offset) c.field = f;
  return c;
}

// The columns of every conversion that has its argument; args_used tells how
// many arguments they took.
std::vector<Column> step_columns(const ClassifyContext& cx, const print_plan::Plan& plan,
                                 const std::vector<const tep_print_arg*>& args, std::string& suffix) {
  std::vector<Column> columns;
  size_t next_arg = 0;
  std::string pending;
  for (size_t i = 0; i < plan.steps.size(); i++) {
    const print_plan::Step& step = plan.steps[i];
    if (step.kind == print_plan::Step::Kind::kLiteral) {
      pending.append(step.literal);
      continue;
    }
    if (step.star) next_arg++;
    int arg_index = static_cast<int>(next_arg);
    const tep_print_arg* node = next_arg < args.size() ? args[next_arg] : nullptr;
    next_arg++;
    Column c;
    size_t last = i;
    DeviceHalf half;
    if (device_pair(plan, i, half) && node && computable(node, cx.event)) {
      c = device_column(cx.event, half);
      last = i + 2;
      next_arg++;
    } else {
      c = classify_step(cx, step, node, literal_after(plan, i));
    }
    c.print_arg = arg_index;
    c.conversion = std::string(step.conversion.text);
    c.first_step = static_cast<int>(i);
    c.last_step = static_cast<int>(last);
    c.prefix = std::move(pending);
    pending.clear();
    columns.push_back(std::move(c));
    i = last;
  }
  suffix = std::move(pending);
  return columns;
}

// "delta_ns: %lld", "%lld ns": integers with a stated unit are durations (or timestamps).
void apply_time_units(std::vector<Column>& columns, const std::string& suffix) {
  for (size_t i = 0; i < columns.size(); i++) {
    Column& c = columns[i];
    if (c.kind != Kind::kInt && c.kind != Kind::kUint && c.kind != Kind::kDerived) continue;
    std::string_view after = i + 1 < columns.size() ? columns[i + 1].prefix : suffix;
    std::string label = label_before(c.prefix);
    TimeUnit unit = time_unit(label.empty() ? c.name : label, after);
    if (unit.unit.empty()) continue;
    c.kind = unit.timestamp ? Kind::kTimestamp : Kind::kDuration;
    c.unit = unit.unit;
  }
}

void add_fields(const tep_handle& tep, const format::Event& event, Model& m) {
  for (const tep_format_field* f = event.format.common_fields; f; f = f->next)
    m.fields.push_back(field_column(*f, tep.long_size));
  for (const tep_format_field* f = event.format.fields; f; f = f->next)
    m.fields.push_back(field_column(*f, tep.long_size));
}

// A parsed argument reading a field as is (a Scalar of the whole field) lends
// the field its meaning: an enum, flags, a device number, a symbol.
bool lends_meaning(const Column& arg, const tep_format_field& f) {
  if (arg.kind == Kind::kOpaque || arg.kind == Kind::kDerived) return false;
  if (arg.reader.from == Reader::From::kScalar) return arg.reader.offset == f.offset && arg.reader.size == f.size;
  return arg.reader.from == Reader::From::kDynamicBytes && arg.reader.offset == f.offset && arg.kind != Kind::kString;
}

void build_failed(const ClassifyContext& cx, const print_plan::Plan& plan, Model& m) {
  std::string ignored;
  std::vector<Column> parsed = step_columns(cx, plan, top_level_args(cx.event), ignored);
  std::string prefix = "[FAILED TO PARSE]";
  for (const tep_format_field* f = cx.event.format.fields; f; f = f->next) {
    Column c = field_column(*f, cx.tep.long_size);
    for (Column& arg : parsed) {
      if (arg.print_arg < 0 || !lends_meaning(arg, *f)) continue;
      std::string name = c.name;
      c = std::move(arg);
      c.name = std::move(name);
      c.field = f;
      arg.print_arg = -1;  // used
      break;
    }
    c.print_arg = -1;
    c.first_step = c.last_step = -1;
    c.prefix = prefix + " " + c.name + "=";
    prefix.clear();
    m.columns.push_back(std::move(c));
  }
  m.suffix = prefix;
}

void build_bprint(const format::Event& event, const print_plan::Plan& plan, Model& m) {
  if (!plan.bprint_fields_found) {
    Column c = opaque("ftrace:bprint without its ip, fmt and buf fields");
    c.name = "message";
    c.reader.from = Reader::From::kBprintText;
    m.columns.push_back(std::move(c));
    return;
  }
  print_plan::Expr& ip = m.exprs.emplace_back();
  ip.kind = print_plan::Expr::Kind::kField;
  ip.field = plan.bprint_ip;
  print_plan::PointerArg& symbol = m.pointers.emplace_back();
  symbol.kind = print_plan::PointerArg::Kind::kSymbol;
  symbol.value = &ip;
  Column caller;
  caller.name = "ip";
  caller.kind = Kind::kSymbol;
  caller.type = integer_type(plan.bprint_ip.size, false);
  caller.reader.from = Reader::From::kScalar;
  caller.reader.offset = plan.bprint_ip.offset;
  caller.reader.size = plan.bprint_ip.size;
  caller.conversion = "%ps";
  caller.field = format::find_any_field_in(event, "ip");
  m.columns.push_back(std::move(caller));
  Column message;
  message.name = "message";
  message.kind = Kind::kString;
  message.reader.from = Reader::From::kBprintText;
  message.prefix = ": ";
  message.note = "formatted from the printk format at fmt and the arguments in buf";
  m.columns.push_back(std::move(message));
}

// A record shorter than this gives null: the value's bytes and common_type.
int64_t reader_needs(const Column& c, const Model& m) {
  const Reader& r = c.reader;
  if (m.type_offset < 0) return INT64_MAX;
  int64_t need = int64_t{m.type_offset} + m.type_size;
  switch (r.from) {
    case Reader::From::kScalar:
    case Reader::From::kFixedBytes:
    case Reader::From::kDynamicBytes:
    case Reader::From::kPrintkString:
      // Read in place, unchecked per record: a field said to start before the
      // record (a malformed format) is never readable.
      if (r.offset < 0 || r.size < 0) return INT64_MAX;
      need = std::max(need, int64_t{r.offset} + r.size);
      break;
    case Reader::From::kExpr:
    case Reader::From::kTest: need = std::max(need, bytes_needed(r.expr)); break;
    case Reader::From::kChoice:
      for (const Choice& ch : c.choices) {
        need = std::max({need, bytes_needed(ch.test), bytes_needed(ch.value)});
        if (ch.string) need = std::max(need, int64_t{ch.string->field.offset} + ch.string->field.size);
      }
      break;
    default: break;
  }
  if (r.length) need = std::max(need, bytes_needed(r.length));
  return need;
}

}  // namespace

void name_columns(std::vector<Column>& columns) {
  std::set<std::string> taken;
  for (Column& c : columns) {
    std::string name = label_before(c.prefix);
    if (name.empty()) name = c.default_name;
    if (name.empty() && c.field && c.field->name) name = c.field->name;
    if (name.empty()) name = "arg" + std::to_string(c.print_arg);
    std::string unique = name;
    for (int n = 2; taken.count(unique); n++) unique = name + "#" + std::to_string(n);
    taken.insert(unique);
    c.name = std::move(unique);
  }
}

std::unique_ptr<Model> build_model(const tep_handle& tep, const format::Event& event, const print_plan::Plan& plan,
                                   const Constants& constants, uint64_t generation) {
  auto m = std::make_unique<Model>();
  m->generation = generation;
  m->plan = &plan;
  m->id = event.id;
  if (const tep_format_field* type = format::find_field_in(event.format.common_fields, "common_type")) {
    m->type_offset = type->offset;
    m->type_size = type->size;
  }
  add_fields(tep, event, *m);
  ClassifyContext cx{tep, event, constants};
  unsigned flags = __atomic_load_n(&event.flags, __ATOMIC_RELAXED);
  if (plan.is_bprint) {
    m->layout = Model::Layout::kBprint;
    build_bprint(event, plan, *m);
  } else if (plan.failed || (flags & TEP_EVENT_FL_FAILED)) {
    m->layout = Model::Layout::kFailed;
    build_failed(cx, plan, *m);
  } else {
    m->columns = step_columns(cx, plan, top_level_args(event), m->suffix);
    name_columns(m->columns);
    apply_time_units(m->columns, m->suffix);
  }
  for (auto* list : {&m->columns, &m->fields})
    for (Column& c : *list) {
      c.reader.needs = reader_needs(c, *m);
      if (c.kind == Kind::kEnum) index_labels(c);
    }
  return m;
}

}  // namespace tep::typed
