// SPDX-License-Identifier: LGPL-2.1
// vsnprintf of one directive that glibc reads its own way and the formatter
// does not imitate ("%5-d", "%hlx", "%05s", a caller's "%9999d"), with the
// arguments upstream passes: the star (if any), then the value. Off the hot
// path: a print fmt or caller format with such a directive is rare.
#pragma once

#include <string>
#include <string_view>

namespace tep::format_string {

// What printf(directive, [*star,] value) writes; empty when glibc refuses it.
std::string glibc_format(std::string_view directive, const int* star, int value);
std::string glibc_format(std::string_view directive, const int* star, long long value);
std::string glibc_format(std::string_view directive, const int* star, const char* value);

}  // namespace tep::format_string
