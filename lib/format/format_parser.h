// SPDX-License-Identifier: LGPL-2.1
// One event format file, as the kernel shows it in events/<sys>/<name>/format:
//   name: sched_switch
//   ID: 316
//   format:
//   	field:unsigned short common_type;	offset:0;	size:2;	signed:0;
//   	...
//
//   	field:char prev_comm[16];	offset:8;	size:16;	signed:0;
//   	...
//
//   print fmt: "prev_comm=%s ...", REC->prev_comm, ...
// The header and fields are parsed here; the print fmt text goes to
// lib/print_args (lib/core's add_event_format does both and adds the event to
// the handle whenever its name, id and fields were read, even if its print fmt
// is missing or malformed: it then carries TEP_EVENT_FL_FAILED, as upstream's).
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include "format/event.h"

namespace tep::format {

struct EventFormat {
  // TEP_ERRNO__SUCCESS with `event` set, or
  //   TEP_ERRNO__MEM_ALLOC_FAILED  no "name: WORD" at the start (upstream's code for it),
  //   TEP_ERRNO__READ_ID_FAILED    no "ID: NUMBER" after it, or a negative id,
  //   TEP_ERRNO__READ_FORMAT_FAILED a malformed field list (upstream 1.9.0's code).
  tep_errno status = TEP_ERRNO__SUCCESS;
  std::unique_ptr<Event> event;
  // The text after "print fmt:" (a view into the input); none when the label
  // is missing.
  std::optional<std::string_view> print_fmt;
};

// `owner` is only stored in the event (tep_event::tep); the event keeps its
// fields and print args in `memory` (its table's, EventTable::memory()).
EventFormat read_event_format(std::string_view text, std::string_view system, int long_size, tep_handle* owner,
                              base::StringArena& memory);

}  // namespace tep::format
