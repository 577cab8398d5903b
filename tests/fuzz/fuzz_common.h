// SPDX-License-Identifier: LGPL-2.1
// Shared set-up for the fuzz targets: a handle with the small fixed format set of
// tests/fuzz/formats parsed once, plus a few kallsyms and printk entries.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "event-parse.h"

namespace fuzz {

// The handle with every format of tests/fuzz/formats (directory from the
// TEP_FUZZ_FORMATS environment variable, else the source tree's path).
tep_handle* fixed_handle();

// Splits the input at the first NUL byte: text before, bytes after.
struct Split {
  std::string text;
  const uint8_t* rest;
  size_t rest_size;
};
Split split_at_nul(const uint8_t* data, size_t size);

}  // namespace fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
