// SPDX-License-Identifier: LGPL-2.1
// Preloaded into both trace-cmd runs of the report differential. trace-cmd 3.1.6
// reads its trace_clock option with strtok_r past the end of the buffer (a
// malloc(0) one when the option is empty, an unterminated one otherwise); what
// lies there (heap garbage, or MALLOC_PERTURB_'s fill) decides whether
// timestamps print as seconds or raw counts. Zero-filled allocations make both
// runs read the same NUL right behind the data.
#include <stddef.h>

extern void *__libc_calloc(size_t count, size_t size);

/* Default visibility: the project builds everything hidden. */
__attribute__((visibility("default"))) void *malloc(size_t size)
{
	return __libc_calloc(1, size ? size : 16);
}
