// SPDX-License-Identifier: LGPL-2.1
#include "core/handle.h"

#include "format/format_parser.h"
#include "print_args/print_fmt_parser.h"

tep_handle::tep_handle() = default;
tep_handle::~tep_handle() = default;

namespace tep::core {

tep_errno add_event_format(tep_handle& tep, std::string_view text, std::string_view system, format::Event** added) {
  *added = nullptr;
  format::EventFormat parsed = format::read_event_format(text, system, tep.long_size, &tep, tep.events.memory());
  if (parsed.status != TEP_ERRNO__SUCCESS) return parsed.status;
  format::Event& stored = tep.events.add(std::move(parsed.event));
  if (!parsed.print_fmt)
    stored.flags |= TEP_EVENT_FL_FAILED;
  else
    print_args::parse_print_fmt({tep.print_functions, tep.long_size, !(tep.flags & TEP_NO_PARSING_WARNINGS)}, stored,
                                *parsed.print_fmt);
  tep.handlers.on_event_added(stored);
  *added = &stored;
  return TEP_ERRNO__SUCCESS;
}

format::HeaderPageStatus add_header_page(tep_handle& tep, std::string_view text, int long_size) {
  format::HeaderPageStatus status = format::parse_header_page(tep.header_page, text, long_size);
  if (status == format::HeaderPageStatus::kOldFormat) tep.old_format = true;
  if (status == format::HeaderPageStatus::kParsed) tep.header_page_parsed = true;
  return status;
}

}  // namespace tep::core
