// SPDX-License-Identifier: LGPL-2.1
// PlanSlot: where an event keeps its compiled print plan. The plan is built
// lazily on first print and rebuilt when tep_handle::generation moved on
// (kallsyms, printk formats, print functions arrived later). Publishing is
// safe with several threads printing from one handle: readers load an atomic
// pointer; builders serialise on a mutex; superseded plans stay alive until
// the event dies, so a reader never holds a dangling plan.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace tep::print {

struct Plan;

class PlanSlot {
 public:
  PlanSlot();
  ~PlanSlot();
  PlanSlot(const PlanSlot&) = delete;
  PlanSlot& operator=(const PlanSlot&) = delete;

  // The published plan if it was built for `generation`, else nullptr.
  const Plan* current(uint64_t generation) const;

  // Serialises builders: hold it while checking current() again and building.
  std::mutex& build_mutex() { return build_mutex_; }

  // Publishes a new plan (caller holds build_mutex()); returns it.
  const Plan* publish(std::unique_ptr<Plan> plan);

 private:
  std::atomic<const Plan*> current_{nullptr};
  std::mutex build_mutex_;
  std::vector<std::unique_ptr<Plan>> built_;  // every plan ever published
};

}  // namespace tep::print
