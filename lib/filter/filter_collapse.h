// SPDX-License-Identifier: LGPL-2.1
// Folding a parsed filter tree the way upstream does before storing it:
// comparisons on fields the event lacks are FALSE, and constants propagate
// through && || ! (a constant whole becomes one TRUE/FALSE node), e.g.
//   bogus == 1 || prev_pid == 2   ->  prev_pid == 2
//   bogus == 1 && prev_pid == 2   ->  FALSE
#pragma once

#include <cstddef>

#include "event-parse.h"
#include "filter/filter_error.h"
#include "filter/filter_nodes.h"

namespace tep::filter {

// The folded tree in *out (nodes from `pool`), or a negative tep_errno with
// the message reported at `position`. The tree must be no deeper than the
// parser's limit: folding recurses.
int collapse_tree(tep_filter_arg* root, NodePool& pool, ErrorReport& errors, size_t position, tep_filter_arg** out);

}  // namespace tep::filter
