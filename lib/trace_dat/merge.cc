// SPDX-License-Identifier: LGPL-2.1
#include "trace_dat/merge.h"

namespace tep::trace_dat {

const tep_record* BufferReader::next() {
  if (!started_) {
    started_ = true;
    for (CpuStream& stream : streams_) stream.advance();
  } else if (last_) {
    last_->advance();
  }
  last_ = nullptr;
  for (CpuStream& stream : streams_) {
    const tep_record* record = stream.current();
    if (record && (!last_ || record->ts < last_->current()->ts)) last_ = &stream;
  }
  return last_ ? last_->current() : nullptr;
}

Status BufferReader::status() const {
  for (const CpuStream& stream : streams_) {
    if (stream.status() != Status::kOk) return stream.status();
  }
  return Status::kOk;
}

}  // namespace tep::trace_dat
