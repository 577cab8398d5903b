// SPDX-License-Identifier: LGPL-2.1
#include "categorical.h"

#include <pybind11/numpy.h>

#include "numpy_arrays.h"

namespace pytev {
namespace {

// An object array of `n` slots, to be filled in place: numpy starts them null.
py::array object_array(size_t n) {
  return py::array(py::dtype("O"), std::vector<py::ssize_t>{static_cast<py::ssize_t>(n)});
}

// Takes `object` into slot `i` of an object array.
void put(py::array& array, size_t i, PyObject* object) {
  auto** slot = static_cast<PyObject**>(array.mutable_data());
  Py_XDECREF(slot[i]);
  slot[i] = object;
}

// A text as a str; `lossy` set when bytes that are not UTF-8 were replaced.
PyObject* decode(const std::string& text, bool& lossy) {
  const auto size = static_cast<Py_ssize_t>(text.size());
  PyObject* s = PyUnicode_DecodeUTF8(text.data(), size, nullptr);
  if (!s) {
    PyErr_Clear();
    lossy = true;
    s = PyUnicode_DecodeUTF8(text.data(), size, "replace");
    if (!s) throw py::error_already_set();
  }
  return s;
}

// Names that decoded alike merged into the first of them, the codes renumbered.
py::array merge_alike(const py::array& names, std::vector<int32_t>& codes) {
  const auto* slot = static_cast<PyObject* const*>(names.data());
  py::dict first;  // name -> its new code
  std::vector<int32_t> renumber(static_cast<size_t>(names.size()));
  std::vector<py::handle> unique;
  for (size_t i = 0; i < renumber.size(); i++) {
    py::handle name(slot[i]);
    if (!first.contains(name)) {
      first[name] = py::int_(unique.size());
      unique.push_back(name);
    }
    renumber[i] = first[name].cast<int32_t>();
  }
  for (int32_t& code : codes)
    if (code >= 0) code = renumber[static_cast<size_t>(code)];
  py::array merged = object_array(unique.size());
  for (size_t i = 0; i < unique.size(); i++) put(merged, i, unique[i].inc_ref().ptr());
  return merged;
}

}  // namespace

py::object categorical(std::vector<int32_t>&& codes, const std::vector<std::string>& texts) {
  py::module_ pd = py::module_::import("pandas");
  py::array names = object_array(texts.size());
  bool lossy = false;
  for (size_t i = 0; i < texts.size(); i++) put(names, i, decode(texts[i], lossy));
  if (lossy) names = merge_alike(names, codes);
  py::object index = pd.attr("Index")(names, py::arg("dtype") = py::dtype("O"), py::arg("copy") = false);
  // pandas hashes every category to check they are unique unless told they
  // are (the larger part of making a frame's categoricals): the fast path,
  // where this pandas has it.
  py::object categorical_dtype = pd.attr("CategoricalDtype");
  py::object dtype;
  if (py::hasattr(categorical_dtype, "_from_fastpath")) {
    try {
      dtype = categorical_dtype.attr("_from_fastpath")(index, false);
    } catch (const py::error_already_set&) {
      dtype = py::object();
    }
  }
  if (!dtype) dtype = categorical_dtype(index);
  return pd.attr("Categorical")
      .attr("from_codes")(owned(std::move(codes), py::dtype("int32")), py::arg("dtype") = dtype);
}

}  // namespace pytev
