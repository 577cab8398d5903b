// SPDX-License-Identifier: LGPL-2.1
// format::Event handlers (tep_register_event_handler): a handler for an event already
// parsed goes straight into its tep_event (handler, context); one for an event
// not parsed yet is kept here and attached when that event is added, since
// trace-cmd loads its plugins before it reads any format. Upstream semantics:
//   - a pending handler matches on id (if >= 0), name and system (if given);
//     the newest registration is tried first and is consumed by one event;
//   - registering over a parsed event overwrites its handler.
#pragma once

#include <string>
#include <vector>

#include "event-parse.h"
#include "format/event.h"

namespace tep::core {

class HandlerRegistry {
 public:
  HandlerRegistry();
  ~HandlerRegistry();
  HandlerRegistry(const HandlerRegistry&) = delete;
  HandlerRegistry& operator=(const HandlerRegistry&) = delete;

  // TEP_REGISTER_SUCCESS_OVERWRITE when attached to a parsed event,
  // TEP_REGISTER_SUCCESS when kept for later. Throws std::bad_alloc.
  int add(tep_handle& tep, int id, const char* sys_name, const char* event_name, tep_event_handler_func func,
          void* context);
  // 0 when the handler was detached from its event or dropped from the
  // pending list, -1 when nothing matched.
  int remove(tep_handle& tep, int id, const char* sys_name, const char* event_name, tep_event_handler_func func,
             void* context);

  // Called by add_event_format (handle.h) each time an event is added, so handlers
  // registered before the event was parsed get attached (trace-cmd loads plugins
  // first). True when a handler was attached (upstream then keeps quiet about
  // print-fmt parse failures of that event).
  bool on_event_added(format::Event& event);

 private:
  struct Pending {
    int id;
    bool has_sys, has_name;  // upstream keeps NULL apart from ""
    std::string sys_name, event_name;
    tep_event_handler_func func;
    void* context;
  };
  static bool matches(const Pending& pending, int id, const char* sys_name, const char* event_name,
                      tep_event_handler_func func, void* context);

  std::vector<Pending> pending_;  // oldest first; searched newest first
};

}  // namespace tep::core
