// SPDX-License-Identifier: LGPL-2.1
/* Print helpers that networking events' formats call through the kernel's
 * ntohs/ntohl/be64_to_cpu macros, e.g.
 *   (__builtin_constant_p((__u16)(REC->src)) ? <shifts> : __fswab16(REC->src))
 * __builtin_constant_p is never true of a record's field, so it answers 0 and
 * the format takes the byte-swap call, which swaps the argument's low 2, 4 or
 * 8 bytes. Nothing is printed: the format prints the returned value. */
#include <stdint.h>

#include "event-parse.h"
#include "plugin_export.h"

static unsigned long long never_constant(struct trace_seq *s, unsigned long long *args)
{
	return 0;
}

static unsigned long long swap16(struct trace_seq *s, unsigned long long *args)
{
	return __builtin_bswap16((uint16_t)args[0]);
}

static unsigned long long swap32(struct trace_seq *s, unsigned long long *args)
{
	return __builtin_bswap32((uint32_t)args[0]);
}

static unsigned long long swap64(struct trace_seq *s, unsigned long long *args)
{
	return __builtin_bswap64(args[0]);
}

static const struct {
	char *name;  /* as the register call takes it */
	tep_func_handler func;
	enum tep_func_arg_type type;  /* of the argument and of the result */
} helpers[] = {
	{ "__builtin_constant_p", never_constant, TEP_FUNC_ARG_INT },
	{ "__fswab16", swap16, TEP_FUNC_ARG_INT },
	{ "__builtin_bswap16", swap16, TEP_FUNC_ARG_INT },
	{ "__fswab32", swap32, TEP_FUNC_ARG_INT },
	{ "__builtin_bswap32", swap32, TEP_FUNC_ARG_INT },
	{ "__fswab64", swap64, TEP_FUNC_ARG_LONG },
	{ "__builtin_bswap64", swap64, TEP_FUNC_ARG_LONG },
};

#define HELPER_COUNT (sizeof(helpers) / sizeof(helpers[0]))

PLUGIN_EXPORT int tep_plugin_loader(struct tep_handle *tep)
{
	for (unsigned i = 0; i < HELPER_COUNT; i++)
		tep_register_print_function(tep, helpers[i].func, helpers[i].type, helpers[i].name,
					    helpers[i].type, TEP_FUNC_ARG_VOID);
	return 0;
}

PLUGIN_EXPORT void tep_plugin_unloader(struct tep_handle *tep)
{
	for (unsigned i = 0; i < HELPER_COUNT; i++)
		tep_unregister_print_function(tep, helpers[i].func, helpers[i].name);
}
