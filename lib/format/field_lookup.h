// SPDX-License-Identifier: LGPL-2.1
// Fields by name. Parsers walk a list once; consumers look the same names up
// on every record (tep_get_field_val(s, event, "prev_pid", rec, &v, 1)), so
// the public lookups go through a per-thread cache keyed by the event and the
// caller's name pointer, confirmed by the name's text (a caller may reuse one
// buffer for several names). Misses are cached too: plugins ask for optional
// fields ("success", "target_cpu") that most events lack.
#pragma once

#include <string_view>

#include "event-parse.h"

namespace tep {

struct Event;

// The first field of `list` named `name`, walking the list.
tep_format_field* find_field_in(tep_format_field* list, std::string_view name);
// tep_find_any_field's walk: the common fields first, as upstream.
tep_format_field* find_any_field_in(const tep_event& event, std::string_view name);

// kAny: tep_find_any_field, the common fields first as upstream.
enum class FieldList : unsigned char { kCommon, kEvent, kAny };

// tep_find_common_field / tep_find_field / tep_find_any_field through the
// per-thread cache.
tep_format_field* find_field_cached(const Event& event, FieldList list, const char* name);

}  // namespace tep
