// SPDX-License-Identifier: LGPL-2.1
// A handle's loaded BTF (tep_load_btf): the type records and the function
// index built from them, both made once per load.
#pragma once

#include <cstddef>
#include <memory>

#include "btf/btf_types.h"
#include "btf/function_index.h"

namespace tep::btf {

struct Btf {
  BtfTypes types;
  FunctionIndex functions;
  size_t memory_bytes() const { return types.memory_bytes() + functions.memory_bytes(); }
};

// Reads a blob into a new Btf (the caller's memory is not kept). On failure
// returns null with the cause in *error and, at TEP_LOG_WARNING, upstream's
// message for it.
std::unique_ptr<Btf> load(const void* data, size_t size, LoadError* error);

}  // namespace tep::btf
