// SPDX-License-Identifier: LGPL-2.1
// GenerationSlot<T>: where an object keeps a value it builds lazily and builds
// again when a generation counter moves on (an event's print plan: rebuilt when
// kallsyms, printk formats or print functions arrive later). Safe with several
// threads reading one slot: readers load an atomic pointer, builders serialise
// on a mutex, and superseded values live as long as the slot, so a reader never
// holds a dangling one. T (which has a `uint64_t generation`) may be incomplete
// where the slot is destroyed: its deleter is kept with each value.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace tep {

template <typename T>
class GenerationSlot {
 public:
  GenerationSlot() = default;
  GenerationSlot(const GenerationSlot&) = delete;
  GenerationSlot& operator=(const GenerationSlot&) = delete;

  // The published value if it was built for `generation`, else nullptr.
  const T* current(uint64_t generation) const {
    const T* value = current_.load(std::memory_order_acquire);
    return value && value->generation == generation ? value : nullptr;
  }

  // Serialises builders: hold it while checking current() again and building.
  std::mutex& build_mutex() { return build_mutex_; }

  // Publishes a new value (caller holds build_mutex()); returns it.
  const T* publish(std::unique_ptr<T> value) {
    const T* raw = value.get();
    built_.emplace_back(std::move(value));
    current_.store(raw, std::memory_order_release);
    return raw;
  }

 private:
  std::atomic<const T*> current_{nullptr};
  std::mutex build_mutex_;
  std::vector<std::shared_ptr<const T>> built_;  // every value ever published
};

}  // namespace tep
