// SPDX-License-Identifier: LGPL-2.1
#include "print/plan_slot.h"

#include "print/plan.h"

namespace tep::print {

PlanSlot::PlanSlot() = default;
PlanSlot::~PlanSlot() = default;

const Plan* PlanSlot::current(uint64_t generation) const {
  const Plan* plan = current_.load(std::memory_order_acquire);
  return plan && plan->generation == generation ? plan : nullptr;
}

const Plan* PlanSlot::publish(std::unique_ptr<Plan> plan) {
  const Plan* raw = plan.get();
  built_.push_back(std::move(plan));
  current_.store(raw, std::memory_order_release);
  return raw;
}

}  // namespace tep::print
