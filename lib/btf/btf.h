// SPDX-License-Identifier: LGPL-2.1
// A handle's loaded BTF (tep_load_btf): the type records, read at load, and
// the function index, built once at the first lookup (a program that loads a
// trace's BTF and prints no function arguments never pays for it; lookups
// may come from several threads printing on one handle).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>

#include "btf/btf_types.h"
#include "btf/function_index.h"

namespace tep::btf {

class Btf {
 public:
  Btf();
  BtfTypes types;
  // Tells loads apart (a new Btf may be allocated where a freed one was):
  // what is built from one remembers its serial.
  const uint64_t serial;
  // The FUNC named `name` (FunctionIndex::find).
  uint32_t find_function(std::string_view name) const {
    std::call_once(index_built_, [this] { index_.build(types); });
    return index_.find(types, name);
  }

 private:
  mutable std::once_flag index_built_;
  mutable FunctionIndex index_;
};

// Reads a blob into a new Btf (the caller's memory is not kept). On failure
// returns null with the cause in *error and, at TEP_LOG_WARNING, upstream's
// message for it.
std::unique_ptr<Btf> load(const void* data, size_t size, LoadError* error);

}  // namespace tep::btf
