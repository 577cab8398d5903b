// SPDX-License-Identifier: LGPL-2.1
/* The __le16_to_cpup(ptr) helper cfg80211 print formats call. */
#include <endian.h>
#include <stdint.h>
#include <string.h>

#include "event-parse.h"
#include "plugin_export.h"

static unsigned long long le16_to_cpup(struct trace_seq *s, unsigned long long *args)
{
	const void *p = (const void *)(unsigned long)args[0];
	uint16_t v;

	if (!p)
		return 0;
	memcpy(&v, p, sizeof(v));
	return le16toh(v);
}

PLUGIN_EXPORT int tep_plugin_loader(struct tep_handle *tep)
{
	tep_register_print_function(tep, le16_to_cpup, TEP_FUNC_ARG_INT, "__le16_to_cpup",
				    TEP_FUNC_ARG_PTR, TEP_FUNC_ARG_VOID);
	return 0;
}

PLUGIN_EXPORT void tep_plugin_unloader(struct tep_handle *tep)
{
	tep_unregister_print_function(tep, le16_to_cpup, "__le16_to_cpup");
}
