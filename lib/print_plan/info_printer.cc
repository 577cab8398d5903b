// SPDX-License-Identifier: LGPL-2.1
#include "print_plan/info_printer.h"

#include <vector>

#include "print_plan/bprint.h"
#include "print_plan/field_printer.h"
#include "print_plan/plan_cache.h"
#include "print_plan/plan_runner.h"
#include "format_string/print_fmt_format.h"

namespace tep::print_plan {

void print_failed(Output& s, format::Event& event, const tep_record& record) {
  s.append("[FAILED TO PARSE]");
  if (record.data) print_fields(s, record.data, record.size, event);
}

void print_info(Output& s, tep_handle& tep, format::Event& event, const tep_record& record) {
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
