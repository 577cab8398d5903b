// SPDX-License-Identifier: LGPL-2.1
// GenerationSlot: where an object keeps a value it builds lazily and builds
// again when a generation counter moves on (an event's print plan: rebuilt when
// kallsyms, printk formats or print functions arrive later). Safe with several
// threads reading one slot: readers load an atomic pointer, builders serialise
// on a mutex, and superseded values live as long as the slot, so a reader never
// holds a dangling one. The slot knows its values only as Generated: the layer
// that builds them names their type (an event, in lib/format, keeps a print
// plan that only lib/print_plan knows).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <type_traits>
#include <vector>

namespace tep::base {

// What a slot holds: a value built for one generation.
struct Generated {
  uint64_t generation = 0;
  virtual ~Generated() = default;
};

class GenerationSlot {
 public:
  GenerationSlot() = default;
  GenerationSlot(const GenerationSlot&) = delete;
  GenerationSlot& operator=(const GenerationSlot&) = delete;

  // The published value if it was built for `generation`, else nullptr. T is
  // the type of every value its builder publishes.
  template <typename T>
  const T* current(uint64_t generation) const {
    static_assert(std::is_base_of_v<Generated, T>);
    const Generated* value = current_.load(std::memory_order_acquire);
    return value && value->generation == generation ? static_cast<const T*>(value) : nullptr;
  }

  // Serialises builders: hold it while checking current() again and building.
  std::mutex& build_mutex() { return build_mutex_; }

  // Publishes a new value (caller holds build_mutex()); returns it.
  template <typename T>
  const T* publish(std::unique_ptr<T> value) {
    static_assert(std::is_base_of_v<Generated, T>);
    const T* raw = value.get();
    built_.emplace_back(std::move(value));
    current_.store(raw, std::memory_order_release);
    return raw;
  }

 private:
  std::atomic<const Generated*> current_{nullptr};
  std::mutex build_mutex_;
  std::vector<std::unique_ptr<const Generated>> built_;  // every value ever published
};

}  // namespace tep::base
