// SPDX-License-Identifier: LGPL-2.1
#include "print_plan/plan_cache.h"

#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

#include "print_plan/compiler.h"

namespace tep::print_plan {
namespace {

const tep_format_field* event_field(const format::Event& event, const char* name) {
  for (const tep_format_field* f = event.format.fields; f; f = f->next)
    if (f->name && strcmp(f->name, name) == 0) return f;
  return nullptr;
}

std::unique_ptr<Plan> build_plan(tep_handle& tep, format::Event& event, uint64_t generation) {
  auto plan = std::make_unique<Plan>();
  plan->generation = generation;
  if (__atomic_load_n(&event.flags, __ATOMIC_RELAXED) & TEP_EVENT_FL_ISBPRINT) {
    plan->is_bprint = true;
    const tep_format_field* fmt = event_field(event, "fmt");
    const tep_format_field* buf = event_field(event, "buf");
    const tep_format_field* ip = event_field(event, "ip");
    if (fmt && buf && ip) {
      plan->bprint_fmt = resolve_field(event, fmt, nullptr);
      plan->bprint_buf = resolve_field(event, buf, nullptr);
      plan->bprint_ip = resolve_field(event, ip, nullptr);
      plan->bprint_fields_found = true;
    }
    return plan;
  }
  std::vector<ArgRef> args;
  for (const tep_print_arg* a = event.print_fmt.args; a; a = a->next) args.push_back({a, -1});
  if (event.print_fmt.format) compile_format(tep, event, event.print_fmt.format, event.print_directives, args, *plan);
  // Other threads may be reading the flags while printing this event.
  if (plan->failed) __atomic_fetch_or(&event.flags, TEP_EVENT_FL_FAILED, __ATOMIC_RELAXED);
  return plan;
}

}  // namespace

const Plan& build_current(tep_handle& tep, format::Event& event, uint64_t generation) {
  std::lock_guard<std::mutex> lock(event.plan.build_mutex());
  if (const Plan* plan = event.plan.current<Plan>(generation)) return *plan;
  return *event.plan.publish(build_plan(tep, event, generation));
}

}  // namespace tep::print_plan
