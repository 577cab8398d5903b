// SPDX-License-Identifier: LGPL-2.1
#include "typed/function_args.h"

#include <algorithm>

#include "btf/arg_printer.h"
#include "format/field_lookup.h"
#include "seq/seq.h"
#include "typed/reader.h"

namespace tep::typed {

namespace {

using btf::ParamValue;

// ftrace:function's `ip ... unsigned long args[]` (size 0: the rest of the
// record), funcgraph_entry's `func ... args[]`.
bool find_layout(const tep_handle& tep, const format::Event& event, ArgsLayout& out) {
  const tep_format_field* args = format::find_field_in(event.format.fields, "args");
  if (!args || !(args->flags & TEP_FIELD_IS_ARRAY) || args->size != 0) return false;
  const tep_format_field* address = format::find_field_in(event.format.fields, "ip");
  if (!address) address = format::find_field_in(event.format.fields, "func");
  if (!address || (address->size != 4 && address->size != 8)) return false;
  out.address = address;
  out.offset = args->offset;
  out.word_size = tep.long_size == 4 ? 4 : 8;
  return true;
}

// The text of what a trace_seq printer writes.
template <typename Print>
std::string printed(Print print) {
  trace_seq s;
  seq::init(&s);
  {
    seq::Output out(&s);
    print(out);
  }
  std::string text(s.buffer ? s.buffer : "", s.len);
  seq::destroy(&s);
  return text;
}

// An enum's names as one table and its labels (every name once).
template <typename Value>
void add_enum_table(Column& c, unsigned count, Value value_of) {
  std::vector<TableEntry> table;
  for (unsigned i = 0; i < count; i++) {
    TableEntry e;
    std::tie(e.value, e.name) = value_of(i);
    e.key_text = std::to_string(e.value);
    auto known = std::find(c.labels.begin(), c.labels.end(), e.name);
    e.label = static_cast<int>(known - c.labels.begin());
    if (known == c.labels.end()) c.labels.push_back(e.name);
    table.push_back(std::move(e));
  }
  c.tables.push_back(std::move(table));
}

// What a parameter is as a column: its kind, type and reader (the words
// from `first_word`, of which the record must hold `needs` bytes).
Column parameter_column(const tep_handle& tep, const btf::BtfTypes& types, const ArgsLayout& layout,
                        const ParamValue& value, uint64_t first_word, int64_t needs) {
  Column c;
  c.parameter = value;
  c.parameter_offset = static_cast<int>(layout.offset + first_word * static_cast<unsigned>(layout.word_size));
  c.reader.needs = needs;
  int width = 0;  // of an integer read from the first word
  const btf::TypeRecord r = types.type(value.type);
  switch (value.form) {
    case ParamValue::Form::kInt: {
      const unsigned bits = value.encoding & 0xff, bit_offset = value.encoding >> 16 & 0xff;
      if (bit_offset || (bits != 8 && bits != 16 && bits != 32 && bits != 64)) break;
      width = static_cast<int>(bits / 8);
      c.kind = value.encoding >> 24 & btf::kIntBool ? Kind::kBool : value.is_signed ? Kind::kInt : Kind::kUint;
      c.type = c.kind == Kind::kBool ? ValueType::kBool : integer_type(width, value.is_signed);
      break;
    }
    case ParamValue::Form::kPointer:
      width = layout.word_size;
      c.kind = Kind::kPointer;
      c.type = integer_type(width, false);
      break;
    case ParamValue::Form::kEnum:
      width = value.size == 1 || value.size == 2 || value.size == 8 ? static_cast<int>(value.size) : 4;
      c.kind = Kind::kEnum;
      c.type = integer_type(width, value.is_signed);
      add_enum_table(c, r.vlen(), [&](unsigned i) {
        const btf::BtfTypes::Enumerator e = types.enumerator(value.type, i);
        const uint64_t v = value.is_signed ? static_cast<uint64_t>(int64_t{static_cast<int32_t>(e.value)}) : e.value;
        return std::pair<uint64_t, std::string>(v, std::string(types.string(e.name_off)));
      });
      break;
    case ParamValue::Form::kOther:
      if (r.kind() == btf::kEnum64 && value.size == 8) {
        width = 8;
        c.kind = Kind::kEnum;
        c.type = integer_type(width, value.is_signed);
        add_enum_table(c, r.vlen(), [&](unsigned i) {
          const btf::BtfTypes::Enumerator64 e = types.enumerator64(value.type, i);
          return std::pair<uint64_t, std::string>(e.value, std::string(types.string(e.name_off)));
        });
      }
      break;
    case ParamValue::Form::kVoid: break;
  }
  if (width > layout.word_size) width = 0;  // an 8-byte value in a 4-byte word
  if (width) {
    c.reader.from = Reader::From::kScalar;
    c.reader.offset = c.parameter_offset + (tep.file_bigendian ? layout.word_size - width : 0);
    c.reader.size = width;
    if (c.kind == Kind::kEnum) index_labels(c);
    return c;
  }
  // Anything else by value: its words as they are in the record.
  c.kind = Kind::kOpaque;
  c.type = ValueType::kBytes;
  c.labels.clear();
  c.tables.clear();
  c.reader.from = Reader::From::kFixedBytes;
  c.reader.offset = c.parameter_offset;
  // (A size past what an int holds is past every record: `needs` makes it null.)
  c.reader.size =
      static_cast<int>(std::min<uint64_t>(value.words * static_cast<unsigned>(layout.word_size), INT32_MAX));
  return c;
}

std::unique_ptr<FunctionArgs> build(TypedEvent& event, const Model& event_model, const ArgsLayout& layout,
                                    const btf::Btf& btf, uint32_t func_id) {
  const btf::BtfTypes& types = btf.types;
  const uint32_t proto = types.type(func_id).size_or_type;
  if (!types.valid(proto) || types.type(proto).kind() != btf::kFuncProto) return nullptr;
  const tep_handle& tep = event.tep();
  auto args = std::make_unique<FunctionArgs>();
  args->event = &event;
  args->function = std::string(types.string(types.type(func_id).name_off));
  args->layout = layout;
  const unsigned count = types.type(proto).vlen();
  std::vector<ParamValue> values;
  for (unsigned i = 0; i < count; i++) {
    // Words of the trace's size, not the host's (unlike tep_btf_print_args).
    values.push_back(btf::param_value(types, types.param(proto, i).type, static_cast<unsigned>(layout.word_size)));
    args->words += values.back().words;
  }
  // A record holds all the words or gives no values: no row of a few parameters.
  const int64_t needs = static_cast<int64_t>(
      std::min<uint64_t>(layout.offset + args->words * static_cast<unsigned>(layout.word_size), INT64_MAX));
  Model& m = args->model;
  m.id = event_model.id;
  m.type_offset = event_model.type_offset;
  m.type_size = event_model.type_size;
  uint64_t word = 0;
  for (unsigned i = 0; i < count; i++) {
    const btf::BtfTypes::Param p = types.param(proto, i);
    if (values[i].form != ParamValue::Form::kVoid) {
      Column c = parameter_column(tep, types, layout, values[i], word, needs);
      c.default_name = std::string(types.string(p.name_off));
      if (c.default_name.empty()) c.default_name = "arg" + std::to_string(i);
      c.note = printed([&](seq::Output& out) { btf::put_declaration(types, out, p); });
      m.columns.push_back(std::move(c));
    }
    word += values[i].words;
  }
  name_columns(m.columns);
  for (size_t i = 0; i < m.columns.size(); i++)
    args->handles.push_back(std::make_unique<ColumnHandle>(
        ColumnHandle{kColumnMagic, &event, static_cast<uint32_t>(i), false, &args->model}));
  return args;
}

// kallsyms' name is the BTF's, or it with a compiler suffix (".isra.0").
bool names_function(std::string_view symbol, std::string_view function) {
  if (symbol == function) return true;
  return symbol.size() > function.size() && symbol.substr(0, function.size()) == function &&
         symbol[function.size()] == '.';
}

}  // namespace

FunctionArgs::FunctionArgs() = default;
FunctionArgs::~FunctionArgs() = default;

FunctionArgsCache::FunctionArgsCache(TypedEvent& event) : event_(event) {
  has_layout_ = find_layout(event.tep(), event.event(), layout_);
}

ArgsStatus FunctionArgsCache::current(const btf::Btf*& btf) {
  if (!has_layout_) return ArgsStatus::kNoArgs;
  btf = event_.catalog().btf();
  if (!btf) return ArgsStatus::kNoBtf;
  if (btf->serial != serial_) {
    serial_ = btf->serial;
    by_name_.clear();
    by_id_.clear();
    by_address_.clear();
  }
  return ArgsStatus::kOk;
}

ArgsStatus FunctionArgsCache::find_locked(std::string_view name, const Model& event_model, const FunctionArgs*& out) {
  const btf::Btf* btf = nullptr;
  if (ArgsStatus status = current(btf); status != ArgsStatus::kOk) return status;
  if (auto it = by_name_.find(name); it != by_name_.end()) {
    out = it->second;
    return out ? ArgsStatus::kOk : ArgsStatus::kNoFunction;
  }
  const uint32_t id = btf->find_function(name);
  const FunctionArgs* found = nullptr;
  if (id) {
    auto [it, added] = by_id_.try_emplace(id, nullptr);
    if (added) {
      std::unique_ptr<FunctionArgs> fresh = build(event_, event_model, layout_, *btf, id);
      if (fresh) {
        it->second = fresh.get();
        built_.push_back(std::move(fresh));
      }
    }
    found = it->second;
  }
  by_name_.emplace(std::string(name), found);
  out = found;
  return found ? ArgsStatus::kOk : ArgsStatus::kNoFunction;
}

ArgsStatus FunctionArgsCache::find(std::string_view name, const FunctionArgs*& out) {
  const Model& model = event_.model();  // before the lock: building a model takes it
  std::lock_guard<std::mutex> lock(event_.catalog().mutex());
  return find_locked(name, model, out);
}

ArgsStatus FunctionArgsCache::of(const tep_record& record, const FunctionArgs*& out) {
  const Model& model = event_.model();
  if (!belongs(BatchSource{event_.tep(), event_.event(), model}, record)) return ArgsStatus::kWrongEvent;
  std::lock_guard<std::mutex> lock(event_.catalog().mutex());
  const btf::Btf* btf = nullptr;
  if (ArgsStatus status = current(btf); status != ArgsStatus::kOk) return status;
  if (record.size < layout_.address->offset + layout_.address->size) return ArgsStatus::kWrongEvent;
  if (model.generation != addresses_generation_) {  // kallsyms may have changed
    addresses_generation_ = model.generation;
    by_address_.clear();
  }
  const uint64_t address = function_address(event_.tep(), layout_, record);
  if (auto it = by_address_.find(address); it != by_address_.end()) {
    out = it->second;
    return out ? ArgsStatus::kOk : ArgsStatus::kNoFunction;
  }
  symbols::FunctionTable::CMatch match;
  ArgsStatus status = ArgsStatus::kNoFunction;
  out = nullptr;
  if (event_.tep().functions.lookup(address, match) && match.name) status = find_locked(match.name, model, out);
  by_address_.emplace(address, out);
  return status;
}

uint64_t function_address(const tep_handle& tep, const ArgsLayout& layout, const tep_record& record) {
  return core::read_in_file_order(tep, static_cast<const uint8_t*>(record.data) + layout.address->offset,
                                  layout.address->size);
}

ArgsStatus check_record(const FunctionArgs& args, const tep_record& record) {
  TypedEvent& event = *args.event;
  if (!belongs(BatchSource{event.tep(), event.event(), args.model}, record) ||
      record.size < args.layout.address->offset + args.layout.address->size)
    return ArgsStatus::kWrongEvent;
  symbols::FunctionTable::CMatch match;
  if (!event.tep().functions.lookup(function_address(event.tep(), args.layout, record), match) || !match.name)
    return ArgsStatus::kNoFunction;
  if (!names_function(match.name, args.function)) return ArgsStatus::kWrongFunction;
  return args.words_in(record) < args.words ? ArgsStatus::kTooFewWords : ArgsStatus::kOk;
}

void print_parameter(trace_seq* s, const tep_handle& tep, const Column& c, const tep_record& record) {
  if (!record.data || record.size < c.reader.needs) return;
  // The words in host order, as tep_btf_print_args takes them.
  const int size = tep.long_size == 4 ? 4 : 8;
  std::vector<uint64_t> words(c.parameter.words);
  const auto* at = static_cast<const uint8_t*>(record.data) + c.parameter_offset;
  for (uint64_t i = 0; i < words.size(); i++) words[i] = core::read_in_file_order(tep, at + i * size, size);
  btf::Words source(words.data(), static_cast<int>(words.size()), 8);
  seq::Output out(s);
  btf::put_param_value(out, c.parameter, source, [&](uint64_t word) -> std::string_view {
    const int32_t code = enum_code(c, 0, normalize(word, c.type));
    return code >= 0 ? std::string_view(c.labels[static_cast<size_t>(code)]) : std::string_view();
  });
}

}  // namespace tep::typed
