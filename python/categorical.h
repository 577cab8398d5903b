// SPDX-License-Identifier: LGPL-2.1
// pandas Categoricals from codes and the texts they number, and the texts
// gathered as they come: the one place frames and the .tev accessor make them.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace pytev {

namespace py = pybind11;

// A pandas Categorical of `codes` (-1: missing) over `texts` (distinct bytes),
// each decoded as UTF-8 with unknown bytes replaced, as an object Index (pandas
// need not infer its type). Texts that decode alike (they differ only in bytes
// that are not UTF-8) become one category: pandas' categories are unique.
py::object categorical(std::vector<int32_t>&& codes, const std::vector<std::string>& texts);

// Distinct texts in order of first appearance: the categories. A text seen
// before is looked up as a view, without making a string of it.
struct Categories {
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, int32_t, Hash, std::equal_to<>> codes;
  std::vector<std::string> texts;
  int32_t code(std::string_view text) {
    if (auto it = codes.find(text); it != codes.end()) return it->second;
    const auto code = static_cast<int32_t>(texts.size());
    codes.emplace(std::string(text), code);
    texts.emplace_back(text);
    return code;
  }
  // A text known to differ from every other: no lookup.
  int32_t add_unique(std::string text) {
    texts.push_back(std::move(text));
    return static_cast<int32_t>(texts.size() - 1);
  }
  py::object categorical(std::vector<int32_t>&& codes) const { return pytev::categorical(std::move(codes), texts); }
};

}  // namespace pytev
