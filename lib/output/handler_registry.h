// SPDX-License-Identifier: LGPL-2.1
// STUB owned by lib/output: replace with the real class (keep on_event_added).
#pragma once

namespace tep {

struct Event;

class HandlerRegistry {
 public:
  // Called by lib/format each time an event is added to the handle, so handlers
  // registered before the event was parsed get attached (trace-cmd loads plugins first).
  void on_event_added(Event&) {}
};

}  // namespace tep
