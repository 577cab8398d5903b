/* SPDX-License-Identifier: LGPL-2.1 */
/*
 * Upstream 1.8.4 exports two functions its public headers do not declare (they come from its
 * private headers). Their prototypes, for tests/abi/stub_gen.py: everything else in the ABI
 * stub is taken from upstream's installed headers.
 */
struct trace_seq;
struct tep_format_field;
struct tep_record;

void breakpoint(void);
int get_field_val(struct trace_seq *s, struct tep_format_field *field, const char *name,
		  struct tep_record *record, unsigned long long *val, int err);
