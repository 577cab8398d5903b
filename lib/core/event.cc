// SPDX-License-Identifier: LGPL-2.1
#include "core/event.h"

namespace tep {

Event::Event() : tep_event{} {}
Event::~Event() = default;

}  // namespace tep
