// SPDX-License-Identifier: LGPL-2.1
// tev_*: statuses, kinds, the catalog and its events (lib/typed).
#include <cstring>

#include "compat/export.h"
#include "compat/typed_shim.h"

using tep::typed::Catalog;
using tep::typed::TypedEvent;
using namespace tep::typed::shim;

static_assert(static_cast<int>(tep::typed::Kind::kDerived) == TEV_KIND_DERIVED);
static_assert(static_cast<int>(tep::typed::Kind::kDevice) == TEV_KIND_DEVICE);
static_assert(static_cast<int>(tep::typed::ValueType::kBytes) == TEV_TYPE_BYTES);
static_assert(sizeof(tep::typed::BytesView) == sizeof(struct tev_bytes));
static_assert(static_cast<int>(tep::typed::Model::Layout::kBprint) == TEV_LAYOUT_BPRINT);

TEP_EXPORT const char* tev_strerror(int status) {
  switch (status) {
    case TEV_OK: return "success";
    case TEV_ERR_NULL_ARGUMENT: return "a required argument is NULL";
    case TEV_ERR_BAD_HANDLE: return "not a typed-events catalog, event or column";
    case TEV_ERR_NO_EVENT: return "no such event";
    case TEV_ERR_NO_COLUMN: return "no such column or field";
    case TEV_ERR_INDEX: return "index out of range";
    case TEV_ERR_KIND: return "the column has no value of that kind";
    case TEV_ERR_NO_VALUE: return "the column is opaque: it has a text only";
    case TEV_ERR_UNRESOLVED: return "the table key is a name the kernel did not expand";
    case TEV_ERR_WRONG_EVENT: return "the record belongs to another event";
    case TEV_ERR_NO_MEMORY: return "out of memory";
    case TEV_ERR_INTERNAL: return "internal error";
    case TEV_ERR_NO_BTF: return "no BTF: load one with tep_load_btf or tev_catalog_load_btf";
    case TEV_ERR_BAD_BTF: return "not a BTF blob that can be read";
    case TEV_ERR_NO_FUNCTION: return "the BTF has no such function (or kallsyms no name for its address)";
    case TEV_ERR_NO_ARGS: return "the event carries no function argument words";
    case TEV_ERR_WRONG_FUNCTION: return "the record belongs to another function";
    case TEV_ERR_BTF_MISMATCH:
      return "the record holds fewer argument words than the function's parameters take: the BTF does not match "
             "the trace";
    default: return "unknown status";
  }
}

TEP_EXPORT const char* tev_kind_name(enum tev_kind kind) {
  return tep::typed::kind_name(static_cast<tep::typed::Kind>(kind));
}

TEP_EXPORT size_t tev_type_size(enum tev_type type) {
  if (type < TEV_TYPE_NONE || type > TEV_TYPE_BYTES) return 0;
  return static_cast<size_t>(tep::typed::value_type_size(static_cast<tep::typed::ValueType>(type)));
}

TEP_EXPORT int tev_catalog_new(struct tep_handle* tep, struct tev_catalog** catalog) {
  if (!tep || !catalog) return TEV_ERR_NULL_ARGUMENT;
  *catalog = nullptr;
  return guarded([&]() -> int {
    *catalog = reinterpret_cast<tev_catalog*>(new Catalog(*tep));
    return TEV_OK;
  });
}

TEP_EXPORT void tev_catalog_free(struct tev_catalog* catalog) {
  if (Catalog* c = catalog_of(catalog)) delete c;
}

TEP_EXPORT int tev_catalog_define(struct tev_catalog* catalog, const char* name, uint64_t value) {
  if (!catalog || !name) return TEV_ERR_NULL_ARGUMENT;
  Catalog* c = catalog_of(catalog);
  if (!c) return TEV_ERR_BAD_HANDLE;
  return guarded([&]() -> int {
    c->define(name, value);
    return TEV_OK;
  });
}

static int typed_event(Catalog* c, tep::format::Event* e, struct tev_event** event) {
  if (!e) return TEV_ERR_NO_EVENT;
  return guarded([&]() -> int {
    *event = to_c(&c->event(*e));
    return TEV_OK;
  });
}

TEP_EXPORT int tev_event_find(struct tev_catalog* catalog, const char* system, const char* name,
                              struct tev_event** event) {
  if (!catalog || !name || !event) return TEV_ERR_NULL_ARGUMENT;
  *event = nullptr;
  Catalog* c = catalog_of(catalog);
  if (!c) return TEV_ERR_BAD_HANDLE;
  return typed_event(c, c->tep().events.find_by_name(system, name), event);
}

TEP_EXPORT int tev_event_by_id(struct tev_catalog* catalog, int id, struct tev_event** event) {
  if (!catalog || !event) return TEV_ERR_NULL_ARGUMENT;
  *event = nullptr;
  Catalog* c = catalog_of(catalog);
  if (!c) return TEV_ERR_BAD_HANDLE;
  return typed_event(c, c->tep().events.find_by_id(id), event);
}

TEP_EXPORT int tev_event_of(struct tev_catalog* catalog, struct tep_event* tep_event, struct tev_event** event) {
  if (!catalog || !tep_event || !event) return TEV_ERR_NULL_ARGUMENT;
  *event = nullptr;
  Catalog* c = catalog_of(catalog);
  if (!c) return TEV_ERR_BAD_HANDLE;
  if (tep_event->tep != &c->tep()) return TEV_ERR_NO_EVENT;
  return typed_event(c, tep::format::Event::from(tep_event), event);
}

TEP_EXPORT struct tep_event* tev_event_tep_event(const struct tev_event* event) {
  TypedEvent* e = event_of(event);
  return e ? &e->event() : nullptr;
}

TEP_EXPORT enum tev_layout tev_event_layout(const struct tev_event* event) {
  TypedEvent* e = event_of(event);
  if (!e) return TEV_LAYOUT_PRINT_FMT;
  return guarded_or([&] { return static_cast<tev_layout>(e->model().layout); }, TEV_LAYOUT_PRINT_FMT);
}

TEP_EXPORT const char* tev_event_suffix(const struct tev_event* event) {
  TypedEvent* e = event_of(event);
  if (!e) return nullptr;
  return guarded_or([&]() -> const char* { return e->model().suffix.c_str(); }, static_cast<const char*>(nullptr));
}

TEP_EXPORT int tev_event_column_count(const struct tev_event* event) {
  if (!event) return TEV_ERR_NULL_ARGUMENT;
  TypedEvent* e = event_of(event);
  return e ? static_cast<int>(e->column_count()) : TEV_ERR_BAD_HANDLE;
}

TEP_EXPORT int tev_event_field_count(const struct tev_event* event) {
  if (!event) return TEV_ERR_NULL_ARGUMENT;
  TypedEvent* e = event_of(event);
  return e ? static_cast<int>(e->field_count()) : TEV_ERR_BAD_HANDLE;
}

static int nth(const struct tev_event* event, int index, bool field, const struct tev_column** column) {
  if (!event || !column) return TEV_ERR_NULL_ARGUMENT;
  *column = nullptr;
  TypedEvent* e = event_of(event);
  if (!e) return TEV_ERR_BAD_HANDLE;
  if (index < 0) return TEV_ERR_INDEX;
  const tep::typed::ColumnHandle* h =
      field ? e->field(static_cast<size_t>(index)) : e->column(static_cast<size_t>(index));
  if (!h) return TEV_ERR_INDEX;
  *column = to_c(h);
  return TEV_OK;
}

TEP_EXPORT int tev_event_column(const struct tev_event* event, int index, const struct tev_column** column) {
  return nth(event, index, false, column);
}

TEP_EXPORT int tev_event_field(const struct tev_event* event, int index, const struct tev_column** field) {
  return nth(event, index, true, field);
}

static int named(const struct tev_event* event, const char* name, bool field, const struct tev_column** column) {
  if (!event || !name || !column) return TEV_ERR_NULL_ARGUMENT;
  *column = nullptr;
  TypedEvent* e = event_of(event);
  if (!e) return TEV_ERR_BAD_HANDLE;
  return guarded([&]() -> int {
    const tep::typed::Model& m = e->model();
    const auto& list = field ? m.fields : m.columns;
    for (size_t i = 0; i < list.size(); i++) {
      if (list[i].name != name) continue;
      *column = to_c(field ? e->field(i) : e->column(i));
      return *column ? TEV_OK : TEV_ERR_INTERNAL;
    }
    return TEV_ERR_NO_COLUMN;
  });
}

TEP_EXPORT int tev_event_find_column(const struct tev_event* event, const char* name,
                                     const struct tev_column** column) {
  return named(event, name, false, column);
}

TEP_EXPORT int tev_event_find_field(const struct tev_event* event, const char* name, const struct tev_column** field) {
  return named(event, name, true, field);
}
