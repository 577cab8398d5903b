// SPDX-License-Identifier: LGPL-2.1
#include "print_plan/info_printer.h"

#include <vector>

#include "print_plan/bprint.h"
#include "print_plan/field_printer.h"
#include "print_plan/compiler.h"
#include "format_string/print_fmt_format.h"

namespace tep::print_plan {
namespace {

const tep_format_field* event_field(const Event& event, const char* name) {
  for (const tep_format_field* f = event.format.fields; f; f = f->next)
    if (f->name && strcmp(f->name, name) == 0) return f;
  return nullptr;
}

std::unique_ptr<Plan> build_plan(tep_handle& tep, Event& event, uint64_t generation) {
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

// Builds the plan for `generation` unless another thread just did.
__attribute__((noinline, cold)) const Plan& build_current(tep_handle& tep, Event& event, uint64_t generation) {
  std::lock_guard<std::mutex> lock(event.plan.build_mutex());
  if (const Plan* plan = event.plan.current(generation)) return *plan;
  return *event.plan.publish(build_plan(tep, event, generation));
}

}  // namespace

const Plan& plan_for(tep_handle& tep, Event& event) {
  uint64_t generation = tep.generation.load(std::memory_order_acquire);
  if (const Plan* plan = event.plan.current(generation)) [[likely]]
    return *plan;
  return build_current(tep, event, generation);
}

void run_step(Output& s, const Context& ctx, const Step& step) {
  int star_value = 0;
  const int* star = nullptr;
  if (step.star) {
    star_value = static_cast<int>(value_of(ctx, *step.star));
    star = &star_value;
  }
  switch (step.kind) {
    case Step::Kind::Literal: s.append(step.literal); break;
    case Step::Kind::Number: format_string::format_number(s, step.conversion, star, value_of(ctx, *step.number)); break;
    case Step::Kind::String: print_string(s, ctx, *step.string, step.conversion, star); break;
    case Step::Kind::Pointer: print_pointer(s, ctx, *step.pointer, star ? star_value : 1); break;
    case Step::Kind::BadCount: break;
  }
}

void run_steps(Output& s, const Context& ctx, const Plan& plan) {
  const RecordView& rec = ctx.record;
  for (const Plan::Printed& printed : plan.printed) {
    s.append(printed.prefix);
    const Step& step = *printed.step;
    uint64_t number = 0;
    switch (step.run) {
      case Step::Run::Literal: s.append(step.literal); continue;
      case Step::Run::Field1: number = rec.scalar<1>(step.field_offset); break;
      case Step::Run::Field2: number = rec.scalar<2>(step.field_offset); break;
      case Step::Run::Field4: number = rec.scalar<4>(step.field_offset); break;
      case Step::Run::Field8: number = rec.scalar<8>(step.field_offset); break;
      case Step::Run::Number: number = value_of(ctx, *step.number); break;
      case Step::Run::DynString: {
        int64_t offset, length;
        dynamic_location(ctx, step.field_offset, step.field_size, step.relative, offset, length);
        if (length) format_string::format_string(s, step.conversion.directive, rec.c_string(offset));
        continue;  // zero-length dynamic strings print nothing
      }
      case Step::Run::String: print_string(s, ctx, *step.string, step.conversion, nullptr); continue;
      case Step::Run::Pointer: print_pointer(s, ctx, *step.pointer, 1); continue;
      case Step::Run::Other: run_step(s, ctx, step); continue;
    }
    format_string::format_int(s, step.conversion.directive, number);
  }
}

void print_failed(Output& s, Event& event, const tep_record& record) {
  s.append("[FAILED TO PARSE]");
  if (record.data) print_fields(s, record.data, record.size, event);
}

void print_info(Output& s, tep_handle& tep, Event& event, const tep_record& record) {
  const Plan& plan = plan_for(tep, event);
  if (__atomic_load_n(&event.flags, __ATOMIC_RELAXED) & TEP_EVENT_FL_FAILED) {
    print_failed(s, event, record);
    return;
  }
  Context ctx{tep, event, RecordView(tep, record.data, record.size)};
  if (plan.is_bprint)
    print_bprint(s, ctx, plan);
  else
    run_steps(s, ctx, plan);
}

}  // namespace tep::print_plan
