// SPDX-License-Identifier: LGPL-2.1
// tev_column_*: what a column is (lib/typed).
#include "compat/export.h"
#include "compat/typed_shim.h"

using tep::typed::Column;
using tep::typed::Kind;
using namespace tep::typed::shim;

namespace {

// The column behind a handle, or null.
const Column* column_of(const tev_column* h) {
  Resolved r;
  return guarded_or([&]() -> const Column* { return resolve(h, r) == TEV_OK ? r.column : nullptr; },
                    static_cast<const Column*>(nullptr));
}

const char* text_or_null(const std::string& s) { return s.empty() ? nullptr : s.c_str(); }

}  // namespace

TEP_EXPORT const char* tev_column_name(const struct tev_column* column) {
  const Column* c = column_of(column);
  return c ? c->name.c_str() : nullptr;
}

TEP_EXPORT enum tev_kind tev_column_kind(const struct tev_column* column) {
  const Column* c = column_of(column);
  return c ? static_cast<tev_kind>(c->kind) : TEV_KIND_OPAQUE;
}

TEP_EXPORT enum tev_type tev_column_type(const struct tev_column* column) {
  const Column* c = column_of(column);
  return c ? static_cast<tev_type>(c->type) : TEV_TYPE_NONE;
}

TEP_EXPORT enum tev_type tev_column_element_type(const struct tev_column* column) {
  const Column* c = column_of(column);
  return c ? static_cast<tev_type>(c->element) : TEV_TYPE_NONE;
}

TEP_EXPORT const char* tev_column_unit(const struct tev_column* column) {
  const Column* c = column_of(column);
  return c ? text_or_null(c->unit) : nullptr;
}

TEP_EXPORT const char* tev_column_note(const struct tev_column* column) {
  const Column* c = column_of(column);
  return c ? text_or_null(c->note) : nullptr;
}

TEP_EXPORT const char* tev_column_prefix(const struct tev_column* column) {
  const Column* c = column_of(column);
  return c ? c->prefix.c_str() : nullptr;
}

TEP_EXPORT const char* tev_column_conversion(const struct tev_column* column) {
  const Column* c = column_of(column);
  return c ? text_or_null(c->conversion) : nullptr;
}

TEP_EXPORT struct tep_format_field* tev_column_field(const struct tev_column* column) {
  const Column* c = column_of(column);
  return c ? const_cast<tep_format_field*>(c->field) : nullptr;
}

TEP_EXPORT int tev_column_print_arg(const struct tev_column* column) {
  const Column* c = column_of(column);
  return c ? c->print_arg : -1;
}

TEP_EXPORT int tev_column_label_count(const struct tev_column* column) {
  const Column* c = column_of(column);
  return c ? static_cast<int>(c->labels.size()) : -1;
}

TEP_EXPORT const char* tev_column_label(const struct tev_column* column, int index) {
  const Column* c = column_of(column);
  if (!c || index < 0 || static_cast<size_t>(index) >= c->labels.size()) return nullptr;
  return c->labels[static_cast<size_t>(index)].c_str();
}

TEP_EXPORT int tev_column_table_count(const struct tev_column* column) {
  const Column* c = column_of(column);
  return c ? static_cast<int>(c->tables.size()) : -1;
}

TEP_EXPORT int tev_column_table_size(const struct tev_column* column, int table) {
  const Column* c = column_of(column);
  if (!c || table < 0 || static_cast<size_t>(table) >= c->tables.size()) return -1;
  return static_cast<int>(c->tables[static_cast<size_t>(table)].size());
}

TEP_EXPORT int tev_column_table_entry(const struct tev_column* column, int table, int index, uint64_t* value,
                                      const char** name) {
  if (!column) return TEV_ERR_NULL_ARGUMENT;
  const Column* c = column_of(column);
  if (!c) return TEV_ERR_BAD_HANDLE;
  if (table < 0 || static_cast<size_t>(table) >= c->tables.size()) return TEV_ERR_INDEX;
  const auto& entries = c->tables[static_cast<size_t>(table)];
  if (index < 0 || static_cast<size_t>(index) >= entries.size()) return TEV_ERR_INDEX;
  const tep::typed::TableEntry& e = entries[static_cast<size_t>(index)];
  if (name) *name = e.name.c_str();
  if (value) *value = e.value;
  return e.resolved ? TEV_OK : TEV_ERR_UNRESOLVED;
}

TEP_EXPORT const char* tev_column_flags_delimiter(const struct tev_column* column) {
  const Column* c = column_of(column);
  return c && c->kind == Kind::kFlags && c->has_delimiter ? c->delimiter.c_str() : nullptr;
}

TEP_EXPORT const char* tev_column_zero_name(const struct tev_column* column) {
  const Column* c = column_of(column);
  return c && c->has_zero_name ? c->zero_name.c_str() : nullptr;
}

TEP_EXPORT int tev_column_minor_bits(const struct tev_column* column) {
  const Column* c = column_of(column);
  return c && c->kind == Kind::kDevice ? c->minor_bits : 0;
}
