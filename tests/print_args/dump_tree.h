/* SPDX-License-Identifier: LGPL-2.1 */
/*
 * Writes an event's parsed print fmt (format string and the whole tep_print_arg
 * tree) as text, so two libraries' parses can be diffed line by line.
 * Plain C on the public header: it runs against upstream and against ours.
 */
#ifndef PRINTFMT_DUMP_TREE_H
#define PRINTFMT_DUMP_TREE_H

#include <stdio.h>

#include "event-parse.h"

#ifdef __cplusplus
extern "C" {
#endif

void dump_event_print_fmt(FILE *out, struct tep_event *event);

#ifdef __cplusplus
}
#endif

#endif
