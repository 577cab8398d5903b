// SPDX-License-Identifier: LGPL-2.1
// tev_window_*: records of any events grouped by event, then filled group by
// group (lib/typed/window.h).

#include "compat/export.h"
#include "compat/typed_shim.h"
#include "typed/window.h"

using tep::typed::ColumnHandle;
using tep::typed::Window;
using namespace tep::typed::shim;

namespace {

Window* window_of(const tev_window* w) {
  auto* p = reinterpret_cast<Window*>(const_cast<tev_window*>(w));
  return p && p->magic == tep::typed::kWindowMagic ? p : nullptr;
}

// The group of a window, or why there is none.
int group_of(const tev_window* window, size_t group, const Window*& w, const Window::Group*& g) {
  if (!window) return TEV_ERR_NULL_ARGUMENT;
  w = window_of(window);
  if (!w) return TEV_ERR_BAD_HANDLE;
  if (group >= w->group_count()) return TEV_ERR_INDEX;
  g = &w->group(group);
  return TEV_OK;
}

}  // namespace

TEP_EXPORT int tev_window_new(struct tev_catalog* catalog, struct tev_window** window) {
  if (!catalog || !window) return TEV_ERR_NULL_ARGUMENT;
  *window = nullptr;
  tep::typed::Catalog* c = catalog_of(catalog);
  if (!c) return TEV_ERR_BAD_HANDLE;
  return guarded([&]() -> int {
    *window = reinterpret_cast<tev_window*>(new Window(*c));
    return TEV_OK;
  });
}

TEP_EXPORT void tev_window_free(struct tev_window* window) {
  if (Window* w = window_of(window)) delete w;
}

TEP_EXPORT int64_t tev_window_load(struct tev_window* window, const struct tep_record* const* records, size_t count) {
  if (!window || (count && !records)) return TEV_ERR_NULL_ARGUMENT;
  Window* w = window_of(window);
  if (!w) return TEV_ERR_BAD_HANDLE;
  if (count > Window::kMaxLoad) return TEV_ERR_INDEX;
  return guarded([&]() -> int64_t { return static_cast<int64_t>(w->load(records, count)); });
}

TEP_EXPORT int tev_window_group(const struct tev_window* window, size_t group, struct tev_event** event,
                                const struct tep_record* const** records, size_t* count) {
  const Window* w = nullptr;
  const Window::Group* g = nullptr;
  if (int status = group_of(window, group, w, g)) return status;
  if (event) *event = to_c(g->event);
  if (records) *records = w->records(*g);
  if (count) *count = g->count();
  return TEV_OK;
}

TEP_EXPORT int64_t tev_window_fill(const struct tev_window* window, size_t group,
                                   const struct tev_column* const* columns, size_t ncolumns, void* const* values,
                                   uint8_t* const* valid) {
  if (!columns || !values) return TEV_ERR_NULL_ARGUMENT;
  const Window* w = nullptr;
  const Window::Group* g = nullptr;
  if (int status = group_of(window, group, w, g)) return status;
  return guarded([&]() -> int64_t {
    tep::base::SmallArray<const ColumnHandle*, 32> handles(ncolumns);
    for (size_t j = 0; j < ncolumns; j++) handles[j] = reinterpret_cast<const ColumnHandle*>(columns[j]);
    // The columns of the group's last fill again: checked when it was planned.
    if (tep::typed::FillPlan* plan = w->kept_plan(*g, handles.data(), ncolumns)) {
      for (size_t j = 0; j < ncolumns && g->count(); j++)
        if (!values[j]) return TEV_ERR_NULL_ARGUMENT;
      return static_cast<int64_t>(w->fill(*g, *plan, values, valid));
    }
    ColumnOutputs outputs(ncolumns);
    if (int status = outputs.set(columns, g->count(), values, valid)) return status;
    if (!ncolumns) return static_cast<int64_t>(g->count());
    if (outputs.first().event != g->event) return TEV_ERR_WRONG_EVENT;
    return static_cast<int64_t>(w->fill(*g, outputs.first().source(), outputs.data(), outputs.size(), handles.data()));
  });
}
