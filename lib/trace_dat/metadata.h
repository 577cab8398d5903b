// SPDX-License-Identifier: LGPL-2.1
// The metadata of a trace.dat file into a tep_handle, through lib/core and
// lib/symbols as libtracecmd feeds libtraceevent: header_page (with the file's
// long size), the ftrace formats (system "ftrace"), the event formats of each
// system, kallsyms, printk formats, saved cmdlines. Version 6 has them one
// after the other; version 7 each in its own section. Each reader starts at the
// cursor and leaves it after what it read.
#pragma once

#include "core/handle.h"
#include "trace_dat/byte_cursor.h"
#include "trace_dat/options.h"
#include "trace_dat/status.h"

namespace tep::trace_dat {

// What loading the formats came to beyond the first failure.
struct MetadataCounts {
  int formats = 0;         // event formats added
  int failed_formats = 0;  // rejected by the parser (skipped, as libtracecmd does)
};

// "header_page\0" u64 size + text, "header_event\0" u64 size + text.
Status read_header_info(ByteCursor& c, int long_size, tep_handle& tep);
// u32 count, each u64 size + format text.
Status read_ftrace_formats(ByteCursor& c, tep_handle& tep, MetadataCounts& counts);
// u32 systems, each "name\0" u32 count, each u64 size + format text.
Status read_event_formats(ByteCursor& c, tep_handle& tep, MetadataCounts& counts);
// u32 size + text.
Status read_kallsyms(ByteCursor& c, tep_handle& tep);
// u32 size + text.
Status read_printk(ByteCursor& c, tep_handle& tep);
// u64 size + text.
Status read_cmdlines(ByteCursor& c, tep_handle& tep);

// The reader of one v7 metadata section.
Status read_metadata_section(MetadataSection section, ByteCursor& c, int long_size, tep_handle& tep,
                             MetadataCounts& counts);

}  // namespace tep::trace_dat
