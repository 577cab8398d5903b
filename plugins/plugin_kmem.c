// SPDX-License-Identifier: LGPL-2.1
/* kmem allocation events: prefixes the normal output with the call site as
 * "(function+0xoffset) ", e.g. "(__alloc_skb+0x8b) call_site=... ptr=...". */
#include "event-parse.h"
#include "plugin_export.h"

static const char *const kmem_events[] = {
	"kfree", "kmalloc", "kmalloc_node", "kmem_cache_alloc",
	"kmem_cache_alloc_node", "kmem_cache_free",
};
#define NR_KMEM_EVENTS (sizeof(kmem_events) / sizeof(kmem_events[0]))

/* Returns 1 so the event's own print format follows the prefix. */
static int call_site_handler(struct trace_seq *s, struct tep_record *record,
			     struct tep_event *event, void *context)
{
	struct tep_format_field *field = tep_find_field(event, "call_site");
	unsigned long long site, start;
	const char *func;

	if (!field || field->offset < 0 || field->offset + field->size > record->size ||
	    tep_read_number_field(field, record->data, &site))
		return 1;
	func = tep_find_function(event->tep, site);
	if (!func)
		return 1;
	start = tep_find_function_address(event->tep, site);
	trace_seq_printf(s, "(%s+0x%x) ", func, (int)(site - start));
	return 1;
}

PLUGIN_EXPORT int tep_plugin_loader(struct tep_handle *tep)
{
	for (unsigned i = 0; i < NR_KMEM_EVENTS; i++)
		tep_register_event_handler(tep, -1, "kmem", kmem_events[i],
					   call_site_handler, NULL);
	return 0;
}

PLUGIN_EXPORT void tep_plugin_unloader(struct tep_handle *tep)
{
	for (unsigned i = 0; i < NR_KMEM_EVENTS; i++)
		tep_unregister_event_handler(tep, -1, "kmem", kmem_events[i],
					     call_site_handler, NULL);
}
