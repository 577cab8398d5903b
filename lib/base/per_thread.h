// SPDX-License-Identifier: LGPL-2.1
// Per-thread caches of the per-record paths, kept on the heap: the library's
// static TLS stays a few pointers (it may be dlopen'ed, where static TLS is
// scarce), and the hot read is a single TLS load, no wrapper call.
//
// Thread exit. Applications call us from their own thread-exit destructors
// (a pthread key's, a C++ thread_local's) in any order relative to ours, so
// the state is freed by a pthread key destructor that also clears the
// thread's pointer. glibc runs every thread_local destructor first (they all
// find the state alive), then the key destructors, in rounds while any key is
// set again: a key destructor that calls in after ours gets a new state,
// freed in the next round. Nothing reads freed memory. (The keys are never
// deleted: the library is linked -z nodelete, so a dlclose cannot unmap the
// destructor they point to.) The main thread's state lives until the process
// ends, reachable from its TLS, so calls from atexit handlers work too.
#pragma once

#include <pthread.h>

namespace tep::base {

template <typename T>
class PerThread {
 public:
  static T& get() {
    T* state = state_;
    if (__builtin_expect(state != nullptr, 1)) return *state;
    return create();
  }

 private:
  struct Key {
    pthread_key_t key;
    bool valid;
    Key() : valid(pthread_key_create(&key, release) == 0) {}
  };

  __attribute__((noinline)) static T& create() {
    static const Key owner;  // one key per state type, made on first use
    T* state = new T();
    // Without a key (all PTHREAD_KEYS_MAX taken) the state outlives the thread.
    if (owner.valid) pthread_setspecific(owner.key, state);
    state_ = state;
    return *state;
  }

  static void release(void* state) {
    delete static_cast<T*>(state);
    state_ = nullptr;
  }

  static inline thread_local T* state_ = nullptr;
};

template <typename T>
T& per_thread() {
  return PerThread<T>::get();
}

}  // namespace tep::base
