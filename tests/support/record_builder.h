// SPDX-License-Identifier: LGPL-2.1
/*
 * Deterministic pseudo-random records for every event format of a directory,
 * shared by the drivers that print them (tests/print_plan/print_diff_driver.c,
 * tests/typed/typed_format_driver.c): run on two libraries, the same bytes.
 */
#ifndef TESTS_SUPPORT_RECORD_BUILDER_H
#define TESTS_SUPPORT_RECORD_BUILDER_H

#include <stddef.h>
#include <stdint.h>

#include "event-parse.h"

#define RECORDS_PER_EVENT 24
#define MAX_RECORD 4096

/* The record generator's state: set it per record (event id, record number). */
extern uint64_t rng_state;
uint64_t rnd(void);

/* A file's bytes, NUL-terminated, malloc'ed (NULL when unreadable). */
char *read_file(const char *path, size_t *len);

/*
 * Record n of `event` into buf (at most MAX_RECORD bytes): its size. *bad is
 * set for a malformed record (a __data_loc payload outside it).
 */
int build_record(struct tep_event *event, int n, unsigned char *buf, int long_size, int *bad);

/*
 * Record n of `event` as both drivers give it to the library: built at
 * storage + 8 (the same alignment for every library), the rest of `storage`
 * (MAX_RECORD + 64 bytes) filled with byte `fill` (a library that reads
 * outside the record prints differently with another fill), its cpu and
 * timestamp set. *bad as build_record's.
 */
void prepare_record(struct tep_event *event, int n, unsigned char *storage, int fill, int long_size,
		    struct tep_record *rec, int *bad);

/* A record's output line: "ok N: text" or "bad N: text". */
void print_record_line(int bad, int n, const struct trace_seq *s);

/*
 * A handle over DIR: kallsyms, printk formats, every events/SYS/NAME/format
 * (their "SYS/NAME" in *events, *nr of them), and the comms COMM prints.
 */
struct tep_handle *load_handle(const char *dir, char ***events, int *nr);

#endif
