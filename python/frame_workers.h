// SPDX-License-Identifier: LGPL-2.1
// dataframe()'s workers: running them without the GIL, and merging the
// values they filled into the rows one scan of the whole file gives.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <cstring>
#include <exception>
#include <thread>
#include <vector>

namespace pytev {

namespace py = pybind11;

// Records go to the frames in batches of at most kBatch.
constexpr size_t kBatch = 4096;

// A merged row: which part, which of its blocks, and the index there.
struct Row {
  uint32_t part, block, index;
};

// A part's arrays come in blocks (one per batch): from[part][block].
using Blocks = std::vector<std::vector<const uint8_t*>>;

// out[i] = row order[i] of its part's blocks, `width` bytes each; a constant
// width (the Width of the common sizes) makes each copy one move.
template <size_t Width>
void gather(size_t width, uint8_t* out, const Blocks& from, const std::vector<Row>& order) {
  if (Width) width = Width;
  for (size_t i = 0; i < order.size(); i++)
    memcpy(out + i * width, from[order[i].part][order[i].block] + order[i].index * width, width);
}

inline void gather(size_t width, uint8_t* out, const Blocks& from, const std::vector<Row>& order) {
  switch (width) {
    case 1: return gather<1>(width, out, from, order);
    case 2: return gather<2>(width, out, from, order);
    case 4: return gather<4>(width, out, from, order);
    case 8: return gather<8>(width, out, from, order);
    default: return gather<0>(width, out, from, order);
  }
}

// Runs job(0) .. job(workers - 1) at once, job(0) on this thread, all without
// the GIL; then rethrows the first job's exception, if any.
template <typename Job>
void run_workers(int workers, Job&& job) {
  std::vector<std::exception_ptr> errors(static_cast<size_t>(workers));
  auto guarded = [&](int w) {
    try {
      job(w);
    } catch (...) {
      errors[static_cast<size_t>(w)] = std::current_exception();
    }
  };
  {
    py::gil_scoped_release unlocked;
    std::vector<std::thread> threads;
    for (int w = 1; w < workers; w++) threads.emplace_back(guarded, w);
    guarded(0);
    for (std::thread& t : threads) t.join();
  }
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace pytev
