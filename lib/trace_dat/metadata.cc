// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/metadata.h"

namespace tep::trace_dat {
namespace {

// A size-prefixed text; a size beyond what is left is truncation.
std::string_view sized_text(ByteCursor& c, int size_width) {
  uint64_t size = c.number(size_width);
  return c.text(size);
}

Status read_format_list(ByteCursor& c, std::string_view system, tep_handle& tep, MetadataCounts& counts) {
  uint32_t count = c.u32();
  for (uint32_t i = 0; i < count; ++i) {
    std::string_view text = sized_text(c, 8);
    if (c.failed()) return Status::kTruncated;
    format::Event* added = nullptr;
    if (core::add_event_format(tep, text, system, &added) == TEP_ERRNO__SUCCESS) {
      ++counts.formats;
    } else {
      ++counts.failed_formats;
    }
  }
  return c.failed() ? Status::kTruncated : Status::kOk;
}

}  // namespace

Status read_header_info(ByteCursor& c, int long_size, tep_handle& tep) {
  if (c.cstring() != "header_page") return c.failed() ? Status::kTruncated : Status::kBadHeaderPage;
  std::string_view header_page = sized_text(c, 8);
  if (c.failed()) return Status::kTruncated;
  if (c.cstring() != "header_event") return c.failed() ? Status::kTruncated : Status::kBadHeaderPage;
  sized_text(c, 8);  // header_event: the event header layout every kernel since 2.6.31 shares
  if (c.failed()) return Status::kTruncated;
  core::add_header_page(tep, header_page, long_size);
  return Status::kOk;
}

Status read_ftrace_formats(ByteCursor& c, tep_handle& tep, MetadataCounts& counts) {
  return read_format_list(c, "ftrace", tep, counts);
}

Status read_event_formats(ByteCursor& c, tep_handle& tep, MetadataCounts& counts) {
  uint32_t systems = c.u32();
  for (uint32_t i = 0; i < systems && !c.failed(); ++i) {
    std::string_view system = c.cstring();
    Status status = read_format_list(c, system, tep, counts);
    if (status != Status::kOk) return status;
  }
  return c.failed() ? Status::kTruncated : Status::kOk;
}

Status read_kallsyms(ByteCursor& c, tep_handle& tep) {
  std::string_view text = sized_text(c, 4);
  if (c.failed()) return Status::kTruncated;
  if (!text.empty()) {
    tep.functions.parse_kallsyms(text);
    tep.invalidate_plans();
  }
  return Status::kOk;
}

Status read_printk(ByteCursor& c, tep_handle& tep) {
  std::string_view text = sized_text(c, 4);
  if (c.failed()) return Status::kTruncated;
  if (!text.empty()) {
    tep.printk.parse(text);
    tep.invalidate_plans();
  }
  return Status::kOk;
}

Status read_cmdlines(ByteCursor& c, tep_handle& tep) {
  std::string_view text = sized_text(c, 8);
  if (c.failed()) return Status::kTruncated;
  if (!text.empty()) tep.comms.parse_saved_cmdlines(text);
  return Status::kOk;
}

Status read_metadata_section(MetadataSection section, ByteCursor& c, int long_size, tep_handle& tep,
                             MetadataCounts& counts) {
  switch (section) {
    case MetadataSection::kHeaderInfo: return read_header_info(c, long_size, tep);
    case MetadataSection::kFtraceEvents: return read_ftrace_formats(c, tep, counts);
    case MetadataSection::kEventFormats: return read_event_formats(c, tep, counts);
    case MetadataSection::kKallsyms: return read_kallsyms(c, tep);
    case MetadataSection::kPrintk: return read_printk(c, tep);
    case MetadataSection::kCmdlines: return read_cmdlines(c, tep);
  }
  return Status::kBadSection;
}

}  // namespace tep::trace_dat
