// SPDX-License-Identifier: LGPL-2.1
// A function's parameters as typed columns of the records of an event that
// carries argument words (ftrace:function's `ip, parent_ip, unsigned long
// args[]`, funcgraph_entry's `func, depth, args[]`): one column per
// parameter, named after it and typed from BTF (integers of their width and
// signedness, bool, enums with their names as labels, pointers; anything
// else by value opaque, its words as bytes). The columns read the words with
// the event's other columns (a model of their own, never rebuilt), and their
// texts are tep_btf_print_args' pieces. A model is built once per function
// and BTF load, on first request; one given out lives as long as the catalog.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "btf/btf.h"
#include "typed/catalog.h"
#include "typed/model.h"

namespace tep::typed {

constexpr uint32_t kFunctionArgsMagic = 0x74657641;  // "Atev"

// Where an event's records keep their function's address and argument words.
struct ArgsLayout {
  const tep_format_field* address = nullptr;  // ip or func
  int offset = 0;                             // of args[]: the words run to the record's end
  int word_size = 8;                          // the trace's long
};

struct FunctionArgs {
  FunctionArgs();
  ~FunctionArgs();
  FunctionArgs(const FunctionArgs&) = delete;
  FunctionArgs& operator=(const FunctionArgs&) = delete;

  // The argument words a record holds.
  uint64_t words_in(const tep_record& record) const {
    const int64_t bytes = int64_t{record.size} - layout.offset;
    return record.data && bytes > 0 ? static_cast<uint64_t>(bytes) / static_cast<unsigned>(layout.word_size) : 0;
  }

  const uint32_t magic = kFunctionArgsMagic;
  TypedEvent* event = nullptr;
  std::string function;  // the BTF's name (kallsyms' may add ".isra.0")
  uint64_t words = 0;    // argument words the parameters take
  ArgsLayout layout;
  Model model;  // columns: the parameters (a variadic "..." takes a word, no column)
  std::vector<std::unique_ptr<ColumnHandle>> handles;
};

// Why there is no model, or a record does not fit one.
enum class ArgsStatus {
  kOk,
  kNoBtf,          // neither the catalog nor the handle has BTF
  kNoArgs,         // the event has no argument words
  kNoFunction,     // the BTF has no such function (with a prototype), or kallsyms no name for the address
  kWrongEvent,     // the record is another event's
  kWrongFunction,  // the record is another function's
  kTooFewWords,    // the record holds fewer words than the parameters take
};

// The typed event's function models: by name, by FUNC id and by address.
// Built under the catalog's lock; a new BTF (another serial) starts afresh,
// the models given out staying alive.
class FunctionArgsCache {
 public:
  explicit FunctionArgsCache(TypedEvent& event);

  // The model of the function `name` (kallsyms' or the BTF's name).
  ArgsStatus find(std::string_view name, const FunctionArgs*& out);
  // The model of the record's function (its address looked up in kallsyms).
  ArgsStatus of(const tep_record& record, const FunctionArgs*& out);

 private:
  ArgsStatus current(const btf::Btf*& btf);  // the BTF, the maps emptied if it changed
  ArgsStatus find_locked(std::string_view name, const Model& event_model, const FunctionArgs*& out);

  TypedEvent& event_;
  bool has_layout_ = false;
  ArgsLayout layout_;
  uint64_t serial_ = 0;  // of the BTF the maps are of
  std::map<std::string, const FunctionArgs*, std::less<>> by_name_;
  std::unordered_map<uint32_t, const FunctionArgs*> by_id_;
  std::unordered_map<uint64_t, const FunctionArgs*> by_address_;
  uint64_t addresses_generation_ = 0;                 // of the event's model by_address_ was filled under
  std::vector<std::unique_ptr<FunctionArgs>> built_;  // every model given out
};

// ip's (or func's) address in the record, read as the handle reads it.
uint64_t function_address(const tep_handle& tep, const ArgsLayout& layout, const tep_record& record);

// Whether `record` is one of the model's function with all its words.
ArgsStatus check_record(const FunctionArgs& args, const tep_record& record);

// Appends the text tep_btf_print_args gives parameter column `c` of `record`
// (nothing when the record lacks its words).
void print_parameter(trace_seq* s, const tep_handle& tep, const Column& c, const tep_record& record);

}  // namespace tep::typed
