// SPDX-License-Identifier: LGPL-2.1
// Per-thread caches of the per-record paths, kept on the heap: the library's
// static TLS stays a few pointers (it may be dlopen'ed, where static TLS is
// scarce), and the hot read is a single TLS load, no wrapper call.
#pragma once

namespace tep {

template <typename T>
T& per_thread() {
  struct Owner {
    T* state = nullptr;
    ~Owner() {
      delete state;
      state = nullptr;
    }
  };
  static thread_local T* state;
  static thread_local Owner owner;
  if (__builtin_expect(!state, 0)) {
    owner.state = new T();
    state = owner.state;
  }
  return *state;
}

}  // namespace tep
