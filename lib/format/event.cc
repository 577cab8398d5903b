// SPDX-License-Identifier: LGPL-2.1
#include "format/event.h"

#include <atomic>

namespace tep {

namespace {
std::atomic<uint64_t> next_serial{1};
}  // namespace

Event::Event() : tep_event{}, serial(next_serial.fetch_add(1, std::memory_order_relaxed)) {}
Event::~Event() = default;

}  // namespace tep
