// SPDX-License-Identifier: LGPL-2.1
#include "print_plan/plan_runner.h"

#include "format_string/print_fmt_format.h"

namespace tep::print_plan {

void run_step(Output& s, const Context& ctx, const Step& step) {
  int star_value = 0;
  const int* star = nullptr;
  if (step.star) {
    star_value = static_cast<int>(value_of(ctx, *step.star));
    star = &star_value;
  }
  switch (step.kind) {
    case Step::Kind::kLiteral: s.append(step.literal); break;
    case Step::Kind::kNumber:
      format_string::format_number(s, step.conversion, star, value_of(ctx, *step.number));
      break;
    case Step::Kind::kString: print_string(s, ctx, *step.string, step.conversion, star); break;
    case Step::Kind::kPointer: print_pointer(s, ctx, *step.pointer, star ? star_value : 1); break;
    case Step::Kind::kBadCount: break;
  }
}

void run_steps(Output& s, const Context& ctx, const Plan& plan) {
  const RecordView& rec = ctx.record;
  for (const Plan::Printed& printed : plan.printed) {
    s.append(printed.prefix);
    const Step& step = *printed.step;
    uint64_t number = 0;
    switch (step.run) {
      case Step::Run::kLiteral: s.append(step.literal); continue;
      case Step::Run::kField1: number = rec.scalar<1>(step.field_offset); break;
      case Step::Run::kField2: number = rec.scalar<2>(step.field_offset); break;
      case Step::Run::kField4: number = rec.scalar<4>(step.field_offset); break;
      case Step::Run::kField8: number = rec.scalar<8>(step.field_offset); break;
      case Step::Run::kNumber: number = value_of(ctx, *step.number); break;
      case Step::Run::kDynString: {
        int64_t offset;
        if (dynamic_string_at(ctx, step.field_offset, step.field_size, step.relative, offset))
          format_string::format_string(s, step.conversion.directive, rec.c_string(offset));
        continue;
      }
      case Step::Run::kString: print_string(s, ctx, *step.string, step.conversion, nullptr); continue;
      case Step::Run::kPointer: print_pointer(s, ctx, *step.pointer, 1); continue;
      case Step::Run::kOther: run_step(s, ctx, step); continue;
    }
    format_string::format_int(s, step.conversion.directive, number);
  }
}

}  // namespace tep::print_plan
