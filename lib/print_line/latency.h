// SPDX-License-Identifier: LGPL-2.1
// TEP_PRINT_LATENCY: the "dNh21" column built from common_flags and
// common_preempt_count, as upstream 1.9.0 prints it (the directive's width is
// ignored):
//   1  'd' irqs off, else '.'
//   2  'N' need resched, else 'L' lazy need resched, else '.'
//   3  'H' hardirq inside softirq, 'h' hardirq, 's' softirq, else '.'
//   4  preempt count (low nibble of common_preempt_count) in hex, '.' if 0
//   5  migrate-disable depth (the count shifted right by 4) in hex, '.' if
//      bits 4-7 are clear
// The other bits (preempt resched 0x20, NMI 0x40, BH off 0x80) print nothing.
// A missing field reads as -1 (all flags set), like upstream.
#pragma once

#include "seq/output_buffer.h"

namespace tep::print_line {

void print_latency(seq::Output& out, int flags, int preempt_count);

}  // namespace tep::print_line
