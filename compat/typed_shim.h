// SPDX-License-Identifier: LGPL-2.1
// What the tev_* entry points share: turning C handles back into the
// lib/typed objects (checking they are ones), and the boundary no exception
// crosses.
#pragma once

#include <new>
#include <vector>

#include "base/small_array.h"
#include "event-typed.h"
#include "typed/catalog.h"
#include "typed/batch.h"
#include "typed/reader.h"

namespace tep::typed::shim {

inline Catalog* catalog_of(const tev_catalog* c) {
  auto* p = reinterpret_cast<Catalog*>(const_cast<tev_catalog*>(c));
  return p && p->magic == kCatalogMagic ? p : nullptr;
}

inline TypedEvent* event_of(const tev_event* e) {
  auto* p = reinterpret_cast<TypedEvent*>(const_cast<tev_event*>(e));
  return p && p->magic == kEventMagic ? p : nullptr;
}

inline tev_event* to_c(TypedEvent* e) { return reinterpret_cast<tev_event*>(e); }
inline const tev_column* to_c(const ColumnHandle* h) { return reinterpret_cast<const tev_column*>(h); }

// A column handle with the model it reads from now.
struct Resolved {
  TypedEvent* event = nullptr;
  const Model* model = nullptr;
  const Model* fixed = nullptr;  // the handle's own model (a function's parameters), else null
  const Column* column = nullptr;
  BatchSource source() const { return BatchSource{event->tep(), event->event(), *model}; }
};

// TEV_OK, or why `h` is not a column.
inline int resolve(const tev_column* h, Resolved& out) {
  if (!h) return TEV_ERR_NULL_ARGUMENT;
  const auto* handle = reinterpret_cast<const ColumnHandle*>(h);
  if (handle->magic != kColumnMagic || !handle->event || handle->event->magic != kEventMagic) return TEV_ERR_BAD_HANDLE;
  out.event = handle->event;
  out.fixed = handle->model;
  out.model = out.fixed ? out.fixed : &out.event->model();
  out.column = TypedEvent::resolve(*out.model, *handle);
  return out.column ? TEV_OK : TEV_ERR_BAD_HANDLE;
}

// resolve() for a column of the event `like` was resolved for, in the same
// model: a batch of several columns takes its model once.
inline int resolve_like(const tev_column* h, const Resolved& like, Resolved& out) {
  const auto* handle = reinterpret_cast<const ColumnHandle*>(h);
  if (!h || handle->magic != kColumnMagic || handle->event != like.event || handle->model != like.fixed)
    return resolve(h, out);
  out = like;
  out.column = TypedEvent::resolve(*like.model, *handle);
  return out.column ? TEV_OK : TEV_ERR_BAD_HANDLE;
}

// The outputs of a batch of several columns of one event (tev_fill_columns,
// tev_window_fill): each column resolved in the model of the first. A few
// columns (the common case) allocate nothing.
class ColumnOutputs {
 public:
  explicit ColumnOutputs(size_t n) : outputs_(n) {}

  // TEV_OK, or why the columns cannot be filled: a NULL or bad handle, a
  // missing values[j] when `count` values are to be written, a column with no
  // value (TEV_ERR_NO_VALUE), columns of several events (TEV_ERR_WRONG_EVENT).
  int set(const tev_column* const* columns, size_t count, void* const* values, uint8_t* const* valid) {
    for (size_t j = 0; j < outputs_.size(); j++) {
      Resolved r;
      if (int status = j ? resolve_like(columns[j], first_, r) : resolve(columns[j], r)) return status;
      if (count && !values[j]) return TEV_ERR_NULL_ARGUMENT;
      if (r.column->type == ValueType::kNone) return TEV_ERR_NO_VALUE;
      if (j && r.event != first_.event) return TEV_ERR_WRONG_EVENT;
      if (!j) first_ = r;
      outputs_[j] = {r.column, values[j], valid ? valid[j] : nullptr};
    }
    return TEV_OK;
  }
  const ColumnTarget* data() const { return outputs_.data(); }
  size_t size() const { return outputs_.size(); }
  // The first column's event and model (unset without columns).
  const Resolved& first() const { return first_; }

 private:
  base::SmallArray<ColumnTarget, 32> outputs_;
  Resolved first_;
};

// Runs `body` (returning a status), turning any exception into one.
template <typename Body>
auto guarded(Body body) noexcept -> decltype(body()) {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return TEV_ERR_NO_MEMORY;
  } catch (...) {
    return TEV_ERR_INTERNAL;
  }
}

// Runs `body`, giving `fallback` if it throws.
template <typename Body, typename Result>
Result guarded_or(Body body, Result fallback) noexcept {
  try {
    return body();
  } catch (...) {
    return fallback;
  }
}

}  // namespace tep::typed::shim
