// SPDX-License-Identifier: LGPL-2.1
// numpy arrays of filled values: their dtypes, arrays that own a vector's
// storage (no copy), pandas' missing-value masks.
#pragma once

#include <pybind11/numpy.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "objects.h"

namespace pytev {

inline py::dtype dtype_of(tev_type type) {
  switch (type) {
    case TEV_TYPE_I8: return py::dtype("int8");
    case TEV_TYPE_I16: return py::dtype("int16");
    case TEV_TYPE_I32: return py::dtype("int32");
    case TEV_TYPE_I64: return py::dtype("int64");
    case TEV_TYPE_U8: return py::dtype("uint8");
    case TEV_TYPE_U16: return py::dtype("uint16");
    case TEV_TYPE_U32: return py::dtype("uint32");
    case TEV_TYPE_BOOL: return py::dtype("bool");
    default: return py::dtype("uint64");
  }
}

// A numpy array that owns the vector's storage (no copy).
template <typename T, typename Allocator>
py::array owned(std::vector<T, Allocator>&& v, const py::dtype& dtype) {
  using Vector = std::vector<T, Allocator>;
  auto* keep = new Vector(std::move(v));
  py::capsule free_it(keep, [](void* p) { delete static_cast<Vector*>(p); });
  size_t item = static_cast<size_t>(dtype.itemsize());
  size_t count = keep->size() * sizeof(T) / item;
  return py::array(dtype, {count}, {item}, keep->data(), free_it);
}

// pandas' mask, true where the value is missing: the validity flags inverted
// in place, their storage handed over.
template <typename Allocator>
py::array missing(std::vector<uint8_t, Allocator>&& valid) {
  for (uint8_t& v : valid) v = !v;
  return owned(std::move(valid), py::dtype("bool"));
}

}  // namespace pytev
