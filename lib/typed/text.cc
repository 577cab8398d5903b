// SPDX-License-Identifier: LGPL-2.1
#include "typed/text.h"

#include <string_view>

#include "base/per_thread.h"
#include "print_plan/field_printer.h"
#include "print_plan/bprint.h"
#include "print_plan/plan_runner.h"
#include "typed/function_args.h"

namespace tep::typed {
namespace {

// A seq for the bprint message, reused by each thread.
struct ScratchSeq {
  trace_seq seq;
  ScratchSeq() { seq::init(&seq); }
  ~ScratchSeq() { seq::destroy(&seq); }
  ScratchSeq(const ScratchSeq&) = delete;
  ScratchSeq& operator=(const ScratchSeq&) = delete;
};

std::string_view seq_text(const trace_seq& s) {
  return s.buffer ? std::string_view(s.buffer, s.len) : std::string_view();
}

// ftrace:bprint prints "<caller>: <message>": the message is what follows the
// caller's "%ps" and ": ".
void print_bprint_part(trace_seq* s, const BatchSource& src, const Column& c, const print_plan::Context& ctx) {
  const Model& m = src.model;
  ScratchSeq& scratch = base::per_thread<ScratchSeq>();
  seq::reset(&scratch.seq);
  {
    seq::Output out(&scratch.seq);
    print_plan::print_pointer(out, ctx, m.pointers.front(), 1);
  }
  size_t caller = scratch.seq.len;
  if (&c == &m.columns.front()) {
    seq::append(s, seq_text(scratch.seq));
    return;
  }
  {
    seq::Output out(&scratch.seq);
    print_plan::print_bprint(out, ctx, *m.plan);
  }
  std::string_view all = seq_text(scratch.seq);
  std::string_view head = all.substr(0, caller), printed = all.substr(caller);
  if (printed.substr(0, head.size() + 2) == std::string(head) + ": ") printed.remove_prefix(head.size() + 2);
  seq::append(s, printed);
}

}  // namespace

void print_text(trace_seq* s, const BatchSource& src, const Column& c, const tep_record& record) {
  const Model& m = src.model;
  print_plan::Context ctx{src.tep, src.event, print_plan::RecordView(src.tep, record.data, record.size)};
  if (m.layout == Model::Layout::kBprint && m.plan->bprint_fields_found && c.print_arg < 0 && !m.pointers.empty() &&
      (&c == &m.columns.front() || &c == &m.columns.back())) {
    print_bprint_part(s, src, c, ctx);
    return;
  }
  if (c.parameter_offset >= 0) {
    print_parameter(s, src.tep, c, record);
    return;
  }
  if (c.first_step >= 0) {
    seq::Output out(s);
    for (int i = c.first_step; i <= c.last_step && i < static_cast<int>(m.plan->steps.size()); i++)
      print_plan::run_step(out, ctx, m.plan->steps[static_cast<size_t>(i)]);
    return;
  }
  if (c.field && record.data)
    print_plan::print_field_content(s, record.data, record.size, *const_cast<tep_format_field*>(c.field));
}

}  // namespace tep::typed
