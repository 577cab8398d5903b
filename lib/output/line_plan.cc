// SPDX-License-Identifier: LGPL-2.1
#include "output/line_plan.h"

#include <array>
#include <cstring>

#include "base/per_thread.h"

namespace tep::output {

namespace {

constexpr size_t kCachedPlans = 4;

std::unique_ptr<LinePlans::Plan> build(const char* format) {
  auto plan = std::make_unique<LinePlans::Plan>();
  plan->format = format;
  for (const fmt::LinePiece& format : fmt::split_line_format(plan->format)) {
    LinePiece piece{format, {}};
    if (format.kind == fmt::LineKind::kInt) piece.time = parse_time_directive(format.directive);
    plan->pieces.push_back(piece);
  }
  return plan;
}

struct Cache {
  std::array<std::unique_ptr<LinePlans::Plan>, kCachedPlans> plans;
  size_t next_victim = 0;
};


}  // namespace

LinePlans::Use::Use(const char* format) : plan_(nullptr) {
  Cache& cache = per_thread<Cache>();
  // The pointer finds the entry, the content confirms it.
  for (auto& plan : cache.plans) {
    if (plan && plan->last_pointer == format && strcmp(plan->format.c_str(), format) == 0) {
      plan_ = plan.get();
      break;
    }
  }
  for (size_t i = 0; i < kCachedPlans && !plan_; i++) {
    auto& plan = cache.plans[i];
    if (plan && strcmp(plan->format.c_str(), format) == 0) plan_ = plan.get();
  }
  if (!plan_) {
    for (size_t i = 0; i < kCachedPlans && !plan_; i++) {
      auto& slot = cache.plans[(cache.next_victim + i) % kCachedPlans];
      if (slot && slot->users) continue;
      slot = build(format);
      plan_ = slot.get();
      cache.next_victim = (cache.next_victim + i + 1) % kCachedPlans;
    }
  }
  if (!plan_) {
    owned_ = build(format);
    plan_ = owned_.get();
  }
  plan_->last_pointer = format;
  plan_->users++;
}

LinePlans::Use::~Use() { plan_->users--; }

}  // namespace tep::output
