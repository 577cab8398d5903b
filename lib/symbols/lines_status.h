// SPDX-License-Identifier: LGPL-2.1
// What reading a text of lines (kallsyms, saved_cmdlines) came to: each table
// takes the lines before the first bad one, as upstream does.
#pragma once

namespace tep::symbols {

enum class LinesStatus { kOk, kBadLine };

}  // namespace tep::symbols
