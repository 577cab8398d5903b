// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/status.h"

namespace tep::trace_dat {

std::string_view status_text(Status status) {
  switch (status) {
    case Status::kOk: return "success";
    case Status::kTruncated: return "the file ends early";
    case Status::kBadMagic: return "not a trace-cmd trace.dat file";
    case Status::kUnknownVersion: return "unknown trace.dat version";
    case Status::kBadLongSize: return "long size is neither 4 nor 8";
    case Status::kBadPageSize: return "bad page size";
    case Status::kBadOffset: return "an offset or size points outside the file";
    case Status::kBadSection: return "bad section header";
    case Status::kBadOption: return "bad option";
    case Status::kOptionLoop: return "the options sections form a loop";
    case Status::kUnknownCompression: return "unknown compression";
    case Status::kCompressionUnavailable: return "compression not available in this build";
    case Status::kDecompressFailed: return "decompression failed";
    case Status::kTooLarge: return "a size beyond the reader's limits";
    case Status::kBadHeaderPage: return "bad header_page";
    case Status::kBadFormat: return "an event format could not be parsed";
    case Status::kBadPage: return "bad ring-buffer page";
    case Status::kLatencyUnsupported: return "latency trace data is not supported";
    case Status::kNotFlyrecord: return "no flyrecord data";
  }
  return "unknown status";
}

}  // namespace tep::trace_dat
