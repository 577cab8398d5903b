// SPDX-License-Identifier: LGPL-2.1
// A per-call array whose size is known when it is made and is usually small
// (a batch's columns): up to N elements in place, allocating nothing, more on
// the heap. Elements are default-initialised: a T without member initializers
// is not cleared.
#pragma once

#include <cstddef>
#include <vector>

namespace tep::base {

template <typename T, size_t N>
class SmallArray {
 public:
  explicit SmallArray(size_t n) : size_(n) {
    if (n > N) {
      heap_.resize(n);
      data_ = heap_.data();
    }
  }
  SmallArray(const SmallArray&) = delete;  // data_ may point into this object
  SmallArray& operator=(const SmallArray&) = delete;

  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  T* data() { return data_; }
  const T* data() const { return data_; }
  size_t size() const { return size_; }

 private:
  size_t size_;
  T inline_[N];
  std::vector<T> heap_;
  T* data_ = inline_;
};

}  // namespace tep::base
