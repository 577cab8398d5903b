// SPDX-License-Identifier: LGPL-2.1
// pandas Categoricals from codes and the texts they number: the one place
// frames and the .tev accessor make them.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <vector>

namespace pytev {

namespace py = pybind11;

// A pandas Categorical of `codes` (-1: missing) over `texts` (distinct bytes),
// each decoded as UTF-8 with unknown bytes replaced, as an object Index (pandas
// need not infer its type). Texts that decode alike (they differ only in bytes
// that are not UTF-8) become one category: pandas' categories are unique.
py::object categorical(std::vector<int32_t>&& codes, const std::vector<std::string>& texts);

}  // namespace pytev
