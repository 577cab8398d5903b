// SPDX-License-Identifier: LGPL-2.1
// tev_catalog_load_btf, tev_function_args_*: a function's parameters as typed
// columns of function and funcgraph_entry records (lib/typed/function_args).
#include <limits>
#include <vector>

#include "btf/btf.h"
#include "compat/export.h"
#include "compat/typed_shim.h"
#include "typed/function_args.h"

using tep::typed::ArgsStatus;
using tep::typed::Catalog;
using tep::typed::FunctionArgs;
using tep::typed::TypedEvent;
using namespace tep::typed::shim;

namespace {

const FunctionArgs* args_of(const tev_function_args* a) {
  auto* p = reinterpret_cast<const FunctionArgs*>(a);
  return p && p->magic == tep::typed::kFunctionArgsMagic ? p : nullptr;
}

tev_function_args* to_c(const FunctionArgs* a) {
  return reinterpret_cast<tev_function_args*>(const_cast<FunctionArgs*>(a));
}

int status_of(ArgsStatus status) {
  switch (status) {
    case ArgsStatus::kOk: return TEV_OK;
    case ArgsStatus::kNoBtf: return TEV_ERR_NO_BTF;
    case ArgsStatus::kNoArgs: return TEV_ERR_NO_ARGS;
    case ArgsStatus::kNoFunction: return TEV_ERR_NO_FUNCTION;
    case ArgsStatus::kWrongEvent: return TEV_ERR_WRONG_EVENT;
    case ArgsStatus::kWrongFunction: return TEV_ERR_WRONG_FUNCTION;
    case ArgsStatus::kTooFewWords: return TEV_ERR_BTF_MISMATCH;
  }
  return TEV_ERR_INTERNAL;
}

}  // namespace

TEP_EXPORT int tev_catalog_load_btf(struct tev_catalog* catalog, const void* data, size_t size) {
  if (!catalog || (size && !data)) return TEV_ERR_NULL_ARGUMENT;
  Catalog* c = catalog_of(catalog);
  if (!c) return TEV_ERR_BAD_HANDLE;
  return guarded([&]() -> int {
    if (!data) {
      c->load_btf(nullptr);
      return TEV_OK;
    }
    tep::btf::LoadError error;
    std::unique_ptr<tep::btf::Btf> btf = tep::btf::load(data, size, &error);
    if (!btf) return TEV_ERR_BAD_BTF;
    c->load_btf(std::move(btf));
    return TEV_OK;
  });
}

TEP_EXPORT int tev_function_args_find(struct tev_event* event, const char* function, struct tev_function_args** args) {
  if (!event || !function || !args) return TEV_ERR_NULL_ARGUMENT;
  *args = nullptr;
  TypedEvent* e = event_of(event);
  if (!e) return TEV_ERR_BAD_HANDLE;
  return guarded([&]() -> int {
    const FunctionArgs* found = nullptr;
    const int status = status_of(e->function_args().find(function, found));
    if (status == TEV_OK) *args = to_c(found);
    return status;
  });
}

TEP_EXPORT int tev_function_args_of(struct tev_event* event, const struct tep_record* record,
                                    struct tev_function_args** args) {
  if (!event || !record || !args) return TEV_ERR_NULL_ARGUMENT;
  *args = nullptr;
  TypedEvent* e = event_of(event);
  if (!e) return TEV_ERR_BAD_HANDLE;
  return guarded([&]() -> int {
    const FunctionArgs* found = nullptr;
    const int status = status_of(e->function_args().of(*record, found));
    if (status == TEV_OK) *args = to_c(found);
    return status;
  });
}

TEP_EXPORT const char* tev_function_args_name(const struct tev_function_args* args) {
  const FunctionArgs* a = args_of(args);
  return a ? a->function.c_str() : nullptr;
}

TEP_EXPORT int tev_function_args_count(const struct tev_function_args* args) {
  if (!args) return TEV_ERR_NULL_ARGUMENT;
  const FunctionArgs* a = args_of(args);
  return a ? static_cast<int>(a->handles.size()) : TEV_ERR_BAD_HANDLE;
}

TEP_EXPORT int tev_function_args_words(const struct tev_function_args* args) {
  if (!args) return TEV_ERR_NULL_ARGUMENT;
  const FunctionArgs* a = args_of(args);
  if (!a) return TEV_ERR_BAD_HANDLE;
  return a->words > static_cast<uint64_t>(std::numeric_limits<int>::max()) ? std::numeric_limits<int>::max()
                                                                           : static_cast<int>(a->words);
}

TEP_EXPORT int tev_function_args_column(const struct tev_function_args* args, int index,
                                        const struct tev_column** column) {
  if (!args || !column) return TEV_ERR_NULL_ARGUMENT;
  *column = nullptr;
  const FunctionArgs* a = args_of(args);
  if (!a) return TEV_ERR_BAD_HANDLE;
  if (index < 0 || static_cast<size_t>(index) >= a->handles.size()) return TEV_ERR_INDEX;
  *column = to_c(a->handles[static_cast<size_t>(index)].get());
  return TEV_OK;
}

TEP_EXPORT int tev_function_args_find_column(const struct tev_function_args* args, const char* name,
                                             const struct tev_column** column) {
  if (!args || !name || !column) return TEV_ERR_NULL_ARGUMENT;
  *column = nullptr;
  const FunctionArgs* a = args_of(args);
  if (!a) return TEV_ERR_BAD_HANDLE;
  for (size_t i = 0; i < a->model.columns.size(); i++) {
    if (a->model.columns[i].name != name) continue;
    *column = to_c(a->handles[i].get());
    return TEV_OK;
  }
  return TEV_ERR_NO_COLUMN;
}

TEP_EXPORT int tev_function_args_check(const struct tev_function_args* args, const struct tep_record* record) {
  if (!args || !record) return TEV_ERR_NULL_ARGUMENT;
  const FunctionArgs* a = args_of(args);
  if (!a) return TEV_ERR_BAD_HANDLE;
  return guarded([&]() -> int { return status_of(check_record(*a, *record)); });
}

TEP_EXPORT int64_t tev_function_args_fill(const struct tev_function_args* args, const struct tep_record* const* records,
                                          size_t count, void* const* values, uint8_t* const* valid) {
  if (!args || (count && !records)) return TEV_ERR_NULL_ARGUMENT;
  const FunctionArgs* a = args_of(args);
  if (!a) return TEV_ERR_BAD_HANDLE;
  if (count && !a->handles.empty() && !values) return TEV_ERR_NULL_ARGUMENT;
  if (count > static_cast<size_t>(std::numeric_limits<int64_t>::max())) return TEV_ERR_INDEX;
  return guarded([&]() -> int64_t {
    // Another event's or function's record reads as no record: a null row.
    std::vector<const tep_record*> mine(count);
    for (size_t i = 0; i < count; i++) {
      if (!records[i]) continue;
      const ArgsStatus fit = check_record(*a, *records[i]);
      if (fit == ArgsStatus::kTooFewWords) return TEV_ERR_BTF_MISMATCH;
      if (fit == ArgsStatus::kOk) mine[i] = records[i];
    }
    const size_t n = a->handles.size();
    std::vector<tep::typed::ColumnTarget> outputs(n);
    for (size_t j = 0; j < n; j++) {
      if (count && !values[j]) return TEV_ERR_NULL_ARGUMENT;
      outputs[j] = {&a->model.columns[j], values[j], valid ? valid[j] : nullptr};
    }
    tep::typed::TypedEvent& e = *a->event;
    const tep::typed::BatchSource src{e.tep(), e.event(), a->model};
    if (!n) {
      size_t matched = 0;
      for (const tep_record* r : mine) matched += r != nullptr;
      return static_cast<int64_t>(matched);
    }
    return static_cast<int64_t>(fill_batch(src, outputs.data(), n, mine.data(), count, false));
  });
}
