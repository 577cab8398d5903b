// SPDX-License-Identifier: LGPL-2.1
#include "core/handler_registry.h"

#include <cstring>

#include "format/event.h"
#include "core/handle.h"
#include "event-utils.h"

namespace tep::core {

namespace {

// Upstream's search_event: by id (name and system, when given, must agree),
// else by system and name.
tep_event* find_registered_event(tep_handle& tep, int id, const char* sys_name, const char* event_name) {
  if (id >= 0) {
    tep_event* event = tep.events.find_by_id(id);
    if (!event) return nullptr;
    if (event_name && (!event->name || strcmp(event_name, event->name) != 0)) return nullptr;
    if (sys_name && (!event->system || strcmp(sys_name, event->system) != 0)) return nullptr;
    return event;
  }
  return event_name ? tep.events.find_by_name(sys_name, event_name) : nullptr;
}

bool text_equals(const char* given, bool has, const std::string& kept) { return has && kept == given; }

}  // namespace

HandlerRegistry::HandlerRegistry() = default;
HandlerRegistry::~HandlerRegistry() = default;

int HandlerRegistry::add(tep_handle& tep, int id, const char* sys_name, const char* event_name,
                         tep_event_handler_func func, void* context) {
  if (tep_event* event = find_registered_event(tep, id, sys_name, event_name)) {
    tep_info("overriding event (%d) %s:%s with new print handler", event->id, event->system, event->name);
    event->handler = func;
    event->context = context;
    tep.invalidate_plans();
    return TEP_REGISTER_SUCCESS_OVERWRITE;
  }
  Pending pending{
      id,     sys_name != nullptr, event_name != nullptr, sys_name ? sys_name : "", event_name ? event_name : "", func,
      context};
  pending_.push_back(std::move(pending));
  return TEP_REGISTER_SUCCESS;
}

bool HandlerRegistry::matches(const Pending& pending, int id, const char* sys_name, const char* event_name,
                              tep_event_handler_func func, void* context) {
  if (id >= 0 && id != pending.id) return false;
  // Upstream compares a given name with a kept NULL through strcmp (a crash);
  // here that is simply no match.
  if (event_name && !text_equals(event_name, pending.has_name, pending.event_name)) return false;
  if (sys_name && !text_equals(sys_name, pending.has_sys, pending.sys_name)) return false;
  return func == pending.func && context == pending.context;
}

int HandlerRegistry::remove(tep_handle& tep, int id, const char* sys_name, const char* event_name,
                            tep_event_handler_func func, void* context) {
  tep_event* event = find_registered_event(tep, id, sys_name, event_name);
  if (event && event->handler == func && event->context == context) {
    tep_info("removing override handler for event (%d) %s:%s. Going back to default handler.", event->id, event->system,
             event->name);
    event->handler = nullptr;
    event->context = nullptr;
    tep.invalidate_plans();
    return 0;
  }
  for (size_t i = pending_.size(); i-- > 0;) {
    if (matches(pending_[i], id, sys_name, event_name, func, context)) {
      pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(i));
      return 0;
    }
  }
  return -1;
}

bool HandlerRegistry::on_event_added(format::Event& event) {
  for (size_t i = pending_.size(); i-- > 0;) {
    const Pending& pending = pending_[i];
    if (pending.id >= 0 && pending.id != event.id) continue;
    if (pending.has_name && (!event.name || pending.event_name != event.name)) continue;
    if (pending.has_sys && (!event.system || pending.sys_name != event.system)) continue;
    tep_info("overriding event (%d) %s:%s with new print handler", event.id, event.system, event.name);
    event.handler = pending.func;
    event.context = pending.context;
    pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(i));
    if (event.tep) event.tep->invalidate_plans();
    return true;
  }
  return false;
}

}  // namespace tep::core
