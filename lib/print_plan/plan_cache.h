// SPDX-License-Identifier: LGPL-2.1
// Each event's print plan, compiled on first use and again after the handle's
// generation moves on (kallsyms, printk formats or print functions arrived);
// kept in the event (format::Event::plan). Threads may ask at once: one builds.
#pragma once

#include <atomic>
#include <cstdint>

#include "core/handle.h"
#include "format/event.h"
#include "print_plan/plan.h"

namespace tep::print_plan {

// Builds the plan for `generation` unless another thread just did.
__attribute__((noinline, cold)) const Plan& build_current(tep_handle& tep, format::Event& event, uint64_t generation);

// The event's current print plan. Inline: it runs once per record.
inline const Plan& plan_for(tep_handle& tep, format::Event& event) {
  const uint64_t generation = tep.generation.load(std::memory_order_acquire);
  if (const Plan* plan = event.plan.current<Plan>(generation)) [[likely]]
    return *plan;
  return build_current(tep, event, generation);
}

}  // namespace tep::print_plan
