// SPDX-License-Identifier: LGPL-2.1
// Why reading a trace.dat file stopped: one value per cause. A failure keeps
// what was read before it (formats read before a damaged data section stay in
// the handle; a damaged page ends that CPU's records).
#pragma once

#include <string_view>

namespace tep::trace_dat {

enum class Status {
  kOk,
  kTruncated,               // a read ran past the end of the file or of its section
  kBadMagic,                // not "\x17\x08\x44tracing"
  kUnknownVersion,          // a version other than 6 or 7
  kBadLongSize,             // the file's long size is neither 4 nor 8
  kBadPageSize,             // below kMinPageSize or above kMaxPageSize
  kBadOffset,               // an offset or size points outside the file
  kBadSection,              // a v7 section header with an unexpected id or flags
  kBadOption,               // an option too short for what it must hold
  kOptionLoop,              // the chain of options sections comes back on itself
  kUnknownCompression,      // the file names a compression we have no decompressor for
  kCompressionUnavailable,  // a compression trace-cmd writes, not built into this library
  kDecompressFailed,        // the decompressor rejected the data, or its size was not as claimed
  kTooLarge,                // a claimed size beyond the limits of Documentation/limits.md
  kBadHeaderPage,           // header_page without its mandatory fields
  kBadFormat,               // an event format the parser rejected (the others are kept)
  kBadPage,                 // a ring-buffer page whose header claims more than the page holds
  kLatencyUnsupported,      // latency ("latency  " / BUFFER_TEXT) data: text, not records
  kNotFlyrecord,            // the v6 data starts with neither "flyrecord" nor "latency"
};

// A fixed text per status ("truncated file", ...).
std::string_view status_text(Status status);

}  // namespace tep::trace_dat
