// SPDX-License-Identifier: LGPL-2.1
// Column names and time units, from the literal print fmt text around a
// conversion: "prev_state=%s" names its column "prev_state", "delta_ns: %lld"
// and "%lld ns" say nanoseconds, "start_ns=%llu" a timestamp.
#pragma once

#include <string>
#include <string_view>

namespace tep::typed {

// The label a print fmt gives the value that follows `before`: its trailing
// identifier, optionally followed by '=' or ':' and spaces ("", not found).
std::string label_before(std::string_view before);

struct TimeUnit {
  std::string unit;  // "ns", "us", "ms", "s", "jiffies"; empty: none stated
  bool timestamp = false;
};
// The unit a column's label ("halt_poll_ns") or the text right after its
// conversion ("%lld ns", "%Lu [ns]", "%luus") states.
TimeUnit time_unit(std::string_view label, std::string_view after);

}  // namespace tep::typed
