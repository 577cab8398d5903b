// SPDX-License-Identifier: LGPL-2.1
#include "print_line/line_plan.h"

namespace tep::print_line {

namespace {

std::unique_ptr<LinePlans::Plan> build(const char* format) {
  auto plan = std::make_unique<LinePlans::Plan>();
  plan->text = format;
  for (const format_string::LinePiece& format : format_string::split_line_format(plan->text)) {
    LinePiece piece{format, {}};
    if (format.kind == format_string::LineKind::kInt) piece.time = parse_time_directive(format.directive);
    plan->pieces.push_back(piece);
  }
  return plan;
}

}  // namespace

void LinePlans::Use::make(const char* format) {
  std::unique_ptr<Plan> made = build(format);
  // A plan in use by a call below this one (a handler printing) stays.
  plan_ = base::per_thread<Cache>().insert(format, made, [](const Plan& plan) { return plan.users == 0; });
  if (!plan_) {
    owned_ = std::move(made);
    plan_ = owned_.get();
  }
}

}  // namespace tep::print_line
