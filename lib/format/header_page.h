// SPDX-License-Identifier: LGPL-2.1
// The header_page file: where the timestamp, commit and data of a ring-buffer
// sub-buffer lie.
//   	field: u64 timestamp;	offset:0;	size:8;	signed:0;
//   	field: local_t commit;	offset:8;	size:8;	signed:1;
//   	field: int overwrite;	offset:8;	size:1;	signed:1;
//   	field: char data;	offset:16;	size:4080;	signed:0;
#pragma once

#include <string_view>

namespace tep::format {

// Where a sub-buffer's timestamp, commit and data lie. All zero until
// tep_parse_header_page() runs, as upstream reports them.
struct HeaderPageLayout {
  int ts_offset = 0, ts_size = 0;
  int size_offset = 0, size_size = 0;  // the commit field
  int data_offset = 0, data_size = 0;
  bool has_overwrite = false;
};

enum class HeaderPageStatus {
  kParsed,      // every mandatory field read (overwrite is optional)
  kIncomplete,  // some field was malformed; what was read is kept
  kOldFormat,   // no text (kernels before 2.6.31): defaults from the long size
};

// Fills `page` the way upstream does: field by field, each attempt starting
// where the previous one stopped, even a failed one (offsets and sizes already
// read stay set). With no text the layout is derived from `long_size`.
HeaderPageStatus parse_header_page(HeaderPageLayout& page, std::string_view text, int long_size);

}  // namespace tep::format
