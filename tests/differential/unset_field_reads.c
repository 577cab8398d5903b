// SPDX-License-Identifier: LGPL-2.1
// Preloaded into both trace-cmd runs of the report differential, with
// zero_size_malloc.c. trace-cmd 3.1.6's sched_switch profiler (--profile)
// reads prev_pid and next_pid through fields it never found:
//   tep_read_number_field(NULL, record->data, &prev_pid);  // returns -1
// and then uses prev_pid, an unset stack variable, whose bytes are whatever
// the library's earlier calls left there. Zero on failure makes both runs
// use the same value.
#define _GNU_SOURCE
#include <dlfcn.h>

struct tep_format_field;

/* Default visibility: the project builds everything hidden. */
__attribute__((visibility("default"))) int
tep_read_number_field(struct tep_format_field *field, const void *data, unsigned long long *value)
{
	static int (*real)(struct tep_format_field *, const void *, unsigned long long *);
	int ret;

	if (!real)
		real = (int (*)(struct tep_format_field *, const void *, unsigned long long *))
			dlsym(RTLD_NEXT, "tep_read_number_field");
	ret = real ? real(field, data, value) : -1;
	if (ret && value)
		*value = 0;
	return ret;
}
