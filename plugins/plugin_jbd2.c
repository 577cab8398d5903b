// SPDX-License-Identifier: LGPL-2.1
/* Print helpers the jbd2 events call: jbd2_dev_to_name(dev) -> "major:minor"
 * and jiffies_to_msecs(j), shown as the raw jiffies value. */
#include "event-parse.h"
#include "plugin_export.h"

#define MINOR_BITS 20
#define MINOR_MASK ((1U << MINOR_BITS) - 1)

static unsigned long long jbd2_dev_to_name(struct trace_seq *s, unsigned long long *args)
{
	unsigned int dev = args[0];

	trace_seq_printf(s, "%d:%d", dev >> MINOR_BITS, dev & MINOR_MASK);
	return 0;
}

static unsigned long long jiffies_to_msecs(struct trace_seq *s, unsigned long long *args)
{
	unsigned long long jiffies = args[0];

	trace_seq_printf(s, "%lld", jiffies);
	return jiffies;
}

PLUGIN_EXPORT int tep_plugin_loader(struct tep_handle *tep)
{
	tep_register_print_function(tep, jbd2_dev_to_name, TEP_FUNC_ARG_STRING,
				    "jbd2_dev_to_name", TEP_FUNC_ARG_INT, TEP_FUNC_ARG_VOID);
	tep_register_print_function(tep, jiffies_to_msecs, TEP_FUNC_ARG_LONG,
				    "jiffies_to_msecs", TEP_FUNC_ARG_LONG, TEP_FUNC_ARG_VOID);
	return 0;
}

PLUGIN_EXPORT void tep_plugin_unloader(struct tep_handle *tep)
{
	tep_unregister_print_function(tep, jbd2_dev_to_name, "jbd2_dev_to_name");
	tep_unregister_print_function(tep, jiffies_to_msecs, "jiffies_to_msecs");
}
