// SPDX-License-Identifier: LGPL-2.1
#include "print_args/print_fmt_parser.h"

#include "base/log.h"
#include "print_args/format_args_check.h"
#include "print_args/arg_parser.h"

namespace tep::print_args {

namespace {

// Old ftrace formats printed their fields without listing them: each event
// field becomes a REC->field argument, in order.
void add_field_args(format::Event& event) {
  tep_print_arg** tail = &event.print_fmt.args;
  for (tep_format_field* field = event.format.fields; field; field = field->next) {
    tep_print_arg* arg = event.print_args.new_arg();
    arg->type = TEP_PRINT_FIELD;
    arg->field.name = event.print_args.keep(field->name ? field->name : "");
    arg->field.field = field;
    *tail = arg;
    tail = &arg->next;
  }
}

}  // namespace

bool parse_print_fmt(const PrintFmtContext& context, format::Event& event, std::string_view text) {
  event.print_fmt.format = nullptr;
  event.print_fmt.args = nullptr;  // a re-parse's old nodes stay in the arena, unreferred to
  event.print_directives = format_string::PrintFmt();

  PrintFmtParser parser(context, event, event.print_args, text);
  ArgParseStatus status = parser.parse();
  auto parse_directives = [&event] {
    size_t arg_count = 0;
    for (const tep_print_arg* arg = event.print_fmt.args; arg; arg = arg->next) arg_count++;
    event.print_directives.parse(event.print_fmt.format ? event.print_fmt.format : "", arg_count);
  };
  if (status != ArgParseStatus::kOk) {
    event.flags |= TEP_EVENT_FL_FAILED;
    if (context.warn)
      tep_warning("[%s:%s] %s", event.system ? event.system : "", event.name ? event.name : "",
                  parse_status_text(status));
    // The arguments read before the failure still type their fields (lib/typed).
    parse_directives();
    return false;
  }
  if (parser.arg_count() == 0 && (event.flags & TEP_EVENT_FL_ISFTRACE)) add_field_args(event);
  parse_directives();
  if (!format_args_match(event.print_directives)) {
    event.flags |= TEP_EVENT_FL_FAILED;
    tep_warning("[%s:%s] print fmt arguments do not match its conversions", event.system ? event.system : "",
                event.name ? event.name : "");
    return false;
  }
  return true;
}

}  // namespace tep::print_args
