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
// lib/printfmt. The event is added to the handle's EventTable whenever a name
// and id were read, even if the fields or print fmt are malformed (it then
// carries TEP_EVENT_FL_FAILED), exactly as upstream does.
#pragma once

#include <string_view>

#include "core/event.h"

namespace tep::format {

// TEP_ERRNO__SUCCESS with *added set, or
//   TEP_ERRNO__MEM_ALLOC_FAILED  no "name: WORD" at the start (upstream's code for it),
//   TEP_ERRNO__READ_ID_FAILED    no "ID: NUMBER" after it, or a negative id;
// in both cases nothing is added and *added is null.
tep_errno parse_event_format(tep_handle& tep, std::string_view text, std::string_view system,
                             Event** added);

}  // namespace tep::format
